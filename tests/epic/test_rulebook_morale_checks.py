"""Rules 17.4.3, 17.5.2-17.5.6, 17.7.4 and 18.6.5 (the morale check and what it does to a
unit), read again from the rulebook into described positions with fixed dice.

In our words: a unit checking morale rolls a die, adds the result's modifier (+1 to +3, or
nothing for M) and compares it with its current morale: not above it, the unit holds and
is demoralized; above it, the unit retreats; three or more above, it dies (17.5.3,
17.5.6). A D result takes one morale away, and a unit at 0 must retreat, unless it holds
a fortress or has nowhere to go (17.5.2). A unit with nowhere to go that fails is
demoralized and rolls again, unmodified: it dies on its current morale plus three, else
it stays in the fight two points down (17.7.4). Once a masked fortress's walls are
breached, the units left inside fight as if in the open town and, having nowhere to go,
take that second check (18.6.5). The light troops shift is counted again each round
(17.4.3)."""

from __future__ import annotations

import pytest

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic.battles import open_battle

from .conftest import city_hexes, described
from .helpers import start

CITY = city_hexes()
OLYNTHUS, ANTHEDON = CITY["Olynthus"], CITY["Anthedon"]  # small: walled, and unwalled
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())
BEHIND = next(h for h in B.comps().land_neighbors(NEXT_TO_OLYNTHUS)  # one more hex out
             if h != OLYNTHUS and h not in B.comps().land_neighbors(OLYNTHUS))
NEXT_TO_ANTHEDON = next(h for h in B.comps().land_neighbors(ANTHEDON)
                        if h not in B.city_by_hex())


def _attack(g, side, to, origin, storm=False, leaders=()):
    """Everything `side` has on the map moves onto `to` from `origin` and the battle opens."""
    s = g.state
    att = [u for u, x in s["units"].items() if x["side"] == side and x["where"] == "map"]
    for u in att:
        s["units"][u]["hex"] = to
    for n in leaders:
        s["leaders"][n]["hex"] = to
    b = open_battle(s, {"hex": to, "origin": origin, "units": att, "leaders": list(leaders),
                        "storm": storm}, side)
    assert b is not None
    return b


def _field():
    """A Laconian hoplite attacks an Attic hoplite (morale 4) on the clear hex beside
    Olynthus, which has open hexes behind it."""
    g = described("rulebook-morale", units=[
        {"home": "laconia", "type": "hoplite", "at": BEHIND},
        {"home": "attica", "type": "hoplite", "at": NEXT_TO_OLYNTHUS, "morale": 4}])
    b = _attack(g, "sparta", NEXT_TO_OLYNTHUS, BEHIND)
    assert b["def_can_retreat"] and not b["fortress"]
    return g.state, b, b["dfn"][0]


@pytest.mark.parametrize(("plus", "die", "result"), [
    (0, 4, "demoralized"),  # not above 4
    (0, 5, "retreats"),  # above it
    (0, 6, "retreats"),  # two above: still only a retreat
    (3, 4, "eliminated"),  # 17.5.6: 4 + 3 is three above
    (1, 6, "eliminated"),
    (2, 2, "demoralized"),  # 2 + 2 is not above 4
    (2, 3, "retreats"),
])
def test_17_5_3_and_17_5_6_the_check_against_current_morale(plus, die, result):
    s, b, uid = _field()
    K.check(s, b, uid, plus, b["def_can_retreat"], lambda: die)
    assert (uid in b["dead"], uid in b["retreat"]) == {
        "eliminated": (True, False), "retreats": (False, True),
        "demoralized": (False, False)}[result]
    if result == "demoralized":  # 17.5.3: a unit that holds loses a point too
        assert b["morale"][uid] == 3


def test_17_5_2_a_wall_defender_brought_to_0_stays_on_the_walls():
    """A Laconian hoplite storms Olynthus held by an Attic hoplite worn down to morale 1:
    a D takes it to 0, and behind walls it does not retreat (17.5.2, 18.6.1)."""
    g = described("rulebook-morale", units=[
        {"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS},
        {"home": "attica", "type": "hoplite", "at": "Olynthus"}])
    b = _attack(g, "sparta", OLYNTHUS, NEXT_TO_OLYNTHUS, storm=True)
    (uid,) = b["dfn"]
    b["morale"][uid] = 1
    K.apply_result(g.state, b, "dfn", "D", lambda: 1)
    assert b["morale"][uid] == 0 and uid not in b["retreat"]


def _anthedon(defender):
    """Athenians storm Anthedon, a small unwalled Boeotian town: the stormers in its hex
    mask it, so its defenders have nowhere to go (17.7.1b; RULINGS.md 5); they take the
    town's +1 (17.4.4)."""
    g = described("rulebook-morale", units=[
        {"home": "attica", "type": "hoplite", "at": NEXT_TO_ANTHEDON, "n": 2, "morale": 5},
        {"home": "boeotia", **defender, "at": "Anthedon"}],
        leaders={"Pericles": NEXT_TO_ANTHEDON})
    b = _attack(g, "athens", ANTHEDON, NEXT_TO_ANTHEDON, storm=True, leaders=["Pericles"])
    assert not b["fortress"] and not b["def_can_retreat"]
    return g.state, b, b["dfn"][0]


def test_17_5_2_a_unit_with_nowhere_to_go_brought_to_0_stays():
    s, b, uid = _anthedon({"type": "hoplite", "morale": 5})
    b["morale"][uid] = 1
    K.apply_result(s, b, "dfn", "D", lambda: 1)
    assert b["morale"][uid] == 0 and uid not in b["retreat"]


@pytest.mark.parametrize(("second", "dies"), [(6, True), (5, False)])
def test_17_7_4_the_second_check_kills_at_current_morale_plus_3(second, dies):
    """A Boeotian light infantry (morale 3, +1 in the town: 4) rolls 5 on an M: it fails
    and cannot retreat, so it drops to 3 and rolls again, unmodified: a 6 (3 + 3) kills
    it; a 5 leaves it in the fight at 2, two points down for the round."""
    s, b, uid = _anthedon({"type": "light", "morale": 3})
    assert b["morale"][uid] == 4
    dice = iter([5, second])
    K.check(s, b, uid, 0, b["def_can_retreat"], lambda: next(dice))
    assert uid not in b["retreat"] and (uid in b["dead"]) == dies
    if not dies:
        assert b["morale"][uid] == 2


def test_18_6_5_a_masked_fortress_breached_leaves_its_last_defender_nowhere_to_go():
    """Archidamus' five Laconian hoplites masked Olynthus in an earlier move and now storm it
    from its own hex. Three Attic hoplites hold it; Athens puts two on the walls (18.6.2).
    Round 1 (5 against 2 is 2-1, no light troops shift at walls; die 1: D/+2): the two on
    the walls, worn down to morale 1, roll 2 and 2 (4: three above 1) and die, so the walls
    are breached. Round 2 (5 against 1, 4-1; die 1: D/+3): the last hoplite, now at 5 + 1
    for an unwalled small town, rolls 4 (7: it fails); with the town masked it cannot
    retreat (18.6.5, 17.7.4), rolls a 1 again and stays in the fight at 6 - 2."""
    g = described("rulebook-morale", units=[
        {"home": "laconia", "type": "hoplite", "at": "Olynthus", "n": 5},
        {"home": "attica", "type": "hoplite", "at": "Olynthus", "n": 3, "morale": 5}],
        leaders={"Archidamus": "Olynthus"})
    s = g.state
    sparta = B.units_at(s, OLYNTHUS, "sparta")
    b = open_battle(s, {"hex": OLYNTHUS, "origin": OLYNTHUS, "units": sparta,
                        "leaders": ["Archidamus"], "storm": True}, "sparta")
    assert b is not None and b["fortress"] and not b["def_can_retreat"]
    s["battle"] = b
    rng = start(g, "battle", [1, 2, 2])
    walls, last = b["dfn"][:2], b["dfn"][2]
    for u in walls:
        b["morale"][u] = 1
    g.act("athens", "|".join(walls))
    assert b["dead"] == walls and not b["fortress"]  # 18.6.5: breached
    assert b["dfn"] == [*walls, last] and b["morale"][last] == 5 + 1
    rng.values.extend([1, 4, 1])
    g.act("sparta", "go")
    assert last not in b["retreat"] and last not in b["dead"] and b["morale"][last] == 4


def test_17_4_3_example_the_shift_is_counted_again_after_a_hoplite_retreats():
    """The rulebook's example: two Attic hoplites, a light infantry and a Thessalian
    cavalry attack two elite Laconian hoplites. 4-2 is 2-1, shifted to 3-1 for the light
    troops (two of them, against two hoplites). One Attic hoplite retreats: 3-2, and with
    more light troops than hoplites the shift is lost."""
    g = described("rulebook-morale", units=[
        {"home": "attica", "type": "hoplite", "at": BEHIND, "n": 2},
        {"home": "attica", "type": "light", "at": BEHIND},
        {"home": "thessaly", "type": "cavalry", "at": BEHIND},
        {"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS, "n": 2, "morale": 6}],
        leaders={"Pericles": BEHIND})
    s = g.state
    b = _attack(g, "athens", NEXT_TO_OLYNTHUS, BEHIND, leaders=["Pericles"])
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(3, 1) and [x["why"] for x in facts["shifts"]] == ["lights"]
    b["retreat"].append(next(u for u in b["att"] if s["units"][u]["type"] == "hoplite"))
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(3, 2) and facts["shifts"] == []
