"""Phormio at war (15.62 D-F, 15.64; brief 15.4): commitment, the CG's expedition
chart, the State Ship and battle losses, asked through the engine's own prompts."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.types import Option, Prompt
from engine.players.phormio.theater_plan import NO_PLAN, Step, TheaterPlan
from engine.players.phormio.theater_war import commit, losses, march, state_ship
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.schema import TOKENS_FIGHT, PericlesState
from engine.testing import FixedRng

from .theater_positions import example_turn, prompt_of, queue, start, view


def test_the_cg_goes_all_out_when_a_battle_is_coming_rule_15_62_d() -> None:
    """No matrix note: an expedition into a contested theater commits the most it may;
    with no battle, 1 to hold a theater nobody holds or to cover a bare base of ours,
    else nothing (ours: tokens moved nowhere are lost to the Honor trade, 8.4)."""
    s = example_turn()
    s["strategos"]["agiad"] = 8
    _, prompts = start(s, "expedition", theater="chalcidice", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), NO_PLAN) == "5"
    _, prompts = start(s, "expedition", theater="aetolia", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), NO_PLAN) == "0"
    s["forces"]["aetolia"]["P"]["land"] = 0
    s["forces"]["aetolia"]["P"]["naval"] = 1
    _, prompts = start(s, "expedition", theater="aetolia", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), NO_PLAN) == "1"
    _, prompts = start(s, "expedition", theater="macedonia", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), NO_PLAN) == "1"


def test_nothing_is_committed_to_an_obvious_defeat_rule_15_8() -> None:
    """An Athenian Military marker revealed in Sparta (placed there at random): sixteen
    Spartan foot strength and two bases against all the land units Athens could bring,
    every token and the best card: the CG and its compatriot commit nothing, so no
    battle is fought (15.8: avoid an obvious defeat)."""
    s = example_turn()
    _, prompts = start(s, "expedition", theater="sparta", owner="aristocrats")
    for seat in ("aristocrats", "demagogues"):
        assert commit(view(s, seat), prompt_of(prompts, seat), Rng("c"), NO_PLAN) == "0"
    s["forces"]["sparta"]["S"]["land"] = 2  # now within reach: the CG goes all out
    _, prompts = start(s, "expedition", theater="sparta", owner="aristocrats")
    assert commit(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("c"),
                  NO_PLAN) == "5"
    assert commit(view(s, "demagogues"), prompt_of(prompts, "demagogues"), Rng("c"),
                  NO_PLAN) == "4"


def test_athens_keeps_the_price_of_a_granary_base_rule_15_15_g() -> None:
    """Athens without a granary base, its League marker waiting in the Hellespont
    (held by Athens alone: 1 Strategos): the CG commits one fewer than it could."""
    s = example_turn()
    s["forces"]["hellespont"]["A"] = {"land": 1, "naval": 0, "bases": 0}
    s["strategos"]["aristocrats"] = 5
    queue(s, "hellespont", ("aristocrats", "league"))
    _, prompts = start(s, "expedition", theater="chalcidice", owner="aristocrats")
    assert commit(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("c"),
                  NO_PLAN) == "4"


def _marching(theater: str, owner: str, committed: int) -> tuple[PericlesState, Context]:
    s = example_turn()
    s["strategos"][owner] = committed
    ctx, prompts = start(s, "expedition", theater=theater, owner=owner)
    for p in prompts:
        MACHINE.act(s, p.seat, str(committed if p.seat == owner else 0), ctx)
    return s, ctx


def test_a_land_theater_keeps_its_last_land_unit_rule_15_62_e() -> None:
    """An expedition to Boeotia: the Isthmus' two Peloponnesian foot may give one, not
    the second; Aetolia's lone foot stays; 15.62 D would rather send fewer units."""
    s, ctx = _marching("boeotia", "agiad", 5)
    s["forces"]["sparta"]["S"]["land"] = 2  # two stay home for two bases: none can go
    s["the_300"] = None
    moved = []
    while (prompts := MACHINE.prompts(s)) and prompts[0].kind == "march":
        choice = march(view(s, "agiad"), prompts[0], Rng("m"), NO_PLAN)
        moved.append(choice)
        if choice == "stop":
            break
        MACHINE.act(s, "agiad", choice, ctx)
    assert "P:land@isthmus" in moved and moved.count("P:land@isthmus") == 1
    assert "P:land@aetolia" not in moved and moved[-1] == "stop"


def test_a_theater_with_a_queue_keeps_a_unit_a_base_rule_15_62_d() -> None:
    """The Isthmus (land, two Peloponnesian bases) with a marker still queued keeps two
    foot: none of its two may go."""
    s, ctx = _marching("boeotia", "agiad", 5)
    queue(s, "isthmus", ("eurypontid", "league"))
    p = MACHINE.prompts(s)[0]
    assert "P:land@isthmus" in {o.id for o in p.options}
    assert march(view(s, "agiad"), p, Rng("m"), NO_PLAN) != "P:land@isthmus"
    s["forces"]["sparta"]["S"]["land"] = 2
    s["the_300"] = None
    s["forces"]["chalcidice"]["P"]["land"] = 1
    p = MACHINE.prompts(s)[0]
    assert march(view(s, "agiad"), p, Rng("m"), NO_PLAN) == "stop"


def test_the_athenian_cf_commits_the_state_ship_at_once_rule_15_62_f() -> None:
    p = Prompt("demagogues", "Commit the State Ship to this battle?",
               (Option("ship", "Commit"), Option("keep", "Keep it")), "12.0", kind="state_ship")
    assert state_ship(view(example_turn(), "demagogues"), p, Rng("s"), NO_PLAN) == "ship"


def _losses_prompt(seat: str, units_of: str, owners: list[str]) -> Prompt:
    """The engine's loss question: the chooser names `units_of` side's units (9.3)."""
    return Prompt(seat, "Battle losses", tuple(Option(o, o, "9.3", data={"owner": o,
                                                                         "units_of": units_of})
                                               for o in owners), "9.3", kind="losses")


def test_the_winner_takes_city_state_units_first_rule_15_64_b() -> None:
    """Winning in Chalcidice: the Athenian unit falls before the Delian ones (Hostages)."""
    s = example_turn()
    s["expedition"] = {"theater": "chalcidice", "cg": "agiad", "city": "sparta", "moves": 0,
                       "revealed": True, "ship": False}
    th.add(s, "chalcidice", "D", "land", 2)
    p = _losses_prompt("agiad", "loser", ["A", "D"])
    assert losses(view(s, "agiad"), p, Rng("x"), NO_PLAN) == "A"


def test_the_loser_kills_the_most_winner_units_rule_15_64_a() -> None:
    """Losing in Boeotia: the Peloponnesian foot (1 a unit) rather than the Spartan
    (2 a unit), so the points kill as many as they can."""
    s = example_turn()
    s["expedition"] = {"theater": "boeotia", "cg": "agiad", "city": "sparta", "moves": 0,
                       "revealed": True, "ship": False}
    th.add(s, "boeotia", "S", "land", 2)
    p = _losses_prompt("demagogues", "winner", ["P", "S"])
    assert losses(view(s, "demagogues"), p, FixedRng([]), NO_PLAN) == "P"


def test_nothing_is_committed_where_no_unit_can_go_ruling_pt22() -> None:
    """A Spartan Will to control the Hellespont (its row commits 5): with no Spartan
    ship afloat and no foot able to reach it, an expedition there moves nothing, so
    neither faction commits; one Peloponnesian ship there and the CG goes as planned."""
    s = example_turn()
    for owners in s["forces"].values():
        for owner in ("S", "P"):
            if owner in owners:
                owners[owner]["naval"] = 0
    s["forces"]["hellespont"].pop("P", None)
    s["forces"]["hellespont"].pop("S", None)
    plan = TheaterPlan("hellespont", (Step("military", "hellespont", ("commit:5",)),))
    _, prompts = start(s, "expedition", theater="hellespont", owner="agiad")
    for seat in ("agiad", "eurypontid"):
        assert commit(view(s, seat), prompt_of(prompts, seat), Rng("c"), plan) == "0"
    th.add(s, "hellespont", "P", "naval", 1)
    _, prompts = start(s, "expedition", theater="hellespont", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), plan) == "5"


def test_tokens_alone_attack_where_they_would_fight_ruling_pt24() -> None:
    """Ruling PT24 (rule 9.3, R61): in a game of generation 1 or later an expedition's
    committed tokens fight alone where the enemy stands, so no unit able to get there is
    no reason to hold back. The Spartan Will to control the Hellespont (its row commits 5)
    with no Spartan ship afloat: against a lone Delian base (2) the CG commits its 5;
    against the Athenian fleet (strength 12 and a base) the attack is hopeless (PT21) and
    nothing is committed. The same game of generation 0 commits nothing (PT22)."""
    s = example_turn()
    for owners in s["forces"].values():
        for owner in ("S", "P"):
            if owner in owners:
                owners[owner]["naval"] = 0
    plan = TheaterPlan("hellespont", (Step("military", "hellespont", ("commit:5",)),))
    s["forces"]["hellespont"] = {"D": {"land": 0, "naval": 0, "bases": 1}}
    _, prompts = start(s, "expedition", theater="hellespont", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), plan) == "0"
    s["generation"] = TOKENS_FIGHT
    _, prompts = start(s, "expedition", theater="hellespont", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), plan) == "5"
    s["forces"]["hellespont"] = {"A": {"land": 0, "naval": 6, "bases": 1}}
    _, prompts = start(s, "expedition", theater="hellespont", owner="agiad")
    assert commit(view(s, "agiad"), prompt_of(prompts, "agiad"), Rng("c"), plan) == "0"


def test_a_faction_commits_what_its_waiting_markers_leave_spare_ruling_pt23() -> None:
    """The Agiad marches on contested Chalcidice; the Athenians defend. Each keeps the
    price of its own costly markers still queued and may commit the rest (up to 4):
    the Demagogues, 10 tokens and a League marker waiting in neutral Macedonia (a base
    there costs 1), commit 4; the Aristocrats, 6 tokens, a League marker in contested
    Boeotia (4) and a Diplomatic one in Sicily (one more than the Peloponnesian strength
    there, two foot and a ship at 1 each and a base at 2: 6), commit nothing; with 12
    tokens they spare 2. A Military marker
    waiting keeps everything (its CG goes all out, 15.62 D; 16.0's bots commit zero)."""
    s = example_turn()
    s["strategos"]["aristocrats"] = 6
    queue(s, "macedonia", ("demagogues", "league"))
    queue(s, "boeotia", ("aristocrats", "league"))
    queue(s, "sicily", ("aristocrats", "diplomatic"))
    _, prompts = start(s, "expedition", theater="chalcidice", owner="agiad")
    assert commit(view(s, "demagogues"), prompt_of(prompts, "demagogues"), Rng("c"),
                  NO_PLAN) == "4"
    assert commit(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("c"),
                  NO_PLAN) == "0"
    s["strategos"]["aristocrats"] = 12  # 12 - 4 - 6 = 2 spare
    _, prompts = start(s, "expedition", theater="chalcidice", owner="agiad")
    assert commit(view(s, "aristocrats"), prompt_of(prompts, "aristocrats"), Rng("c"),
                  NO_PLAN) == "2"
    queue(s, "macedonia", ("demagogues", "military"))
    _, prompts = start(s, "expedition", theater="chalcidice", owner="agiad")
    assert commit(view(s, "demagogues"), prompt_of(prompts, "demagogues"), Rng("c"),
                  NO_PLAN) == "0"
