## Donne équitable (docs/fairness.md) : graines, coupe, nouvelle graine du serveur, /vérifier.

refuse-seed-empty = Écrivez une graine : n'importe quel texte de 64 caractères au plus.
refuse-seed-long = Une graine fait au plus { $most ->
        [one] { $most } caractère
       *[other] { $most } caractères
    }.
refuse-seed-characters = Une graine ne peut contenir ni le caractère | (il relie les graines des joueurs) ni de retour à la ligne.
refuse-seed-not-seated = Asseyez-vous à cette table (ou prenez place dans sa file) pour y avoir une graine.
refuse-cut-nobody = Personne ne coupe encore pour la prochaine donne : la coupe revient au joueur placé avant le donneur, une fois la partie commencée.
refuse-cut-who = C'est <@{ $user }>, le joueur placé avant le donneur, qui coupe pour la prochaine donne.
refuse-cut-done = Vous avez déjà coupé pour la prochaine donne.
refuse-reseed-not-seated = Seul un joueur assis à cette table peut demander une nouvelle graine du serveur.
refuse-reseed-asked = Une nouvelle graine du serveur est déjà demandée : elle arrive à la fin de cette donne.
refuse-reseed-every = L'option reseed_every est un nombre entier de donnes, de 1 à { $most }.
refuse-verify-no-hand = Il n'y a pas de donne terminée n° { $hand } sur ce serveur.

done-seed-shown = Votre graine à cette table est `{ $seed }`. Elle entre dans chaque donne où vous recevez des cartes ; changez-la avec /table graine.
done-seed-set = Votre graine est maintenant `{ $seed }` : elle compte dès la prochaine donne.
done-cut = ✂️ Vous coupez : votre graine devient `{ $seed }`, pour la prochaine donne.
done-reseed-later = C'est demandé : la graine du serveur sera remplacée à la fin de cette donne, et révélée dès que ses cartes ne pourront plus être distribuées.
done-reseeded = C'est fait : une nouvelle graine du serveur est engagée ; l'ancienne sera révélée dès que ses cartes ne pourront plus être distribuées.

log-seed-revealed = 🔓 Graine du serveur révélée (engagement `{ $commitment }…`, { $n ->
    [one] { $n } donne
   *[other] { $n } donnes
}) : `{ $seed }`. Vérifiez n'importe laquelle de ses donnes avec /vérifier.
log-cut = ✂️ <@{ $user }> coupe le paquet pour la prochaine donne.
log-reseed-asked = <@{ $user }> demande une nouvelle graine du serveur : elle arrive à la fin de cette donne.
log-reseeded = <@{ $user }> demande une nouvelle graine du serveur : un nouvel engagement est affiché.

fair-line = 🔒 Engagement `{ $commitment }` · { $deals ->
    [one] { $deals } donne
   *[other] { $deals } donnes
} sur { $every } avec cette graine
fair-line-reseed = · nouvelle graine après cette donne
fair-cutter = ✂️ <@{ $user }> peut couper pour la prochaine donne.
label-cut = Couper
label-fair = Donne équitable
fair-explain = **🔒 Comment nous donnons les cartes équitablement**
    1. Avant toute donne, le bot tire une *graine du serveur* secrète et affiche son empreinte, l'*engagement* (son SHA-256), sur le message de la table. Il ne peut plus changer cette graine sans que tout le monde le voie.
    2. Chaque joueur a sa propre *graine*, tirée pour lui quand il s'assoit ; changez-la avec /table graine. Le joueur placé avant le donneur peut aussi appuyer sur **Couper** pour y mêler du hasard neuf.
    3. Le paquet de chaque donne découle de la graine du serveur, des graines des joueurs servis et du numéro de la donne, par une méthode publiée (HMAC-SHA256 et un mélange de Fisher–Yates).
    4. Après { $every ->
        [one] { $every } donne
       *[other] { $every } donnes
    }, à la fermeture de la table, ou quand un joueur assis le demande (/table nouvelle-graine), la graine du serveur est révélée. /vérifier recalcule alors n'importe laquelle de ses donnes, et chacun peut la contrôler avec un court programme.
    L'engagement actuel : `{ $commitment }`.

verify-title = **Donne n° { $hand }** ({ $game }) · donne équitable
verify-commitment = Engagement : `{ $commitment }`
verify-server-seed = Graine du serveur : `{ $seed }`
verify-client-seed = Graines des joueurs : `{ $seeds }` · numéro de donne (nonce) { $nonce }
verify-continues = Cette donne de Brag est servie avec le paquet de la donne { $deal }, qu'elle continue.
verify-deck = Paquet recalculé, du dessus : { $deck }
verify-ok = ✅ Vérifiée : sha256(graine du serveur) est bien l'engagement affiché avant la donne, et le paquet comme chaque main découlent des graines.
verify-mismatch = ❌ La vérification échoue :
verify-sealed = 🔒 La graine du serveur est encore secrète : elle sera révélée dans { $n ->
    [one] { $n } donne
   *[other] { $n } donnes
}, quand un joueur le demandera (/table nouvelle-graine) ou à la fermeture de la table. Redemandez alors.
verify-sealed-retired = 🔒 La graine du serveur est retirée ; elle sera révélée dès que les cartes de son paquet ne pourront plus être distribuées. Redemandez alors.
verify-in-play = 🔒 La graine est révélée, mais le paquet de cette donne peut encore servir : le paquet reste caché pour l'instant.
verify-unfair = Cette donne date d'avant la donne équitable : elle n'a pas d'engagement à vérifier.
verify-problem-no-fair = la donne n'a pas de données de donne équitable
verify-problem-commitment-format = l'engagement n'est pas un SHA-256
verify-problem-seed-format = la graine du serveur n'est pas faite de 64 caractères hexadécimaux
verify-problem-commitment = sha256(graine du serveur) n'est pas l'engagement affiché avant la donne
verify-problem-seeds-missing = les graines des joueurs ou le numéro de donne manquent
verify-problem-deck-unknown = le paquet de la table ne peut être connu
verify-problem-deck = le paquet n'est pas le mélange donné par les graines (il diffère à la carte { $n })
verify-problem-previous = la donne précédente ne peut être rejouée
verify-problem-continuation = le paquet n'est pas celui que la donne précédente a laissé
verify-problem-dealt-unknown = les cartes distribuées ne peuvent être établies
verify-problem-hand = la main de <@{ $user }> n'est pas faite des cartes prises sur le dessus du paquet
verify-problem-retourne = la retourne n'est pas la carte qui suit les mains
