"""Phormio's issue charts (15.62 A-D; brief 15.4): League, Diplomatic, the levy, the
raid-or-expedition choice and Persian gold, each asked through the engine's own prompt."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.players.phormio.theater_issues import (
    diplomatic,
    league,
    levy,
    persian_gold,
    raid_choice,
)
from engine.players.phormio.theater_plan import NO_PLAN, Step, TheaterPlan
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.schema import PericlesState
from engine.testing import FixedRng

from .theater_positions import example_turn, prompt_of, queue, start, view


def _league(s: PericlesState, theater: str, owner: str) -> str:
    _, prompts = start(s, "league_issue", theater=theater, owner=owner)
    return league(view(s, owner), prompt_of(prompts, owner), Rng("l"), NO_PLAN)


def test_league_raises_units_of_the_theaters_kind_for_an_expedition_to_come_rule_15_62_c() -> None:
    """A Military marker of the Agiad still queued: Boeotia (land) raises foot."""
    s = example_turn()
    queue(s, "sparta", ("agiad", "military"), ("agiad", "military"))  # a levy...
    queue(s, "chalcidice", ("agiad", "military"))  # ...and an expedition to come
    assert _league(s, "boeotia", "agiad") == "land"
    s["forces"]["corcyra"]["D"]["naval"] = 2
    queue(s, "naupactus", ("demagogues", "military"))
    assert _league(s, "corcyra", "demagogues") == "naval"  # a naval theater raises ships


def test_league_founds_a_base_then_removes_treachery_rule_15_62_c() -> None:
    """Nothing to build for: a base where friendly units stand (4 Strategos in a
    contested theater, ruling R20); with no room or tokens, an enemy Treachery marker
    goes; a levy still to come is no expedition."""
    s = example_turn()
    queue(s, "sparta", ("agiad", "military"))
    s["strategos"]["agiad"] = 4
    assert _league(s, "boeotia", "agiad") == "base"
    s["strategos"]["agiad"] = 3
    s["treachery"]["boeotia"]["athens"] = 1
    assert _league(s, "boeotia", "agiad") == "treachery"


def test_the_matrix_overrides_the_league_chart_rule_15_31() -> None:
    """A PS League issue noted "base" founds the base even with an expedition to come."""
    s = example_turn()
    queue(s, "chalcidice", ("agiad", "military"))
    s["strategos"]["agiad"] = 4
    plan = TheaterPlan("boeotia", (Step("league", "boeotia", ("base",)),))
    _, prompts = start(s, "league_issue", theater="boeotia", owner="agiad")
    p = prompt_of(prompts, "agiad")
    assert league(view(s, "agiad"), p, Rng("l"), NO_PLAN) == "land"
    assert league(view(s, "agiad"), p, Rng("l"), plan) == "base"


def test_athens_founds_a_granary_base_before_anything_rule_15_15_g() -> None:
    """Athens has no granary base: a League marker in the Hellespont founds one even
    with an expedition to come."""
    s = example_turn()
    s["forces"]["hellespont"]["A"] = {"land": 1, "naval": 0, "bases": 0}
    s["strategos"]["demagogues"] = 2
    queue(s, "macedonia", ("demagogues", "military"))
    assert _league(s, "hellespont", "demagogues") == "base"


def _diplomatic(s: PericlesState, theater: str, owner: str, plan: TheaterPlan = NO_PLAN) -> str:
    _, prompts = start(s, "diplomatic_issue", theater=theater, owner=owner)
    return diplomatic(view(s, owner), prompt_of(prompts, owner), Rng("d"), plan)


def test_diplomacy_converts_an_enemy_base_or_founds_one_rule_15_62_a() -> None:
    """Nothing pending: the Cyclades' lone Delian base (strength 2) is turned by 3;
    Macedonia, held by nobody, takes a base for 3; a theater of the enemy's with no
    League base, or a price beyond the tokens held, costs nothing."""
    s = example_turn()
    s["strategos"]["agiad"] = 5
    assert _diplomatic(s, "cyclades", "agiad") == "3"
    assert _diplomatic(s, "macedonia", "agiad") == "3"
    assert _diplomatic(s, "athens", "agiad") == "0"
    assert _diplomatic(s, "samos", "agiad") == "5"  # a base, a foot and a ship: 4, beaten by 5
    s["strategos"]["agiad"] = 4
    assert _diplomatic(s, "samos", "agiad") == "0"


def test_diplomacy_keeps_the_tokens_for_a_military_issue_to_come_rule_15_62_a() -> None:
    s = example_turn()
    s["strategos"]["agiad"] = 5
    queue(s, "chalcidice", ("agiad", "military"))
    assert _diplomatic(s, "cyclades", "agiad") == "0"
    plan = TheaterPlan("cyclades", (Step("diplomatic", "cyclades", ("convert",)),))
    assert _diplomatic(s, "cyclades", "agiad", plan) == "3"  # unless the matrix wants it


def test_the_peace_of_callias_is_made_when_it_can_be_rule_13_2() -> None:
    s = example_turn()
    s["persian_war"] = True
    s["strategos"]["aristocrats"] = 6
    assert _diplomatic(s, "eastmed", "aristocrats") == "4"


def test_the_athenian_levy_builds_ships_first_rule_15_62_d() -> None:
    """Athens is a naval theater: both its bases build a ship while the pool has them;
    with one ship left in the mix, the other base raises two foot."""
    s = example_turn()
    _, prompts = start(s, "levy", theater="athens", owner="aristocrats")
    p = prompt_of(prompts, "aristocrats")
    assert levy(view(s, "aristocrats"), p, Rng("l"), NO_PLAN) == "2"
    s["forces"]["athens"]["A"]["naval"] = 9  # 12 in the mix, 2 more at sea elsewhere
    assert levy(view(s, "aristocrats"), p, Rng("l"), NO_PLAN) == "1"


def test_raid_or_expedition_rule_9_1() -> None:
    """The matrix's raid raids; another PS issue marches; off the matrix, a fight the
    side cannot match is raided instead (ours)."""
    s = example_turn()
    s["strategos"]["aristocrats"] = 3
    _, prompts = start(s, "raid_choice", theater="sparta", owner="aristocrats")
    p = prompt_of(prompts, "aristocrats")
    raid = TheaterPlan("sparta", (Step("military", "sparta", ("commit:3", "raid")),))
    march = TheaterPlan("sparta", (Step("military", "sparta", ("commit:5",)),))
    th.add(s, "sparta", "A", "land", 1)
    v = view(s, "aristocrats")
    assert raid_choice(v, p, Rng("r"), raid) == "raid"
    assert raid_choice(v, p, Rng("r"), march) == "expedition"
    assert raid_choice(v, p, Rng("r"), NO_PLAN) == "raid"  # 20 Spartan land strength
    _, prompts = start(s, "raid_choice", theater="boeotia", owner="agiad")
    p = prompt_of(prompts, "agiad")
    assert raid_choice(view(s, "agiad"), p, Rng("r"), NO_PLAN) == "expedition"


def test_persian_gold_covers_a_naval_base_first_rule_15_7() -> None:
    """A ship bought with Persian gold goes where a Peloponnesian base in a naval theater
    stands without a ship."""
    s = example_turn()
    s["alcibiades"] = "persia"
    th.add(s, "cyclades", "P", "bases", 1)
    s["forces"]["persia"] = {"persia": {"land": 0, "naval": 0, "bases": 1}}
    _, prompts = start(s, "persian_gold")
    p = prompt_of(prompts, "agiad")
    assert "cyclades" in {o.id for o in p.options}
    assert persian_gold(view(s, "agiad"), p, FixedRng([]), NO_PLAN) == "cyclades"
