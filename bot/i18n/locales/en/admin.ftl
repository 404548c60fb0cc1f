# Texts of cogs/admin.py.

admin-waiting-line-players-at-most = Waiting line: { $n ->
    [one] { $n } player
   *[other] { $n } players
} at most
admin-settings-saved = {"*"}*Settings saved**
admin-ledger-balance = {"*"}*Ledger of { $m }** — balance { $n }
admin-grants-their-wallet-holds = { $admin } grants { $n } to { $who }; their wallet holds { $total }.
admin-takes-back-from-their-wallet = { $admin } takes { $n } back from { $who }; their wallet holds { $total }.
admin-reason = {" "}Reason: { $r }
admin-no-movement-yet = No movement yet.
admin-give-limits-cooldown-s-daily = {"*"}*/give limits**
    Cooldown: { $c } s
    Daily cap: { $d }
    Minimum account age: { $a ->
        [one] { $a } day
       *[other] { $a } days
    }
    Minimum membership: { $m ->
        [one] { $m } day
       *[other] { $m } days
    }
    Welcome grant locked: { $g ->
        [0] no
        [one] until { $g } hand is played
       *[other] until { $g } hands are played
    }
    Welcome grant at stake while locked: at most { $s }
admin-bots-do-not-play-for = Bots do not play for chips and have no wallet.
admin-give-or-take-whole-number = Give or take a whole number of chips, not zero.
admin-has-in-their-wallet-you = { $who } has { $have } in their wallet; you cannot take { $n }. Chips at tables cannot be taken back.
admin-none = none
admin-settings-saved = **Settings saved**
admin-settings-here = **Settings of this server**
admin-none = none
admin-retention = { $n ->
    [0] Finished hands are kept for ever.
   *[other] Finished hands are kept { $n ->
        [one] { $n } day
       *[other] { $n } days
    }, then archived (docs/storage.md).
}
