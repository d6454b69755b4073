"""The worked example's theater phase (playbook 16.0), the decisions that are Phormio's:
the Spartan Phormio (Agiad, Protect Key Allies in Boeotia) above all, and the Athenian
Phormio factions where the example shows their charts at work. Each test sets up the
position the example describes at that moment and asks the theater rule for the choice
the example makes; the dice are fixed where the example rolls."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players.phormio.theater_issues import league, levy, raid_choice
from engine.players.phormio.theater_place import place, reveal
from engine.players.phormio.theater_war import commit, march, second_battle
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.schema import PericlesState
from engine.testing import FixedRng

from .theater_positions import (
    AGIAD,
    ARISTOCRATS,
    DEMAGOGUES,
    example_turn,
    prompt_of,
    queue,
    start,
    view,
)


def test_the_agiad_opens_with_its_expedition_at_the_bottom_of_boeotia_rule_15_61() -> None:
    """16.0: 'the first military issue is placed in Boeotia'."""
    s = example_turn()
    queue(s, "macedonia", ("demagogues", "league"))
    queue(s, "sicily", ("aristocrats", "league"))
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    assert place(view(s, "agiad"), p, Rng("a"), AGIAD) == "military@boeotia"


def test_the_third_placement_is_a_rumor_on_an_athenian_topped_queue_rule_15_61_b() -> None:
    """16.0: 'The Spartan Phormio also places a rumor marker with the choices Boeotia and
    Macedonia' (the Aristocrats' Rumor, whose queue the example garbles, is left off)."""
    s = example_turn()
    s["markers"]["agiad"] = ["league", "rumor", "rumor"]
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"))
    queue(s, "sicily", ("aristocrats", "league"), ("aristocrats", "military"),
          ("eurypontid", "rumor"))
    queue(s, "boeotia", ("agiad", "military"), ("demagogues", "rumor"))
    queue(s, "sparta", ("agiad", "military"))
    queue(s, "chalcidice", ("eurypontid", "military"))
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    # the choices in order are Boeotia (1) and Macedonia (2); a 5 is rolled again
    assert place(view(s, "agiad"), p, FixedRng([5, 2]), AGIAD) == "rumor@macedonia"
    assert place(view(s, "agiad"), p, FixedRng([1]), AGIAD) == "rumor@boeotia"


def test_the_league_marker_follows_as_the_fourth_placement_rule_15_61_c() -> None:
    """16.0: 'Spartan Phormio still has a PS issue (league), which per its strategy is
    placed in Boeotia' - on top of the Demagogues' Rumor, so it comes off first."""
    s = example_turn()
    s["markers"]["agiad"] = ["league", "rumor"]
    queue(s, "boeotia", ("agiad", "military"), ("demagogues", "rumor"))
    queue(s, "sparta", ("agiad", "military"))
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"),
          ("agiad", "rumor"), ("eurypontid", "rumor"))
    _, prompts = start(s, "placement", i=2)
    assert place(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("a"), AGIAD) == \
        "league@boeotia"


def test_the_athenian_openings_rule_15_61() -> None:
    """16.0: the Demagogues place the League marker of Expansion in Macedonia (after the
    granary check: the Hellespont's Athenian base feeds Athens), the Aristocrats the
    League marker of Granary in Sicily; with only an Oracle left the Aristocrats roll a
    3 on the d20 and send it to Aetolia."""
    s = example_turn()
    _, prompts = start(s, "placement")
    assert place(view(s, "demagogues"), prompt_of(prompts, "demagogues"), Rng("d"),
                 DEMAGOGUES) == "league@macedonia"
    s = example_turn()
    queue(s, "macedonia", ("demagogues", "league"))
    _, prompts = start(s, "placement", i=1)
    assert place(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("a"),
                 ARISTOCRATS) == "league@sicily"
    s = example_turn()
    s["markers"]["aristocrats"] = ["oracle", "rumor"]
    queue(s, "sicily", ("aristocrats", "league"), ("aristocrats", "military"),
          ("aristocrats", "rumor"))
    _, prompts = start(s, "placement", i=1)
    p = prompt_of(prompts, "aristocrats")
    # 1 is Sicily, the PS theater: rolled again
    assert place(view(s, "aristocrats"), p, FixedRng([1, 3]), ARISTOCRATS) == "oracle@aetolia"


def _resolution_position() -> PericlesState:
    s = example_turn()
    s["markers"] = {f: [] for f in s["markers"]}
    queue(s, "boeotia", ("agiad", "military"), ("demagogues", "rumor"), ("agiad", "league"))
    queue(s, "sparta", ("agiad", "military"), ("agiad", "rumor"))
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"),
          ("agiad", "rumor"), ("eurypontid", "rumor"))
    queue(s, "sicily", ("aristocrats", "league"), ("aristocrats", "military"),
          ("eurypontid", "rumor"))
    queue(s, "chalcidice", ("eurypontid", "military"))
    queue(s, "cyclades", ("eurypontid", "diplomatic"), ("aristocrats", "rumor"))
    return s


def test_the_agiad_reveals_its_ps_theater_and_builds_a_ship_rule_15_62_c() -> None:
    """16.0: 'the Agiad faction whose primary strategy is Boeotia where there is a
    Spartan issue on top of the queue ... the strategy matrix specifies building naval
    units' - the League chart would raise land units in a land theater."""
    s = _resolution_position()
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert {(o.data or {})["theater"] for o in p.options} >= {"boeotia", "sparta", "macedonia"}
    assert reveal(view(s, "agiad"), p, Rng("r"), AGIAD) == "reveal@boeotia"
    ctx = start(s, "resolution", i=2)[0]
    MACHINE.act(s, "agiad", "reveal@boeotia", ctx)
    p = prompt_of(MACHINE.prompts(s), "agiad")
    assert p.kind == "league" and {"land", "naval"} <= {o.id for o in p.options}
    assert league(view(s, "agiad"), p, Rng("l"), AGIAD) == "naval"
    MACHINE.act(s, "agiad", "naval", ctx)
    assert s["forces"]["boeotia"]["P"]["naval"] == 1


def test_no_bot_with_issues_pending_commits_to_the_human_expedition_rule_15_62_d() -> None:
    """16.0: at the Eurypontid's expedition to Chalcidice 'all three of the Phormio
    Bots ... have outstanding theater issues ... so they will all commit zero'."""
    s = _resolution_position()
    queue(s, "chalcidice")  # its only marker has just been revealed
    _, prompts = start(s, "expedition", theater="chalcidice", owner="eurypontid")
    for bot in ("agiad", "aristocrats", "demagogues"):
        p = prompt_of(prompts, bot)
        assert p.kind == "commit" and p.hi == 4
        assert commit(view(s, bot), p, Rng("c"), {"agiad": AGIAD, "aristocrats": ARISTOCRATS,
                                                   "demagogues": DEMAGOGUES}[bot]) == "0"


def test_with_its_ps_theater_covered_the_agiad_reveals_at_random_rule_15_62() -> None:
    """16.0: 'The Agiad Bot still has a primary strategy issue in Sparta but it is
    covered and randomly chooses to remove the Spartan issue in Macedonia'."""
    s = example_turn()
    queue(s, "sparta", ("agiad", "military"), ("aristocrats", "rumor"))
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"),
          ("agiad", "rumor"), ("eurypontid", "rumor"))
    queue(s, "boeotia", ("agiad", "military"), ("demagogues", "rumor"))
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert [(o.data or {})["theater"] for o in p.options] == ["macedonia"]
    assert reveal(view(s, "agiad"), p, FixedRng([]), AGIAD) == "reveal@macedonia"


def _plataea() -> PericlesState:
    """16.0 after the Chalcidice battle: the position of the Boeotia expedition."""
    s = example_turn()
    s["forces"]["sparta"]["S"]["land"] = 4
    th.add(s, "thessalia", "S", "land", 2)
    s["forces"]["chalcidice"]["S"] = {"land": 2, "naval": 0, "bases": 0}
    th.add(s, "chalcidice", "P", "land", 1)
    s["forces"]["isthmus"]["P"]["land"] = 1
    s["forces"]["chalcidice"]["A"]["land"] = 0
    th.add(s, "boeotia", "P", "naval", 1)  # the ship the League marker built
    s["the_300"] = "chalcidice"
    s["state_ship"] = "used"
    s["strategos"] = {"aristocrats": 10, "demagogues": 10, "agiad": 10, "eurypontid": 4}
    s["deck"] = {"athens": [5], "sparta": [42]}  # battle cards: Athens 5, Sparta 1
    queue(s, "sparta", ("agiad", "military"), ("agiad", "rumor"))
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"))
    queue(s, "sicily", ("aristocrats", "league"), ("aristocrats", "military"))
    queue(s, "cyclades", ("eurypontid", "diplomatic"))
    return s


def test_the_siege_of_plataea_played_by_phormio_rule_15_62_e() -> None:
    """16.0's Boeotia expedition with the Agiad's choices made by its rules: an
    expedition, not a raid (the matrix wants the battle); 5 Strategos; two Spartan foot
    from Sparta (two stay for its two bases), the 300 and a Spartan foot from
    Chalcidice, then a Peloponnesian foot from Chalcidice, not the Isthmus' last; the
    Athenians, issues pending, commit nothing; the battle is 23 to 8."""
    s = _plataea()
    _, prompts = start(s, "raid_choice", theater="boeotia", owner="agiad")
    p = prompt_of(prompts, "agiad")
    assert {o.id for o in p.options} == {"raid", "expedition"}
    assert raid_choice(view(s, "agiad"), p, Rng("x"), AGIAD) == "expedition"
    ctx, prompts = start(s, "expedition", theater="boeotia", owner="agiad")
    plans = {"agiad": AGIAD, "aristocrats": ARISTOCRATS, "demagogues": DEMAGOGUES}
    answers = {"eurypontid": "0"}  # the human saves his tokens (16.0)
    for bot, plan in plans.items():
        answers[bot] = commit(view(s, bot), prompt_of(prompts, bot), Rng("c"), plan)
    assert answers == {"eurypontid": "0", "agiad": "5", "aristocrats": "0", "demagogues": "0"}
    for seat, n in answers.items():
        MACHINE.act(s, seat, n, ctx)
    moved = []
    rng = Rng("m")
    while (prompts := MACHINE.prompts(s)) and prompts[0].kind == "march":
        choice = march(view(s, "agiad"), prompts[0], rng, AGIAD)
        moved.append(choice)
        MACHINE.act(s, "agiad", choice, ctx)
    assert moved[0] == "the300@chalcidice" and moved[-1] == "stop"
    assert sorted(moved[1:-1]) == ["P:land@chalcidice", "S:land@chalcidice", "S:land@sparta",
                                   "S:land@sparta"]
    record = s["battle"]
    assert record is not None and record["facts"]["strength"] == {"sparta": 23, "athens": 8}
    assert s["forces"]["isthmus"]["P"]["land"] == 1


def test_the_agiad_defends_sicily_with_four_of_five_rule_15_62_d() -> None:
    """16.0: at the Aristocrats' Sicily expedition 'the Agiads will commit 4 of their 5
    Strategos': its one marker left is the levy in Sparta, which costs nothing. The
    Demagogues, done with their issues, commit their last Strategos."""
    s = example_turn()
    s["strategos"] = {"aristocrats": 5, "demagogues": 1, "agiad": 5, "eurypontid": 1}
    queue(s, "sparta", ("agiad", "military"))
    queue(s, "sicily", ("aristocrats", "league"))
    _, prompts = start(s, "expedition", theater="sicily", owner="aristocrats")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), AGIAD) == "4"
    assert commit(view(s, "demagogues"), prompt_of(prompts, "demagogues"), Rng("c"),
                  DEMAGOGUES) == "1"


def test_the_athenian_expeditions_rule_15_62_e() -> None:
    """16.0: the Demagogues commit 1 and send one ship (the opposite of Macedonia's
    land type) from Athens; the Aristocrats commit 5 and send two ships (one more than
    the Peloponnesian ship in Sicily), then land units."""
    s = example_turn()
    s["strategos"]["demagogues"] = 3
    ctx, prompts = start(s, "expedition", theater="macedonia", owner="demagogues")
    assert prompt_of(prompts, "demagogues").hi == 3 and len(prompts) == 1  # neutral: CG only
    assert commit(view(s, "demagogues"), prompts[0], Rng("c"), DEMAGOGUES) == "1"
    MACHINE.act(s, "demagogues", "1", ctx)
    p = MACHINE.prompts(s)[0]
    assert march(view(s, "demagogues"), p, Rng("m"), DEMAGOGUES) == "A:naval@athens"
    s = example_turn()
    s["strategos"].update(aristocrats=5, demagogues=1)
    ctx, prompts = start(s, "expedition", theater="sicily", owner="aristocrats")
    assert commit(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("c"),
                  ARISTOCRATS) == "5"
    for seat, n in (("aristocrats", "5"), ("demagogues", "1"), ("agiad", "4"), ("eurypontid", "1")):
        MACHINE.act(s, seat, n, ctx)
    kinds = []
    while (prompts := MACHINE.prompts(s)) and prompts[0].kind == "march":
        choice = march(view(s, "aristocrats"), prompts[0], Rng("m"), ARISTOCRATS)
        kinds.append(choice)
        if choice == "stop":
            break
        MACHINE.act(s, "aristocrats", choice, ctx)
    assert kinds == ["A:naval@athens", "A:naval@athens", "A:land@athens", "A:land@athens",
                     "A:land@athens", "A:land@athens"]


def test_the_winner_fights_the_naval_battle_at_greater_strength_rule_15_64_c() -> None:
    """16.0: after winning the land battle in Sicily, Athens (10 at sea: two ships and 6
    Strategos) against Sparta's 8 (a ship, a base, 5 Strategos): 'heck yes'."""
    s = example_turn()
    s["forces"]["sicily"] = {"P": {"land": 0, "naval": 1, "bases": 1},
                             "A": {"land": 3, "naval": 2, "bases": 0}}
    s["expedition"] = {"theater": "sicily", "cg": "aristocrats", "city": "athens", "moves": 0,
                       "revealed": True, "ship": False}
    s["committed"] = {"aristocrats": 5, "demagogues": 1, "agiad": 4, "eurypontid": 1}
    v = view(s, "aristocrats")
    p = Prompt("aristocrats", "Fight the other battle too?",
               (Option("fight", "Fight it"), Option("end", "End here")), "9.3",
               kind="second_battle")
    assert second_battle(v, p, Rng("b"), ARISTOCRATS) == "fight"
    s["committed"]["agiad"] = 4 + 3  # Sparta now stronger at sea: 11 against 10
    assert second_battle(view(s, "aristocrats"), p, Rng("b"), ARISTOCRATS) == "end"


def test_the_agiad_levy_in_sparta_rule_15_62_d() -> None:
    """16.0: 'Since there are only two land units available Sparta builds two land units
    and one naval unit': one of the two bases builds a ship."""
    s = example_turn()
    s["forces"]["sparta"]["S"]["land"] = 8  # 10 in the mix: two left in the pool
    _, prompts = start(s, "levy", theater="sparta", owner="agiad")
    p = prompt_of(prompts, "agiad")
    assert p.hi == 2
    assert levy(view(s, "agiad"), p, Rng("l"), AGIAD) == "1"
