# Words used everywhere.
chips = { $n ->
    [one] { $n } chip
   *[other] { $n } chips
}
