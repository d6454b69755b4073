"""Phormio's placement chart and choice of reveal (15.61, 15.62; brief 15.4), one rule
a test, each at a position of the turn-6 set-up with fixed dice."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.players.phormio.theater_place import place, reveal
from engine.players.phormio.theater_plan import NO_PLAN, Step, TheaterPlan
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.schema import PericlesState
from engine.testing import FixedRng

from .theater_positions import AGIAD, ARISTOCRATS, example_turn, prompt_of, queue, start, view


def test_a_rumor_with_no_enemy_marker_on_top_goes_by_d20_rule_15_61_b() -> None:
    """The third placement with no Athenian marker on top of any queue: a theater by
    1d20, the PS theater (8, Boeotia) rolled again."""
    s = example_turn()
    s["markers"]["agiad"] = ["league", "rumor"]
    queue(s, "boeotia", ("agiad", "military"))
    queue(s, "sparta", ("agiad", "military"))
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    assert place(view(s, "agiad"), p, FixedRng([8, 11]), AGIAD) == "rumor@chalcidice"


def test_the_rumor_waits_for_the_third_placement_rule_15_61_b() -> None:
    """Second placement: the PS issue, not the Rumor."""
    s = example_turn()
    s["markers"]["agiad"] = ["league", "military", "rumor", "rumor"]
    queue(s, "boeotia", ("agiad", "military"))
    queue(s, "macedonia", ("demagogues", "league"))
    _, prompts = start(s, "placement", i=2)
    assert place(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("p"), AGIAD) == \
        "military@sparta"


def test_rumors_alone_go_on_enemy_topped_queues_rule_15_61_b() -> None:
    """With only Rumors left (our ruling, after 16.0's last Rumors), the rumor rule
    applies whatever the count: here Sicily is the only Spartan-topped queue."""
    s = example_turn()
    s["markers"]["aristocrats"] = ["rumor"]
    queue(s, "sicily", ("aristocrats", "league"), ("agiad", "rumor"))
    queue(s, "aetolia", ("aristocrats", "oracle"))
    queue(s, "macedonia", ("demagogues", "league"), ("demagogues", "military"))
    _, prompts = start(s, "placement", i=1)
    p = prompt_of(prompts, "aristocrats")
    assert place(view(s, "aristocrats"), p, FixedRng([]), ARISTOCRATS) == "rumor@sicily"


def _unfed() -> PericlesState:
    """Athens with no base in a granary (the Hellespont's and any in Sicily gone)."""
    s = example_turn()
    s["forces"]["hellespont"]["A"] = {"land": 1, "naval": 0, "bases": 0}
    return s


def test_athens_without_a_granary_sends_a_league_marker_there_first_rule_15_15_g() -> None:
    """Sudden death (15.15 G): the granary check comes before the PS issues. The
    Demagogues' plan wants Macedonia, but a League marker goes to the Hellespont,
    where an Athenian unit stands to found the base."""
    s = _unfed()
    plan = TheaterPlan("macedonia", (Step("league", "macedonia", ("base",)),))
    _, prompts = start(s, "placement")
    p = prompt_of(prompts, "demagogues")
    assert place(view(s, "demagogues"), p, Rng("g"), plan) == "league@hellespont"


def test_a_league_marker_queued_in_a_granary_satisfies_the_check_rule_15_15_g() -> None:
    """The compatriot's League marker already in a granary queue: the chart goes on to
    the PS issues."""
    s = _unfed()
    queue(s, "sicily", ("aristocrats", "league"))
    plan = TheaterPlan("macedonia", (Step("league", "macedonia", ("base",)),))
    _, prompts = start(s, "placement")
    p = prompt_of(prompts, "demagogues")
    assert place(view(s, "demagogues"), p, Rng("g"), plan) == "league@macedonia"


def test_a_ps_step_whose_issue_was_not_won_is_forgone_rule_15_61_c() -> None:
    """The Agiad won no League issue: its plan's next step it can take is the levy."""
    s = example_turn()
    s["markers"]["agiad"] = ["military", "military"]
    queue(s, "boeotia", ("agiad", "military"))
    plan = TheaterPlan("boeotia", (Step("military", "boeotia"), Step("league", "boeotia"),
                                   Step("military", "sparta")))
    _, prompts = start(s, "placement", i=2)
    assert place(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("p"), plan) == \
        "military@sparta"


def test_a_spare_league_marker_covers_an_uncovered_base_rule_15_61_d() -> None:
    """No plan left: the spare League marker goes where a League base stands without a
    unit of its theater's kind (Aetolia's Peloponnesian base, its foot gone)."""
    s = example_turn()
    s["markers"]["agiad"] = ["league"]
    s["forces"]["aetolia"]["P"]["land"] = 0
    s["forces"]["aetolia"]["P"]["naval"] = 1
    _, prompts = start(s, "placement", i=2)
    assert place(view(s, "agiad"), prompt_of(prompts, "agiad"), FixedRng([]), NO_PLAN) == \
        "league@aetolia"


def test_a_spare_league_marker_founds_a_base_among_friendly_units_rule_15_61_d() -> None:
    """Every base covered: a theater held by friendly units alone with room for a base
    (Macedonia, where a lone Peloponnesian foot stands)."""
    s = example_turn()
    s["markers"]["agiad"] = ["league"]
    th.add(s, "macedonia", "P", "land", 1)
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    ours = sorted(t for t in s["forces"] if th.status(s, t) == "sparta"
                  and th.bases(s, t) < 3)
    assert ours == ["aetolia", "isthmus", "macedonia", "sicily", "sparta"]
    assert place(view(s, "agiad"), p, FixedRng([3]), NO_PLAN) == "league@macedonia"


def test_a_spare_league_marker_removes_treachery_last_rule_15_61_d() -> None:
    """No uncovered base, no theater of Sparta's alone with room: Athenian Treachery in
    Boeotia draws it."""
    s = example_turn()
    s["markers"]["agiad"] = ["league"]
    for t in ("aetolia", "isthmus", "sicily", "sparta"):
        s["forces"][t]["P" if t != "sparta" else "S"]["bases"] = 3 if t != "sparta" else 2
        if t == "sparta":
            th.add(s, t, "P", "bases", 1)
    s["treachery"]["boeotia"]["athens"] = 1
    _, prompts = start(s, "placement", i=2)
    assert place(view(s, "agiad"), prompt_of(prompts, "agiad"), FixedRng([]), NO_PLAN) == \
        "league@boeotia"


def test_otherwise_a_random_issue_on_a_d20_theater_rule_15_61_d() -> None:
    """No PS issue, no League: the issue by 1d6 among the kinds held (2: Oracle), the
    theater by 1d20 (14: Ionia)."""
    s = example_turn()
    s["markers"]["eurypontid"] = ["military", "oracle"]
    _, prompts = start(s, "placement", i=3)
    p = prompt_of(prompts, "eurypontid")
    assert place(view(s, "eurypontid"), p, FixedRng([2, 14]), NO_PLAN) == "oracle@ionia"


def test_reveal_prefers_the_ps_theater_then_own_ps_markers_rule_15_62() -> None:
    """The PS theater first when its top is of Phormio's side; then a queue topped by
    one of its own PS markers; else at random."""
    s = example_turn()
    queue(s, "boeotia", ("agiad", "military"))
    queue(s, "sparta", ("agiad", "military"))
    queue(s, "cyclades", ("eurypontid", "diplomatic"))
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert reveal(view(s, "agiad"), p, FixedRng([]), AGIAD) == "reveal@boeotia"
    queue(s, "boeotia", ("agiad", "military"), ("demagogues", "rumor"))
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert reveal(view(s, "agiad"), p, FixedRng([]), AGIAD) == "reveal@sparta"
    assert reveal(view(s, "agiad"), p, FixedRng([1]), NO_PLAN) == "reveal@cyclades"


def test_a_military_marker_answers_a_possible_raid_on_a_base_rule_9_1() -> None:
    """Boeotia is contested and holds a Peloponnesian base; an Athenian marker on top of
    its queue may be a raid (9.1). The Agiad, whose expedition there can win, puts a
    Military marker over it rather than its PS plan's next step (on main: the levy in
    Sparta, the PS step); with nothing Athenian on top there, the plan goes on."""
    s = example_turn()
    plan = TheaterPlan("sicily", (Step("military", "sparta", ("build:land",)),))
    s["markers"]["agiad"] = ["military", "military", "rumor", "rumor"]
    queue(s, "boeotia", ("demagogues", "military"))
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    assert place(view(s, "agiad"), p, FixedRng([1]), plan) == "military@boeotia"
    queue(s, "boeotia", ("demagogues", "military"), ("eurypontid", "rumor"))
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    assert place(view(s, "agiad"), p, FixedRng([1]), plan) == "military@sparta"


def test_the_answer_to_a_raid_comes_off_first_rule_9_1() -> None:
    """The Agiad's Military marker over an Athenian one in contested Boeotia comes off
    before its PS theater's marker (on main: the PS theater, Sicily), so that the
    expedition fights before the raid; a Rumor there, or a marker over enemy markers
    where no raid can be (Sparta is not contested), keeps the playbook's order (15.62)."""
    s = example_turn()
    plan = TheaterPlan("sicily", (Step("league", "sicily", ("build:naval",)),))
    queue(s, "sicily", ("agiad", "league"))
    queue(s, "boeotia", ("demagogues", "military"), ("agiad", "military"))
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert reveal(view(s, "agiad"), p, FixedRng([]), plan) == "reveal@boeotia"
    queue(s, "boeotia", ("demagogues", "military"), ("agiad", "rumor"))
    queue(s, "sparta", ("demagogues", "rumor"), ("agiad", "military"))
    _, prompts = start(s, "resolution", i=2)
    p = prompt_of(prompts, "agiad")
    assert reveal(view(s, "agiad"), p, FixedRng([]), plan) == "reveal@sicily"
