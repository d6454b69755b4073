"""Rule 17.7.7 ii (where a beaten landing party retreats), read again from the rulebook
into described positions with fixed dice.

In our words: attackers who came ashore straight from their ships and are beaten (or break
off) do not go back to the hex their voyage began in. They go back aboard, into the sea
Area they landed from, or into a coastal hex beside the battle that holds no enemy; with
no ships left and no such hex they cannot retreat. Games created before generation 10 send
them back to the voyage's start, as they were recorded (RULINGS.md 26)."""

from __future__ import annotations

from engine.core import decisions
from engine.rulesets.epic.state import NON_ENEMY_SEAS, SEPARATE_FLEETS

from .conftest import city_hexes, described
from .helpers import start, through_menus

PIRAEUS = city_hexes()["Piraeus"]
BEACH = "W3530"  # a clear coast of Megarid on the Saronic Gulf, near Nisaea
NEXT_BEACH = "W3630"  # the clear Attic coast beside it, on the same sea


def _landing(generation=None, enemy_fleet=False):
    """Phormio sails an Athenian fleet and hoplite from Piraeus onto a Spartan hoplite on
    the Megarian beach; after one round (every die a 1) Athens breaks off."""
    units = [{"home": "attica", "type": "fleet", "at": "Piraeus", "morale": 5},
             {"home": "attica", "type": "hoplite", "at": "Piraeus", "morale": 5},
             {"home": "laconia", "type": "hoplite", "at": BEACH}]
    if enemy_fleet:  # at sea in the Saronic Gulf: the ships cannot go back there (17.7.1b)
        units.append({"home": "corinth", "type": "fleet", "at": "saronic-gulf"})
    g = described("rulebook-landing-retreats", ct=1, generation=generation,
                  regions={"megarid": {"side": "sparta", "al": 10, "ml": 10}},
                  units=units, leaders={"Phormio": "Piraeus"})
    start(g, "move", [], side="athens", step="choose")
    g.act("athens", f"from:{PIRAEUS}")
    p = g.prompts()[0]
    g.act("athens", decisions.encode(p, [o.id for o in p.options]))
    through_menus(g, "athens", f"to:{BEACH}")
    if enemy_fleet:
        g.act("sparta", "pass")  # no interception (16.4.5)
    g.act("athens", "done")
    start(g, "combats", [1] * 8, side="athens")
    athenians = list(g.state["battle"]["att"])
    g.act("athens", "off")  # 17.8: the attacker breaks off
    return g, athenians


def _where(g, athenians):
    s = g.state
    return {s["units"][u]["hex"] for u in athenians} | {s["leaders"]["Phormio"]["hex"]}


def test_17_7_7_ii_the_beaten_landing_party_chooses_its_ships_or_the_coast_beside():
    g, athenians = _landing()
    (p,) = g.prompts()
    assert p.seat == "athens" and p.kind == "retreat" and p.rule == "17.7.7"
    assert [o.id for o in p.options] == ["saronic-gulf", NEXT_BEACH]
    assert p.options[0].label == "Back aboard the ships in Saronic Gulf"
    g.act("athens", "saronic-gulf")
    assert _where(g, athenians) == {"saronic-gulf"}  # afloat, the hoplite aboard
    assert g.state["battle"] is None


def test_17_7_7_ii_the_party_may_take_the_free_coastal_hex_instead():
    g, athenians = _landing()
    g.act("athens", NEXT_BEACH)
    assert _where(g, athenians) == {NEXT_BEACH}  # the fleet beached with its troops


def test_17_7_7_ii_with_an_enemy_fleet_in_that_sea_only_the_coast_was_left():
    """In games of generation 10, a Corinthian fleet at sea in the Saronic Gulf closed the
    ships to the party: the only way out was the Attic coast beside the beach, and no
    question was asked. From generation 11 the party's own fleet on the coast makes the Gulf
    contested (8.4), and the ships stay open (test_rulebook_stranded.py)."""
    g, athenians = _landing(generation=NON_ENEMY_SEAS - 1, enemy_fleet=True)
    assert not any(p.kind == "retreat" for p in g.prompts())
    assert _where(g, athenians) == {NEXT_BEACH}


def test_17_7_7_ii_games_of_an_older_generation_sail_home():
    """Before generation 10 the party went back to where its voyage began, Piraeus."""
    g, athenians = _landing(generation=SEPARATE_FLEETS - 1)
    assert not any(p.kind == "retreat" for p in g.prompts())
    assert _where(g, athenians) == {PIRAEUS}
