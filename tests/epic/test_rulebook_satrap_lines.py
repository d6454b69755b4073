"""Appendix C with rule 9.3.1: a satrap's city as a supply source, read into positions.

In our words: Tissaphernes' troops may draw supply from Sardis, and Pharnabazus' from
Dascylium. Those cities are sources like any other, so the ordinary tracing rules hold: a
line runs through at most three Areas (9.3.3), and through a contested Area only along
hexes holding no enemy unit or city (9.3.1). Games created before generation 16 traced a
satrap's line Area by Area, as every line was traced before generation 14 (RULINGS.md 93)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import events as E
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.state import PERSIAN_LINES

from .full_helpers import full, hand, run
from .helpers import put

POCKET = "E2234"  # an Ionian coast hex whose only land neighbours are E2333 and E2334
OPEN = "E2433"  # an Ionian hex joined to Lydia through free hexes


def _ionia(seed, generation=None, shut=True):
    """The Ionian scenario: Tissaphernes' troops brought to Miletus (fixed die 6), Ephesus
    Athenian, so Ionia is contested for Sparta; `shut`: Attic hoplites on both land
    neighbours of the pocket hex."""
    g = full(seed, "ionian")
    s = g.state
    if generation is not None:
        s["generation"] = generation
    s["marks"]["Miletus"] = "sparta"
    hand(g, "sparta", "tissaphernes-troops-1")
    run(g, E.play, [6], "sparta", "tissaphernes-troops-1|Miletus")
    troops = sorted(u for u, x in s["units"].items() if x["home"] == "persia-tissaphernes")
    if shut:
        put(g, "attica", "hoplite", "E2333")
        put(g, "attica", "hoplite", "E2334")
    assert B.area_status(s, "ionia", "sparta") == "contested"
    return g, troops


def test_appendix_c_a_persian_unit_shut_in_by_athenians_traces_no_line_to_sardis():
    g, troops = _ionia("sat-pocket")
    s = g.state
    s["units"][troops[0]]["hex"] = POCKET
    assert not S.in_supply(s, troops[0], set())


def test_appendix_c_a_persian_unit_on_free_hexes_still_reaches_sardis():
    g, troops = _ionia("sat-open")
    s = g.state
    s["units"][troops[0]]["hex"] = OPEN
    assert S.in_supply(s, troops[0], set())  # Ionia's free piece -> Lydia (Sardis)
    assert OPEN in S.persian_reach(s, "tissaphernes")
    assert "persia-lydia" in S.persian_reach(s, "tissaphernes")


def test_appendix_c_the_pocket_is_supplied_once_the_athenians_are_gone():
    g, troops = _ionia("sat-free", shut=False)
    s = g.state
    s["units"][troops[0]]["hex"] = POCKET
    assert S.in_supply(s, troops[0], set())


def test_appendix_c_older_games_trace_the_satraps_line_area_by_area():
    g, troops = _ionia("sat-old", generation=PERSIAN_LINES - 1)
    s = g.state
    s["units"][troops[0]]["hex"] = POCKET
    assert S.in_supply(s, troops[0], set())  # Ionia -> Lydia, though the hex is shut in


def _erythraea(seed, generation=None):
    """Tissaphernes' troops brought to Miletus, one of them moved to Erythraea's far hex
    (E1726), beyond the Athenian towns of Clazomenae and Teos, which bar the peninsula's
    neck; the rest stand in Lydia."""
    g, troops = _ionia(seed, generation=generation, shut=False)
    s = g.state
    for u in troops[1:]:
        s["units"][u]["hex"] = "E2629"  # Lydia
    s["units"][troops[0]]["hex"] = "E1726"
    assert B.area_status(s, "erythraea", "sparta") == "contested"
    return s, troops[0]


def test_9_3_1_appendix_c_athenian_towns_cut_the_erythraean_peninsula_from_sardis():
    s, u = _erythraea("sat-ery")
    assert not S.in_supply(s, u, set())
    s["units"][u]["hex"] = "E2128"  # on Smyrna's side of the towns: two Areas to Sardis
    assert S.in_supply(s, u, set())


def test_9_3_1_appendix_c_older_games_cross_the_peninsula_to_sardis():
    s, u = _erythraea("sat-ery-old", generation=PERSIAN_LINES - 1)
    assert S.in_supply(s, u, set())
