"""The order of an operations round asked in steps (rule 3.1; engine/rulesets/ppw/
orders.py): no prompt lists more than 25 options, every legal order is reachable and
nothing else, and the steps stay as secret as the sealed order."""

from __future__ import annotations

import copy

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.flow import order_options
from engine.rulesets.ppw.orders import DRAFTS, MOST, REGION_OF, REGIONS
from engine.testing import assert_view_hides

from .conftest import give_order


def reachable(game: Game, seat: str, depth: int = 0) -> set[str]:
    """Every order the steps lead to from `seat`'s prompt, each prompt checked for its
    length, walked on copies of the game."""
    p = game.prompt_for(seat)
    assert p is not None and len(p.options) <= MOST, (len(p.options), p.text)
    out: set[str] = set()
    for o in p.options:
        if o.id == "back":
            continue
        if o.id.startswith(("stack:", "region:")):
            assert depth < 2
            g = Game.from_dict(game.to_dict(), RULESET)
            g.act(seat, o.id)
            out |= reachable(g, seat, depth + 1)
        else:
            out.add(o.id)
    return out


def test_the_regions_hold_every_area_once_and_fit_a_prompt():
    b = board()
    assert set(REGION_OF) == set(b.area_spaces)
    for _, _, areas in REGIONS:
        assert sum(len(b.area_spaces[a]) for a in areas) < MOST  # with "back"


def test_every_legal_order_is_reachable_and_no_prompt_is_long():
    rng = Rng("steps")
    seen_regions = 0
    for n, (scenario, players) in enumerate((("431", 4), ("archidamian", 2), ("431", 3))):
        g = Game.create(RULESET, scenario, seed=f"steps{n}", options={"players": players})
        checked = 0
        while g.outcome is not None or checked < 6:
            if g.outcome is not None:
                break
            ps = g.prompts()
            if ps[0].kind == "order" and not any(o.id == "back" for o in ps[0].options):
                seat = ps[0].seat
                full = {o.id for o in order_options(g.state, seat)}
                assert reachable(g, seat) == full
                seen_regions += any(o.id.startswith("stack:") and len(o.data["objectives"]) >= MOST
                                    for o in ps[0].options)
                checked += 1
            p = rng.choice(ps)
            g.act(p.seat, random_answer(p, rng))
    assert seen_regions > 0  # a fleet's long reach was grouped by region at least once


def test_a_stack_then_an_objective_seals_the_order():
    g = Game.create(RULESET, "431", seed="two", options={"players": 4})
    for p in list(g.prompts()):
        g.act(p.seat, "pass")
    assert g.state["phase"] == "operations"
    p = g.prompt_for("sparta")
    assert p.text.endswith("your order") and "stack:SPA:land" in {o.id for o in p.options}
    assert give_order(g, "sparta", "op:SPA:land:ELE") == 3  # by land far: a region first
    assert g.view("sparta")["my_choice"] == "op:SPA:land:ELE"
    assert give_order(g, "thebes", "pass") == 1
    # a fleet reaching more than 24 spaces: its region first, then the objective
    fleet = next(o for o in g.prompt_for("athens").options if o.id == "stack:PIR:naval")
    assert len(fleet.data["objectives"]) >= MOST
    assert give_order(g, "athens", f"op:PIR:naval:{fleet.data['objectives'][-1]}") == 3


def test_back_returns_to_the_previous_step():
    g = Game.create(RULESET, "431", seed="back", options={"players": 4})
    for p in list(g.prompts()):
        g.act(p.seat, "pass")
    first = {o.id for o in g.prompt_for("athens").options}
    g.act("athens", "stack:PIR:naval")
    g.act("athens", next(o.id for o in g.prompt_for("athens").options
                         if o.id.startswith("region:")))
    g.act("athens", "back")
    assert any(o.id.startswith("region:") for o in g.prompt_for("athens").options)
    g.act("athens", "back")
    assert {o.id for o in g.prompt_for("athens").options} == first
    assert DRAFTS not in g.state["flow"][-1]["args"]


def test_a_half_chosen_order_is_hidden_and_varied():
    """Rule 3.1: others see neither the order nor the stack chosen for it."""
    g = Game.create(RULESET, "431", seed="half", options={"players": 4})
    for p in list(g.prompts()):
        g.act(p.seat, "pass")
    before = {seat: copy.deepcopy(g.view(seat)) for seat in ("athens", "corinth", "thebes")}
    g.act("sparta", "stack:SPA:land")
    for seat, view in before.items():
        after = g.view(seat)
        assert {k: v for k, v in after.items() if k != "game"} == \
            {k: v for k, v in view.items() if k != "game"}
        assert assert_view_hides(g, seat) >= 1
    world = RULESET.determinize(g.state, "athens", Rng("w"))
    assert DRAFTS not in world["flow"][-1]["args"]
    assert RULESET.determinize(g.state, "sparta", Rng("w"))["flow"][-1]["args"][DRAFTS] == \
        {"sparta": ["stack:SPA:land"]}
