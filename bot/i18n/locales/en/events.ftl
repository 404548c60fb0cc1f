# Lines of the public log for the engines' events: event-* (Brelan, Bouillotte),
# event-brag-* (Brag). $who: the player (a mention); flags are "yes" or "no".
# combo-*: a combination at the showdown.


event-carried = { $amount ->
    [one] 1 chip
   *[other] { $amount } chips
} carried from the last hand.
event-ante = The antes are in: { $pool } in the pool.
event-deal = Cards dealt; the retourne (turned card) is { $card }.
event-payment = { $to ->
    [flambeau] { $source ->
        [pool] The pool pays { $amount } to the flambeau.
       *[player] { $who } pays { $amount } to the flambeau.
    }
   *[other] { $who } pays { $amount } to <@{ $to }>.
}
event-carre = { $who } { $step ->
    [carre] plays the carre
    [contre-carre] plays the contre-carre
    [sur-carre] plays the sur-carre
   *[other] plays the { $step }
} ({ $stake }).
event-decline = { $who } declines the carre.
event-pass = { $who } passes.
event-fold = { $who } folds.
event-open = { $who } opens for { $stake }{ $all_in ->
    [yes] {" "}(all-in)
   *[no] {""}
}.
event-hold = { $who } holds at { $stake }{ $all_in ->
    [yes] {" "}(all-in)
   *[no] {""}
}.
event-tapis = { $who } stays in with no chips left (tapis), for the pool only.
event-raise = { $who } raises to { $stake }{ $all_in ->
    [yes] {" "}(all-in)
   *[no] {""}
}.
event-stand = { $who }: sans plus.
event-sans-plus-round = Sans plus round: each player may stand or raise once more.
event-refait = Refait: nobody opened; { $carried ->
    [one] 1 chip stays
   *[other] { $carried } chips stay
} in the pool.
event-pot = { $who } takes { $amount ->
    [one] 1 chip
   *[other] { $amount } chips
}{ $shown ->
    [yes] {" "}(stage { $stage }) — { $combo }
   *[no] {""}
}.
event-return = { $amount ->
    [one] 1 chip goes
   *[other] { $amount } chips go
} back to { $who }.
event-charlemagne = { $who } makes Charlemagne with { $stack ->
        [one] { $stack } chip
       *[other] { $stack } chips
    }.
event-decave = { $who } is cleaned out (décavé).
event-next-cave = { $who } plays a reserve cave of { $amount ->
    [one] 1 chip
   *[other] { $amount } chips
}.
event-recave = { $who } recaves for { $amount ->
    [one] 1 chip
   *[other] { $amount } chips
}.
event-seated = { $who } takes a seat.

event-brag-carried = { $next_deal ->
    [yes] { $amount ->
        [one] 1 chip stays
       *[other] { $amount } chips stay
    } on the table for the next deal.
   *[no] { $amount ->
        [one] 1 chip
       *[other] { $amount } chips
    } carried from the last deal.
}
event-brag-deal = Cards dealt: { $cards } each.
event-brag-kept = { $who } plays a kept blind hand.
event-brag-ante = { $who } antes { $amount }.
event-brag-reveal = { $face_up ->
    [yes] { $who }'s hand is turned face up: { $combo }.
   *[no] { $who } shows { $combo }.
}
event-brag-look = { $hand ->
    [0] { $who } looks at their cards.
   *[other] { $who } looks at hand { $hand }.
}
event-brag-keep = { $blind ->
    [yes] { $who } keeps their blind hand for the next deal.
   *[no] { $who } keeps hand { $hand }.
}
event-brag-throw = { $who } throws a hand away.
event-brag-discard = { $who } discards { $count ->
    [one] 1 card
   *[other] { $count } cards
}.
event-brag-fold = { $who } folds.
event-brag-bet = { $blind ->
    [yes] { $who } bets { $amount } blind (counts { $counts }).
   *[no] { $who } bets { $amount }.
}
event-brag-cover = { $who } covers the pot.
event-brag-see = { $who } pays { $amount } to see <@{ $seen }>.
event-brag-showdown = { $proposal ->
    [yes] { $who } proposes a common showdown.
   *[no] { $who } agrees to show.
}
event-brag-refuse = { $who } refuses the showdown.
event-brag-pot = { $who } { $count ->
    [one] takes
   *[other] share
} { $amount ->
    [one] 1 chip
   *[other] { $amount } chips
}.
event-brag-blind-win = { $who } is the last one in, still blind.
event-brag-decave = { $who } is cleaned out.
event-brag-leave = { $who } leaves the table.
event-brag-seated = { $who } takes a seat.

suit-name = { $suit ->
    [s] spades
    [h] hearts
    [d] diamonds
   *[c] clubs
}
combo-square = square brelan (brelan carré) of { $rank ->
    [14] aces
    [13] kings
    [12] queens
    [11] jacks
   *[other] { $rank }s
}
combo-brelan = brelan of { $rank ->
    [14] aces
    [13] kings
    [12] queens
    [11] jacks
   *[other] { $rank }s
}
combo-point = point { $value } in { $suit ->
    [s] spades
    [h] hearts
    [d] diamonds
   *[c] clubs
}
combo-no-point = point 0 (owns no suit)
combo-brag-prial = prial { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
combo-brag-running-flush = running flush { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
combo-brag-run = run { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
combo-brag-flush = flush { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
combo-brag-pair = pair { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
combo-brag-high-card = high card { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } wild)
}
