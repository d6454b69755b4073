"""How a battle ends (rules 17.7.5, 17.7.6, 17.7.7, 17.8, 17.9), what becomes of its
leaders (7.8.4, 7.8.6) and where a victory counts (13.3), read again from the rulebook
into described positions with fixed dice.

In our words: when every attacker still standing is in the Retreat box the attacker has
lost, even if the defender's units are all there too (17.7.5); when one side has no unit
left alive, the other wins with whatever it has left, retreated or not (17.7.6). Beaten
attackers go back to the hex they came from, except a stack storming a place it had masked
before, which stays in that hex (17.7.7 i; 10.2.1c). Either side may end a battle after a
round by leaving with all its units (17.8), and the side that stays then hunts the leavers
with its cavalry that are not in the Retreat box: one round, only deaths count, the hunted
units' morale is their printed morale less one for each round fought and never below 0,
and when the hunted have no cavalry the odds are the hunters' number to one, at most 4-1
(17.9.1, 17.9.3). Every leader in a battle rolls a die at its end and dies on a 6; a
replacement from the Leader Pool joins his stack, or waits in his home region's Force Pool
when the stack is gone, and a leader whose whole stack is destroyed dies with it (7.8.4,
7.8.6). A battle on an uninhabited island moves no region's levels, unless the victory is
decisive, when every region is an "other region" (13.3.2)."""

from __future__ import annotations

from engine.core import decisions
from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic import politics as P
from engine.rulesets.epic.battles import open_battle
from engine.rulesets.epic.state import ISLANDS_OPEN, MASKERS_STAY, SEPARATE_FLEETS

from .conftest import city_hexes, described
from .helpers import ids, start, through_menus

CLEAR, FROM = "W3530", "W3430"  # two clear hexes of Megarid, side by side
ISLAND, ISLAND_FROM = "W4224", "W4324"  # an uninhabited island of two clear hexes
OLYNTHUS = city_hexes()["Olynthus"]  # walled, small, Athenian
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())
MEGARID = {"megarid": {"side": "sparta", "al": 10, "ml": 10}}


def position(**p):
    return described("rulebook-battle-ends", **p)


def fight(g, side, hexid, origin, dice, leaders=(), storm=False):
    """March `side`'s units and `leaders` from `origin` onto `hexid` (a position may not
    hold both sides in the open with no battle due), open the battle they begin there and
    fight it with the fixed dice until the first question."""
    s = g.state
    att = B.units_at(s, origin, side)
    for u in att:
        s["units"][u]["hex"] = hexid
    for n in leaders:
        s["leaders"][n]["hex"] = hexid
    b = open_battle(s, {"hex": hexid, "origin": origin, "units": att,
                        "leaders": list(leaders), "storm": storm}, side)
    assert b is not None
    s["battle"] = b
    start(g, "battle", list(dice))
    return b, att


def where(s, uid):
    u = s["units"][uid]
    return u["where"], u["hex"]


# ------------------------------------------------------------------ 17.7.5, 17.7.6
def test_17_7_5_attackers_all_retreated_lose_though_the_defenders_retreated_too():
    """A Laconian hoplite (morale 5) attacks an Attic hoplite (4) in the open: 1-1, die 3 is
    M/M; both fail (6 each). The attacker has no one left in the fight, so he retreats to
    his hex and the Athenian keeps the field although it sat in the Retreat box: a
    victory for Athens in Spartan Megarid (-2 AL, -1 ML)."""
    g = position(regions=MEGARID,
                 units=[{"home": "laconia", "type": "hoplite", "at": FROM, "morale": 5},
                        {"home": "attica", "type": "hoplite", "at": CLEAR, "morale": 4}])
    s = g.state
    b, (spartan,) = fight(g, "sparta", CLEAR, FROM, [3, 6, 6])
    (athenian,) = b["dfn"]
    assert s["battle"] is None
    assert where(s, spartan) == ("map", FROM)
    assert where(s, athenian) == ("map", CLEAR)
    assert (s["regions"]["megarid"]["al"], s["regions"]["megarid"]["ml"]) == (8, 9)


def test_17_7_6_the_last_defender_killed_gives_the_field_to_an_attacker_in_the_retreat_box():
    """The same hoplite attacks an Attic light infantry (morale 3): M/M, the hoplite fails
    (6) and the light infantry dies (6 is 3 over its morale). The attacker's one unit is in
    the Retreat box, but the defender has none left: the Spartan wins and holds the hex
    (+2 AL, +1 ML in Megarid)."""
    g = position(regions=MEGARID,
                 units=[{"home": "laconia", "type": "hoplite", "at": FROM, "morale": 5},
                        {"home": "attica", "type": "light", "at": CLEAR}])
    s = g.state
    b, (spartan,) = fight(g, "sparta", CLEAR, FROM, [3, 6, 6])
    assert s["battle"] is None
    assert where(s, spartan) == ("map", CLEAR)
    assert s["units"][b["dfn"][0]]["where"] != "map"
    assert (s["regions"]["megarid"]["al"], s["regions"]["megarid"]["ml"]) == (12, 11)


# ------------------------------------------------------------------ 17.8, 17.9
def test_17_8_and_17_9_a_break_off_is_hunted_by_the_defenders_fresh_cavalry():
    """Two Laconian hoplites (5) with Archidamus attack two Attic hoplites and an Attic
    cavalry. 2-3, -1 for the defenders' light troops: 1-2, die 1 is D/M; the defenders
    pass. Sparta breaks off: both hoplites go back together (17.8). The
    Athenian cavalry pursue, 1 to 1 (no Spartan cavalry): die 1 gives +1 to the hunted, at
    morale 5 - 1 round = 4: a 6 kills (7), a 2 does not. Archidamus rolls 2 and lives."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": FROM, "morale": 5, "n": 2},
                        {"home": "attica", "type": "hoplite", "at": CLEAR, "morale": 4, "n": 2},
                        {"home": "attica", "type": "cavalry", "at": CLEAR}],
                 leaders={"Archidamus": FROM})
    s = g.state
    b, att = fight(g, "sparta", CLEAR, FROM, [1, 1, 1, 1, 1, 6, 2, 2], leaders=["Archidamus"])
    crt = [st for r in b["record"]["rounds"] for st in r["steps"] if st["kind"] == "crt"]
    assert crt[0]["facts"]["column"] == "1-2"
    g.act("sparta", "off")
    assert s["battle"] is None
    assert [where(s, u)[0] for u in att].count("map") == 1
    assert all(where(s, u) == ("map", FROM) for u in att if where(s, u)[0] == "map")
    assert s["leaders"]["Archidamus"]["hex"] == FROM
    hunt = [st for r in b["record"]["rounds"] for st in r["steps"] if st["kind"] == "pursuit"]
    assert hunt and hunt[0]["facts"]["column"] == "1-1"


def _hunt(n_fresh: int, n_retreated: int, rounds: int, dice: list[int]):
    g = position(units=[{"home": "boeotia", "type": "cavalry", "at": FROM,
                         "n": n_fresh + n_retreated},
                        {"home": "attica", "type": "light", "at": CLEAR},
                        {"home": "attica", "type": "hoplite", "at": CLEAR, "morale": 4}])
    s = g.state
    cav = B.units_at(s, FROM, "sparta")
    for u in cav:
        s["units"][u]["hex"] = CLEAR
    b = open_battle(s, {"hex": CLEAR, "origin": FROM, "units": cav, "leaders": [],
                        "storm": False}, "sparta")
    b["retreat"] = cav[:n_retreated]
    b["rounds"] = rounds
    it = iter(dice)
    lines = K.pursuit(s, b, "att", lambda: next(it))
    return s, b, lines


def test_17_9_1_and_17_9_3_only_cavalry_outside_the_retreat_box_hunt_and_morale_stops_at_0():
    """Five Boeotian cavalry won after four rounds, two of them in the Retreat box: three
    hunt, at 3-1 (the Athenians have no cavalry). Die 5 is M. The light infantry's morale
    (3 - 4) is taken as 0 and the hoplite's is 4 - 4 = 0, so a 2 kills neither (it would
    kill the light infantry at -1)."""
    s, b, lines = _hunt(3, 2, 4, [5, 2, 2])
    assert "column 3-1" in lines[0]
    assert b["dead"] == []
    s, b, lines = _hunt(3, 2, 4, [5, 3, 3])  # a 3 is three over 0: both die
    assert len(b["dead"]) == 2


def test_17_9_3_four_or_more_cavalry_hunt_at_4_1():
    """Six fresh cavalry hunting units with no cavalry roll on 4-1, not beyond."""
    s, b, lines = _hunt(6, 0, 1, [6, 1, 1])
    assert "column 4-1" in lines[0]


# ------------------------------------------------------------------ 7.8.6, 7.8.4
def test_7_8_6_a_leader_rolling_6_after_the_battle_dies_and_a_new_one_joins_his_stack():
    """Three Laconian hoplites with Archidamus attack an Attic hoplite: 3-1, die 1 is D/+2;
    the Athenian rolls 5 (7, three over 4) and dies. Archidamus' own die after the battle
    is a 6: he dies, and the first leader of the face-down pool takes his place
    with the stack in the won hex."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": FROM, "morale": 5, "n": 3},
                        {"home": "attica", "type": "hoplite", "at": CLEAR, "morale": 4}],
                 leaders={"Archidamus": FROM})
    s = g.state
    heir = s["leader_pool"]["sparta"][0]
    fight(g, "sparta", CLEAR, FROM, [1, 5, 6], leaders=["Archidamus"])
    assert s["battle"] is None
    assert s["leaders"]["Archidamus"]["where"] == "dead"
    assert s["leaders"][heir]["where"] == "map" and s["leaders"][heir]["hex"] == CLEAR


def test_7_8_6_a_leader_dies_with_his_destroyed_stack_and_his_heir_waits_at_home():
    """Four Attic hoplites attack one Laconian hoplite (5) with Archidamus: 4-1, die 1 is
    D/+3; the Laconian rolls 5 (8, three over 5) and dies. Archidamus falls with it; his replacement goes to Laconia's Force Pool (7.8.4)."""
    g = position(units=[{"home": "attica", "type": "hoplite", "at": FROM, "morale": 4, "n": 4},
                        {"home": "laconia", "type": "hoplite", "at": CLEAR, "morale": 5}],
                 leaders={"Archidamus": CLEAR})
    s = g.state
    heir = s["leader_pool"]["sparta"][0]
    fight(g, "athens", CLEAR, FROM, [1, 5])
    assert s["leaders"]["Archidamus"]["where"] == "dead"
    assert s["leaders"][heir]["where"] == "force" and s["leaders"][heir]["region"] == "laconia"


# ------------------------------------------------------------------ 17.7.7 i, 10.2.1c
def _storm_olynthus(origin: str, dice: list[int]):
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": origin, "morale": 5, "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus", "morale": 4}],
                 leaders={"Archidamus": origin})
    b, att = fight(g, "sparta", OLYNTHUS, origin, dice, leaders=["Archidamus"], storm=True)
    assert b["fortress"]
    return g, b, att


def test_17_7_7_i_stormers_of_a_place_they_masked_stay_in_its_hex_when_they_break_off():
    """Three Laconian hoplites with Archidamus have masked Olynthus since an earlier move and
    now storm it from its own hex. 3-1, die 6 is M/D; they pass (1, 1, 1) and Sparta breaks
    off. They stay in Olynthus' hex, still masking it; nobody is lost."""
    g, b, att = _storm_olynthus(OLYNTHUS, [6, 1, 1, 1, 2])
    s = g.state
    g.act("sparta", "off")
    assert s["battle"] is None
    assert all(where(s, u) == ("map", OLYNTHUS) for u in att)
    assert s["leaders"]["Archidamus"]["where"] == "map"
    assert s["leaders"]["Archidamus"]["hex"] == OLYNTHUS
    assert B.holder(s, OLYNTHUS) == "athens"


def test_17_7_7_i_stormers_of_a_place_they_masked_stay_when_all_fail_their_checks():
    """The same storm at 3-1, die 2 is M/+2: all three Laconians fail on 6s and the attack
    is over, but they stay in the hex they stormed from (17.7.7 i); the Athenian on the
    walls passes (1 + 2 against 4 + 1)."""
    g, b, att = _storm_olynthus(OLYNTHUS, [2, 6, 6, 6, 1, 2])
    s = g.state
    assert s["battle"] is None
    assert all(where(s, u) == ("map", OLYNTHUS) for u in att)
    assert s["leaders"]["Archidamus"]["hex"] == OLYNTHUS


def test_games_of_an_older_generation_lose_stormers_that_break_off_from_their_own_hex():
    """Games created before generation 4 replay as recorded: the stormers found no hex to
    go to and were lost."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": OLYNTHUS, "morale": 5, "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus", "morale": 4}],
                 leaders={"Archidamus": OLYNTHUS}, generation=MASKERS_STAY - 1)
    b, att = fight(g, "sparta", OLYNTHUS, OLYNTHUS, [6, 1, 1, 1, 2], leaders=["Archidamus"],
                   storm=True)
    g.act("sparta", "off")
    assert all(where(g.state, u)[0] != "map" for u in att)


def test_10_2_1c_stormers_that_came_straight_in_go_back_where_they_came_from():
    """The same storm made by a stack that marched in this move (Olynthus not masked at the
    start of the Campaign Turn): breaking off, it goes back to the hex it came from."""
    g, b, att = _storm_olynthus(NEXT_TO_OLYNTHUS, [6, 1, 1, 1, 2])
    s = g.state
    g.act("sparta", "off")
    assert all(where(s, u) == ("map", NEXT_TO_OLYNTHUS) for u in att)


# ------------------------------------------------------------------ 13.3.2
def _levels(s):
    return {r: (x["al"], x["ml"]) for r, x in s["regions"].items()}


def test_13_3_2_a_victory_on_an_uninhabited_island_moves_no_region():
    """A battle won on an island of no region (its hex's Area has no region, so the battle
    counts in none): an ordinary victory changes no region's levels."""
    assert B.region_of_hex(ISLAND) is None
    s = position().state
    before = _levels(s)
    assert P.victory_in(s, "sparta", [B.region_of_hex(ISLAND)], False) == []
    assert _levels(s) == before


def test_13_3_2_a_decisive_victory_on_an_island_counts_in_every_region_as_elsewhere():
    """A decisive victory there: every region takes the "other regions" row, +2 AL +1 ML
    where the winner (Sparta) rules, -2 AL -1 ML elsewhere, AL not pushed below 5."""
    s = position(regions={"attica": {"side": "athens", "al": 6, "ml": 9},
                          "euboea": {"side": "athens", "al": 3, "ml": 9}}).state
    before = _levels(s)
    P.victory_in(s, "sparta", [B.region_of_hex(ISLAND)], True)
    after = _levels(s)
    for r, (al, ml) in before.items():
        mine = s["regions"][r]["side"] == "sparta"
        want_al = min(20, al + 2) if mine else (max(al - 2, 5) if al > 5 else al)
        want_ml = min(20, ml + 1) if mine else max(1, ml - 1)
        assert after[r] == (want_al, want_ml), r
    assert after["attica"] == (5, 8) and after["euboea"] == (3, 8)


def test_1_2_uninhabited_islands_may_be_entered_by_either_side():
    """Islands with no city belong to no region, but either side's units may go there
    (1.2, 13.3.1): in the Campaign both sides may stand on one; games created before
    generation 8 kept them closed."""
    s = position().state
    assert ISLAND in B.allowed(s, "sparta") and ISLAND in B.allowed(s, "athens")
    old = position(generation=ISLANDS_OPEN - 1).state
    assert ISLAND not in B.allowed(old, "sparta")


def test_13_3_2_a_battle_fought_on_an_island_moves_no_region():
    """On the island's two hexes, a Laconian hoplite attacks an Attic light infantry: 1-1, M/M, the Laconian passes, the Athenian rolls 6 and
    dies. The Spartan holds the island; no region's levels move but Attica's 1 ML for its
    lost unit (13.3.2, 13.4)."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": ISLAND_FROM, "morale": 5},
                        {"home": "attica", "type": "light", "at": ISLAND}])
    s = g.state
    before = _levels(s)
    b, (spartan,) = fight(g, "sparta", ISLAND, ISLAND_FROM, [3, 1, 6])
    assert s["battle"] is None and where(s, spartan) == ("map", ISLAND)
    al, ml = before["attica"]
    before["attica"] = (al, ml - 1)
    assert _levels(s) == before


# ------------------------------------------------------------------ 16.2.2
def _sail_on_two_unled(generation=None, athenian_leader=False):
    """Two Spartan-side fleets under Archidamus sail from the Toronaic Gulf onto two
    Athenian fleets in the Thermaic Gulf (with Phormio among them if `athenian_leader`);
    Athens lets them come on without intercepting."""
    g = position(ct=1, generation=generation,
                 units=[{"home": "attica", "type": "fleet", "at": "thermaic-gulf",
                         "morale": 5, "n": 2},
                        {"home": "corinth", "type": "fleet", "at": "toronaic-gulf", "n": 2}],
                 leaders={"Archidamus": "toronaic-gulf",
                          **({"Phormio": "thermaic-gulf"} if athenian_leader else {})})
    start(g, "move", [], side="sparta", step="choose")
    g.act("sparta", "from:toronaic-gulf")
    g.act("sparta", decisions.encode(g.prompts()[0], ids(g, "sparta")))  # all of them
    through_menus(g, "sparta", "to:thermaic-gulf")
    g.act("athens", "pass")
    return g


def _battle(g, dice):
    g.act("sparta", "done")
    start(g, "combats", dice, side="sparta")
    return g.state["battle"]


def test_16_2_2_unled_fleets_at_sea_are_separate_stacks_attacked_one_at_a_time():
    """Two Athenian fleets share the Thermaic Gulf with no leader: they are two stacks, not
    one. Two Spartan fleets under Archidamus that sail onto them choose one and fight it
    two to one; the other Athenian fleet stays out of the battle (16.2.2, 7.8.2)."""
    g = _sail_on_two_unled()
    (p,) = g.prompts()
    assert p.seat == "sparta" and p.kind == "sea_target" and p.rule == "16.2.2"
    stacks = [o.data["fleets"] for o in p.options]
    assert len(stacks) == 2 and all(len(x) == 1 for x in stacks)
    assert all(o.label.startswith("Attack Attic fleet") and "alone" in o.label
               for o in p.options)
    g.act("sparta", p.options[1].id)
    assert g.state["attacks"][0]["targets"] == stacks[1]
    b = _battle(g, [3] * 12)
    assert b is not None and b["dfn"] == stacks[1] and len(b["att"]) == 2
    assert stacks[0][0] not in b["dfn"] + b["reserve"]


def test_16_2_2_a_leader_makes_his_fleets_one_stack():
    """With an Athenian leader among them the two fleets are one stack: no question is
    asked, and both fight (7.8.2)."""
    g = _sail_on_two_unled(athenian_leader=True)
    assert [p.kind for p in g.prompts()] == ["move"]
    b = _battle(g, [3] * 12)
    assert b is not None and len(b["dfn"]) == 2


def test_16_2_2_games_of_an_older_generation_attack_every_fleet_in_the_area():
    """Games created before generation 10 replay as recorded: the two unled fleets
    fight together and no question is asked."""
    g = _sail_on_two_unled(generation=SEPARATE_FLEETS - 1)
    assert [p.kind for p in g.prompts()] == ["move"]
    b = _battle(g, [3] * 12)
    assert b is not None and len(b["dfn"]) == 2
