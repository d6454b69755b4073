"""Precomputed geometry and component tables in plain dicts, built once from the components.

The rules never touch pydantic objects while playing: everything they need (land and water
adjacency, side limits, straits, cities, block specs, cards) is flattened here so that the
hot paths are dictionary look-ups.

A `Board` is built from the real components (`Board.from_components`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .components import load_components

SICILY = "sicily"  # the off-board Sicily box (rule 9.2) is one place
# Euboea's ports: our map splits the island with strait hex-sides, so name them (rule 6.1)
EUBOEA = frozenset({"Chalcis", "Carystus", "Oreus"})
TYPE_COST = {"peltast": 1, "hoplite": 2, "cavalry": 3, "navy": 3}  # rule 8.4


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


class Board:
    def __init__(self, spec: dict[str, Any]):
        self.spec = spec
        self.hexes: dict[str, dict[str, Any]] = spec["hexes"]
        self.sides: dict[str, dict[str, Any]] = spec["sides"]
        self.cities: dict[str, dict[str, Any]] = spec["cities"]
        self.blocks: dict[str, dict[str, Any]] = spec["blocks"]
        self.cards: list[dict[str, Any]] = spec["cards"]
        self.card: dict[str, dict[str, Any]] = {c["id"]: c for c in self.cards}
        self.setup: dict[str, Any] = spec.get("setup") or {}
        # several cities may share a hex; the hex's label is its most valuable city
        self.cities_at: dict[str, list[str]] = {}
        for n, c in sorted(self.cities.items(), key=lambda kv: (-(kv[1].get("value") or 0),
                                                                not kv[1].get("major"), kv[0])):
            if c.get("hex"):
                self.cities_at.setdefault(c["hex"], []).append(n)
        self.city_at: dict[str, str] = {h: ns[0] for h, ns in self.cities_at.items()}
        if SICILY not in self.hexes:
            self.hexes[SICILY] = {"kind": "coast", "terrain": "clear", "city": None,
                                  "coasts": [[]], "strait": None, "persian": False,
                                  "sicily_port": False, "col": -1, "row": -1}
        for n, c in self.cities.items():
            if c.get("hex") is None and c.get("offboard"):
                self.city_at[SICILY] = n
                self.cities_at[SICILY] = [n]
                self.hexes[SICILY]["city"] = n
        # neighbours, army sides (hex -> {neighbour: hex-side limit}), water graph
        self.nbrs: dict[str, list[str]] = {h: [] for h in self.hexes}
        self.land: dict[str, dict[str, int]] = {h: {} for h in self.hexes}
        self.side_land: dict[tuple[str, str], str | None] = {}
        for key, sd in self.sides.items():
            a, b = key.split("|")
            if a not in self.hexes or b not in self.hexes:
                continue
            self.nbrs[a].append(b)
            self.nbrs[b].append(a)
            land = sd.get("land")
            self.side_land[(a, b)] = self.side_land[(b, a)] = land
            limit = None
            if land == "clear":
                limit = 2
            elif land == "pass":
                limit = 1
            elif sd.get("strait") and land != "mountain":
                limit = 2  # crossed only within a strait hex (rule 4.3)
            if limit is not None and self.hexes[a]["kind"] != "sea" and \
                    self.hexes[b]["kind"] != "sea":
                self.land[a][b] = limit
                self.land[b][a] = limit
        for h in self.nbrs:
            self.nbrs[h].sort()
        self.water: dict[tuple[str, int], list[tuple[str, int]]] = {}
        if spec.get("water"):
            for node, targets in spec["water"].items():
                h, c = node.rsplit(":", 1)
                self.water[(h, int(c))] = [(t.rsplit(":", 1)[0], int(t.rsplit(":", 1)[1]))
                                           for t in targets]
        for h, hx in ([] if spec.get("water") else self.hexes.items()):
            for ci, group in enumerate(hx.get("coasts") or []):
                out = []
                for nb in group:
                    if nb not in self.hexes:
                        continue
                    c2 = self.coast_index(nb, h)
                    if c2 is not None:
                        out.append((nb, c2))
                self.water[(h, ci)] = out
        self.strait_city: dict[str, frozenset[str]] = {}
        self.strait_far: dict[str, frozenset[str]] = {}
        for h, hx in self.hexes.items():
            st = hx.get("strait")
            if st:
                self.strait_city[h] = frozenset(st.get("city_side") or [])
                self.strait_far[h] = frozenset(st.get("far_side") or [])
        self.ports: dict[str, int] = {}  # port hex -> the coast its city lies on
        for c in self.cities.values():
            hx = c.get("hex")
            if hx and c.get("port"):
                self.ports[hx] = c.get("coast") or 0
        self.ports[SICILY] = 0
        self.port_hexes = frozenset(self.ports)
        self.embark = sorted({c["hex"] for c in self.cities.values()
                             if c.get("hex") and self.hexes[c["hex"]].get("sicily_port")})
        self.oracles = frozenset(c["hex"] for c in self.cities.values()
                                 if c.get("oracle") and c.get("hex"))
        self.persian = frozenset(h for h, hx in self.hexes.items() if hx.get("persian"))
        # breadth-first searches from each source hex, as far as asked: (steps found, the
        # last ring reached, its steps); see `distances_to`
        self._dist: dict[str, tuple[dict[str, int], list[str], int]] = {}
        self.armies = frozenset(b for b, sp in self.blocks.items() if sp["type"] != "navy")
        self.mountains = frozenset(h for h, hx in self.hexes.items()
                                   if hx.get("terrain") == "mountain")
        self._limits: dict[str, tuple[int, int]] = {}
        self._labels: dict[str, str] = {}
        self._findable: dict[str, str] = {}
        self._balls: dict[tuple[str, int], frozenset[str]] = {}
        # a neutral city's own blocks (9.5), in component order
        self.neutral_home: dict[str, list[str]] = {}
        # blocks by their special role (revolts 7.0, Helots 7.1, rebel navies 9.4), in
        # component order; cities a revolt may target (7.0: major, on the map, not Athens
        # or Sparta), by name
        self.specials: dict[str, list[str]] = {}
        for bid, sp in self.blocks.items():
            if sp.get("special"):
                self.specials.setdefault(sp["special"], []).append(bid)
        self.major_cities = sorted(n for n, c in self.cities.items() if c.get("major"))
        self.revolt_targets = [(n, c) for n, c in sorted(self.cities.items())
                               if n not in ("Athens", "Sparta") and c.get("major")
                               and c.get("hex")]
        for bid, sp in self.blocks.items():
            if sp["side"] == "neutral" and sp.get("home") is not None:
                self.neutral_home.setdefault(sp["home"], []).append(bid)
        # every place's label, read many times a click: `label(h)`, the short label of a
        # place (its city's name, else the hex id), is the dict's own look-up (a KeyError
        # for what is no place). An attribute, not a method patched over: a class
        # compiled by mypyc (scripts/compile_engine.sh) cannot have its methods replaced.
        self._labels = {h: self._label(h) for h in self.hexes}
        self.label: Callable[[str], str] = self._labels.__getitem__

    # ---------------------------------------------------------------- construction
    @classmethod
    def from_components(cls, comp: Any) -> Board:
        hexes: dict[str, dict[str, Any]] = {}
        for hid, h in _get(comp, "hexes").items():
            st = _get(h, "strait")
            hexes[hid] = {
                "kind": _get(h, "kind"), "terrain": _get(h, "terrain", "clear"),
                "city": _get(h, "city"), "coasts": [list(g) for g in (_get(h, "coasts") or [])],
                "strait": None if not st else {"city_side": list(_get(st, "city_side") or []),
                                               "far_side": list(_get(st, "far_side") or [])},
                "persian": bool(_get(h, "persian")), "sicily_port": bool(_get(h, "sicily_port")),
                "col": _get(h, "col"), "row": _get(h, "row"),
                "island": _get(h, "island"),
            }
        sides: dict[str, dict[str, Any]] = {}
        for hid in hexes:
            for nb in comp.neighbors(hid):
                if nb not in hexes:
                    continue
                key = "|".join(sorted((hid, nb)))
                if key in sides:
                    continue
                sd = comp.side(hid, nb)
                if sd is None:
                    continue
                sides[key] = {"land": _get(sd, "land"), "water": bool(_get(sd, "water")),
                              "strait": bool(_get(sd, "strait")), "river": _get(sd, "river")}
        cities = {}
        for name, c in _get(comp, "cities").items():
            d = c.model_dump() if hasattr(c, "model_dump") else dict(c)
            cities[name] = d
        blocks = {}
        for bid, b in _get(comp, "blocks").items():
            d = b.model_dump() if hasattr(b, "model_dump") else dict(b)
            blocks[bid] = d
        cards = []
        for c in _get(comp, "cards"):
            d = c.model_dump() if hasattr(c, "model_dump") else dict(c)
            cards.append(d)
        setup = _get(comp, "setup")
        if hasattr(setup, "model_dump"):
            setup = setup.model_dump()
        water = {}
        for hid, h in hexes.items():
            for ci in range(len(h["coasts"])):
                water[f"{hid}:{ci}"] = [f"{n}:{c}" for n, c in comp.water_neighbors(hid, ci)]
        for b in blocks.values():
            r = b["rating"]
            b.setdefault("letter", r[0])
            b.setdefault("fire", int(r[1:]))
        return cls({"hexes": hexes, "sides": sides, "cities": cities, "blocks": blocks,
                    "cards": cards, "setup": setup, "water": water})

    # ---------------------------------------------------------------- geometry
    def coast_index(self, h: str, nb: str) -> int | None:
        for ci, group in enumerate(self.hexes[h].get("coasts") or []):
            if nb in group:
                return ci
        return None

    def water_numbered(self) -> tuple[list[tuple[str, int]], dict[tuple[str, int], int],
                                      list[list[int]], list[str]]:
        """The water graph with its nodes numbered, for searches: (nodes, node -> number,
        neighbours by number in `water`'s order, each node's hex). Built on first use."""
        got = getattr(self, "_water_numbered", None)
        if got is None:
            nodes: list[tuple[str, int]] = []
            number: dict[tuple[str, int], int] = {}
            for node, targets in self.water.items():
                for n in (node, *targets):
                    if n not in number:
                        number[n] = len(nodes)
                        nodes.append(n)
            adj: list[list[int]] = [[] for _ in nodes]
            for node, targets in self.water.items():
                adj[number[node]] = [number[n] for n in targets]
            got = self._water_numbered = (nodes, number, adj, [n[0] for n in nodes])
        return got

    def water_masks(self) -> tuple[list[int], dict[str, int], int, int, list[tuple[str, int]]]:
        """The water graph as bit sets for searches that only need the ports they reach
        (strategic sea moves, retreats and regroups by sea): (each node's neighbours as
        one int, bit i for node i of `water_numbered`; each hex's nodes; the port nodes
        (`port_nodes`); the port nodes of hexes with two of them (Corinth); the nodes).
        Built on first use."""
        got = getattr(self, "_water_masks", None)
        if got is None:
            nodes, number, adj, hexes = self.water_numbered()
            nbrs = [sum(1 << j for j in set(a)) for a in adj]
            at: dict[str, int] = {}
            for i, h in enumerate(hexes):
                at[h] = at.get(h, 0) | 1 << i
            ports = self.port_nodes()
            port_mask = sum(1 << number[n] for n in ports)
            twice = {h for h in {n[0] for n in ports} if sum(n[0] == h for n in ports) > 1}
            twins = sum(1 << number[n] for n in ports if n[0] in twice)
            got = self._water_masks = (nbrs, at, port_mask, twins, nodes)
        return got

    def water_bytes(self) -> list[list[int]]:
        """For byte k of a bit set of water nodes (`water_masks`: nodes 8k..8k+7) and each
        value v of that byte, the neighbours of the nodes v names, as one bit set; -1 until
        first asked. A search then gathers a ring's neighbours with one operation per
        byte instead of four per node (issue #17: a tenth of a compiled search's work)."""
        got = getattr(self, "_water_bytes", None)
        if got is None:
            n = len(self.water_numbered()[0])
            got = self._water_bytes = [[-1] * 256 for _ in range((n + 7) // 8)]
        return got

    def port_nodes(self) -> frozenset[tuple[str, int]]:
        """The water nodes where a sea move may end: a city's port on its own coast,
        Corinth on either (rule 1.7). Built on first use."""
        got = getattr(self, "_port_nodes", None)
        if got is None:
            ports, city_at = self.ports, self.city_at
            got = self._port_nodes = frozenset(
                n for n in self.water_numbered()[0]
                if n[0] in ports and (ports[n[0]] == n[1] or city_at.get(n[0]) == "Corinth"))
        return got

    def land_ball(self, start: str, limit: int) -> frozenset[str]:
        """The hexes within `limit` steps of `start` by land hex-sides (`land`), whatever
        stands there: all a land search from `start` may look at."""
        key = (start, limit)
        balls = self._balls
        got = balls.get(key)
        if got is None:
            seen = {start}
            ring = [start]
            for _ in range(limit):
                nxt = []
                for h in ring:
                    for nb in self.land.get(h, ()):
                        if nb not in seen:
                            seen.add(nb)
                            nxt.append(nb)
                ring = nxt
            got = balls[key] = frozenset(seen)
        return got

    def distances(self, src: str) -> dict[str, int]:
        """Steps from `src` to every hex it reaches by hex-sides (land or sea alike)."""
        return self.distances_to(src, self.hexes)

    def distances_to(self, src: str, targets: Any) -> dict[str, int]:
        """Steps from `src` to at least every hex of `targets` that it reaches (the answer
        may hold more hexes; a hex it lacks is never reached). The search from `src` is
        kept and taken only as far as some question needed: a destination list is near
        its block, so most never look at the whole map."""
        got = self._dist.get(src)
        if got is None:
            got = self._dist[src] = ({src: 0}, [src], 0)
        d, ring, step = got
        if not ring or all(h in d for h in targets):
            return d
        # breadth first, a ring at a time (the order a queue would give), until every
        # target reachable is found or the map is done
        nbrs = self.nbrs
        missing = {h for h in targets if h not in d and nbrs.get(h)}  # no sides: unreachable
        while ring and missing:
            step += 1
            nxt = []
            for h in ring:
                for nb in nbrs.get(h, ()):
                    if nb not in d:
                        d[nb] = step
                        nxt.append(nb)
                        missing.discard(nb)
            ring = nxt
        self._dist[src] = (d, ring, step)
        return d

    def dist(self, a: str, b: str) -> int:
        return self.distances(a).get(b, 99)

    def findable(self, h: str) -> str:
        """A place as a player finds it on the map: its label, or for a hex without a city
        the hex named by a neighbouring city ("hex K7 by Chalcis")."""
        got = self._findable.get(h)
        if got is None:
            lab = self.label(h)
            if lab == h:
                near = next((self.label(nb) for nb in self.nbrs.get(h, ())
                             if self.label(nb) != nb), None)
                lab = f"hex {h}" + (f" by {near}" if near else "")
            got = self._findable[h] = lab
        return got

    def _label(self, h: str) -> str:
        if h == SICILY:
            return "Syracuse"
        return self.hexes[h].get("city") or self.city_at.get(h) or h

    def stack_limit(self, h: str) -> tuple[int, int]:
        """(blocks, armies) one player may stack in a hex (rule 4.1 terrain table)."""
        got = self._limits.get(h)
        if got is None:
            got = self._limits[h] = self._stack_limit(h)
        return got

    def _stack_limit(self, h: str) -> tuple[int, int]:
        if h == SICILY:
            return 99, 99
        name = self.city_at.get(h)
        if name == "Athens":
            return 6, 4
        if self.hexes[h]["terrain"] == "mountain":
            return 2, 2
        return 4, 4

    def is_mountain(self, h: str) -> bool:
        return h in self.mountains

    def crossing(self, h: str, frm: str | None, to: str | None) -> bool:
        """Does a land move through strait hex `h`, entering from `frm` (None: starting in
        h on the city side) and leaving to `to` (None: stopping in h), cross the strait?"""
        far = self.strait_far.get(h)
        if far is None:
            return False
        a_far = frm in far if frm is not None else False
        b_far = to in far if to is not None else False
        return a_far != b_far

    def full_blockade_island(self, h: str) -> bool:
        """Islands where a blockade alone is a full siege (rule 6.1): six sea sides, one
        port, or reached through a single strait. The components may flag it; otherwise
        a port hex with no land neighbour counts as such an island."""
        hx = self.hexes[h]
        flag = hx.get("island")
        if flag in ("small", "full", True):
            return True
        if flag in ("large", False):
            return False
        if h == SICILY:
            return False
        if set(self.cities_at.get(h, ())) & EUBOEA:
            return False  # rule 6.1 names Euboea: a large island with land supply
        comp = self._island_of().get(h)
        return comp is not None and comp[1]

    def _island_of(self) -> dict[str, tuple[int, bool]]:
        """hex -> (land mass, whether a blockade there is a full siege). Land masses join
        hexes through clear or pass hex-sides, straits excluded; the largest is the
        mainland. Off the mainland, a land mass with a single port city is an island whose
        blockade is a full siege (rule 6.1); larger islands with several ports are not."""
        cached: dict[str, tuple[int, bool]] | None = getattr(self, "_islands", None)
        if cached is not None:
            return cached
        adj: dict[str, list[str]] = {}
        for key, sd in self.sides.items():
            a, b = key.split("|")
            if sd.get("land") in ("clear", "pass") and not sd.get("strait"):
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        comp: dict[str, int] = {}
        members: list[list[str]] = []
        for h, hx in self.hexes.items():
            if h in comp or hx["kind"] == "sea" or h == SICILY:
                continue
            comp[h] = len(members)
            group = [h]
            stack = [h]
            while stack:
                x = stack.pop()
                for n in adj.get(x, ()):
                    if n not in comp and self.hexes[n]["kind"] != "sea":
                        comp[n] = comp[h]
                        group.append(n)
                        stack.append(n)
            members.append(group)
        main = max(range(len(members)), key=lambda i: len(members[i])) if members else -1
        out: dict[str, tuple[int, bool]] = {}
        for i, group in enumerate(members):
            ports = sum(1 for x in group for n in self.cities_at.get(x, ())
                        if self.cities[n].get("port"))
            full = i != main and ports <= 1
            for x in group:
                out[x] = (i, full)
        self._islands = out
        return out


@lru_cache(maxsize=1)
def board() -> Board:
    return Board.from_components(load_components())
