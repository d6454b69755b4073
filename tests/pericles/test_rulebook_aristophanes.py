"""The Aristophanes cards and the Persian War read from the rulebook (5.0, 5.1, 5.13,
13.2), each card drawn on a described position."""

from __future__ import annotations

from engine.rulesets.pericles import assembly as asm
from engine.rulesets.pericles.schema import PericlesState

from .rulebook import position, start


def shown(s: PericlesState, city: str) -> list[tuple[str, str | None, int]]:
    return [(i["kind"], asm.side(i["pos"], city), abs(i["pos"])) for i in s["display"][city]]


def test_lysistrata_c_sets_both_cities_a_base_to_build_rule_5_1() -> None:
    """5.0 and 5.1: Lysistrata C puts a Diplomatic issue on each Assembly and sets the
    Will of the Assembly: Athens to build a base in Macedonia, Sparta one in Thessalia."""
    s = position()
    s["aristophanes"] = "Lysistrata C"
    start(s, "aristophanes")
    assert [k for k, _, _ in shown(s, "athens")] == ["diplomatic"]
    assert [k for k, _, _ in shown(s, "sparta")] == ["diplomatic"]
    assert s["will"] == {"athens": {"theater": "macedonia", "task": "base"},
                         "sparta": {"theater": "thessalia", "task": "base"}}


def test_frogs_c_ostracism_on_thucydides_and_alcibiades_to_persia_rule_5_0() -> None:
    """5.0: Frogs C puts Ostracism on the Demagogues' 1-space, cuts each city's stock by
    6 for the turn (given back when it ends, R33) and sends Alcibiades to Persia."""
    s = position()
    s["aristophanes"] = "Frogs C"
    start(s, "aristophanes")
    assert shown(s, "athens") == [("ostracism", "demagogues", 1)] and shown(s, "sparta") == []
    assert s["stock"] == {"athens": 15, "sparta": 15} and s["restore"] == {"athens": 6, "sparta": 6}
    assert s["alcibiades"] == "persia"


def test_clouds_a_puts_war_peace_on_each_opposition_rule_5_0() -> None:
    """5.0 (16.0): Clouds A puts War/Peace on the 1-space of each city's Opposition."""
    s = position()  # the Demagogues and the Agiad are in opposition
    s["aristophanes"] = "Clouds A"
    start(s, "aristophanes")
    assert shown(s, "athens") == [("war_peace", "demagogues", 1)]
    assert shown(s, "sparta") == [("war_peace", "agiad", 1)]


def test_an_acharnians_card_brings_the_plague_once_rule_5_13() -> None:
    """5.13: the Acharnians cards bring the Plague: Athens loses a third of each kind of
    its units there (rounded down) and the game is after the Plague from then on."""
    s = position()
    s["aristophanes"] = "Acharnians A"
    start(s, "aristophanes")
    assert s["plague"] == "post" and s["forces"]["athens"]["A"] == {"land": 4, "naval": 4, "bases": 2}
    s["aristophanes"] = "Acharnians B"
    start(s, "aristophanes")
    assert s["forces"]["athens"]["A"] == {"land": 4, "naval": 4, "bases": 2}


def test_the_persian_war_costs_the_athenian_cf_each_end_phase_rule_13_2() -> None:
    """13.2 (R27): while the Persian War lasts, the Athenian Controlling Faction loses 2
    Honor in each End phase; once it is over, nothing."""
    s = position("14.1.01 C")
    assert s["persian_war"]
    start(s, "will_of_assembly")
    assert s["honor"]["aristocrats"] == 8 and s["honor"]["demagogues"] == 10
    s["persian_war"] = False
    start(s, "will_of_assembly")
    assert s["honor"]["aristocrats"] == 8
