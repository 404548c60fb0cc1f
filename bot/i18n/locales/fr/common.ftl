# Mots communs.
chips = { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}
