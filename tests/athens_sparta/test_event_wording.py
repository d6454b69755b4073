"""Public event lines read as English: a side's piece takes the side's adjective and the
right article ("An Athenian block", never "A Athens block")."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.hits import eliminate
from engine.rulesets.athens_sparta.state import a_side, a_word

from .conftest import base


class Events:
    def __init__(self):
        self.lines = []

    def event(self, kind, text, seats=None, **data):
        self.lines.append((kind, text, seats))


def test_a_side_names_the_people_with_their_article():
    assert a_side("athens") == "An Athenian block"
    assert a_side("sparta", "navy") == "A Spartan navy"
    assert a_word("Argos block") == "An Argos block"
    assert a_word("Corinth block") == "A Corinth block"


def test_public_elimination_outside_battle_reads_an_athenian_block():
    g = base()
    ctx = Events()
    eliminate(board(), g.state, "Athens H1", ctx)
    public = [t for _, t, seats in ctx.lines if seats is None]
    assert public == ["An Athenian block is eliminated at " + public[0].split(" at ", 1)[1]]
    assert all("Athens block" not in t for _, t, _ in ctx.lines)


def test_a_played_event_is_told_with_its_text_to_both_sides():
    """Issue 34 (text): the other side read only the event's name; the public event now
    carries what it does (the card's own text)."""
    from engine.core.decisions import random_answer
    from engine.core.rng import Rng

    texts = {c["event"]["id"]: c["event"]["text"] for c in board().card.values()
             if c.get("event")}
    g = engine.new_game("athens-sparta", seed="fingerprint:1")
    player = Rng("player:fingerprint:1")
    played = []
    while g.outcome is None and not played:
        p = player.choice(g.prompts())
        played = [e for e in g.act(p.seat, random_answer(p, player)) if e.kind == "event"]
    (e,) = played
    assert e.seats is None  # public
    assert e.text.endswith(": " + texts[e.data["event"]])
