# Texts of integrity: the welcome grant kept in the wallet (bot/ui/abuse.py), /admin flows
# (bot/ui/flows_text.py, cogs/admin.py), the cards of a hand that has ended (bot/runtime).

abuse-welcome-grant-locked = Your welcome grant ({ $grant }) cannot be given away until you have played { $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
} here (you have played { $played }). { $n ->
    [0] For now you have no chips you may give.
   *[other] For now you may give up to { $free }.
}
abuse-grant-stake-locked = Your welcome grant ({ $grant }) is yours to play, not to pass on, until { $why ->
    [account] your Discord account is { $d ->
        [one] { $d } day
       *[other] { $d } days
    } old
    [member] you have been a member here for { $d ->
        [one] { $d } day
       *[other] { $d } days
    }
   *[hands] you have played { $hands ->
        [one] { $hands } hand
       *[other] { $hands } hands
    } here (you have played { $played })
}: until then at most { $stake } of it may be at stake where other members play. { $n ->
    [0] For now you cannot bring these chips.
   *[other] For now you may bring up to { $free }.
}
admin-flows-title = **Chips going one way** between two members: { $n } or more, counted from the first hand (pots, tournament prizes and gifts)
admin-flows-window = Pairs active in the last { $days ->
    [one] day
   *[other] { $days } days
}; their totals count from the start.
admin-flows-none = No pair of members passes that threshold.
admin-flows-pair = { $giver } → { $taker }: **{ $net }** one way ({ $won } in { $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
}, { $gifts } in gifts; { $back } back)
admin-flows-folds = strong hands folded: { $folds }
refuse-kept-blind = Your hand is kept blind for the next deal: nobody sees it, not even you.
dm-cards-ended = Hand { $hand } is over: these were your cards.
