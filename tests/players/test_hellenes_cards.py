"""The Hellenes search weighs a Season's card (3.3): the heuristic's way to commit it and
the same card the other way, each Season played out in sampled worlds; and its rollouts
carry a Group Move out as the Action menu pictured it."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players import hellenes as H
from engine.players.lookahead import worlds_for
from engine.players.rollout import Sim
from engine.rulesets.hellenes.state import NEW_YEAR, WINTER


def _played(seed: str, steps: int):
    """A 431 game played `steps` decisions by the heuristic on both sides."""
    game = engine.new_game("hellenes", seed=seed)
    players = {s: player("heuristic", s) for s in game.seats}
    for _ in range(steps):
        p = game.prompts()[0]
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    return game


def test_the_search_plays_a_civil_war_for_its_actions_when_no_assault_is_near():
    """Summer 431: Athens besieges Potidea (10 steps against two hidden blocks and the
    garrison), short of the odds at which it would Assault (ASSAULT_ODDS). The heuristic
    still prices a Civil War (8.11: the City loses its Double Defence) at its flat value
    for any City we besiege, a little above the card's two Actions, and spends the card
    on it; the search plays the Season out both ways and keeps the two Actions: no
    Assault comes this Season for the Event to help, and the Season's Actions are lost
    with it (3.3). Fixed seed, six worlds."""
    game = _played("c1", 28)
    p = game.prompt_for("athens")
    assert p is not None and p.kind == "commit"
    view = game.view("athens")
    assert view["sieges"]["Potidea"]["besieger"] == "athens"
    assert H._assault_odds(view, "athens", "Potidea") < H.ASSAULT_ODDS
    assert H._card(view, 30).event.kind == "civil-war"
    assert decide(game, "athens", player("heuristic", 0)) == "30:e"
    assert H.candidates(view, p, "30:e") == ["30:e", "30:a"]
    probe = player("search", 0, samples=6)
    assert decide(game, "athens", probe) == "30:a"
    assert probe.searched == 1 and probe.overruled == 1  # type: ignore[attr-defined]


def test_only_a_seasons_card_is_weighed_and_never_an_event_that_does_nothing():
    game = _played("c1", 28)
    p = game.prompt_for("athens")
    assert p is not None
    view = game.view("athens")
    for season in (NEW_YEAR, WINTER):
        assert H.candidates(dict(view, season=season), p, "30:e") == []
    wasted = replace(p, options=tuple(
        replace(o, data=dict(o.data or {}, no_effect="nothing")) if o.id == "30:e" else o
        for o in p.options))
    assert H.candidates(view, wasted, "30:a") == []
    assert H.candidates(view, wasted, "30:e") == ["30:e", "30:a"]


def test_spartas_cards_are_left_to_the_heuristic():
    """Spring 431: Sparta commits the Revolt in the Cyclades (3.12) as its Event. Its City
    pays Sparta Tribute at every Year End (9.51); a Season's rollout prices it once, and
    prices the card's Actions by the units they move beside Athens' Cities. The search
    no longer weighs Sparta's cards (`CARDS_WEIGHED`, issue 35.3): main's search at six
    worlds played this one for its Actions, as it played many Events it weighed as
    Sparta, and never an Event instead of the Actions."""
    game = _played("c3", 4)
    p = game.prompt_for("sparta")
    assert p is not None and p.kind == "commit"
    view = game.view("sparta")
    assert H._card(view, 18).event.kind == "revolt"
    assert decide(game, "sparta", player("heuristic", 0)) == "18:e"
    assert {"18:e", "18:a"} <= {o.id for o in p.options}
    assert H.candidates(view, p, "18:e") == []
    assert H.candidates(view, p, "18:a") == []
    probe = player("search", 0, samples=6)
    assert decide(game, "sparta", probe) == "18:e"
    assert probe.searched == 0  # type: ignore[attr-defined]


def test_a_card_rollout_plays_the_season_to_the_next_commitment():
    game = _played("c1", 28)
    worlds = worlds_for(game, "athens")
    assert worlds is not None
    p = game.prompt_for("athens")
    assert p is not None
    H.candidates(game.view("athens"), p, "30:e")
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    acted: list[str] = []
    act = sim.act

    def record(seat: str, answer: str) -> None:
        asked = sim.prompt()
        acted.append(asked.kind if asked is not None else "")
        act(seat, answer)

    sim.act = record  # type: ignore[method-assign,assignment]
    sim.act("athens", "30:a")
    H.end_actions(sim, "athens")
    assert acted.count("actions") >= 2  # both sides' Action phases
    after = sim.prompt()
    assert after is None or after.kind in ("commit", "sacrifice")
    assert sim.state["season"] != game.state["season"] or after is None


def test_a_rollouts_movers_go_where_the_menu_pictured_the_group_move():
    """The rollout's Action menu keeps the picture of the Group Move it chose
    (`_imagine_move`); each mover's way and the fleet's cargo follow it, not weighed
    again one by one."""
    game = engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "actions", "args": {"side": "athens"},
         "turn": {"side": "athens", "actions": 3}}, seed="planned")
    worlds = worlds_for(game, "athens")
    assert worlds is not None
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    p = sim.prompt()
    assert p is not None and p.kind == "actions"
    before = H._where(sim.view("athens"), "athens")
    answer = H.rollout_answer(sim, p)
    if answer.startswith("move:"):
        where = sim.hellenes_plan[1]  # type: ignore[attr-defined]
    else:  # a Group Move the menu did not pick: pictured at its first mover's way
        answer = next(o.id for o in p.options if o.id.startswith("move:"))
        pictured = H._imagine_move(sim.view("athens"), "athens", answer.split(":", 1)[1])
        assert pictured is not None
        where = H._where(pictured, "athens")
    sim.act("athens", answer)
    for _ in range(20):
        q = sim.prompt()
        if q is None or q.seat != "athens" or q.kind not in ("movers", "move", "cargo"):
            break
        sim.act("athens", H.rollout_answer(sim, q))
    now = {b: x["loc"] for b, x in sim.state["blocks"].items() if x["side"] == "athens"}
    moved = {b for b, a in where.items() if a != before[b]}
    assert moved and all(now[b] == where[b] for b in moved)
