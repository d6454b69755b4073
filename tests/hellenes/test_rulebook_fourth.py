"""The rulebook read a fourth time (session 15): the four readings the third pass left
open (Earthquake and Retreats, Pillage with newly joined besiegers, a Sortie in the Season
the siege began, Gela opened by a Wintering move), then rules of the core sections that
no earlier position test pinned down. Each from a position, dice fixed where dice matter;
earlier audits' tests (test_rules_*.py, test_rulebook_*.py) are not repeated."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.moves import group_areas, muster_targets, pillage_targets

from .helpers import fix_dice, ids, platea_besieged, position, prompt


# ------------------------------------------------------------------ the four readings
def test_earthquake_bars_moves_not_a_sortie_nor_the_sortiers_retreat():
    """Earthquake (Events sidebar of 3.1), 8.3, 6.4 (ruling): the victim may not Move or
    Pillage that Season, but a Sortie is no move (8.3: no movement occurs) and a Retreat is
    not a Move (5.22 names the two apart). Spartans in Potidea under Athens' Earthquake
    have no Group to move and no Muster, yet may Sortie; beaten, they go back inside."""
    g = position(scenario="431", season=1, turn={"side": "sparta", "actions": 0},
                 start="combat", args={"side": "sparta"}, effects={"earthquake": ["sparta"]})
    s = g.state
    assert group_areas(s, "sparta") == [] and muster_targets(s, "sparta") == []
    assert "sortie:Potidea" in ids(g, "sparta")
    g.act("sparta", "sortie:Potidea")
    g.act("sparta", "S40")
    fix_dice(g, [3, 3])
    g.act("athens", "fight")  # the Athenian light infantry (B1, defending) misses
    g.act("sparta", "retreat")
    s = g.state
    assert s["blocks"]["S40"]["inside"] is True and s["blocks"]["S40"]["loc"] == "POT"
    assert "Potidea" in s["sieges"]


def test_5_5_besiegers_who_arrived_this_turn_stay_when_the_others_pillage():
    """5.5 (ruling): Pillaging withdraws the besieging Group as it stood when the turn
    began. Theban hoplites (S26) who marched into Platea this turn are not of that Group:
    when the Thebans already there (S25) pillage and withdraw, S26 stays, the siege goes
    on from its old date, and Sparta gains 1 Prestige. No friendly unit may enter Platea
    again this turn, and the siege may still be fought in this Combat phase (8.0)."""
    g = platea_besieged("sparta", "actions", actions=3, blocks={"S26": {"loc": "THE", "cv": 3}})
    g.act("sparta", "move:THE")
    g.act("sparta", "S26")
    g.act("sparta", "PLA")
    assert "pillage:Platea" in ids(g, "sparta")
    g.act("sparta", "pillage:Platea")
    assert prompt(g, "sparta").kind == "pillage"
    g.act("sparta", "THE")  # S25's withdrawal: the one question (S26 is not asked)
    assert prompt(g, "sparta").kind == "actions"
    s = g.state
    assert s["blocks"]["S25"]["loc"] == "THE" and s["blocks"]["S26"]["loc"] == "PLA"
    assert s["sieges"]["Platea"]["since"] == 4 and s["prestige"] == -1
    assert "PLA" in s["turn"]["no_entry"] and "move:PLA" not in ids(g, "sparta")
    g.act("sparta", "done")
    assert {"assault:Platea", "attrition:Platea"} <= set(ids(g, "sparta"))


def test_5_5_no_pillage_when_a_besieger_of_the_old_group_has_nowhere_to_go():
    """5.5: every unit of the besieging Group must withdraw to an adjacent area free of
    enemy units. Hemmed in by Athenians in all of Platea's neighbours, the Thebans cannot
    Pillage; with Thebes free again, they can."""
    around = {"A1": {"loc": "THE", "cv": 3}, "A2": {"loc": "MEG", "cv": 3},
              "A3": {"loc": "CRN", "cv": 3}, "A7": {"loc": "PHO", "cv": 1},
              "A8": {"loc": "ORC", "cv": 1}}
    g = platea_besieged("sparta", "actions", actions=2, blocks=around)
    assert sorted(B.comps().land_neighbours("PLA")) == ["ATH", "CRN", "MEG", "ORC", "PHO", "THE"]
    assert pillage_targets(g.state, "sparta") == []
    g = platea_besieged("sparta", "actions", actions=2,
                        blocks={**around, "A1": {"loc": "pool"}})
    assert pillage_targets(g.state, "sparta") == ["Platea"]


def test_8_3_7_2_a_sortie_in_the_season_the_siege_began():
    """8.3, 7.2, 8.0 (ruling): the first Player-Turn of a siege has no Siege Combat against
    the City (the besiegers may neither Assault nor Attrition until a later Season), but
    a Sortie is the besieged engaging the besiegers, which 8.0 and 8.3 do not date: the
    Plataeans shut in this Season may Sortie in Athens' turn of the same Season."""
    g = platea_besieged("athens", "combat", since=5)
    assert "sortie:Platea" in ids(g, "athens")
    g = platea_besieged("sparta", "combat", since=5)
    assert not {"assault:Platea", "attrition:Platea"} & set(ids(g, "sparta"))


def test_15_2_a_wintering_group_move_out_of_gela_opens_it():
    """15.2, 9.214 (ruling): Gela stays neutral until a Gelan unit leaves the City, however
    it leaves. A Wintering Group Move (1 Action) taking the Gelan hoplites to Syracuse
    opens Gela. Quartering and Homing never take a Gelan out of a closed Gela: its units
    are at home, within its Capacity, and no other unit may enter it."""
    g = position(scenario="sicily", season=5, stamp=5, start="winter_actions",
                 args={"side": "sparta", "maintained": []},
                 turn={"side": "sparta", "actions": 3})
    assert B.neutral(g.state, "GEL")
    assert "wmove:GEL" in ids(g, "sparta")
    assert not [x for x in ids(g, "sparta") if x.startswith(("quarter", "home"))]
    g.act("sparta", "wmove:GEL")
    g.act("sparta", "S54")
    g.act("sparta", "SYR")
    s = g.state
    assert s["blocks"]["S54"]["loc"] == "SYR" and s["effects"]["gela_open"]
    assert not B.neutral(s, "GEL")
