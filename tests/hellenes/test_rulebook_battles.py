"""The rulebook read again, section 6 (Combat) with 5.41: the order of battles (6.0), where
each side may Retreat (6.4) and Sea Landings (6.6), from positions in Phocis (no City,
next to Locris, Aetolia, Orchomenus, Platea and the Gulf of Corinth). Earlier audits'
tests (Retire and Retreat Prestige, fleets, besieged defenders, units with no way out,
a second Formation after the first loses) are not repeated here."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B

from .helpers import fix_dice, position, prompt


def _battle(att_units, def_units, via="LOC", from_sea=False):
    """Sparta engages Athens in Phocis from `via`, at stamp 1 (Spring 431)."""
    blocks = {b: {"loc": "PHO", "cv": cv} for b, cv in {**att_units, **def_units}.items()}
    return position(scenario="431", season=1, blocks=blocks,
                    turn={"side": "sparta", "actions": 0}, start="battle",
                    args={"area": "PHO", "attacker": "sparta", "defender": "athens",
                          "formations": [{"area": "PHO", "via": via,
                                          "units": sorted(att_units), "from_sea": from_sea}]})


def test_6_4_defenders_retreat_neither_whence_the_enemy_came_nor_into_its_areas():
    """6.4: Spartiates (S1) engage Athenian hoplites (A1) in Phocis from Locris. Athens
    may retreat to Aetolia or Platea: not to Locris (whence the enemy came), not to
    Orchomenus (a Spartan City: enemy-controlled), not to the Gulf (a land unit without
    a fleet). The Retreat comes before any loss: a Retire, no Prestige (14.11)."""
    g = _battle({"S1": 3}, {"A1": 3})
    fix_dice(g, [3, 4, 3])  # the Spartiates (B) fire first and miss
    g.act("sparta", "fight")
    g.act("athens", "retreat")
    p = prompt(g, "athens")
    assert p.kind == "retreat"
    assert sorted(o.id for o in p.options) == ["AET", "PLA"]
    assert B.area_control(g.state, "ORC") == "sparta"
    g.act("athens", "PLA")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "PLA" and s["battle"] is None
    assert s["prestige"] == 0


def test_6_4_aggressors_retreat_only_back_whence_they_came():
    """6.4: the aggressor's only way out is the area it engaged from (Locris), though
    Aetolia and Platea are open too."""
    g = _battle({"S1": 3}, {"A1": 3})
    g.act("sparta", "retreat")
    p = g.prompt_for("sparta")
    if p is not None and p.kind == "retreat":
        assert [o.id for o in p.options] == ["LOC"]
        g.act("sparta", "LOC")
    s = g.state
    assert s["blocks"]["S1"]["loc"] == "LOC" and s["battle"] is None
    assert s["prestige"] == 0  # a Retire before any Hit or Rout (14.11)


def test_6_6_a_fleet_on_land_against_a_sea_landing_cannot_retreat():
    """6.6, 6.4 (Fleets Trapped on Land): Spartiates land in Phocis from the Gulf of
    Corinth, where an Athenian fleet (A18) stands ashore beside hoplites (A1). The
    landers skip round one; when Athens retreats, the hoplites may go (even to Locris:
    the enemy came from the sea), but the fleet, with no Port in Phocis, stays and the
    battle goes on against it."""
    g = _battle({"S1": 3}, {"A1": 3, "A18": 2}, via="S_GCO", from_sea=True)
    fix_dice(g, [3, 4, 3, 4, 3,  3, 4, 3,  3, 4])  # round 1: Athens alone; round 2: S1, A18
    g.act("athens", "fight")
    g.act("sparta", "fight")
    g.act("athens", "retreat")
    p = prompt(g, "athens")
    assert p.kind == "retreat" and "Hoplites" in p.text
    assert sorted(o.id for o in p.options) == ["AET", "LOC", "PLA"]
    g.act("athens", "AET")
    s = g.state
    assert s["blocks"]["A1"]["loc"] == "AET"
    assert s["blocks"]["A18"]["loc"] == "PHO" and s["battle"] is not None
    assert prompt(g, "sparta").kind == "retreat-or-fight"  # round 3, fleet still there


def test_5_41_once_a_formation_wins_the_unfought_one_joins_it_without_a_battle():
    """5.41, 6.34: Spartans engage Athenian hoplites (A1, 2 cv) in Phocis by two
    Formations, from Locris (S5, 1 cv) and Orchomenus (S6, 2 cv). S5 fights first: A1
    (defending, so first among the C units) misses; S5 (C2) rolls a 5, a Rout: the only
    defender is routed, Athens Panics and retreats (not to Locris nor Orchomenus, whence
    the enemy came), Sparta gains 2, and S6 simply joins the winners in Phocis."""
    blocks = {"S5": {"loc": "PHO", "cv": 1}, "S6": {"loc": "PHO", "cv": 2},
              "A1": {"loc": "PHO", "cv": 2}}
    g = position(scenario="431", season=1, blocks=blocks,
                 turn={"side": "sparta", "actions": 0}, start="battle",
                 args={"area": "PHO", "attacker": "sparta", "defender": "athens",
                       "formations": [
                           {"area": "PHO", "via": "LOC", "units": ["S5"], "from_sea": False},
                           {"area": "PHO", "via": "ORC", "units": ["S6"], "from_sea": False}]})
    fix_dice(g, [3, 4, 5])
    g.act("sparta", "formation:0")
    g.act("athens", "fight")  # A1 fires 3, 4
    g.act("sparta", "fight")  # S5 rolls the 5
    p = prompt(g, "athens")
    assert p.kind == "retreat" and sorted(o.id for o in p.options) == ["AET", "PLA"]
    g.act("athens", "PLA")
    s = g.state
    assert s["battle"] is None and s["prestige"] == -2
    assert s["blocks"]["S5"]["loc"] == s["blocks"]["S6"]["loc"] == "PHO"
    assert s["blocks"]["S6"]["cv"] == 2


def _two_battles(in_aetolia: list[str]):
    """Spartans have engaged Athenians in Aetolia (`in_aetolia` against A36) and in
    Phocis (S5 against A1) this turn; their Actions end and Combat begins."""
    blocks = {"S5": {"loc": "PHO", "cv": 2}, "A1": {"loc": "PHO", "cv": 2},
              "A36": {"loc": "AET", "cv": 2},
              **{u: {"loc": "AET", "cv": 2} for u in in_aetolia}}
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 1},
                 start="actions", args={"side": "sparta"}, blocks=blocks)
    g.state["turn"]["engaged"] = [
        {"area": "AET", "via": "LOC", "units": in_aetolia, "from_sea": False},
        {"area": "PHO", "via": "LOC", "units": ["S5"], "from_sea": False}]
    g._prompts = None
    g.act("sparta", "done")
    return g


def test_6_0_the_smaller_battle_first_and_the_acting_player_orders_equal_ones():
    """6.0: battles are fought smallest first by the acting side's units in them: Phocis
    (one Spartan unit) before Aetolia (two), though Aetolia was engaged first; with one
    unit in each, Sparta chooses."""
    g = _two_battles(["S1", "S2"])
    assert g.state["battle"]["place"] == "PHO"
    g2 = _two_battles(["S1"])
    p = prompt(g2, "sparta")
    assert p.kind == "battle-order"
    assert sorted(o.id for o in p.options) == ["battle:AET", "battle:PHO"]
