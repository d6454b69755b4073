"""The march question of an expedition (rule 9.2) from positions given to the public
position API: where a unit may end its move short of the target, by generation
(rulings R28, R62, R63), the question's searches made once for all its units, and
Sparta's home guard, kept in redeployment too (R64)."""

from __future__ import annotations

from typing import Any

import engine
from engine.rulesets.pericles import theaters as th
from engine.rulesets.pericles.components import SIDE_OF
from engine.rulesets.pericles.schema import ANY_WAY, GENERATION, HOME_GUARD

RULES = engine.ruleset("pericles")


def ids(g: engine.Game, seat: str) -> list[str]:
    return [o.id for p in g.prompts() if p.seat == seat for o in p.options]


def march(target: str, cg: str, commit: int, generation: int | None = None,
          **facts: Any) -> engine.Game:
    """An expedition of 14.1.06 A (turn 6) to `target`, its commanding general `cg`
    committing `commit` Strategos and every other faction none: the march question."""
    g = RULES.from_position({"scenario": "14.1.06 A", "war": True, "strategos": {cg: 8},
                             "start": "expedition", "args": {"theater": target, "owner": cg},
                             **facts}, seed="paudit15", generation=generation)
    for p in g.prompts():
        if p.seat != cg:
            g.act(p.seat, "0")
    g.act(cg, str(commit))
    assert g.prompts()[0].kind == "march"
    return g


def test_a_unit_may_be_locked_off_the_shortest_way_rule_9_2() -> None:
    """9.2 (ruling R63, generation ANY_WAY): each unit moves on a way of its own, not
    necessarily the shortest, and one that cannot leave a theater on it stays there. In
    16.0's march on Chalcidice the Spartan foot leaving the Isthmus may take the way by
    Naupactus, where Athens' 3 land strength would hold it (the example weighs that way
    before going by Boeotia); it is offered, and taken it leaves the foot there."""
    assert GENERATION == ANY_WAY
    g = march("chalcidice", "eurypontid", 4)
    offered = ids(g, "eurypontid")
    assert "S:land@sparta>naupactus" in offered and "S:land@sparta>thessalia" in offered
    g.act("eurypontid", "S:land@sparta>naupactus")
    s = g.state
    assert s["forces"]["naupactus"]["S"]["land"] == 1 and s["forces"]["sparta"]["S"]["land"] == 7
    assert s["expedition"]["moves"] == 3
    assert s["forces"]["chalcidice"].get("S", {}).get("land", 0) == 0


def test_games_of_generation_1_stop_only_on_a_shortest_way_rule_9_2() -> None:
    """Generation 1 keeps ruling R62 as it was played: a unit stops only on a shortest
    way to the target, so Naupactus is not offered on the march north, Thessalia is."""
    offered = ids(march("chalcidice", "eurypontid", 4, generation=1), "eurypontid")
    assert "S:land@sparta>thessalia" in offered
    assert not any(o.endswith(">naupactus") for o in offered)


def test_off_the_shortest_way_a_unit_stops_only_where_it_is_held_rule_9_2() -> None:
    """9.2 (ruling R63): off a shortest way a unit ends its move only where the exit rule
    holds it, and its way ends at the target. An Athenian ship sent from Athens to
    Corcyra (held by Athens' side) may arrive, or be locked in Sparta on the way round
    by the Isthmus and Naupactus (the Spartan bases' 4 against its 2); it is not left in
    the Cyclades, where nothing would hold it, nor in Sicily, past the target."""
    offered = ids(march("corcyra", "aristocrats", 2), "aristocrats")
    assert "A:naval@athens" in offered and "A:naval@athens>sparta" in offered
    assert "A:naval@athens>cyclades" not in offered and "A:naval@athens>sicily" not in offered
    assert "A:naval@athens>sparta" not in ids(march("corcyra", "aristocrats", 2, generation=1),
                                              "aristocrats")


def test_the_question_searches_agree_with_one_search_per_candidate_rule_9_2() -> None:
    """The march question's searches (one a unit, one back from the target a kind of
    unit) find exactly the stops of ruling R62 as first written: a theater the unit
    reaches by the exit rule whose distance from the start and on to the target, by its
    routes, adds up to the shortest way's."""
    g = march("chalcidice", "eurypontid", 4, generation=1)
    s = g.state
    ways = th.Marches(s, "chalcidice", through=True)
    checked = 0
    for here, owners in s["forces"].items():
        for owner in owners:
            if SIDE_OF[owner] != "sparta" or owner == "persia":
                continue
            for kind in th.KINDS:
                free = th.ways(s, owner, kind, here, exits=False)
                want = []
                if "chalcidice" in free and here != "chalcidice":
                    for x in sorted(th.ways(s, owner, kind, here)):
                        rest = th.ways(s, owner, kind, x, "chalcidice", exits=False)
                        if x not in (here, "chalcidice") and x in free and "chalcidice" in rest \
                                and len(free[x]) + len(rest["chalcidice"]) - 1 \
                                == len(free["chalcidice"]):
                            want.append(x)
                assert ways.shortest_stops(owner, kind, here) == want, (owner, kind, here)
                checked += bool(want)
    assert checked >= 4  # Spartan and Peloponnesian foot and ships have stops here


def _redeploy_from_sparta(generation: int | None) -> int:
    """How many Spartan foot the Spartan Controlling Faction can send from Sparta (8 foot,
    the 300 among them, and 2 Spartan bases) to a Spartan base in Boeotia (11.3)."""
    g = RULES.from_position({"scenario": "14.1.06 A", "war": True, "start": "redeployment",
                             "forces": {"boeotia": {"D": {"land": 1, "bases": 1},
                                                    "P": {"land": 4, "bases": 1},
                                                    "S": {"bases": 1}}}},
                            seed="paudit15", generation=generation)
    cf, sent = g.state["controlling"]["sparta"], 0
    while "S:land@sparta>boeotia" in ids(g, cf):
        g.act(cf, "S:land@sparta>boeotia")
        sent += 1
    assert g.state["the_300"] == "sparta" and not g.check_invariants()
    return sent


def test_redeployment_keeps_a_spartan_foot_a_base_at_home_rule_9_2() -> None:
    """9.2 (ruling R64, generation HOME_GUARD): Sparta keeps one Spartan foot for each
    Spartan base in Sparta; the brief applies it to every Spartan move out of Sparta, so
    redeployment (11.3) leaves two of the eight (the 300 one of them) as an expedition
    would. Games of generation 1 let seven go, leaving the 300 alone."""
    assert GENERATION >= HOME_GUARD
    assert _redeploy_from_sparta(None) == 6
    assert _redeploy_from_sparta(1) == 7
