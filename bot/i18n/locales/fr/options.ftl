# Ce que fait chaque option de table (/table options, l'autocomplétion de /table créer).

option-help-deck = Le jeu de cartes : 24, 28 ou 32 cartes (auto : 28 à cinq joueurs, sinon 24).
option-help-ante = Jetons que chaque joueur met à la passe avant chaque donne.
option-help-ante_by = Qui met à la passe : tous les joueurs (all), ou le donneur seul (dealer).
option-help-min_raise = Une relance vaut au moins 1 jeton (1), ou au moins la relance précédente (last_raise).
option-help-refait_dealer = Après un refait (personne n'a ouvert), le joueur suivant donne (next) ou le même donneur redonne (same).
option-help-carre = Le carre à l'aveugle avant les cartes : off, free (permis) ou forced (le premier joueur doit carrer).
option-help-carre_chain = Jusqu'où va le carre : carre seul, academie (carre, contre-carre, surcarre), ou pagat (chaîne ouverte).
option-help-sans_plus = Le dernier tour de la Bouillotte, où chacun peut dire sans plus ou relancer une dernière fois.
option-help-pot_rule = Comment le point se juge au deuxième étage du pot et après : recalculate, single_suit ou fixed.
option-help-brelan_pay = Jetons que chaque joueur paie à chaque brelan montré à l'abattage (0 : rien).
option-help-square_pay = Jetons que chaque joueur paie à chaque brelan carré montré à l'abattage (0 : rien).
option-help-flambeau = Un jeton de chaque refait va à la cagnotte du flambeau du serveur.
option-help-cards = Brag à trois, quatre ou cinq cartes (à quatre ou cinq, les cartes en trop sont écartées).
option-help-min_bet = La plus petite mise, à découvert (un joueur à l'aveugle paie moitié).
option-help-max_bet = La plus grosse mise, à découvert (un joueur à l'aveugle paie moitié).
option-help-max_raise = De combien une mise peut dépasser la précédente (none : sans limite).
option-help-blind_allowed = On peut jouer à l'aveugle, sans regarder ses cartes, pour moitié prix.
option-help-see_cost = Voir le dernier adversaire coûte le double de la mise (double) ou la mise elle-même (equal).
option-help-wild = Les jokers : none, twos, black_twos, one_eyed_jacks, suicide_king, joker ou two_jokers.
option-help-blind_keep = Qui gagne à l'aveugle garde sa main sans la voir (keep), ou la main suivante est donnée face visible (face_up).
option-help-common_showdown = Les joueurs peuvent convenir de montrer toutes les mains à la fois.
option-help-shuffle_every_hand = Battre les cartes avant chaque donne, pas seulement après un prial montré.
option-help-turn_timeout = Secondes pour jouer avant le coup automatique (passer ou se coucher).
option-help-cave = Jetons que chaque joueur apporte de son portefeuille.
option-help-seats = Le nombre de places à la table.
option-help-sit_out_hands = Donnes qu'un joueur peut manquer avant de perdre sa place.
option-help-auto_deal = Donner la donne suivante d'elle-même quand la précédente finit.
option-help-next_hand_delay = Secondes de pause entre deux donnes.
option-help-max_hands = Brelan : le nombre de donnes convenu, après lequel la partie finit.
option-help-replenish = Brelan : un joueur décavé peut recaver.
option-help-staked = Brelan à caves : les joueurs peuvent poser des caves de réserve.
option-help-notify = Comment prévenir le joueur dont c'est le tour : mention (dans le salon), dm (message privé) ou off.
option-help-reseed_every = Donnes servies avec une graine du serveur avant qu'elle soit révélée et remplacée (donne équitable, /vérifier) ; 20 par défaut, de 1 à 1 000.
option-help-closing = La table ferme à la fin de la donne en cours.
option-help-next_deal_at = Quand la prochaine donne est distribuée.
option-current = `{ $name }` = `{ $value }` — { $help }
option-choice-line = { $name }={ $value } — { $help }
options-title = Options de cette table
