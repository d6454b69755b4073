"""The Assembly and the political phase (5.0-7.3), with the playbook's worked example
(16.0) replayed round by round from its cards."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.game import Game
from engine.core.types import IllegalAction
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import assembly as asm

# 16.0: the Eurypontid (CF) holds 33, 37, 38, 44, 46, 55, 58, 59 and a ninth card
# (42 here: the example never shows it, and it must not be League-aligned, since 55 is
# the human's only League card); 37, 46 and 58 go to its Entourage. The Agiad holds 34,
# 35, 36, 39, 54 and an unaligned face-4 card (50 here), plus three cards the example
# never plays (45, 47, 49 here, which we lay as its Entourage, ruling R3).
EURYPONTID = [33, 37, 38, 42, 44, 46, 55, 58, 59]
AGIAD = [34, 35, 36, 39, 45, 47, 49, 50, 54]


def deal(game: Game, hands: dict[str, list[int]]) -> None:
    """Give each faction these cards (and its leader); the rest go back to the deck."""
    s = game.state
    for faction, cards in hands.items():
        city = asm.city_of(faction)
        pile = s["deck"][city] + [c for c in s["hands"][faction] if not asm.is_leader(c)]
        s["hands"][faction] = sorted([asm.leader_number(faction), *cards])
        s["deck"][city] = sorted(c for c in pile if c not in cards)
    game._prompts = None  # the state changed under the game: its prompts are built afresh


def act(game: Game, seat: str, answer: str) -> None:
    game.act(seat, answer)


def prompt_of(game: Game, seat: str) -> Any:
    return next(p for p in game.prompts() if p.seat == seat)


def issue_id(game: Game, city: str, kind: str, pos: int, nth: int = 0) -> str:
    found = [i for i in game.state["display"][city] if i["kind"] == kind and i["pos"] == pos]
    return f"i{found[nth]['id']}"


def spartan_example() -> Game:
    game = Game.create(RULESET, scenario="14.1.06 B", seed=16)
    deal(game, {"eurypontid": EURYPONTID, "agiad": AGIAD})
    act(game, "eurypontid", "c37|c46|c58")
    act(game, "agiad", "c45|c47|c49")
    # Boule (6.2): Diplomatic on the Eurypontid 2-space, Military on the Agiad 1-space,
    # then Military, League, Oracle and Military, League in the centre
    for seat, issue in [("eurypontid", "diplomatic"), ("agiad", "military"),
                        ("eurypontid", "military"), ("eurypontid", "league"),
                        ("eurypontid", "oracle"), ("agiad", "military"), ("agiad", "league")]:
        act(game, seat, issue)
    return game


def test_clouds_a_cuts_the_stock_rule_5_0() -> None:
    game = Game.create(RULESET, scenario="14.1.06 B", seed=1)
    s = game.state
    assert s["stock"] == {"sparta": 15}  # 21 less the Peace Party's 6 (16.0)
    # War/Peace on the Opposition's (the Agiad's) 1-space
    assert [(i["kind"], asm.side(i["pos"], "sparta"), abs(i["pos"])) for i in s["display"]["sparta"]] \
        == [("war_peace", "agiad", 1)]


def test_entourage_keeps_seven_cards_rule_6_1() -> None:
    game = Game.create(RULESET, scenario="14.1.06 B", seed=2)
    s = game.state
    assert 37 in s["hands"]["eurypontid"] and 34 in s["hands"]["agiad"]
    assert all(len(s["hands"][f]) == 10 for f in ("agiad", "eurypontid"))
    p = prompt_of(game, "agiad")
    assert p.secret and p.lo == p.hi == 3
    assert all(not asm.is_leader(o.data["card"]) for o in p.options)
    act(game, "agiad", "|".join(o.id for o in p.options[:3]))
    act(game, "eurypontid", "|".join(o.id for o in prompt_of(game, "eurypontid").options[:3]))
    assert all(len(s["hands"][f]) == 7 and len(s["entourage"][f]) == 3 for f in ("agiad", "eurypontid"))
    # the Entourage stays face down: the other faction's view shows only its size
    view = RULESET.view(s, "agiad")
    assert view["entourage_size"]["eurypontid"] == 3
    assert [c["card"] for c in view["entourage"]] == s["entourage"]["agiad"]


def test_worked_example_spartan_assembly_rule_16() -> None:
    """The Spartan political phase of 16.0, every number it states."""
    game = spartan_example()
    s = game.state
    board = s["display"]["sparta"]
    assert len(board) == 8 and s["stock"]["sparta"] == 15
    rounds = [  # (designator, issue, Eurypontid card, Agiad card)
        ("eurypontid", issue_id(game, "sparta", "military", 0, 0), "c33", "c35"),
        ("agiad", issue_id(game, "sparta", "league", 0, 0), "c59", "c36"),
        ("eurypontid", issue_id(game, "sparta", "league", 0, 1), "c55", "c34"),
        ("agiad", issue_id(game, "sparta", "military", 0, 1), "c44", "c39"),
        ("eurypontid", issue_id(game, "sparta", "military", 0, 0), "c64", "c50"),
        ("agiad", issue_id(game, "sparta", "diplomatic", -2), "c38", "c54"),
    ]
    expected = [  # (position after the round, Eurypontid Strategos, Agiad Strategos, stock)
        (0, 4, 3, 8),    # 8 against 8: no move; 4 and 3 tokens
        (6, 4, 6, 5),    # 7 against 1: onto the Agiad 6-space; 3 tokens to the Agiad
        (0, 5, 6, 4),    # 5 against 5: no move; 1 token to the Eurypontid
        (1, 7, 8, 0),    # 7 against 6: Agiad 1-space; 5 owed, 4 left: 2 each, CF first
        (-3, 7, 8, 0),   # the leader's 7 against a 4: Eurypontid 3-space; nothing left to pay
        (-3, 7, 8, 0),   # 6 against 7: from the Eurypontid 2-space to its 3-space
    ]
    for n, ((designator, issue, eu, ag), (pos, st_eu, st_ag, stock)) in enumerate(
            zip(rounds, expected), 1):
        assert prompt_of(game, designator).kind == "designate", n
        act(game, designator, issue)
        act(game, "eurypontid", eu)
        act(game, "agiad", ag)
        moved = next(i for i in s["display"]["sparta"] if f"i{i['id']}" == issue) \
            if s["display"]["sparta"] else None
        if moved is not None:
            assert moved["pos"] == pos, n
            assert (s["strategos"]["eurypontid"], s["strategos"]["agiad"],
                    s["stock"]["sparta"]) == (st_eu, st_ag, stock), n
    # the debate is over: oration 6 against 9, capped difference 3 (7.1)
    assert s["oration"] == {"eurypontid": 6, "agiad": 9}
    assert s["honor"] == {"eurypontid": 7, "agiad": 13}
    # the Agiad won four issues to two and governs; the Assembly marker follows it
    assert sorted(s["won"]["agiad"]) == ["league", "military", "military", "war_peace"]
    assert sorted(s["won"]["eurypontid"]) == ["diplomatic", "military"]
    assert s["controlling"]["sparta"] == "agiad" and s["favor"]["sparta"] == "agiad"
    assert s["war"] is True  # War/Peace won at Peace: War (7.1)
    # Strategy Board (7.2): the Agiad's leader +2 first, then the Eurypontid's last card +1
    assert s["strategos"] == {"eurypontid": 8, "agiad": 10}
    assert s["board"]["sparta"] == 2
    # Theater Award (7.3): the won theater issues become markers, plus two Rumors each
    assert s["markers"]["eurypontid"] == ["diplomatic", "military", "rumor", "rumor"]
    assert s["markers"]["agiad"] == ["league", "military", "military", "rumor", "rumor"]
    assert s["display"]["sparta"] == []
    out = game.outcome
    assert out is not None and out.winners == ("agiad",)  # higher oration and War declared


def test_leader_not_offered_on_war_peace_rule_6_3() -> None:
    game = spartan_example()
    act(game, "eurypontid", issue_id(game, "sparta", "war_peace", 1))
    ids = {o.id for o in prompt_of(game, "eurypontid").options}
    assert "c64" not in ids and "c33" in ids
    assert not any(i.startswith("b") for i in ids)


def test_brain_trust_adds_the_entourage_face_rule_6_3() -> None:
    game = spartan_example()
    s = game.state
    issue = issue_id(game, "sparta", "oracle", 0)
    act(game, "eurypontid", issue)
    p = prompt_of(game, "eurypontid")
    bt = next(o for o in p.options if o.id == "b37")  # leader 7 + card 37's face 3
    assert bt.data["value"] == 10 and bt.data["award"] == 0
    act(game, "eurypontid", "b37")
    act(game, "agiad", "c34")  # face 5 on the Oracle
    assert next(i for i in s["display"]["sparta"] if f"i{i['id']}" == issue)["pos"] == -5
    assert s["brain_trust_used"]["eurypontid"] and 37 not in s["entourage"]["eurypontid"]
    assert s["strategos"]["eurypontid"] == 0  # a Brain Trust earns nothing
    # once a scenario: no second Brain Trust is offered
    act(game, "agiad", issue_id(game, "sparta", "league", 0))
    assert not any(o.id.startswith("b") for o in prompt_of(game, "eurypontid").options)


def test_brain_trust_met_by_the_rival_leader_counts_seven_rule_6_3() -> None:
    game = spartan_example()
    s = game.state
    issue = issue_id(game, "sparta", "oracle", 0)
    act(game, "eurypontid", issue)
    act(game, "eurypontid", "b37")
    act(game, "agiad", "c63")  # the Agiad leader: 7 against 7
    assert next(i for i in s["display"]["sparta"] if f"i{i['id']}" == issue)["pos"] == 0


def test_moves_stop_at_box_six_rule_6_3() -> None:
    assert asm.move(5, 8, 1) == 6 and asm.move(-4, 1, 8) == -6 and asm.move(2, 5, 5) == 2


def test_designation_and_cards_check_the_seat() -> None:
    game = spartan_example()
    with pytest.raises(IllegalAction):
        act(game, "agiad", issue_id(game, "sparta", "oracle", 0))  # the CF designates first


def test_ostracism_vignette_rule_7_1() -> None:
    """14.1.01 B: Frogs C puts Ostracism on the Demagogue 1-space; a Demagogue win there
    brings control, the Favor and 3 Honor from the Aristocrats (ruling R9)."""
    game = Game.create(RULESET, scenario="14.1.01 B", seed=3)
    s = game.state
    assert s["alcibiades"] == "persia" and s["stock"]["athens"] == 15
    ostracism = issue_id(game, "athens", "ostracism", -1)
    assert 10 in s["hands"]["aristocrats"] and 16 in s["hands"]["aristocrats"]
    assert 1 in s["hands"]["demagogues"] and 13 in s["hands"]["demagogues"]
    for seat in ("aristocrats", "demagogues"):
        act(game, seat, "|".join(o.id for o in prompt_of(game, seat).options[-3:]))
    for seat, issue in [("aristocrats", "military"), ("demagogues", "league"),
                        ("aristocrats", "oracle"), ("aristocrats", "league"),
                        ("aristocrats", "diplomatic"), ("demagogues", "military"),
                        ("demagogues", "oracle")]:
        act(game, seat, issue)
    # every round the Demagogues push the Ostracism: their leader against the
    # Aristocrats' weakest card
    for rnd in range(1, 7):
        designator = "aristocrats" if rnd % 2 else "demagogues"
        act(game, designator, ostracism)
        ar = min(prompt_of(game, "aristocrats").options, key=lambda o: o.data["value"])
        de = max(prompt_of(game, "demagogues").options, key=lambda o: o.data["value"])
        act(game, "aristocrats", ar.id)
        act(game, "demagogues", de.id)
    assert "ostracism" in s["won"]["demagogues"]
    assert s["controlling"]["athens"] == "demagogues" == s["favor"]["athens"]
    assert s["leader_out"]["aristocrats"]
    # oration moves at most 3; the Ostracism moves 3 more
    assert s["honor"]["demagogues"] - 10 == 3 + min(3, s["oration"]["demagogues"] - s["oration"]["aristocrats"])
    assert s["honor"]["aristocrats"] + s["honor"]["demagogues"] == 20
    # the Ostracism alone is not enough: the oration totals tie here, so a draw (14.1)
    assert s["oration"] == {"aristocrats": 2, "demagogues": 2}
    assert game.outcome is not None and game.outcome.winners == ()
    s["oration"]["demagogues"] = 3
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("demagogues",)


def test_unique_issue_pays_rule_7_1() -> None:
    game = spartan_example()
    s = game.state
    s["display"]["sparta"].append({"id": 99, "kind": "helots", "pos": 2})
    from engine.rulesets.pericles.political import PoliticalIssues

    s["stock"]["sparta"] = 1
    PoliticalIssues._oration(s, "sparta")
    PoliticalIssues._unique(s, "sparta")
    assert "helots" in s["won"]["agiad"]
    assert s["strategos"]["agiad"] == 1 and s["stock"]["sparta"] == 0  # up to 2: 1 left
    assert s["honor"]["agiad"] == 10 + 2 + min(3, s["oration"]["agiad"] - s["oration"]["eurypontid"])


def test_four_factions_debate_at_once_rule_6_3() -> None:
    """Both Assemblies sit at once: each city's nominations wait on nobody in the other
    city, and each round's cards are one simultaneous reveal of all four factions."""
    game = Game.create(RULESET, scenario="assembly-t6", seed=4)
    for seat in ("aristocrats", "demagogues", "agiad", "eurypontid"):
        act(game, seat, "|".join(o.id for o in prompt_of(game, seat).options[:3]))
    seats = {p.seat for p in game.prompts()}
    assert seats == {"aristocrats", "eurypontid"}  # each city's CF nominates first
    act(game, "eurypontid", "military")  # Sparta runs ahead while Athens has not answered
    assert {p.seat for p in game.prompts()} == {"aristocrats", "agiad"}
    act(game, "agiad", "league")
    assert {p.seat for p in game.prompts()} == {"aristocrats", "eurypontid"}
    while any(p.kind == "nominate" for p in game.prompts()):
        p = next(p for p in game.prompts() if p.kind == "nominate")
        act(game, p.seat, p.options[0].id)
    assert {p.seat for p in game.prompts()} == {"aristocrats", "eurypontid"}
    assert all(p.kind == "designate" for p in game.prompts())
    for p in game.prompts():
        act(game, p.seat, p.options[0].id)
    cards = game.prompts()
    assert {p.seat for p in cards} == {"aristocrats", "demagogues", "agiad", "eurypontid"}
    assert all(p.secret and p.kind == "debate" for p in cards)
    # a chosen card is hidden from everybody else until the last one is in
    act(game, "agiad", prompt_of(game, "agiad").options[0].id)
    assert RULESET.view(game.state, "aristocrats")["chosen"] == ["agiad"]


def test_honor_outcome_places_rule_11_4() -> None:
    game = Game.create(RULESET, scenario="assembly-t6", seed=5)
    s = game.state
    s["honor"] = {"aristocrats": 12, "demagogues": 8, "agiad": 10, "eurypontid": 10}
    s["over"] = True
    out = RULESET.outcome(s)
    assert out is not None
    assert out.winners == ("aristocrats", "eurypontid")  # Eurypontid governs: it takes the tie
    assert out.places == (("aristocrats", "eurypontid"), ("demagogues", "agiad"))


def test_hostage_puts_war_peace_on_the_display_rule_10_2() -> None:
    from engine.core.rng import Rng
    from engine.core.ruleset import Context
    from engine.rulesets.pericles.rules import MACHINE
    from engine.rulesets.pericles.scenarios import initial_state

    s = initial_state("14.1.01 B")
    s["hostages"]["athens"] = 2
    ctx = Context(Rng("h"))
    MACHINE.start(s, ctx, "hostages")
    [p] = MACHINE.prompts(s)
    assert p.seat == "aristocrats" and p.kind == "hostage"  # the CF first
    MACHINE.act(s, "aristocrats", "keep", ctx)
    MACHINE.act(s, "demagogues", "spend", ctx)
    assert s["hostages"]["athens"] == 1 and s["flow"] == []
    assert [(i["kind"], i["pos"]) for i in s["display"]["athens"]] == [("war_peace", -1)]


def test_variant_a_nominations_rule_15_12() -> None:
    def boule(players: int | None) -> Game:
        opts = {"players": players} if players else None
        game = Game.create(RULESET, scenario="assembly-t6", seed=6, options=opts)
        for seat in ("aristocrats", "demagogues", "agiad", "eurypontid"):
            act(game, seat, "|".join(o.id for o in prompt_of(game, seat).options[:3]))
        for city in ("athens", "sparta"):  # clear Clouds A's War/Peace issues
            game.state["display"][city] = []
        game._prompts = None
        return game

    game = boule(2)
    assert game.state["partners"] == {"aristocrats": "agiad", "agiad": "aristocrats",
                                      "demagogues": "eurypontid", "eurypontid": "demagogues"}
    # the governing factions (Aristocrats, Eurypontid) are not offered Ostracism
    for seat in ("aristocrats", "eurypontid"):
        assert "ostracism" not in {o.id for o in prompt_of(game, seat).options}
    act(game, "eurypontid", "war_peace")
    act(game, "aristocrats", "military")
    # the Eurypontid's partner may not bring War/Peace forward in Athens too
    assert "war_peace" not in {o.id for o in prompt_of(game, "demagogues").options}
    # four people: no such limits
    game = boule(None)
    assert game.state["partners"] == {}
    assert "ostracism" in {o.id for o in prompt_of(game, "aristocrats").options}
    act(game, "eurypontid", "war_peace")
    act(game, "aristocrats", "military")
    assert "war_peace" in {o.id for o in prompt_of(game, "demagogues").options}
