"""The theater phase (8.0-9.3) on the worked example's turn-6 position (16.0) and in the
training scenario 14.1.01 A."""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState
from engine.rulesets.pericles.theater_flow import honor_order, movable


def t6() -> PericlesState:
    """The turn-6 set-up of 14.1.06 A (16.0), Sparta at War as after its Assembly."""
    s = initial_state("14.1.06 A1")
    s["war"] = True
    return s


def run(s: PericlesState, name: str, seat: str, answer: str, **args: Any) -> Context:
    """Start procedure `name` on its own and answer its first prompt."""
    s["flow"] = []
    ctx = Context(Rng("t"))
    MACHINE.start(s, ctx, name, **args)
    MACHINE.act(s, seat, answer, ctx)
    return ctx


def test_the_march_north_through_thessalia_rule_9_2() -> None:
    """16.0's movement walk-through: Spartan foot stop in Thessalia until two of them
    stand there; no Peloponnesian ship can get out of the Gulf or the Isthmus."""
    s = t6()
    assert th.path(s, "S", "land", "sparta", "chalcidice") is None  # 2 against 4 in Thessalia
    th.add(s, "thessalia", "S", "land", 2)  # two Spartan foot now equal Athens' 4 there
    assert th.path(s, "S", "land", "sparta", "chalcidice") == [
        "sparta", "isthmus", "boeotia", "thessalia", "macedonia", "chalcidice"]
    # the Isthmus fleet is bottled up by Naupactus (4) and Athens (16); Sicily's by Corcyra
    assert th.path(s, "P", "naval", "isthmus", "chalcidice") is None
    assert th.path(s, "P", "naval", "sicily", "chalcidice") is None
    th.add(s, "boeotia", "P", "naval", 1)  # the ship built in Boeotia: Thessalia's base stops it
    assert th.path(s, "P", "naval", "boeotia", "chalcidice") is None
    # an Athenian ship reaches Macedonia by way of Chalcidice; Athenian foot sail to
    # Sicily from Corcyra, where the Delian base lets them embark
    assert th.path(s, "A", "naval", "athens", "macedonia") == ["athens", "chalcidice", "macedonia"]
    assert th.path(s, "A", "land", "athens", "sicily") == ["athens", "corcyra", "sicily"]
    s["forces"]["corcyra"]["D"]["bases"] = 0
    assert th.path(s, "A", "land", "athens", "sicily") is None


def test_march_offers_reachable_units_rule_9_2() -> None:
    s = t6()
    s["expedition"] = {"theater": "boeotia", "cg": "agiad", "city": "sparta", "moves": 5,
                       "revealed": False, "ship": False}
    opts = {o.id: o.data for o in movable(s)}
    assert "S:land@sparta" in opts and "the300@sparta" in opts
    assert "P:naval@isthmus" not in opts  # Isthmus-Boeotia is a land route
    # one Spartan foot a Spartan base stays home: 8 foot, 2 bases, the 300 among them
    s["forces"]["sparta"]["S"]["land"] = 3  # one may go: the 300 or another
    assert {"S:land@sparta", "the300@sparta"} <= {o.id for o in movable(s)}
    s["forces"]["sparta"]["S"]["land"] = 2  # both stay
    assert not {"S:land@sparta", "the300@sparta"} & {o.id for o in movable(s)}


def test_honor_order_ties_rule_8_1() -> None:
    s = t6()
    assert honor_order(s) == ["aristocrats", "eurypontid", "demagogues", "agiad"]
    s["honor"] = {"aristocrats": 28, "demagogues": 32, "agiad": 13, "eurypontid": 7}
    assert honor_order(s) == ["demagogues", "aristocrats", "agiad", "eurypontid"]  # 16.0


def test_diplomacy_converts_a_league_base_rule_8_5() -> None:
    """16.0: three Strategos beat the lone Delian base of the Cyclades (strength 2)."""
    s = t6()
    s["controlling"]["athens"] = "demagogues"
    s["strategos"]["eurypontid"] = 4
    stock = s["stock"]["sparta"]
    run(s, "diplomatic_issue", "eurypontid", "3", theater="cyclades", owner="eurypontid")
    assert s["forces"]["cyclades"]["D"]["bases"] == 0 and s["forces"]["cyclades"]["P"]["bases"] == 1
    assert s["honor"]["eurypontid"] == 12 and s["honor"]["demagogues"] == 8
    assert s["strategos"]["eurypontid"] == 1 and s["stock"]["sparta"] == stock + 3
    # two Strategos are not more than 2: a Treachery marker each instead
    s["strategos"]["agiad"] = 2
    run(s, "diplomatic_issue", "agiad", "2", theater="corcyra", owner="agiad")
    assert s["treachery"]["corcyra"] == {"sparta": 2}
    assert s["forces"]["corcyra"]["D"]["bases"] == 1


def test_league_base_needs_units_rule_8_5() -> None:
    """16.0: the Aristocrats pay 4 Strategos for a Delian base in contested Sicily."""
    s = t6()
    s["strategos"]["aristocrats"] = 5
    run(s, "league_issue", "aristocrats", "none", theater="sicily", owner="aristocrats")
    assert "base" not in {o.id for o in _league_options(s, "sicily", "aristocrats")}
    th.add(s, "sicily", "A", "land", 3)
    assert "base" in {o.id for o in _league_options(s, "sicily", "aristocrats")}
    run(s, "league_issue", "aristocrats", "base", theater="sicily", owner="aristocrats")
    assert s["forces"]["sicily"]["D"]["bases"] == 1
    assert s["strategos"]["aristocrats"] == 1 and s["honor"]["aristocrats"] == 12
    # 16.0: the Agiad League marker in Boeotia raises a ship at its one League base
    run(s, "league_issue", "agiad", "naval", theater="boeotia", owner="agiad")
    assert s["forces"]["boeotia"]["P"]["naval"] == 1


def _league_options(s: PericlesState, theater: str, owner: str) -> list[Any]:
    from engine.rulesets.pericles.theater_flow import league_options

    return league_options(s, theater, owner)


def test_levy_in_sparta_is_capped_by_the_pool_rule_9_0() -> None:
    """16.0: two Spartan bases, only two Spartan foot left in the box: two foot and a ship."""
    s = t6()
    run(s, "levy", "agiad", "1", theater="sparta", owner="agiad")
    assert s["forces"]["sparta"]["S"] == {"land": 10, "naval": 1, "bases": 2}


def test_strategos_trade_rule_8_4() -> None:
    s = t6()
    s["strategos"] = {"aristocrats": 9, "demagogues": 3, "agiad": 4, "eurypontid": 0}
    stock = dict(s["stock"])
    s["flow"] = []
    MACHINE.start(s, Context(Rng("t")), "strategos_honor")
    assert s["honor"] == {"aristocrats": 12, "demagogues": 10, "agiad": 11, "eurypontid": 10}
    assert s["strategos"] == {f: 0 for f in s["strategos"]}
    assert s["stock"] == {"athens": stock["athens"] + 12, "sparta": stock["sparta"] + 4}


def test_persian_war_penalty_rule_13_2() -> None:
    s = initial_state("14.1.01 A")
    assert s["persian_war"]
    s["flow"] = []
    MACHINE.start(s, Context(Rng("t")), "end_training")
    assert s["honor"]["aristocrats"] == 8 and s["over"]


def test_markers_stack_face_down_and_come_off_last_first_rule_8_2() -> None:
    game = Game.create(RULESET, scenario="14.1.01 A", seed=7)
    s = game.state
    assert s["order"] == ["aristocrats", "agiad", "demagogues", "eurypontid"]  # 14.1.01 A
    assert [p.seat for p in game.prompts()] == ["aristocrats"]
    game.act("aristocrats", "military@boeotia")
    game.act("agiad", "rumor@boeotia")
    game.act("demagogues", "oracle@boeotia")
    q = s["queues"]["boeotia"]
    assert [m["faction"] for m in q] == ["aristocrats", "agiad", "demagogues"]
    # the kind shows to the owner's city only
    assert [m["kind"] for m in RULESET.view(s, "agiad")["queues"]["boeotia"]] == [None, "rumor", None]
    assert [m["kind"] for m in RULESET.view(s, "aristocrats")["queues"]["boeotia"]] == \
        ["military", None, "oracle"]
    assert [m["kind"] for m in RULESET.view(s, None)["queues"]["boeotia"]] == [None, None, None]


def test_training_battle_losses_rule_9_3() -> None:
    """An Agiad expedition into Boeotia on the turn-1 set-up: the battle's Honor and
    losses follow the record of the battle (9.3, ruling R26)."""
    s = initial_state("14.1.01 A")
    s["expedition"] = {"theater": "boeotia", "cg": "agiad", "city": "sparta", "moves": 0,
                       "revealed": True, "ship": False}
    s["committed"] = {"agiad": 5}
    s["state_ship"] = "used"
    s["deck"] = {"athens": [1], "sparta": [33]}  # faces 4 and 5
    s["flow"] = []
    MACHINE.start(s, Context(Rng("t")), "battle", kind="land", second=False)
    # Sparta: 4 P foot, P base (2), 5 Strategos, card 5 = 16; Athens: D foot, D base, card 4 = 7
    record = s["battle"]
    assert record is not None and record["facts"]["strength"] == {"sparta": 16, "athens": 7}
    assert s["forces"]["boeotia"]["D"] == {"land": 0, "naval": 0, "bases": 0}
    assert s["honor"] == {"aristocrats": 8, "demagogues": 8, "agiad": 14, "eurypontid": 12}
    assert s["flow"] == []  # nothing left in Boeotia for a second battle


def test_first_turn_of_the_archidamian_war_rule_14_1() -> None:
    """14.1.06 A1 plays both Assemblies, then the theaters, to an Honor count."""
    from engine.core.decisions import random_answer

    game = Game.create(RULESET, scenario="14.1.06 A1", seed=11)
    rng = Rng("t1")
    kinds: set[str] = set()
    while game.outcome is None:
        p = rng.choice(game.prompts())
        kinds.add(p.kind)
        game.act(p.seat, random_answer(p, rng))
        assert RULESET.check_invariants(game.state) == []
    assert {"debate", "place", "reveal"} <= kinds
    out = game.outcome
    assert out is not None
    scores = dict(out.scores)
    total = {"athens": scores["aristocrats"] + scores["demagogues"],
             "sparta": scores["agiad"] + scores["eurypontid"]}
    if out.winners:
        city = "athens" if out.winners[0] in ("aristocrats", "demagogues") else "sparta"
        s = game.state
        # more Honor, or as much with the only governing faction holding the Favor (R14)
        assert total[city] > total[th.other(city)] or (
            total[city] == total[th.other(city)]
            and s["favor"][city] == s["controlling"][city]
            and s["favor"][th.other(city)] != s["controlling"][th.other(city)])
        assert len(out.places) == 3
    else:
        assert total["athens"] == total["sparta"]


def test_the_siege_of_plataea_rule_9_2() -> None:
    """16.0's Boeotia expedition through the procedures: the Agiad commits 5 in secret,
    the others 0; two Spartan foot leave Sparta (two stay for its two bases), the 300 and
    another Spartan foot and a Peloponnesian foot come down from Chalcidice through
    Thessalia; the battle is 23 to 8."""
    s = t6()
    # the position after the Chalcidice expedition of 16.0
    s["forces"]["sparta"]["S"]["land"] = 4
    th.add(s, "thessalia", "S", "land", 2)
    s["forces"]["chalcidice"]["S"] = {"land": 2, "naval": 0, "bases": 0}
    th.add(s, "chalcidice", "P", "land", 1)
    s["forces"]["isthmus"]["P"]["land"] = 1
    s["forces"]["chalcidice"]["A"]["land"] = 0
    s["the_300"] = "chalcidice"
    s["state_ship"] = "used"
    s["strategos"] = {"aristocrats": 10, "demagogues": 10, "agiad": 10, "eurypontid": 4}
    s["deck"] = {"athens": [5], "sparta": [42]}  # battle cards: Athens 5, Sparta 1
    s["flow"] = []
    ctx = Context(Rng("plataea"))
    MACHINE.start(s, ctx, "expedition", theater="boeotia", owner="agiad")
    prompts = MACHINE.prompts(s)
    assert {p.seat for p in prompts} == set(s["factions"]) and all(p.secret for p in prompts)
    assert next(p for p in prompts if p.seat == "agiad").hi == 5
    assert next(p for p in prompts if p.seat == "eurypontid").hi == 4
    for seat, n in (("agiad", "5"), ("eurypontid", "0"), ("aristocrats", "0"), ("demagogues", "0")):
        MACHINE.act(s, seat, n, ctx)
    ex = s["expedition"]
    assert ex is not None and ex["moves"] == 5 and s["strategos"]["agiad"] == 5
    for move in ("S:land@sparta", "S:land@sparta", "the300@chalcidice", "S:land@chalcidice",
                 "P:land@chalcidice"):
        MACHINE.act(s, "agiad", move, ctx)
    assert "S:land@sparta" not in {o.id for o in movable(s)}  # two stay home for two bases
    MACHINE.act(s, "agiad", "stop", ctx)
    record = s["battle"]
    assert record is not None and record["facts"]["strength"] == {"sparta": 23, "athens": 8}
    assert s["forces"]["boeotia"]["D"] == {"land": 0, "naval": 0, "bases": 0}
    assert s["forces"]["boeotia"]["S"]["land"] == 4 and s["forces"]["boeotia"]["P"]["land"] == 5
    assert s["the_300"] == "boeotia" and s["forces"]["chalcidice"]["P"]["land"] == 1
    assert s["honor"] == {"aristocrats": 8, "demagogues": 8, "agiad": 14, "eurypontid": 12}
    # the committed Strategos go back to the stock; nothing is left to fight at sea
    assert s["committed"] == {} and s["expedition"] is None and s["flow"] == []


def test_winner_names_the_enemy_losses_rule_9_3() -> None:
    """The winner picks which enemy owner pays first: here the Spartans take the
    Athenian foot before the Delian ones."""
    s = initial_state("14.1.01 A")
    th.add(s, "boeotia", "A", "land", 2)
    s["expedition"] = {"theater": "boeotia", "cg": "agiad", "city": "sparta", "moves": 0,
                       "revealed": True, "ship": False}
    s["committed"] = {"agiad": 5}
    s["state_ship"] = "used"
    s["deck"] = {"athens": [1], "sparta": [33]}  # faces 4 and 5: 16 against 9
    s["flow"] = []
    ctx = Context(Rng("t"))
    MACHINE.start(s, ctx, "battle", kind="land", second=False)
    [p] = MACHINE.prompts(s)
    assert p.seat == "agiad" and p.kind == "losses" and {o.id for o in p.options} == {"A", "D"}
    assert "loser's units" in p.text and {o.data["units_of"] for o in p.options} == {"loser"}
    MACHINE.act(s, "agiad", "A", ctx)
    # 7 points: 2 Athenian foot, then the Delian foot, then the base (no unit left)
    assert s["forces"]["boeotia"]["A"]["land"] == 0 and s["forces"]["boeotia"]["D"] == \
        {"land": 0, "naval": 0, "bases": 0}
    assert s["hostages"]["sparta"] == 2
    assert s["honor"]["agiad"] == 10 + 2 * 4


def test_the_loser_is_asked_for_the_winners_units_in_those_words_rule_9_3() -> None:
    """Losing in Boeotia, the Agiad names which of the Athenian side's owners pays
    first: the question says they are the winner's units, and so do the options."""
    s = initial_state("14.1.01 A")
    th.add(s, "boeotia", "A", "land", 4)
    th.add(s, "boeotia", "D", "land", 2)
    s["expedition"] = {"theater": "boeotia", "cg": "agiad", "city": "sparta", "moves": 0,
                       "revealed": True, "ship": False}
    s["committed"] = {}
    s["state_ship"] = "used"
    s["deck"] = {"athens": [33], "sparta": [1]}  # Athens wins by far: two or more fall
    s["flow"] = []
    MACHINE.start(s, Context(Rng("t")), "battle", kind="land", second=False)
    [p] = MACHINE.prompts(s)
    assert p.seat == "agiad" and p.kind == "losses" and {o.id for o in p.options} == {"A", "D"}
    assert "winner's units" in p.text and "own" not in p.text
    assert {(o.data or {}).get("units_of") for o in p.options} == {"winner"}
