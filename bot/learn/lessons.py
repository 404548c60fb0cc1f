"""The lessons, one per game: deals chosen to show each game's key moments.

- **Brelan**: opening for the pool, a re-raise and the vade, a folded hand whose card counts
  for another player, the retourne counting for the owner of its suit, equal points decided
  by precedence.
- **Bouillotte**: a carre offered and played blind, a re-raise, the sans-plus round, the
  retourne deciding the point, a folded card counting for an opponent; then a brelan and
  its payments, folded players paying too.
- **Brag**: a blind bet at half price, an open bet, looking, seeing for double with two
  players left, the seen player showing first, the two hands' ranks.

House players are seated as the runtime seats them at any table (``strong``: 31 Anselme,
32 Berthe, 33 Colas); the learner speaks first at the first deal, the last of them deals.
"""

from __future__ import annotations

from bot.learn.script import YOU, Cards, Deal, Fact, Lesson, Move, Who, line

ANSELME, BERTHE, COLAS = "31", "32", "33"

BRELAN = Lesson(
    game="brelan",
    opponents=(ANSELME, BERTHE, COLAS),
    deals=(
        Deal(
            # you Ah Jh 8c · Anselme Kd Qd 8h · Berthe Ts 9s Jc · Colas Jd 9d 9c · retourne Th
            cards=("Ah", "Kd", "Ts", "Jd", "Jh", "Qd", "9s", "9d", "8c", "8h", "Jc", "9c", "Th"),
            intro=(
                line("learn-brelan-intro", dealer=Who(COLAS), pool=Fact("pool", expect=4)),
                line(
                    "learn-your-cards",
                    cards=Fact("my_cards"),
                    retourne=Fact("retourne", expect="Th"),
                ),
            ),
            moves=(
                Move(
                    YOU,
                    "open",
                    4,
                    before=(
                        line("learn-brelan-open-now", pool=Fact("pool", expect=4)),
                        line("learn-brelan-open-why", retourne=Fact("retourne", expect="Th")),
                    ),
                    after=(line("learn-opened", vade=Fact("vade", expect=4)),),
                ),
                Move(
                    ANSELME,
                    "raise",
                    8,
                    after=(line("learn-raised", vade=Fact("vade", expect=8)),),
                ),
                Move(BERTHE, "pass", after=(line("learn-folded-still-count"),)),
                Move(COLAS, "hold"),
                Move(
                    YOU,
                    "hold",
                    before=(
                        line(
                            "learn-hold-now",
                            who=Who(ANSELME),
                            vade=Fact("vade", expect=8),
                            cost=Fact("cost", expect=4),
                        ),
                        line("learn-brelan-hold-why"),
                    ),
                    after=(line("learn-brelan-betting-over", who=Who(ANSELME)),),
                ),
            ),
            showdown=(
                line(
                    "learn-brelan-hearts",
                    card=Fact("retourne", expect="Th"),
                    who=Who(ANSELME),
                    his=Cards(("8h",)),
                    n=Fact("points", ("h",), expect=39),
                    checks=(Fact("owner", ("h",), expect=YOU),),
                ),
                line(
                    "learn-brelan-folded-counts",
                    who=Who(BERTHE),
                    card=Cards(("Jc",)),
                    owner=Fact("owner", ("c",), expect=COLAS),
                ),
                line(
                    "learn-brelan-precedence",
                    who=Fact("owner", ("d",), expect=ANSELME),
                    n=Fact("points", ("d",), expect=39),
                    checks=(Fact("winner", expect=YOU),),
                ),
            ),
        ),
    ),
    summary=line("learn-summary-brelan"),
)

BOUILLOTTE = Lesson(
    game="bouillotte",
    opponents=(ANSELME, BERTHE, COLAS),
    deals=(
        Deal(
            # you Ah Ts 9c · Anselme Qh Jh Td · Berthe Ad 9d Js · Colas Kd Qs Kc · retourne Kh
            cards=("Ah", "Qh", "Ad", "Kd", "Ts", "Jh", "9d", "Qs", "9c", "Td", "Js", "Kc", "Kh"),
            intro=(line("learn-bouillotte-intro", dealer=Who(COLAS), pool=Fact("pool", expect=4)),),
            moves=(
                Move(
                    YOU,
                    "carre",
                    before=(
                        line("learn-bouillotte-carre-now", n=Fact("amount", ("carre",), expect=4)),
                        line("learn-bouillotte-carre-why"),
                    ),
                    after=(line("learn-bouillotte-carred", n=Fact("vade", expect=4)),),
                ),
                Move(
                    ANSELME,
                    "decline",
                    after=(
                        line("learn-bouillotte-no-contre", who=Who(ANSELME), n=8),
                        line(
                            "learn-your-cards",
                            cards=Fact("my_cards"),
                            retourne=Fact("retourne", expect="Kh"),
                        ),
                    ),
                ),
                Move(ANSELME, "hold"),
                Move(
                    BERTHE,
                    "raise",
                    8,
                    after=(line("learn-raised", vade=Fact("vade", expect=8)),),
                ),
                Move(COLAS, "pass", after=(line("learn-folded-still-count"),)),
                Move(
                    YOU,
                    "hold",
                    before=(
                        line(
                            "learn-hold-now",
                            who=Who(BERTHE),
                            vade=Fact("vade", expect=8),
                            cost=Fact("cost", expect=4),
                        ),
                        line("learn-bouillotte-hold-why", retourne=Fact("retourne", expect="Kh")),
                    ),
                ),
                Move(
                    ANSELME,
                    "hold",
                    after=(line("learn-bouillotte-sans-plus-comes", who=Who(BERTHE)),),
                ),
                Move(
                    YOU,
                    "stand",
                    before=(
                        line("learn-bouillotte-stand-now"),
                        line("learn-bouillotte-stand-why"),
                    ),
                ),
                Move(
                    ANSELME,
                    "stand",
                    after=(line("learn-bouillotte-betting-over", who=Who(BERTHE)),),
                ),
            ),
            showdown=(
                line(
                    "learn-bouillotte-retourne-decides",
                    card=Fact("retourne", expect="Kh"),
                    n=Fact("points", ("h",), expect=41),
                    without=Fact("points_without_retourne", ("h",), expect=31),
                    who=Fact("owner", ("d",), expect=BERTHE),
                    theirs=Fact("points", ("d",), expect=40),
                    checks=(Fact("owner", ("h",), expect=YOU),),
                ),
                line(
                    "learn-bouillotte-folded-counts",
                    who=Who(COLAS),
                    card=Cards(("Kd",)),
                    owner=Fact("owner", ("d",), expect=BERTHE),
                ),
                line(
                    "learn-you-win", n=Fact("won", expect=28), checks=(Fact("winner", expect=YOU),)
                ),
            ),
        ),
        Deal(
            # Anselme As 9h Qc · Berthe Ah Jh Tc · Colas Qd Qs 9s · you Ks Kh Kd · retourne Jc
            cards=("As", "Ah", "Qd", "Ks", "9h", "Jh", "Qs", "Kh", "Qc", "Tc", "9s", "Kd", "Jc"),
            intro=(line("learn-bouillotte-deal-two"),),
            moves=(
                Move(ANSELME, "decline"),
                Move(ANSELME, "pass"),
                Move(BERTHE, "open", 4),
                Move(COLAS, "hold"),
                Move(
                    YOU,
                    "raise",
                    8,
                    before=(
                        line("learn-bouillotte-brelan-now", vade=Fact("vade", expect=4)),
                        line(
                            "learn-bouillotte-brelan-why",
                            pay=Fact("option", ("brelan_pay",), expect=2),
                        ),
                    ),
                ),
                Move(ANSELME, "pass", after=(line("learn-bouillotte-folded-pays"),)),
                Move(BERTHE, "hold"),
                Move(COLAS, "hold", after=(line("learn-bouillotte-sans-plus-again"),)),
                Move(BERTHE, "stand"),
                Move(COLAS, "stand"),
            ),
            showdown=(
                line(
                    "learn-bouillotte-brelan-wins",
                    combo=Fact("combo", (YOU,), expect="brelan"),
                    n=Fact("won", expect=28),
                    checks=(Fact("winner", expect=YOU),),
                ),
                line(
                    "learn-bouillotte-payments",
                    who=Who(ANSELME),
                    n=Fact("paid", (ANSELME, YOU), expect=2),
                    checks=(
                        Fact("paid", (BERTHE, YOU), expect=2),
                        Fact("paid", (COLAS, YOU), expect=2),
                    ),
                ),
            ),
        ),
    ),
    summary=line("learn-summary-bouillotte"),
)

BRAG = Lesson(
    game="brag",
    opponents=(ANSELME, BERTHE),
    deals=(
        Deal(
            # you 7s 6h 5d · Anselme Qc Qd 4s · Berthe Kh 9c 2d
            cards=("7s", "Qc", "Kh", "6h", "Qd", "9c", "5d", "4s", "2d"),
            intro=(line("learn-brag-intro", dealer=Who(BERTHE), pot=Fact("pot", expect=3)),),
            moves=(
                Move(
                    YOU,
                    "bet",
                    1,
                    before=(
                        line("learn-brag-blind-now"),
                        line("learn-brag-blind-why", n=Fact("least", ("bet",), expect=1)),
                    ),
                    after=(line("learn-brag-blind-bet", n=Fact("level", expect=2)),),
                ),
                Move(ANSELME, "look"),
                Move(
                    ANSELME,
                    "bet",
                    2,
                    after=(line("learn-brag-open-bet", n=Fact("level", expect=2)),),
                ),
                Move(BERTHE, "look"),
                Move(BERTHE, "fold", after=(line("learn-brag-two-left"),)),
                Move(
                    YOU,
                    "look",
                    before=(line("learn-brag-look-now"), line("learn-brag-look-why")),
                    after=(
                        line(
                            "learn-brag-looked",
                            cards=Fact("my_cards"),
                            combo=Fact("my_combo", expect="run"),
                        ),
                    ),
                ),
                Move(
                    YOU,
                    "see",
                    before=(
                        line(
                            "learn-brag-see-now",
                            who=Who(ANSELME),
                            least=Fact("least", ("bet",), expect=2),
                            n=Fact("amount", ("see",), expect=4),
                        ),
                        line("learn-brag-see-why"),
                    ),
                ),
            ),
            showdown=(
                line(
                    "learn-brag-seen-first",
                    who=Who(ANSELME),
                    theirs=Fact("combo", (ANSELME,), expect="pair"),
                    mine=Fact("combo", (YOU,), expect="run"),
                    n=Fact("won", expect=10),
                    checks=(Fact("winner", expect=YOU),),
                ),
            ),
        ),
    ),
    summary=line("learn-summary-brag"),
)

#: The lessons by game, in the registry's order.
LESSONS: dict[str, Lesson] = {lesson.game: lesson for lesson in (BRELAN, BOUILLOTTE, BRAG)}
