"""The rulebook read again, sections 9-10 (Winter, Year End, New Year): positions with what
the rules say must follow. Earlier audits' tests (Quartering, Homing and Displacement
examples, Maintenance, Tribute at Potidea, the first Sacrifice) are not repeated here."""

from __future__ import annotations

from engine.rulesets.hellenes import board as B

from .helpers import ids, platea_besieged, position, prompt, winter_ids


def _winter_platea(side: str, **blocks):
    """Winter 431: Thebans (S25) besiege the Plataean hoplites since Spring."""
    return platea_besieged(side, "winter_actions", season=5, actions=2, since=3,
                           blocks=blocks)


def test_9_1_no_events_in_winter():
    """9.1, 3.1: in Winter a card is played for its Actions only; in Spring either end."""
    hands = {"athens": [9, 27], "sparta": [29, 10]}
    winter = position(scenario="431", season=5, hands=hands, start="commit")
    assert ids(winter, "athens") == ["9:a", "27:a"]
    assert ids(winter, "sparta") == ["10:a", "29:a"]
    spring = position(scenario="431", season=1, hands=hands, start="commit")
    assert {"9:e", "27:e"} <= set(ids(spring, "athens"))


def test_9_21_no_muster_and_no_pillage_in_winter():
    """9.21: the Thebans have besieged Platea (an Opposing City) since a prior Season, yet
    Winter offers Sparta neither Pillage nor Musters, only Wintering moves, Maintenance
    and Building."""
    options = ids(_winter_platea("sparta"), "sparta")
    assert not [o for o in options if o.startswith(("pillage:", "muster:", "move:"))]
    assert "maintain" in options and any(o.startswith("wmove:") for o in options)


def test_9_21_only_homing_units_may_challenge_a_besieged_city():
    """9.21, 9.212, 9.31: next to besieged Platea stand Acarnanian slingers (A35, not at
    home there) and Athenian hoplites (A3, Attica: Platea is a Home City). The slingers
    may not Quarter into the besieged City; the hoplites may go home to Athens or fight
    a Homing Battle at Platea, but not simply Quarter there."""
    g = _winter_platea("athens", A35={"loc": "PHO", "cv": 2}, A3={"loc": "PHO", "cv": 2})
    options = winter_ids(g, "athens")
    assert not [o for o in options if o.startswith("quarter:") and o.endswith(":PLA")]
    assert "hbattle:A3:PLA:PHO" in options and "home:A3:ATH" in options
    assert not [o for o in options if o.startswith("hbattle:A35")]


def test_9_51_tribute_counts_opposing_cities_only():
    """9.51: Athens holds Spartan Megara (Value 2) with a unit and its own Platea: only
    Megara pays. Potidea is back in Athenian hands (its Spartans gone): Sparta gets none.
    """
    blocks = {"S23": {"loc": "pool"}, "S24": {"loc": "pool"}, "S19": {"loc": "pool"},
              "S40": {"loc": "pool"}, "A1": {"loc": "MEG", "cv": 2}}
    g = position(scenario="431", prestige=0, blocks=blocks, garrisons={}, sieges={},
                 start="year_end")
    s = g.state
    assert B.city_control(s, B.comps().cities["Megara"]) == "athens"
    assert s["prestige"] == 2


def test_10_3_one_sacrifice_per_olympian_carried_over_from_earlier_years():
    """10.3: Athens' Sacrifice to Ares from 430 is still there in 431, and a second one to
    Ares is not offered; the other Olympians are."""
    g = position(scenario="431", hands={"athens": [9, 10], "sparta": [11, 25]},
                 sacrifices={"athens": {"Ares": 430}, "sparta": {}})
    g.act("athens", "9:a")
    g.act("sparta", "25:a")  # 3 coins each: Sparta sacrifices first (3.3)
    g.act("sparta", "Ares")
    p = prompt(g, "athens")
    assert p.kind == "sacrifice"
    offered = [o.id for o in p.options]
    assert "Ares" not in offered and "Zeus" in offered and len(offered) == 6
    g.act("athens", "Zeus")
    assert g.state["sacrifices"]["athens"] == {"Ares": 430, "Zeus": 431}


def test_14_21_fifteen_prestige_wins_only_at_the_victory_check():
    """14.21, 9.52: Surrender is judged at the Year End's Victory Check: Sparta reaching
    15 by a Pillage in Spring has not won yet; the game goes on."""
    g = platea_besieged("sparta", "actions", actions=2, prestige=-14)
    g.act("sparta", "pillage:Platea")
    g.act("sparta", "THE")
    assert g.state["prestige"] == -15
    assert g.outcome is None and prompt(g, "sparta").kind == "actions"
