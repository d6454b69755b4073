"""The Hellenes heuristic lands by fleet (5.21) and values the Cities it holds against
their Loyalty for their Tribute (9.51): issue 35, Athens against the gauntlet."""

from __future__ import annotations

import pytest

import engine
from engine.core import decisions
from engine.core.types import Option, Prompt
from engine.players import decide, player
from engine.players import hellenes as H
from engine.rulesets.hellenes import board as B


def _chios_taken(seed: str):
    """431, Spring, Athens' Group Move from Athens: Chios (Value 3, an island) held by a
    1 cv Spartan unit, the Chian fleet gone."""
    return engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "group_move",
         "args": {"side": "athens", "area": "ATH"}, "turn": {"side": "athens", "actions": 1},
         "blocks": {"A31": {"loc": "pool", "cv": 0}, "S6": {"loc": "CHI", "cv": 1}}},
        seed=seed)


def test_the_group_move_prompts_name_their_unit_and_the_fleets_landing():
    """5.0, 5.21: the way prompt names the mover and the area it leaves; the cargo prompt
    the fleet and where it sails (players read these facts, not the text)."""
    game = _chios_taken("land-facts")
    movers = game.prompt_for("athens")
    assert movers is not None and movers.kind == "movers"
    game.act("athens", decisions.encode(movers, ["A14", "A1"]))
    way = game.prompt_for("athens")
    assert way is not None and way.kind == "move"
    assert way.data == {"unit": "A14", "from": "ATH", "orders": {}}
    game.act("athens", "CHI")
    cargo = game.prompt_for("athens")
    assert cargo is not None and cargo.kind == "cargo"
    assert cargo.data == {"fleet": "A14", "to": "CHI", "orders": {}}


def test_a_fleet_lands_a_land_unit_to_retake_an_island_city():
    """Chios can only be reached by sea: the fleet's way is weighed with the best land
    unit aboard (the Tribute Sparta draws from it, 9.51), and the cargo question then
    puts one aboard. Without the landing imagined every way of the fleet scored alike."""
    game = _chios_taken("land")
    assert game.view("athens")["control"]["Chios"] == "sparta"
    movers = game.prompt_for("athens")
    assert movers is not None
    game.act("athens", decisions.encode(movers, ["A14", "A1"]))
    way = game.prompt_for("athens")
    assert way is not None
    view = game.view("athens")
    landed = H.imagine(view, way, "CHI")
    assert landed is not None and landed["control"]["Chios"] == "athens"
    assert {b["id"] for b in landed["blocks"] if b["area"] == "CHI"} == {"A14", "A1"}
    assert H.imagine(view, way, "stay") is view
    for n in range(3):
        assert decide(game, "athens", player("heuristic", n)) == "CHI"
    game.act("athens", "CHI")
    for n in range(3):
        assert decide(game, "athens", player("heuristic", n)) == "A1"


def test_the_action_menu_sees_an_island_retaken_by_sea():
    """The Action menu's Group Move from Athens is imagined as a fleet sailing to vacant
    Chios (no land route reaches an island) once Sparta holds it: a fleet alone holds a
    vacant City (1.4), so the land units may stay at home."""
    view = engine.new_game("hellenes", seed="imagine-landing").view("athens")
    chians = {b["id"] for b in view["blocks"] if b["area"] == "CHI"}
    lost = dict(view, control=dict(view["control"], Chios="sparta"),
                blocks=[b for b in view["blocks"] if b["id"] not in chians])
    prompt = Prompt("athens", "Action phase", (
        Option("move:ATH", "Group Move from Athens", "5.0",
               data={"kind": "move", "from": "ATH", "cost": 1}),), kind="actions")
    imagined = H.imagine(lost, prompt, "move:ATH")
    assert imagined is not None and imagined["control"]["Chios"] == "athens"
    there = [b for b in imagined["blocks"] if b["area"] == "CHI"]
    assert there and all(b["type"] == "fleet" for b in there)
    assert "CHI" not in B.comps().land_neighbours("ATH")


def test_a_unit_walking_out_of_a_conquered_city_gives_it_back():
    """1.4: a vacant conquest reverts to its Loyalty, so the imagined move out of Pella
    loses its Tribute (at the old weights Athens walked in and out of Pella each turn,
    paying an Action a time)."""
    view = engine.new_game("hellenes", seed="pella").view("athens")
    one = next(b for b in view["blocks"] if b["side"] == "athens" and b["type"] != "fleet"
               and b["area"] == "ATH")
    held = dict(view, blocks=[dict(b, area="PEL") if b["id"] == one["id"] else b
                              for b in view["blocks"]],
                control=dict(view["control"], Pella="athens"))
    prompt = Prompt("athens", "Group Move from Pella", (
        Option("STA", "to Stagira", "5.0", data={"kind": "route", "to": "STA", "via": "PEL",
                                                 "deep": 0, "length": 1, "engages": False}),
        Option("stay", "Stay", "5.0", data={"kind": "stay"})), kind="move",
        data={"unit": one["id"], "from": "PEL"})
    left = H.imagine(held, prompt, "STA")
    assert left is not None and left["control"]["Pella"] == "sparta"
    assert H.evaluate(left, "athens") < H.evaluate(held, "athens")
    gain = H.evaluate(held, "athens") - H.evaluate(dict(held, control=view["control"]),
                                                     "athens")
    # held: its Tribute; besieged or walked into but not held: the pressure on it
    assert gain == pytest.approx((H.CONQUEST - H.PRESSURE) * H._cities()["Pella"].value)
    assert H.CONQUEST > H.PRESTIGE  # worth more than the one Year's Tribute it pays


def test_an_engagement_the_movers_would_lose_is_imagined_lost():
    """5.4, 6.0: a lone weak unit sent into enemy blocks (about two steps each) is
    imagined gone, not standing in the enemy's City area."""
    view = engine.new_game("hellenes", seed="engage").view("athens")
    weak = next(b for b in view["blocks"] if b["side"] == "athens" and b["type"] != "fleet")
    foes = sum(1 for b in view["hidden_blocks"] if b["area"] == "CRN" and not b["inside"])
    assert foes >= 1 and weak["cv"] < 2 * foes
    moved = H._arrive(view, "athens", {weak["id"]}, "CRN")
    assert weak["id"] not in {b["id"] for b in moved["blocks"]}
    safe = H._arrive(view, "athens", {weak["id"]}, "PLA")
    assert {b["id"]: b["area"] for b in safe["blocks"]}[weak["id"]] == "PLA"


def test_a_muster_is_imagined_and_keeps_the_last_guard_of_the_capital():
    """5.0: the Action menu's Muster is imagined with our units that can reach the area
    coming (without it the preview stopped at the muster question and the player mustered
    at random); the muster question itself sends every unit but the last land unit of
    Athens, whose leaving costs CAPITAL_EMPTY (the score says so, unit by unit)."""
    game = engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "muster",
         "args": {"side": "athens", "area": "PLA"}, "turn": {"side": "athens", "actions": 1},
         "blocks": {"A1": {"loc": "ATH", "cv": 4}, "A3": {"loc": "pool", "cv": 0},
                    "A7": {"loc": "pool", "cv": 0}, "A12": {"loc": "pool", "cv": 0},
                    "A13": {"loc": "pool", "cv": 0}}},
        seed="muster")
    prompt = game.prompt_for("athens")
    assert prompt is not None and prompt.kind == "muster" and prompt.data == {"to": "PLA"}
    ids = [o.id for o in prompt.options]
    assert "A1" in ids  # the one land unit left in Athens could come
    answer = decide(game, "athens", player("heuristic", 0))
    assert "A1" not in decisions.parse(prompt, answer) and answer
    view = game.view("athens")
    menu = Prompt("athens", "Action phase", (
        Option("muster:PLA", "Muster at Platea", "5.0",
               data={"kind": "muster", "to": "PLA", "cost": 1}),), kind="actions")
    imagined = H.imagine(view, menu, "muster:PLA")
    assert imagined is not None
    came = {b["id"] for b in imagined["blocks"] if b["area"] == "PLA"}
    # every other unit may come (one guarding an exposed City of ours may stay, EXPOSED)
    assert "A1" not in came and came & set(ids)


def test_each_way_is_weighed_after_the_orders_already_given():
    """5.0: a Group's moves are made together at the end, so the way prompt names the
    orders given so far and each way is imagined after them: with every other land unit
    of Athens already ordered out, the last one's leaving empties the capital
    (CAPITAL_EMPTY), which it did not while the others were still seen at home."""
    game = engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "group_move",
         "args": {"side": "athens", "area": "ATH"}, "turn": {"side": "athens", "actions": 1}},
        seed="orders")
    view = game.view("athens")
    land = sorted(b["id"] for b in view["blocks"] if b["area"] == "ATH"
                  and b["type"] != "fleet")
    movers = game.prompt_for("athens")
    assert movers is not None
    game.act("athens", decisions.encode(movers, land))
    for unit in land[:-1]:
        way = game.prompt_for("athens")
        assert way is not None and way.data is not None and way.data["unit"] == unit
        game.act("athens", "PLA")
    last = game.prompt_for("athens")
    assert last is not None and last.data is not None
    assert last.data["orders"] == {u: "PLA" for u in land[:-1]}
    view = game.view("athens")
    gone = H.imagine(view, last, "PLA")
    stays = H.imagine(view, last, "stay")
    assert gone is not None and stays is not None
    assert H.evaluate(stays, "athens") - H.evaluate(gone, "athens") >= H.CAPITAL_EMPTY
    assert decide(game, "athens", player("heuristic", 0)) == "stay"


def test_a_city_left_empty_beside_an_enemy_block_is_exposed():
    """1.4, 9.51: a City of ours with no land unit or garrison of ours in its area and an
    enemy block within REACH costs EXPOSED a point of its Value (a raider walks in and
    takes its Tribute); a garrison of ours, or the enemy out of reach, removes the cost."""
    view = engine.new_game("hellenes", seed="exposed").view("athens")
    platea = H._cities()["Platea"]
    ours = [b for b in view["blocks"] if b["area"] == platea.area and b["type"] != "fleet"]
    assert ours and view["control"]["Platea"] == "athens"
    foes = [b for b in view["hidden_blocks"] if b["side"] == "sparta"]
    assert any(platea.area in H._within(b["area"]) for b in foes)  # Thebes is next door
    empty = dict(view, blocks=[dict(b, area="ATH") if b in ours else b
                               for b in view["blocks"]])
    cost = H.evaluate(view, "athens") - H.evaluate(empty, "athens")
    assert cost == pytest.approx(H.EXPOSED * platea.value)
    held = dict(empty, garrisons=dict(empty["garrisons"],
                                      Platea={"side": "athens", "kind": "detached"}))
    assert H._exposed(held, "athens", set(), foes) == \
        H._exposed(empty, "athens", set(), foes) - platea.value
    far = [dict(b, area="SYR") for b in foes]
    assert H._exposed(empty, "athens", set(), far) < H._exposed(empty, "athens", set(), foes)
