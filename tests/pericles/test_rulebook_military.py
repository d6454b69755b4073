"""Military issues, expeditions and battles read from the rulebook (9.0-9.3, 10.2, 12.0),
each from a described position with the battle cards fixed. The worked example's three
battles are in test_battle.py; the march north and the siege of Plataea in
test_theaters.py."""

from __future__ import annotations

from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.battle import Side, fight
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.theater_flow import movable

from .rulebook import answer, card, cards, expedition, options, position, prompt, start


def test_major_defeat_costs_the_beaten_cf_3_rule_9_3() -> None:
    """9.3, Major Defeat (ruling R59): when a city's factions lose 5 Honor or more
    between them in one battle, its Controlling Faction loses 3 more and the city's
    Assembly marker steps toward the Opposition. Two pieces lost (4 Honor) is not one."""
    s = position("14.1.01 A")  # Boeotia: a Delian foot and base against 4 P foot and a base
    expedition(s, "boeotia", "agiad", "sparta", {"agiad": 5})
    cards(s, athens=4, sparta=5)  # 16 against 7: the foot and the base fall
    start(s, "battle", kind="land", second=False)
    assert s["forces"]["boeotia"]["D"] == {"land": 0, "naval": 0, "bases": 0}
    assert s["honor"]["aristocrats"] == s["honor"]["demagogues"] == 8  # no Major Defeat
    assert s["favor"]["athens"] is None
    s = position("14.1.01 A")
    th.add(s, "boeotia", "A", "land", 2)
    expedition(s, "boeotia", "agiad", "sparta", {"agiad": 5})
    cards(s, athens=4, sparta=5)  # 16 against 9: 7 points
    ctx = start(s, "battle", kind="land", second=False)
    answer(s, ctx, ("agiad", "A"))  # two Athenian foot, the Delian foot, then the base
    assert s["forces"]["boeotia"]["D"]["bases"] == 0 and s["forces"]["boeotia"]["A"]["land"] == 0
    # four pieces: -4 each; the Aristocrats govern, so 3 more; the marker leaves Neutral
    # for the Demagogues' side
    assert s["honor"] == {"aristocrats": 3, "demagogues": 6, "agiad": 18, "eurypontid": 14}
    assert s["favor"]["athens"] == "demagogues"
    assert s["log"][-2]["kind"] == "major_defeat"


def test_major_defeat_moves_the_favor_from_the_cf_to_neutral_rule_9_3() -> None:
    """9.3, ruling R59: a beaten city whose Controlling Faction holds the Favor sees the
    marker step back to Neutral, and when the defenders win, the attackers' city is the
    one defeated."""
    s = position("14.1.01 A")
    s["favor"] = {"athens": "aristocrats", "sparta": "agiad"}
    th.add(s, "boeotia", "A", "land", 3)
    s["forces"]["boeotia"]["P"]["land"] = 3  # 3 P foot and a base attack 3 A, a D foot and a base
    expedition(s, "boeotia", "agiad", "sparta", {})
    cards(s, athens=5, sparta=1)  # Athens 4 + 2 + 5 = 11 against 3 + 2 + 1 = 6
    ctx = start(s, "battle", kind="land", second=False)
    answer(s, ctx, ("agiad", "D"))  # three units lost: the winner loses a foot, Sparta naming it
    assert s["forces"]["boeotia"]["P"] == {"land": 0, "naval": 0, "bases": 0}
    # the defending CF takes the commander's share (R16): 4 pieces, +8 and +4
    assert s["honor"] == {"aristocrats": 18, "demagogues": 14, "agiad": 3, "eurypontid": 6}
    assert s["favor"] == {"athens": "aristocrats", "sparta": None}


def test_spartan_foot_fall_to_winner_losses_only_two_points_at_a_time_rule_9_3() -> None:
    """9.3: the winner loses one point of the battle's kind for every two units of that
    kind the loser lost; a Spartan foot costs 2 points, so three units lost leave it
    standing and four take one."""
    sparta = Side("sparta", {"S": {"land": 3, "naval": 0, "bases": 0}}, card=5)
    athens = Side("athens", {"A": {"land": 3, "naval": 0, "bases": 0}}, card=1)
    r = fight("aetolia", "land", sparta, athens, "agiad", "aristocrats")
    assert r.strength == {"sparta": 11, "athens": 4}
    assert r.lost == {"athens": ["A:land"] * 3, "sparta": []}  # one point is not a Spartan
    sparta = Side("sparta", {"S": {"land": 3, "naval": 0, "bases": 0}}, card=5)
    athens = Side("athens", {"A": {"land": 4, "naval": 0, "bases": 0}}, card=1)
    r = fight("aetolia", "land", sparta, athens, "agiad", "aristocrats")
    assert r.lost == {"athens": ["A:land"] * 4, "sparta": ["S:land"]}
    assert sparta.units["S"]["land"] == 2


def test_a_naval_theater_fights_at_sea_first_and_the_state_ship_counts_rule_9_3() -> None:
    """9.3 and 12.0: in a naval theater the first battle is at sea; the Athenian CF may
    add the State Ship (+1), which is then used; the winner alone may fight the other
    kind afterwards; every committed token goes back to the stock (9.2)."""
    s = position()
    s["strategos"]["agiad"] = 5
    stock = s["stock"]["sparta"]
    ctx = start(s, "expedition", theater="corcyra", owner="agiad")  # 2 D ships and a base
    answer(s, ctx, ("agiad", "2"), ("eurypontid", "0"), ("aristocrats", "0"), ("demagogues", "0"))
    # a Peloponnesian ship and foot sail from Sicily, where a Peloponnesian base stands
    assert {"P:naval@sicily", "P:land@sicily"} <= options(s, "agiad")
    answer(s, ctx, ("agiad", "P:naval@sicily"), ("agiad", "P:land@sicily"))
    assert prompt(s, "aristocrats").kind == "state_ship"
    cards(s, athens=1, sparta=5)
    answer(s, ctx, ("aristocrats", "ship"))
    battle = s["battle"]
    assert battle is not None and battle["kind"] == "naval"
    # Sparta 1 ship + 2 tokens + 5 = 8; Athens 2 ships + 2 (base) + the State Ship + 1 = 6
    assert battle["facts"]["strength"] == {"sparta": 8, "athens": 6}
    assert s["forces"]["corcyra"]["D"] == {"land": 0, "naval": 0, "bases": 1}  # 2 points: 2 ships
    assert s["forces"]["corcyra"]["P"]["naval"] == 0  # two lost: the winner loses one point
    # the Peloponnesian foot still face the Delian base: the winner may fight on land
    p = prompt(s, "agiad")
    assert p.kind == "second_battle" and [q.seat for q in MACHINE.prompts(s)] == ["agiad"]
    answer(s, ctx, ("agiad", "end"))
    assert s["state_ship"] == "used" and s["expedition"] is None
    assert s["stock"]["sparta"] == stock + 2 and s["strategos"]["agiad"] == 3


def test_a_tie_ends_the_battle_with_no_second_one_rule_9_3() -> None:
    """9.3, ruling R17: equal strengths leave every piece standing, and nobody has won
    the right to fight the other kind."""
    s = position("14.1.01 A")
    expedition(s, "boeotia", "agiad", "sparta", {})
    s["forces"]["boeotia"]["P"]["land"] = 1  # 1 + 2 + 4 against 1 + 2 + 4
    cards(s, athens=4, sparta=4)
    start(s, "battle", kind="land", second=False)
    assert s["battle"] is not None and s["battle"]["winner"] is None
    assert s["forces"]["boeotia"]["P"]["land"] == 1 and s["forces"]["boeotia"]["D"]["land"] == 1
    assert s["flow"] == [] and s["honor"]["agiad"] == 10


def test_a_raid_pays_3_for_3_honor_and_ravages_the_enemy_cf_first_rule_9_1() -> None:
    """9.0 point 4 and 9.1: a Military marker in a contested theater offers a raid or an
    expedition. The raid costs 3 Strategos (back to the stock) for 3 Honor, and the
    enemy loses the face of its top battle card in Strategos, its CF first (R25)."""
    s = position()
    s["strategos"] = {"aristocrats": 3, "demagogues": 5, "agiad": 4, "eurypontid": 0}
    s["deck"]["athens"] = [card("athens", 4)]
    stock = dict(s["stock"])
    ctx = start(s, "carry_out", theater="boeotia", owner="agiad", kind="military")
    assert options(s, "agiad") == {"raid", "expedition"}
    answer(s, ctx, ("agiad", "raid"))
    assert s["honor"]["agiad"] == 13 and s["strategos"]["agiad"] == 1
    # the ravage of 4: the Aristocrats (CF) give their 3, the Demagogues 1
    assert s["strategos"]["aristocrats"] == 0 and s["strategos"]["demagogues"] == 4
    assert s["stock"] == {"athens": stock["athens"] + 4, "sparta": stock["sparta"] + 3}
    s["strategos"]["agiad"] = 2  # too poor to raid: only the expedition is offered
    start(s, "carry_out", theater="boeotia", owner="agiad", kind="military")
    assert options(s, "agiad") == {"expedition"}


def test_only_the_cg_commits_in_a_theater_nobody_holds_rule_9_0() -> None:
    """9.0 point 3 and 9.2: in a neutral theater only the commanding general commits,
    at most 5; elsewhere every faction commits in secret, the CG up to 5 and the others
    up to 4."""
    s = position()
    s["strategos"] = {"aristocrats": 7, "demagogues": 7, "agiad": 7, "eurypontid": 7}
    start(s, "carry_out", theater="macedonia", owner="aristocrats", kind="military")
    [p] = MACHINE.prompts(s)
    assert p.seat == "aristocrats" and p.kind == "commit" and p.secret and p.hi == 5
    start(s, "expedition", theater="thessalia", owner="aristocrats")  # held by Athens
    caps = {p.seat: p.hi for p in MACHINE.prompts(s)}
    assert caps == {"aristocrats": 5, "demagogues": 4, "agiad": 4, "eurypontid": 4}


def test_the_300_march_without_using_up_a_commitment_rule_12_0() -> None:
    """12.0 and 9.2: the 300 move on their own; the units the attackers may move are as
    many as the Strategos they committed, the 300 not counted."""
    s = position()
    s["strategos"]["agiad"] = 1
    ctx = start(s, "expedition", theater="boeotia", owner="agiad")
    answer(s, ctx, ("agiad", "1"), ("eurypontid", "0"), ("aristocrats", "0"), ("demagogues", "0"))
    ex = s["expedition"]
    assert ex is not None and ex["moves"] == 1
    answer(s, ctx, ("agiad", "the300@sparta"))
    assert s["the_300"] == "boeotia" and ex["moves"] == 1
    assert "S:land@sparta" in {o.id for o in movable(s)}


def test_a_levy_raises_two_foot_or_one_ship_a_capital_base_rule_9_0() -> None:
    """9.0 point 1: a Military marker in one's own capital raises City-State units, two
    foot or one ship for each City-State base there, as the pool allows."""
    s = position("14.1.01 A")  # Athens: 2 foot, 6 ships, 2 bases
    ctx = start(s, "carry_out", theater="athens", owner="demagogues", kind="military")
    p = prompt(s, "demagogues")
    assert p.kind == "levy" and (p.lo, p.hi) == (0, 2)
    answer(s, ctx, ("demagogues", "1"))
    assert s["forces"]["athens"]["A"] == {"land": 4, "naval": 7, "bases": 2}


def test_at_peace_city_state_units_keep_out_league_units_go_rule_9_2() -> None:
    """9.2: at Peace a City-State unit may not enter a theater where enemy City-State
    units stand; League units may."""
    s = position(war=False)
    th.add(s, "boeotia", "S", "land", 1)
    assert th.path(s, "A", "land", "athens", "boeotia") is None
    assert th.path(s, "D", "land", "thessalia", "boeotia") == ["thessalia", "boeotia"]
    s["war"] = True
    assert th.path(s, "A", "land", "athens", "boeotia") is not None


def test_a_lone_exit_needs_equal_strength_of_its_kind_rule_9_2() -> None:
    """9.2, the exit rule: a unit leaves a theater only while its side has at least the
    enemy's strength of the unit's kind there, bases counting 2 for both kinds."""
    s = position()
    # Boeotia: 4 P foot and a P base (6) against a D foot and a D base (3): the Delian
    # foot cannot leave; a second Delian base and foot (6 against 6) let it out
    assert th.path(s, "D", "land", "boeotia", "thessalia") is None
    s["forces"]["boeotia"]["D"]["bases"] = 2
    s["forces"]["boeotia"]["D"]["land"] = 2
    assert th.path(s, "D", "land", "boeotia", "thessalia") == ["boeotia", "thessalia"]


def test_a_levy_with_the_enemy_in_the_capital_leads_to_battle_rule_9_0() -> None:
    """9.0 point 1 (ruling R60): a Military marker in one's own capital raises City-State
    units; with enemy units there, a battle follows, as an expedition of the marker's
    owner into its capital (16.0 notes it for Sparta). Athens is a naval theater, so the
    battle at sea comes first; its winner may then fight on land."""
    s = position("14.1.01 A")  # Athens: 2 A foot, 6 A ships, 2 A bases
    s["forces"]["athens"]["S"] = {"land": 2, "naval": 0, "bases": 0}
    ctx = start(s, "carry_out", theater="athens", owner="aristocrats", kind="military")
    answer(s, ctx, ("aristocrats", "0"))  # both bases raise foot: 4 more
    assert s["forces"]["athens"]["A"]["land"] == 6
    assert {p.kind for p in MACHINE.prompts(s)} == {"commit"}
    answer(s, ctx, *((f, "0") for f in ("aristocrats", "demagogues", "agiad", "eurypontid")))
    s["deck"] = {"athens": [card("athens", 1), card("athens", 1)],
                 "sparta": [card("sparta", 5), card("sparta", 5)]}
    answer(s, ctx, ("aristocrats", "keep"))  # no State Ship
    assert s["battle"] is not None and s["battle"]["kind"] == "naval"
    assert prompt(s, "aristocrats").kind == "second_battle"
    answer(s, ctx, ("aristocrats", "fight"))
    # on land: 6 foot and 2 bases (10) + 1 against 2 Spartan foot (4) + 5: one Spartan falls
    assert s["battle"]["kind"] == "land" and s["battle"]["facts"]["strength"] == \
        {"athens": 11, "sparta": 9}
    assert s["forces"]["athens"]["S"]["land"] == 1 and s["hostages"]["athens"] == 1
    assert s["honor"]["aristocrats"] == 12 and s["flow"] == []
    s = position("14.1.01 A")  # nobody else in Athens: the levy ends the marker
    ctx = start(s, "carry_out", theater="athens", owner="aristocrats", kind="military")
    answer(s, ctx, ("aristocrats", "2"))
    assert s["forces"]["athens"]["A"]["naval"] == 8 and s["flow"] == []
