# Mots communs.
chips = { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}
# Une chose et ce qu'elle est, en une ligne : « 🤖 Delphine : V♥ 9♥ 2♥ ».
ui-labelled = { $label } : { $text }
