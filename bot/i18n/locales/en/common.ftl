# Words used everywhere.
chips = { $n ->
    [one] { $n } chip
   *[other] { $n } chips
}
# Something and what it is, as a line: "🤖 Delphine: J♥ 9♥ 2♥".
ui-labelled = { $label }: { $text }
