"""The rulebook read again, section 7-8 (Siege, Siege Combat): positions around the siege
of Platea, each with what the rules say must follow. Earlier audits' tests (Potidea's
Capitulation, Double Defense, Treachery, Attrition) are not repeated here."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.siege import refresh

from .helpers import (
    POTIDEA_SIEGE,
    battle_args,
    fix_dice,
    ids,
    move_all,
    platea_besieged,
    position,
    prompt,
)


def _platea(since: int, side: str = "sparta", event: bool = False, start: str = "combat",
            actions: int = 0, blocks: dict | None = None):
    """Platea besieged by the Thebans since stamp `since` (helpers.platea_besieged)."""
    return platea_besieged(side, start, actions=actions, since=since, event=event,
                           blocks=blocks)


def test_7_1_no_more_units_fortify_than_the_capacity_and_no_fleet_in_an_inland_city():
    """7.1: at most double the City Value may go inside (Platea, Value 1: two units), and
    a fleet can fortify only in a Port: Platea is inland, so its fleet must fight."""
    blocks = {"A12": {"loc": "PLA", "cv": 1}, "A6": {"loc": "PLA", "cv": 2},
              "A13": {"loc": "PLA", "cv": 2}, "A18": {"loc": "PLA", "cv": 2},
              "S5": {"loc": "PLA", "cv": 2}}
    g = position(scenario="431", season=1, blocks=blocks,
                 turn={"side": "sparta", "actions": 0}, start="battle",
                 args={"area": "PLA", "attacker": "sparta", "defender": "athens",
                       "formations": [{"area": "PLA", "via": "THE", "units": ["S5"],
                                       "from_sea": False}]})
    p = prompt(g, "athens")
    assert p.kind == "fortify" and p.hi == 2
    assert sorted(o.id for o in p.options) == ["A12", "A13", "A6"]  # not the fleet A18
    with pytest.raises(IllegalAction):
        g.act("athens", "A12|A13|A6")
    g.act("athens", "A12|A6")
    s = g.state
    assert s["blocks"]["A12"]["inside"] and s["blocks"]["A6"]["inside"]
    # the cavalry and the fleet left outside must fight: a battle, not yet a siege
    assert "Platea" not in s["sieges"]
    assert set(battle_args(g)["order"]) == {"A13", "A18", "S5"}


def test_7_2_no_siege_combat_in_the_turn_the_siege_began():
    """7.2, 8.0: a siege established this Season cannot be Assaulted or Attritioned yet;
    one from a prior Season can."""
    fresh = ids(_platea(since=5), "sparta")
    assert "assault:Platea" not in fresh and "attrition:Platea" not in fresh
    older = ids(_platea(since=4), "sparta")
    assert {"assault:Platea", "attrition:Platea"} <= set(older)


def test_8_1_an_event_turn_offers_attrition_but_no_assault_and_no_sortie():
    """3.1, 8.1, 8.3: a side that played an Event may only wage Siege Attrition: no
    Assault (no Treachery here) and no Sortie from its own besieged City (Potidea)."""
    options = ids(_platea(since=4, event=True), "sparta")
    assert "attrition:Platea" in options
    assert "assault:Platea" not in options and "sortie:Potidea" not in options


def test_8_3_a_garrison_alone_cannot_sortie():
    """8.3: garrisons never Sortie: with only its garrison left, Platea offers Athens no
    Sortie, while with the Plataean hoplites inside it does."""
    assert "sortie:Platea" in ids(_platea(since=4, side="athens"), "athens")
    alone = _platea(since=4, side="athens", blocks={"A6": {"loc": "pool"}})
    assert "sortie:Platea" not in ids(alone, "athens")


def test_8_1_city_defenders_ignore_routs_and_fire_first_at_a2():
    """8.1, 6.33: in an Assault the City's defenders (garrison included) fire as A2, so
    before the Theban C3 hoplites, and cannot be Routed: three Rout dice (4, 5, 6) for the
    Thebans do nothing, and the battle goes on to a second round."""
    g = _platea(since=4)
    g.act("sparta", "assault:Platea")
    fix_dice(g, [3, 4, 3,  4, 5, 6,  3, 3, 3])
    g.act("athens", "resist")
    g.act("sparta", "fight")
    a = battle_args(g)
    assert a["order"] == ["A6", "garrison", "S25"]
    assert a["routed"] == [] and a["round"] == 2
    s = g.state
    assert s["blocks"]["A6"]["cv"] == 2 and "Platea" in s["garrisons"]
    assert s["prestige"] == 0


def test_7_3_an_inherent_garrison_goes_with_the_siege_a_detached_one_stays():
    """7.3: the garrison that appeared with the siege of Platea is removed when the
    Thebans march off and the defenders stand in the open again; Potidea's permanent
    (detached) garrison stays when the Athenian besiegers are gone."""
    g = _platea(since=4, start="actions", actions=2)
    g.act("sparta", "move:PLA")
    move_all(g, "sparta")
    g.act("sparta", "THE")
    s = g.state
    assert "Platea" not in s["sieges"] and "Platea" not in s["garrisons"]
    assert not s["blocks"]["A6"]["inside"]
    assert B.area_control(s, "PLA") == "athens"
    for x in s["blocks"].values():
        if x["loc"] == "POT" and x["side"] == "athens":
            x["loc"] = "pool"
    refresh(s)
    assert "Potidea" not in s["sieges"]
    assert s["garrisons"]["Potidea"] == {"side": "sparta", "kind": "detached"}


# ------------------------------------------- a captured City's holders (7.1, 6.4, 7.3)
def _stagira(generation: int, start: str = "battle", **kw):
    """Spartiates (S1, 2 cv) hold Stagira, an Athenian subject City they took; Athenian
    hoplites (A1, 3 cv) engage them from Potidea. At `generation` (rules.py)."""
    from .helpers import RULES

    pos = dict(scenario="431", season=1, stamp=5, turn={"side": "athens", "actions": 0},
               blocks={"S1": {"loc": "STA", "cv": 2}, "A1": {"loc": "STA", "cv": 3}},
               start=start, **kw)
    if start == "battle":
        pos["args"] = {"area": "STA", "attacker": "athens", "defender": "sparta",
                       "formations": [{"area": "STA", "via": "POT", "units": ["A1"],
                                       "from_sea": False}]}
    return RULES.from_position(pos, seed="test", generation=generation)


def test_7_1_the_holders_of_a_captured_city_may_fortify_in_it():
    """7.1, 7.3 (generation 1): the units defending a CityState may fortify in its City,
    whoever it is loyal to (the 431 set-up has Spartans fortified in captured Potidea):
    the Spartiates go inside Stagira, a siege begins, and no inherent garrison appears,
    Stagira not being loyal to Sparta; Sparta still controls the City."""
    g = _stagira(1)
    p = prompt(g, "sparta")
    assert p.kind == "fortify" and [o.id for o in p.options] == ["S1"]
    g.act("sparta", "S1")
    s = g.state
    assert s["sieges"]["Stagira"]["besieger"] == "athens" and s["blocks"]["S1"]["inside"]
    assert "Stagira" not in s["garrisons"]
    assert B.city_control(s, B.comps().cities["Stagira"]) == "sparta"
    assert B.area_control(s, "STA") == "athens"


def test_7_1_generation_0_kept_a_captured_citys_holders_outside():
    """Games created before generation 1 replay as they were played: there the City's
    control went to its Loyalty once both sides stood in the Province, so the Spartiates
    could not fortify and the battle began at once."""
    g = _stagira(0)
    assert "generation" not in g.state
    assert prompt(g, "sparta").kind == "retreat-or-fight"  # no fortify question


def test_6_4_the_holders_of_a_captured_city_may_retreat_into_it():
    """6.4 (generation 1): defenders of a CityState may end the battle by retreating into
    its City and fortifying. At generation 0 the City was not offered to Stagira's
    Spartan holders (nor, Stagira's neighbours being Athenian or open, is it now the
    only way)."""
    from engine.rulesets.hellenes.battle_retreat import CITY, retreats

    for generation, offered in ((1, True), (0, False)):
        g = _stagira(generation)
        if generation:
            g.act("sparta", "")  # fortify nobody: fight in the Province
        assert prompt(g, "sparta").kind == "retreat-or-fight"
        ways = retreats(g.state, battle_args(g), "S1")
        assert (CITY in ways) is offered
        assert "POT" not in ways  # whence the Athenians came
        if generation:
            g.act("sparta", "retreat")
            p = prompt(g, "sparta")
            assert p.kind == "retreat" and CITY in [o.id for o in p.options]
            g.act("sparta", CITY)
            s = g.state
            assert s["blocks"]["S1"]["inside"] and s["sieges"]["Stagira"]["besieger"] == "athens"
            assert s["prestige"] == 0  # before any loss: a Retire (14.11)


def test_8_1_a_captured_city_carried_by_assault_goes_back_to_its_loyal_side():
    """8.1, 8.11, 14.11 (generation 1): Athens assaults the Spartiates besieged in Stagira
    (no garrison: 7.3). Double Defense: two Hits a step; the second round's two Hits
    finish them; the City is Athens' again and the Triumph is worth 2."""
    g = _stagira(1, start="combat", args={"side": "athens"},
                 sieges={"Stagira": {"besieger": "athens", "since": 4,
                                     "blockade_since": None},
                         "Potidea": dict(POTIDEA_SIEGE)})
    g.state["blocks"]["S1"]["inside"] = True
    g.act("athens", "assault:Stagira")
    fix_dice(g, [3, 3,  1, 1, 3,   3,  1, 1, 3])
    g.act("sparta", "resist")
    g.act("athens", "fight")
    assert g.state["blocks"]["S1"]["cv"] == 1
    g.act("athens", "fight")
    s = g.state
    assert s["blocks"]["S1"]["loc"] == "pool" and "Stagira" not in s["sieges"]
    assert B.city_control(s, B.comps().cities["Stagira"]) == "athens"
    assert s["prestige"] == 2


def test_6_4_besiegers_who_fell_back_from_an_assault_do_not_fight_again_that_turn():
    """6.4, 8.0, 8.12: the Thebans assault Platea, take the defenders' first fire and fall
    back into the Province (a Retire: no loss yet); the siege stands, and this turn
    Platea is offered neither another Assault nor Attrition."""
    g = _platea(since=4)
    g.act("sparta", "assault:Platea")
    fix_dice(g, [3, 4, 3])  # the Plataeans and the garrison miss
    g.act("athens", "resist")
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S25"]["loc"] == "PLA" and not s["blocks"]["S25"]["inside"]
    assert s["sieges"]["Platea"]["besieger"] == "sparta" and s["prestige"] == 0
    options = ids(g, "sparta")
    assert "assault:Platea" not in options and "attrition:Platea" not in options
