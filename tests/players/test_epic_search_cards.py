"""The Epic search level weighs Event Card decisions (rules 12.1-12.2, Appendix C;
engine/players/epic_cards.py): a few answers, each rolled out in sampled worlds whose
enemy hand the determinizer dealt."""

from __future__ import annotations

import copy
import dataclasses

import engine
from engine.core.types import Option, Prompt
from engine.players import decide
from engine.players import heuristic as heuristic_module
from engine.players import search as search_module
from engine.players.duel import contender
from engine.players.epic import HEURISTIC, candidates
from engine.players.epic_cards import SEARCHED_CARDS
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind, first_difference, variant_game


def _card_prompt(seat: str = "sparta", rule: str = "12.1"):
    """An Archidamian War game played by random players to `seat`'s first card prompt
    under `rule` (seed `cards`: Sparta's City Betrayal on Plataea, or passing, 12.1)."""
    game = engine.new_game("epic", "archidamian", seed="cards")
    players = {s: contender("random", f"cards:{s}") for s in game.seats}
    for _ in range(300):
        p = game.prompts()[0]
        if p.seat == seat and p.kind == "card" and p.rule == rule:
            return game, p
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    raise AssertionError(f"no card prompt for {seat} under {rule}")


def _option(oid: str, **data: object) -> Option:
    return Option(oid, oid, "12.1", data=dict(data))


def test_the_answers_weighed_are_the_heuristics_not_playing_and_one_play_a_card():
    p = Prompt("athens", "play?", (
        _option("cb-1|Megara", kind="play_card", card="cb-1", city="Megara"),
        _option("cb-1|Nisaea", kind="play_card", card="cb-1", city="Nisaea"),
        _option("cb-2|Pagae", kind="play_card", card="cb-2", city="Pagae"),
        _option("give|cb-2|thebes", kind="give_card", card="cb-2", to="thebes"),
        _option("reb-1", kind="play_card", card="reb-1", plus=1),
        _option("pass", kind="pass")), kind="card")
    got = candidates({}, p, "cb-1|Nisaea")
    # the heuristic's first, then not playing, then the first play of each other card
    assert got == ["cb-1|Nisaea", "pass", "cb-1|Megara", "cb-2|Pagae"]
    assert len(got) <= SEARCHED_CARDS
    assert "give|cb-2|thebes" not in got  # 24.6: passing a card is the heuristic's
    assert candidates({}, p, "give|cb-2|thebes") == []  # and stands when it passes one
    # Allied Unrest (3.2 C): one card, its best region by the die's modifier
    unrest = Prompt("athens", "unrest?", (
        Option("achaea", "a", "App. C", data={"kind": "allied_unrest", "region": "achaea",
                                             "plus": 0}),
        Option("elis", "e", "App. C", data={"kind": "allied_unrest", "region": "elis",
                                           "plus": 2}),
        Option("pass", "p", "App. C", data={"kind": "pass"})), kind="card")
    assert candidates({}, unrest, "achaea") == ["achaea", "pass", "elis"]
    # nothing to weigh where the heuristic's answer is the only one
    assert candidates({}, Prompt("athens", "?", (_option("pass", kind="pass"),),
                                 kind="card"), "pass") == []


def test_a_card_decision_is_searched_in_sampled_worlds(monkeypatch):
    game, p = _card_prompt()
    assert {o.id for o in p.options} >= {"pass"} and len(p.options) >= 2
    seen: list[dict[str, list[float]]] = []
    real = search_module.paired_best

    def spy(scores, fallback, z=search_module.OVERRULE_Z):
        seen.append({c: list(v) for c, v in scores.items()})
        return real(scores, fallback, z)

    monkeypatch.setattr(search_module, "paired_best", spy)
    search = SearchPlayer("t", samples=2)
    answer = decide(game, "sparta", search)
    assert p.option(answer) is not None
    assert search.searched == 1  # main's search left every card to the heuristic
    # every answer weighed (the play and not playing) rolled out in both worlds
    assert len(seen) == 1 and set(seen[0]) == {o.id for o in p.options}
    assert all(len(v) == 2 for v in seen[0].values())


def test_a_cards_rollout_is_not_finished_as_a_move(monkeypatch):
    """A card is no step of the seat's moves: its rollout does not end a phase of the
    seat's by `end_moves` (which answers the seat's next move prompt `done`)."""
    assert "card" in HEURISTIC.standalone

    def boom(sim, seat):
        raise AssertionError("after_candidate called at a card prompt")

    monkeypatch.setitem(heuristic_module._REGISTERED, "epic",
                        dataclasses.replace(HEURISTIC, after_candidate=boom))
    game, _ = _card_prompt()
    search = SearchPlayer("t", samples=2)
    decide(game, "sparta", search)
    assert search.searched == 1


def test_a_card_prompt_with_one_candidate_is_the_heuristics():
    """An Oracle drawn (12.2, Appendix C: every option the one card, none `not playing`)
    whose heuristic answer is the first offered: `candidates` names one answer, so the
    heuristic's stands (epic_cards.candidates). With `card` in `HEURISTIC.searched` the
    search weighed every option instead."""
    game = engine.new_game("epic", "archidamian", seed="r13:2")
    players = {s: contender("random", f"r13:2:{s}") for s in game.seats}
    for _ in range(1500):
        p = game.prompts()[0]
        if p.kind == "card" and p.rule == "12.2":
            break
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert p.kind == "card" and [o.id for o in p.options] == ["sparta:0", "athens:0"]
    assert candidates(game.view(p.seat), p, "sparta:0") == []
    search = SearchPlayer("2", samples=2)  # its heuristic answers `sparta:0` (its stream)
    assert decide(game, p.seat, search) == "sparta:0"
    assert search.searched == 0


def test_no_cheating_at_a_card_prompt_the_enemys_hand_is_never_read():
    game, p = _card_prompt()
    probe = SearchPlayer("0", samples=2)
    answer = decide(game, "sparta", probe)
    assert probe.searched == 1  # the card is what this position proves blind
    # Athens' hand swapped for cards of the deck: Sparta's view is the same, so is its
    # answer
    state = copy.deepcopy(game.state)
    cards = state["cards"]
    hand = list(cards["hands"]["athens"])
    assert hand and len(cards["deck"]) >= len(hand)
    cards["hands"]["athens"], cards["deck"][:len(hand)] = \
        list(cards["deck"][:len(hand)]), hand
    assert cards["hands"]["athens"] != hand
    other = variant_game(game, state)
    assert first_difference(game.view("sparta"), other.view("sparta")) is None
    assert decide(other, "sparta", SearchPlayer("0", samples=2)) == answer
    # and the ruleset's own hidden variants (hands, deck, pools redealt)
    assert assert_player_blind(game, "sparta", "search", seed="0", samples=2) >= 1
