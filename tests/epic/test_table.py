"""The Epic at the table (issue 33): long choices are menus of places. On the 431 Campaign
set-up no prompt lists more than 25 options before a first grouping choice, and every
legal move stays reachable through the groups: the destinations found by opening every
group are exactly the engine's legal set."""

from __future__ import annotations

import pytest

import engine
from engine.core import decisions
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.rulesets.epic import board as B
from engine.rulesets.epic import building as BLD
from engine.rulesets.epic import menus
from engine.rulesets.epic import places as P
from engine.rulesets.epic import raiding as RX
from engine.rulesets.epic import revolts as RV
from engine.rulesets.epic import supplyphase as SP
from engine.rulesets.epic.placement import home_cities
from engine.rulesets.epic.rules import MACHINE
from engine.testing import FixedRng

LIMIT = 25


def _campaign(proc: str, side: str, placed: bool = False, broke: bool = False,
              **args) -> Game:
    """The 431 Campaign as set up, with `proc` running for `side` in place of the flow;
    `placed`: every Force Pool unit first set down in its region's cities, in turn (the
    whole army of spring 431 on the map)."""
    g = engine.new_game("epic", "campaign", seed="table")
    s = g.state
    if placed:
        for n, u in enumerate(x for _, x in sorted(s["units"].items()) if x["where"] == "pool"):
            cities = home_cities(s, u["side"], u["home"])
            if cities:
                u.update(where="map", hex=B.comps().cities[cities[n % len(cities)]].hex)
    if broke:
        s["treasury"][side] = 0
    s["flow"].clear()
    MACHINE.start(g.state, Context(Rng("table")), proc, side=side, **args)
    g._prompts = None
    return g


def _leaves(g: Game, seat: str, found: list[str]) -> None:
    """Every option below the menu at hand, found by opening each group through the
    game (and closing it again); each prompt on the way lists at most LIMIT options."""
    p = g.prompt_for(seat)
    assert p is not None and len(p.options) <= LIMIT, (p.kind, len(p.options))
    for o in p.options:
        if o.id.startswith(menus.GROUP):
            g.act(seat, o.id)
            _leaves(g, seat, found)
            g.act(seat, menus.UP)
        elif o.id != menus.UP:
            found.append(o.id)


@pytest.mark.parametrize("side", ["athens", "sparta"])
def test_every_move_of_the_431_set_up_is_reachable_through_menus_of_25_at_most(side):
    g = _campaign("move", side, placed=True, step="choose")
    top: list[str] = []
    _leaves(g, side, top)
    sources = [x for x in top if x.startswith("from:")]
    assert len(sources) > LIMIT or side == "sparta"  # Athens' stacks do need the groups
    assert len(sources) == len(set(sources))
    checked = 0
    for src in sources:
        path = _open(g, side, src)
        g.act(side, src)
        p = g.prompt_for(side)
        assert p.kind == "pieces" and len(p.options) <= LIMIT
        g.act(side, decisions.encode(p, [o.id for o in p.options][:p.hi]))
        legal = set(g.state["flow"][-1]["args"]["dests"])
        found: list[str] = []
        _leaves(g, side, found)
        reached = {x.split(":", 1)[1] for x in found if x.startswith("to:")}
        assert reached == legal, src
        checked += len(legal)
        g.act(side, "back")
        assert path is not None
    assert checked > 200  # the fleets' and the armies' long lists were among them


def _open(g: Game, seat: str, leaf: str) -> list[str]:
    """Open the groups leading to option `leaf`; the group ids opened."""
    opened = []
    while g.prompt_for(seat).option(leaf) is None:
        p = g.prompt_for(seat)
        group = next(o.id for o in p.options if o.data and o.data.get("kind") == "group"
                     and any(x["id"] == leaf for x in o.data["leaves"]))
        g.act(seat, group)
        opened.append(group)
    return opened


def test_places_read_as_names_with_the_hex_beside_them():
    athens = engine.new_game("epic", "campaign").rules  # the components are loaded
    assert athens.id == "epic"
    assert P.name("W2431").startswith("W2431") or "(" in P.name("W2431")
    city = next(iter(P.B.comps().cities.values()))
    assert P.name(city.hex) == f"{city.name} ({city.hex})"
    sea = next(a for a in P.B.comps().areas.values() if a.kind == "sea")
    assert P.name(sea.id) == sea.name
    plain = next(h for h, x in P.B.comps().hexes.items() if x.kind == "land" and x.area
                 and h not in P.B.city_by_hex() and P.B.comps().areas[x.area].region)
    words = P.name(plain)
    assert plain in words and " in " in words and "near " in words


def test_a_replayed_answer_below_the_groups_is_still_accepted():
    """Logs recorded before the menus answered a far destination in one step."""
    g = _campaign("move", "athens", placed=True, step="choose")
    p = g.prompt_for("athens")
    deep = next(x["id"] for x in menus.leaves_of(p) if p.option(x["id"]) is None)
    with pytest.raises(engine.IllegalAction):
        g.act("athens", deep)  # a player must open the group
    wide = menus.widened(p)
    assert wide.option(deep) is not None and len(wide.options) > len(p.options)


@pytest.mark.parametrize(("proc", "side"), [("place", "athens"), ("place", "sparta"),
                                            ("build", "athens"), ("build", "sparta")])
def test_placement_and_building_on_the_431_set_up_are_menus_of_25_at_most(proc, side):
    """Every kind of unit is one batch behind the groups, and each batch is one
    allocation of 25 choices at most, "leave" first."""
    g = _campaign(proc, side)
    found: list[str] = []
    _leaves(g, side, found)
    assert found[0] == "done"
    batches = [x for x in found if x.startswith(("put:", "make:"))]
    s = g.state
    want = "pool" if proc == "place" else "build"
    kinds = {(u["home"], u["type"], u["morale"]) for u in s["units"].values()
             if u["side"] == side and u["where"] == want}
    assert 0 < len(batches) <= len(kinds)
    for b in batches:
        _open(g, side, b)
        g.act(side, b)
        q = g.prompt_for(side)
        assert q.form == decisions.ALLOCATE and len(q.options) <= LIMIT
        assert q.options[0].id in ("keep", "stay")
        g.act(side, "|".join([q.options[0].id] * q.lo))  # all left: nothing changes
        assert g.prompt_for(side).kind == proc
    assert g.state["units"] == s["units"]


@pytest.mark.parametrize("side", ["athens", "sparta"])
def test_going_unsupplied_on_the_431_set_up_is_a_menu_of_25_at_most(side):
    """9.1 with the whole army of spring 431 on the map and an empty Treasury: every unit
    the side pays for is reachable through the groups of places, none listed twice."""
    g = _campaign("supply_short", side, placed=True, broke=True)
    found: list[str] = []
    _leaves(g, side, found)
    owed = SP.payable(g.state, side)
    assert len(owed) > LIMIT or side == "sparta"  # Athens' 56 units do need the groups
    assert sorted(found) == sorted(owed)
    weakest = found[-1]
    _open(g, side, weakest)
    g.act(side, weakest)  # a unit below the groups goes, and the menu starts again
    assert weakest not in SP.payable(g.state, side)  # eliminated (9.1): off the map
    p = g.prompt_for(side)
    assert p.kind == "unsupplied" and menus.UP not in [o.id for o in p.options]


@pytest.mark.parametrize("side", ["athens", "sparta"])
def test_foraging_on_the_431_set_up_is_asked_in_parts_of_25_at_most(side):
    """9.7 with the whole army of spring 431 on the map and an empty Treasury: the stacks
    that may forage come in parts of 25 at most, each stack in exactly one part."""
    g = _campaign("supply_short", side, placed=True, broke=True)
    s = g.state
    candidates = SP._candidates(s, side, True)
    s["flow"].clear()
    MACHINE.start(s, Context(Rng("table")), "supply_forage", side=side, candidates=candidates)
    g._prompts = None
    asked: list[str] = []
    while (p := g.prompt_for(side)) is not None and p.kind == "forage":
        assert len(p.options) <= LIMIT
        asked += [o.id for o in p.options]
        g.act(side, "")  # none of this part forages
    assert len(candidates) > LIMIT or side == "sparta"
    assert sorted(asked) == sorted(candidates)


def test_a_game_of_generation_1_asks_every_forager_at_once():
    g = engine.new_game("epic", "campaign", seed="table", generation=1)
    s = g.state
    many = [f"h{n}" for n in range(LIMIT + 2)]
    assert SP.forage_parts(s, many) == [many]
    g2 = engine.new_game("epic", "campaign", seed="table")
    parts = SP.forage_parts(g2.state, sorted(B.city_by_hex())[:LIMIT + 2])
    assert len(parts) == 2 and all(len(x) <= LIMIT for x in parts)


def test_a_batch_places_so_many_of_a_kind_in_each_city_in_one_answer():
    g = _campaign("place", "athens")
    s = g.state
    b = "put:attica:hoplite:4"
    _open(g, "athens", b)
    g.act("athens", b)
    q = g.prompt_for("athens")
    cities = [o.id for o in q.options[1:]]
    assert q.lo >= 3 and len(cities) >= 2
    answer = [cities[0], cities[1], cities[0]] + ["keep"] * (q.lo - 3)
    events = g.act("athens", "|".join(answer))
    at = {c: B.comps().cities[c[3:]].hex for c in cities[:2]}
    placed = [u for u in s["units"].values() if u["placed"]]
    assert sorted(u["hex"] for u in placed) == sorted([at[cities[0]]] * 2 + [at[cities[1]]])
    assert all(u["home"] == "attica" and u["type"] == "hoplite" for u in placed)
    words = " ".join(e.text for e in events)
    assert "2 Attic hoplites" in words and "1 Attic hoplite " in words
    assert "attica-hoplite" not in words
    assert g.prompt_for("athens").kind == "place"  # back to the menu, the kind's rest left


def test_a_batch_builds_no_more_than_the_treasury_pays_for():
    g = _campaign("build", "athens")
    s = g.state
    s["treasury"]["athens"] = 3
    g._prompts = None
    found: list[str] = []
    _leaves(g, "athens", found)
    b = "make:attica:fleet:4"  # four in the Build Pool
    assert b in found
    _open(g, "athens", b)
    g.act("athens", b)
    q = g.prompt_for("athens")
    build = q.option("build")
    assert q.lo >= 2 and build.cap == 1  # a fleet costs 2 (7.7): 3 talents pay for one
    with pytest.raises(engine.IllegalAction):
        g.act("athens", "|".join(["build", "build"] + ["keep"] * (q.lo - 2)))
    g.act("athens", "|".join(["build"] + ["keep"] * (q.lo - 1)))
    assert s["treasury"]["athens"] == 1


def _hopeless_chalcidice(generation=None):
    """Chalcidice alone in the risk zone at AL 3, no city of it in revolt: every check
    there would need more than a 6 (6.1, 6.3). Sparta's checks start."""
    g = engine.new_game("epic", "campaign", seed="table", generation=generation)
    s = g.state
    s["flow"].clear()
    region = "chalcidice"
    s["revolts"] = []  # no revolting neighbours (+1 each, 6.3)
    s["regions"][region].update(al=3, mult=1)
    for r, x in s["regions"].items():
        if r != region and x["side"] == "athens":
            x["al"] = max(x["al"], 5)
    assert not any(RV.can_revolt(s, region, c) for c in RV.candidates(s, region))
    ctx = Context(FixedRng([]))
    MACHINE.start(s, ctx, "revolts")
    g._prompts = None
    return g, ctx


def test_a_revolt_check_that_cannot_succeed_is_not_asked():
    """6.1: 7 or more on a die with the 6.3 modifiers; a region whose every city would
    need more than a 6 is passed over with a line saying why, and no die is rolled."""
    g, ctx = _hopeless_chalcidice()
    words = " ".join(e.text for e in ctx.events)
    assert "No city of Chalcidice can revolt" in words and "(6.1, 6.3)" in words
    assert not any(p.kind == "revolt" and p.seat == "sparta" for p in g.prompts())


def test_a_game_of_generation_0_still_asks_a_hopeless_check():
    """A game created before the change asks what it always asked (its stored answers
    replay): the check is offered, marked as one that cannot succeed."""
    g, ctx = _hopeless_chalcidice(generation=0)
    p = g.prompt_for("sparta")
    assert "Chalcidice" in p.text and ctx.events == []
    assert all("cannot succeed" in o.label for o in p.options)


def _threatened_athens(generation=None):
    """Athens with its own hoplite inside; a Spartan hoplite two hexes off (None) or no
    enemy near (`alone`); the raid step of a Campaign Turn starts."""
    g = engine.new_game("epic", "campaign", seed="table", generation=generation)
    s = g.state
    s["flow"].clear()
    s["ct"] = 1
    for u in s["units"].values():
        u.update(where="pool", hex=None)
    athens = B.comps().cities["Athens"].hex
    next(u for u in s["units"].values() if u["home"] == "attica"
         and u["type"] == "hoplite").update(where="map", hex=athens)
    return g, athens


def _foe_near(g, h):
    s = g.state
    first = B.comps().land_neighbors(h)
    spot = next(n for x in first for n in B.comps().land_neighbors(x)
                if n != h and n not in first and n not in B.city_by_hex())
    foe = next(u for u in s["units"].values() if u["side"] == "sparta"
               and u["type"] == "hoplite")
    foe.update(where="map", hex=spot)


def test_pulling_down_walls_is_offered_only_under_threat_and_confirmed():
    """11.3.1b: never one's own walls with no enemy near; with one, asked twice."""
    g, athens = _threatened_athens()
    s = g.state
    assert athens not in RX.wreckers(s, "athens")  # its own capital, no enemy near
    _foe_near(g, athens)
    assert athens in RX.wreckers(s, "athens")
    MACHINE.start(s, Context(Rng("table")), "raid", side="athens")
    g._prompts = None
    g.act("athens", f"walls:{athens}")
    q = g.prompt_for("athens")
    assert q.kind == "confirm" and "really pull down the walls of Athens" in q.text
    g.act("athens", "no")
    assert "Athens" not in s["unwalled"]
    MACHINE.start(s, Context(Rng("table")), "raid", side="athens")
    g._prompts = None
    g.act("athens", f"walls:{athens}")
    g.act("athens", "yes")
    assert "Athens" in s["unwalled"]


def test_a_game_of_generation_0_offers_every_wall_at_once():
    """Created before the change, a game asks as it did: its own walls in peace, pulled
    down on the first answer."""
    g, athens = _threatened_athens(generation=0)
    s = g.state
    assert athens in RX.wreckers(s, "athens")
    MACHINE.start(s, Context(Rng("table")), "raid", side="athens")
    g._prompts = None
    g.act("athens", f"walls:{athens}")
    assert "Athens" in s["unwalled"] and g.prompt_for("athens") is None


def test_the_view_lists_walls_built_in_play():
    """7.6.4: walls finished during the game are shown (and drawn), until pulled down."""
    g = engine.new_game("epic", "campaign", seed="table")
    s = g.state
    name = next(c.name for c in B.comps().cities.values() if not c.walled)
    BLD.finish_walls(s, name)
    v = g.rules.view(s, "sparta")
    assert name in v["built_walls"] and name not in v["unwalled"]
    assert B.walled(s, B.comps().cities[name])


def test_the_heuristic_never_pulls_its_own_walls_down():
    """Issue 33: Athens pulled down its own walls in Spring 431; walls (11.3.1b) are left
    to a player who means it."""
    from engine.players.epic import choose

    g = _campaign("raid", "athens", placed=True)
    s = g.state
    s["ct"] = 3  # the last Campaign Turn, when the heuristic raids with every stack
    s["flow"].clear()
    MACHINE.start(s, Context(Rng("table")), "raid", side="athens")
    g._prompts = None
    p = g.prompt_for("athens")
    assert p is not None and any(o.id.startswith("walls:") for o in p.options)
    answer = choose(g.view("athens"), p, None, Rng("h"))
    assert answer is not None and "walls:" not in answer
