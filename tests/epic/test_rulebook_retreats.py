"""Rules 17.4.4, 17.7.1 and 17.7.2 (where beaten units may go), read again from the
rulebook into described positions.

In our words: a defender in the open may fall back to any adjacent passable hex holding no
enemy unit and no enemy city (17.7.1b). Units in a fortress are never made to retreat, but
they may retreat when they fail a morale check and have a hex to go to, unless the place
was already besieged (or, by 10.2.2d, masked) before the attack (17.4.4, 17.7.2)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic.battles import defender_retreats, open_battle, retreat_hexes
from engine.rulesets.epic.places import name as full_place
from engine.rulesets.epic.state import FORTRESS_RETREATS

from .conftest import city_hexes, described

CITY = city_hexes()
OLYNTHUS, ATHENS = CITY["Olynthus"], CITY["Athens"]
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())


def position(**p):
    return described("rulebook-retreats", **p)


def test_17_7_1b_no_retreat_into_an_enemy_unit_or_city():
    """A Spartan hoplite beside Athens (W3730): Athens, an enemy city, and a hex holding an
    Athenian hoplite are no way out; its other clear neighbours are."""
    c = B.comps()
    spot = "W3730"
    assert ATHENS in c.land_neighbors(spot)
    blocked = next(n for n in c.land_neighbors(spot)
                   if n != ATHENS and n not in B.city_by_hex())
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": spot},
                        {"home": "attica", "type": "hoplite", "at": blocked}])
    ways = retreat_hexes(g.state, spot, "sparta")
    assert ATHENS not in ways and blocked not in ways
    assert ways and all(c.hexes[h].terrain in ("clear", "rough") for h in ways)


def _storm_olynthus(masked_by: int = 0, besieged: bool = False, from_inside: bool = False,
                    generation: int | None = None, game: bool = False):
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS, "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus"}],
                 leaders={"Archidamus": NEXT_TO_OLYNTHUS}, generation=generation)
    s = g.state
    att = B.units_at(s, NEXT_TO_OLYNTHUS, "sparta")
    for u in att:
        s["units"][u]["hex"] = OLYNTHUS
    s["leaders"]["Archidamus"]["hex"] = OLYNTHUS
    if masked_by:
        stand = next(u for u, x in sorted(s["units"].items()) if x["home"] == "laconia"
                     and x["type"] == "hoplite" and x["where"] == "pool")
        s["units"][stand].update(where="map", hex=OLYNTHUS)
    if besieged:
        s["sieges"][OLYNTHUS] = {"by": "sparta", "morale": 4, "initial": 4}
    free = [h for h in retreat_hexes(s, OLYNTHUS, "athens") if h != NEXT_TO_OLYNTHUS]
    assert free  # Olynthus has open hexes around it besides the one the Spartans came from
    origin = OLYNTHUS if from_inside else NEXT_TO_OLYNTHUS
    b = open_battle(s, {"hex": OLYNTHUS, "origin": origin, "units": att,
                        "leaders": ["Archidamus"], "storm": True}, "sparta")
    assert b is not None and b["fortress"]
    return (s, b, g) if game else (s, b)


def test_17_7_2_defenders_of_walls_stormed_at_once_may_retreat():
    """Three Laconians with Archidamus march onto Athenian Olynthus (walled small) and storm
    it in the same move: its hoplite was neither besieged nor masked before the attack, so a
    failed morale check lets it choose to leave by an open hex (17.7.2); the walls only spare
    it from being made to (17.4.4). Never into the hex the storm came from (RULINGS.md 6)."""
    s, b = _storm_olynthus()
    assert b["def_can_retreat"]
    ways = defender_retreats(s, b)
    assert ways and NEXT_TO_OLYNTHUS not in ways


def test_17_7_2_a_failed_check_on_the_walls_still_holds_the_unit():
    """With a way out the walls still never force one: a failed check (not a death) leaves
    the hoplite demoralized in the battle, and its side chooses at the round's end (17.8)."""
    s, b = _storm_olynthus()
    uid = b["dfn"][0]
    b["morale"][uid] = 3
    assert K.check(s, b, uid, 1, b["def_can_retreat"], lambda: 4)  # 5: above 3, below 3 + 3
    assert uid not in b["retreat"] and uid not in b["dead"] and b["morale"][uid] == 2


def test_10_2_2d_walls_masked_before_the_attack_shut_their_defenders_in():
    """A Laconian hoplite already stands in Olynthus' hex when the storm comes: the place
    was masked before the attack, so its defenders cannot leave (10.2.2d, 17.7.1b)."""
    s, b = _storm_olynthus(masked_by=1)
    assert not b["def_can_retreat"]


def test_17_4_4_besieged_walls_shut_their_defenders_in():
    """Olynthus under siege before the attack: no retreat (17.4.4's exception)."""
    s, b = _storm_olynthus(besieged=True)
    assert not b["def_can_retreat"]


def test_17_7_2_a_storm_by_the_masking_stack_itself_finds_the_defenders_shut_in():
    """The stack that masked Olynthus in an earlier move storms it from its own hex
    (10.2.1c): the defenders were masked before the attack."""
    s, b = _storm_olynthus(from_inside=True)
    assert not b["def_can_retreat"]


def test_games_of_an_older_generation_keep_the_walls_shut():
    """Games created before generation 3 replay as recorded: no retreat from stormed walls."""
    s, b = _storm_olynthus(generation=FORTRESS_RETREATS - 1)
    assert not b["def_can_retreat"]


def test_the_defender_is_asked_and_a_retreat_gives_up_the_place():
    """At the end of a round the attacker goes on, then the stormed defender is asked
    (17.8); it leaves for an open hex of its choosing, and the Spartans take Olynthus."""
    s, b, g = _storm_olynthus(game=True)
    s["battle"] = b
    b["rounds"] = 1
    s["flow"].append({"name": "battle_go_on", "args": {"which": "att"}})
    g._prompts = None
    assert [p.kind for p in g.prompts()] == ["continue"]
    g.act("sparta", "go")
    (asked,) = g.prompts()
    assert asked.seat == "athens" and asked.kind == "continue"
    g.act("athens", "off")
    ways = [h for h in retreat_hexes(s, OLYNTHUS, "athens") if h != NEXT_TO_OLYNTHUS]
    uid = b["dfn"][0]
    if len(ways) > 1:
        (whither,) = g.prompts()
        assert whither.kind == "retreat" and {o.id for o in whither.options} == set(ways)
        # each way is named as a player names a place, not by its bare hex id
        assert all(o.label == f"Retreat to {full_place(o.id)}" and o.label != f"Retreat to {o.id}"
                   for o in whither.options)
        g.act("athens", ways[0])
    assert g.state["units"][uid]["hex"] in ways
    assert B.holder(g.state, OLYNTHUS) == "sparta"


def test_17_4_4_the_walls_never_force_a_retreat():
    """Held: the hoplite on the walls at morale 2 rolls 2 on a +2 check (4: a failure, not
    a death): it stays in the battle, demoralized, neither retreated nor dead."""
    s, b = _storm_olynthus()
    uid = b["dfn"][0]
    b["morale"][uid] = 2
    K.check(s, b, uid, 2, b["def_can_retreat"], lambda: 2)
    assert uid not in b["retreat"] and uid not in b["dead"] and b["morale"][uid] == 1
