"""Cards: the deal, the face-down commitment, Player 1, the mulligan and the events
(introduction, 4.6, sidebars)."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta import cards as C
from engine.rulesets.athens_sparta.board import board
from tests.athens_sparta.conftest import RS, act, ids, pick, position, prompt


def new(seed=1, **opts):
    return engine.new_game(RS, seed=seed, options=opts or None)


def keep_hands(g):
    for seat in ("athens", "sparta"):
        act(g, "keep", seat)


def test_deal_six_each_and_both_commit_secretly_intro():
    g = new(2)
    assert len(g.state["cards"]["hands"]["athens"]) == 6
    assert len(g.state["cards"]["deck"]) == 13
    ps = g.prompts()
    assert {p.seat for p in ps} == {"athens", "sparta"} and all(p.secret for p in ps)
    keep_hands(g)
    ps = g.prompts()
    assert {p.seat for p in ps} == {"athens", "sparta"}
    assert all(p.secret and p.kind == "commit" and p.rule == "intro" for p in ps)
    a = prompt(g, "athens").options[0].id
    g.act("athens", a)
    # Athens's choice stays hidden from Sparta and the public until both have played
    assert g.view("sparta")["cards"]["committed"] == {"athens": True, "sparta": False}
    assert g.view("sparta")["cards"]["my_committed"] is None
    assert g.view("athens")["cards"]["my_committed"]["id"] == a[2:]
    assert g.view(None)["cards"]["played"] == {"athens": None, "sparta": None}
    g.act("sparta", prompt(g, "sparta").options[0].id)
    v = g.view(None)
    assert v["cards"]["played"]["athens"]["id"] == a[2:]
    assert v["player1"] in ("athens", "sparta")


def test_player1_higher_card_sparta_on_ties_events_first():
    bd = board()
    s = {"cards": {"played": {"athens": "C20", "sparta": "C21"}}}  # 4 v 4
    assert C.decide_player1(bd, s) == "sparta"
    s["cards"]["played"] = {"athens": "C24", "sparta": "C21"}  # 5 v 4
    assert C.decide_player1(bd, s) == "athens"
    s["cards"]["played"] = {"athens": "C24", "sparta": "C01"}  # 5 v 2/Storm
    assert C.decide_player1(bd, s) == "sparta"  # the event card goes first (4.6)
    # an event printed for the other side is a plain card (ruling R10)
    s["cards"]["played"] = {"athens": "C04", "sparta": "C10"}  # Plague is Sparta's
    assert C.decide_player1(bd, s) == "sparta"


def test_mulligan_offered_only_under_10_mp_and_opponent_may_redeal():
    bd = board()
    for seed in range(60):
        g = new(seed)
        hands = g.state["cards"]["hands"]
        weak = [x for x in ("athens", "sparta") if C.hand_mp(bd, hands[x]) < 10]
        for seat in ("athens", "sparta"):
            opts = ids(prompt(g, seat))
            assert ("redeal" in opts) == (seat in weak)
        if len(weak) == 1:
            break
    else:
        raise AssertionError("no seed with one weak hand")
    w = weak[0]
    other = "sparta" if w == "athens" else "athens"
    old = list(hands[other])
    act(g, "redeal", w)
    act(g, "keep", other)
    p = prompt(g)
    assert p.seat == other and p.kind == "mull_other"
    act(g, "keep")
    assert g.state["cards"]["hands"][other] == old
    assert g.state["cards"]["mulligan_used"][w] is True
    assert len(g.state["cards"]["hands"][w]) == 6


def test_no_mulligan_option():
    g = new(3, mulligan=False)
    assert all(p.kind == "commit" for p in g.prompts())


def test_syracuse_points_option():
    g = new(4, syracuse_points=True)
    keep_hands(g)
    ps = g.prompts()
    assert all(p.kind == "sicily" and p.secret for p in ps)
    for p in ps:
        g.act(p.seat, p.options[0].id)
    assert len(g.state["cards"]["hands"]["athens"]) == 5
    assert g.view(None)["syracuse_value"] is None  # hidden until Syracuse is attacked
    assert g.view("athens")["cards"]["sicily"]["sparta"] is True


def commit(g, a, s):
    g.state["cards"]["hands"]["athens"].append(a) if a not in g.state["cards"]["hands"][
        "athens"] else None
    act(g, f"c:{a}", "athens")
    act(g, f"c:{s}", "sparta")


def card_position(a_card, s_card, **kw):
    data = {"olympiad": 84, "turn": 1, "phase": "card",
            "cards": {"athens": {"hand": [a_card, "C11"]}, "sparta": {"hand": [s_card, "C12"]}},
            "blocks": {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                       "Athens N1": {"hex": "K8"}, "Corinth N": {"hex": "I8"}}}
    data.update(kw)
    return position(None, **data)


def test_storm_event_stops_navies_for_both_player_turns():
    g = card_position("C24", "C01")  # Athens 5, Sparta 2/Storm
    act(g, "c:C24", "athens")
    act(g, "c:C01", "sparta")
    assert g.state["player1"] == "sparta" and g.state["events"] == ["storm"]
    p = prompt(g)
    assert p.seat == "sparta" and "b:Corinth N" not in ids(p) and "b:Sparta H1" in ids(p)
    act(g, "done")
    p = prompt(g)
    assert p.seat == "athens" and "b:Athens N1" not in ids(p)


def test_earthquake_cancels_moves_and_combat():
    g = card_position("C24", "C02")
    act(g, "c:C24", "athens")
    act(g, "c:C02", "sparta")
    # no move prompt at all: the game turn goes straight to the next card phase
    p = g.prompts()
    assert all(x.kind == "commit" for x in p) and g.state["turn"] == 2


def test_plague_event_rolls_for_athens():
    g = card_position("C24", "C04", dice=[6, 1])  # Sparta plays Plague
    act(g, "c:C24", "athens")
    act(g, "c:C04", "sparta")
    # two Athenian blocks in Athens: one 6 is a hit on the strongest (both 4: Athens picks)
    p = prompt(g)
    assert p.seat == "athens" and p.kind == "attr_hit"
    act(g, "h:Athens N1")
    assert g.state["blocks"]["Athens N1"]["str"] == 3


def test_tribute_event_adds_free_navy_steps():
    g = card_position("C06", "C24", blocks={"Sparta H1": {"hex": "I10"},
                                             "Athens N1": {"hex": "K8", "strength": 2}})
    act(g, "c:C06", "athens")
    act(g, "c:C24", "sparta")
    assert g.state["player1"] == "athens"
    act(g, "f:Athens N1")
    act(g, "f:Athens N1")
    assert g.state["blocks"]["Athens N1"]["str"] == 4
    assert prompt(g).kind == "move"


def test_oracle_event_shows_the_other_hand_privately():
    g = card_position("C07", "C24")
    act(g, "c:C07", "athens")
    act(g, "c:C24", "sparta")
    assert [c["id"] for c in g.view("athens")["cards"]["peeked"]] == ["C12"]
    assert g.view("sparta")["cards"]["peeked"] == []


def test_betrayal_removes_double_defence_in_the_chosen_city():
    g = position(None, olympiad=84, turn=2, phase="card",
                 cards={"athens": {"hand": ["C03", "C11"]}, "sparta": {"hand": ["C10", "C12"]}},
                 blocks={"Athens H1": {"hex": "J3", "strength": 4},
                         "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
                         "Sparta H1": {"hex": "I10"}},
                 dice=[6, 6, 1, 6, 6, 6])
    act(g, "c:C03", "athens")
    act(g, "c:C10", "sparta")
    assert g.state["player1"] == "athens" and g.state["betrayal"] == {
        "side": "athens", "hex": None, "asked": []}
    act(g, "done")        # no moves
    act(g, "f:J3")        # storm Potidaea
    p = prompt(g)
    assert p.kind == "betrayal"  # asked as the battle for a walled city begins
    assert g.state["betrayal"]["asked"] == ["J3"]  # once this battle, whatever the answer
    act(g, "yes")
    act(g, "storm")
    # defender first (B3 v B3): 6,6 misses; Athens H1 rolls 1,6,6,6: one FULL hit
    assert g.state["blocks"]["Corinth H2"]["str"] == 1


def test_brasidas_bonus_block_hits_one_higher():
    g = position(None, olympiad=84, turn=2, phase="card",
                 cards={"athens": {"hand": ["C10", "C11"]}, "sparta": {"hand": ["C08", "C12"]}},
                 blocks={"Sparta H1": {"hex": "H9", "strength": 1},
                         "Athens H1": {"hex": "I9", "strength": 1},
                         "Athens H2": {"hex": "K8"}},
                 control={"Argos": "athens"},
                 dice=[6, 5])
    act(g, "c:C10", "athens")
    act(g, "c:C08", "sparta")
    assert g.state["player1"] == "sparta"
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|I9|").id)
    act(g, "done")
    act(g, "f:I9")
    p = prompt(g)
    assert p.kind == "bonus"  # chosen when the block's first battle begins
    act(g, "k:Sparta H1")
    act(g, "eng")  # Argos is walled: the Athenian engages ...
    act(g, "fire")  # ... and attacks rather than withdraw
    # Athens H1 (B3) misses with 6; Sparta H1 (B4, +1 = B5) hits with a 5
    assert g.state["blocks"]["Athens H1"]["loc"] == "pool"


def test_undo_a_move_but_not_past_a_die():
    g = position(None, olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    before = g.to_json()
    act(g, "b:Sparta H1")
    act(g, pick(g, "o|H9|").id)
    assert g.can_undo("sparta")
    while g.log:
        g.undo("sparta")
    assert g.state == engine.load_game(before).state


def test_no_undo_across_dice():
    g = position("amphipolis_example")
    act(g, "wd")  # withdrawing reveals nothing: it may be taken back
    assert g.can_undo("athens")
    g.undo("athens")
    act(g, "eng")  # engaging tips the block forward: revealed, no undo (5.4)
    assert not g.can_undo("athens")
    act(g, "eng")
    act(g, "fire")  # dice are rolled
    assert not g.can_undo("athens")
