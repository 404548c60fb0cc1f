# Texts of bot/ui/render.py.

ui-showdown-hand = Abattage — donne { $n }
ui-hand = {" "}· donne { $hand }
ui-this-table-closed = Cette table est fermée.
ui-seats = Places
ui-retourne-turned-card = Retourne : { $c }
ui-discarded = {"\u202F"}; écarté { $c }
ui-his-two-hands = {"\u202F"}; ses deux mains { $c }
ui-proposes-common-showdown = { $w } propose un abattage commun
ui-dealer = donneur
ui-sitting-out = absent
ui-leaving-after-this-hand = part après cette donne
ui-nobody-seated-yet-press-join = Personne n'est assis : Rejoindre.
ui-speak = À { $w } de parler
ui-last-moves = Derniers coups
ui-waiting-line = File d'attente
ui-folded = {" "}(couché)
ui-hands = Mains
ui-pots = Pots
ui-brelan-payments = Paiements des brelans
ui-stake = mise { $n }
ui-folded-2 = couché
ui-all-in-2 = tapis
ui-covered-pot = a couvert le pot
ui-two-hands-one-kept = deux mains (une gardée)
ui-blind = à l'aveugle
ui-pool-la-passe = Passe : { $n }
ui-pot = Pot : { $n }
ui-main-pot-side-pots = Pot principal { $m } ; pots annexes { $s }
ui-current-bet-open-terms-blind = Mise en cours (à découvert) : { $n } ; les joueurs à l'aveugle paient moitié
ui-face-up = Face visible : { $c }
ui-vade-stake-match = Vade : { $n }
ui-time-runs-out-t-r = {" "}— fin du tour <t:{ $t }:R>
ui-carried = Reporté
ui-stay-on-table-from-last = { $n } restent sur le tapis
ui-private-messages-closed = Messages privés fermés
ui-press-my-cards-or-use = { $w } : bouton Mes cartes ou /cartes.
ui-needs-attention = À vérifier
ui-this-table-s-saved-game = La partie enregistrée de cette table n'a pas pu reprendre. Ses jetons sont en sécurité ; un gérant du serveur peut la fermer avec /admin table fermer, qui rend tous les jetons.
ui-points = { $sym } { $word } : { $w }, { $n ->
    [one] { $n } point
   *[other] { $n } points
}
ui-suits-owned-point = Couleurs (le point)
ui-pays = { $a } paie { $n } à { $b }
ui-next-hand-shortly = Prochaine donne sous peu.
ui-has-looked = a regardé
ui-table = Tapis
ui-turn = Parole
ui-closing = Fermeture
ui-table-closes-when-this-hand = La table ferme à la fin de cette donne.
ui-game-over = Partie terminée
ui-no-more-hands-at-this = Plus de donne à cette table.
ui-next-hand-t-r = Prochaine donne <t:{ $t }:R>.
ui-waiting-for-next-deal = En attente de la prochaine donne.
ui-not-started = Pas commencée
ui-join-then-press-start-when = Rejoignez, puis Démarrer dès que deux joueurs sont assis.
ui-jar = la cagnotte
ui-join = Rejoindre
ui-leave = Quitter
ui-my-cards = Mes cartes
ui-start = Démarrer
ui-something-went-wrong-on-our = Un problème est survenu de notre côté avec ce clic. Le message de la table montre où en est la partie ; réessayez dans un instant.
ui-from = De { $a } à { $b }
ui-agree-show = Accepter l'abattage
ui-amount = Montant
ui-cards = Cartes
ui-other = { $v } : autre…
ui-done-table-message-could-not = C'est fait. Le message de la table n'a pas pu être mis à jour ; il est réaffiché plus bas.
ui-more = … et { $n ->
        [one] { $n } autre
       *[other] { $n } autres
    }
ui-pot-line-stage = Étage { $k } : { $n } pour { $w }
ui-pot-line-brag = Pot { $k } : { $n } pour { $w }

## Le message privé des cartes

dm-cards-where = **{ $game }** — donne { $hand }, table n°{ $table } dans <#{ $channel }> ({ $server })
dm-cards-yours = Vos cartes : { $cards }
dm-cards-retourne = Retourne : { $card }
dm-cards-link = [Retour à la table]({ $link })
ui-table-title = { $game } — table n°{ $table }
ui-discard-pick = Choisissez { $n ->
    [0] les cartes
    [one] la carte
   *[other] les { $n } cartes
} à écarter.
ui-discard-done = C'est fait : { $n ->
    [one] { $n } carte écartée
   *[other] { $n } cartes écartées
} ; votre main est dans vos messages privés.
ui-player-n = Joueur { $n }
ui-retourne-label = Retourne
