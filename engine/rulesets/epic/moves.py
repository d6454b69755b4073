"""The movement half of a player's Movement and Combat phase (rules 16.1-16.3, 17.1).

A stack is chosen by its hex, then which of its pieces go, then where; a move that ends on
enemies becomes an attack fought after all movement (17.1, 17.2). Units shut in a masked
city stay (10.2.2d); raiders stay (15.1); foragers stay in the first Campaign Turn (9.7.2).
Masking units may storm the place they mask without moving (10.2.1c, 17.7.7i)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import IllegalAction, Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks
from engine.core.steady import Memo

from . import alliances as A
from . import board as B
from . import combat as K
from . import fleets as F
from . import longwalls as LW
from . import menus, persia, sicily
from . import movement as M
from . import places as P
from . import unit_names as N
from .cards import season_fx
from .events import festival_fence
from .leaders import eliminate as kill_leader
from .losses import drown, eliminate
from .notes import note
from .peace import barred, breach, restricted
from .sieges import enter_revolt
from .sieges import upkeep as siege_upkeep
from .state import MAP, SEPARATE_FLEETS, SIEGES_KEPT_EVERY_PHASE, EState, on_board, other, stamp


def movable_units(s: EState, side: str, h: str) -> list[str]:
    out: list[str] = []
    here = B.units_at(s, h, side)
    if not here:
        return out
    ours = B.holder(s, h) == side
    shut = ours and B.masked(s, h)
    blockaded = ours and B.fleet_masked(s, h)
    for uid in here:
        u = s["units"][uid]
        if u["moved"] or u["raid"] or not A.mine(s, u):
            continue  # 24.5: each ally moves his own pieces
        if u["forage"] and s["ct"] == 1:
            continue
        if shut and not (u["type"] == "fleet" and not blockaded):
            continue  # shut in (10.2.2d), but fleets pass land maskers freely
        if u["type"] == "fleet" and blockaded:
            continue  # 10.2.3b: enemy fleets block the port
        out.append(uid)
    return out


def boardable(s: EState, side: str, h: str) -> list[str]:
    """Land units at `h` that fleets may take on board (16.7.1): those that moved by land
    this turn too (16.7.3), but not those already carried by sea, raiders, foragers held in
    the first Campaign Turn, nor units shut in a masked place."""
    if B.holder(s, h) == side and B.masked(s, h):
        return []
    out = []
    for uid in B.units_at(s, h, side):
        u = s["units"][uid]
        if u["type"] == "fleet" or u["raid"] or u.get("sailed") or not A.mine(s, u):
            continue
        if u["forage"] and s["ct"] == 1:
            continue
        if festival_fence(s, [uid]) is not None:
            continue  # the Festival: a voyage would take it out of its region
        out.append(uid)
    return out


def boardable_leaders(s: EState, side: str, h: str) -> list[str]:
    return [n for n in B.leaders_at(s, h, side)
            if not s["leaders"][n].get("sailed") and A.mine(s, s["leaders"][n])]


def movable_leaders(s: EState, side: str, h: str) -> list[str]:
    return [n for n in B.leaders_at(s, h, side)
            if not s["leaders"][n].get("moved") and A.mine(s, s["leaders"][n])]


def sources(s: EState, side: str) -> list[str]:
    hexes = {on_board(u) for u in s["units"].values()
             if u["where"] == "map" and u["side"] == side}
    hexes |= {on_board(x) for x in s["leaders"].values()
              if x["where"] == "map" and x["side"] == side}
    return sorted(h for h in hexes
                  if movable_units(s, side, h) or movable_leaders(s, side, h))


def attacked(s: EState) -> set[str]:
    return {a["hex"] for a in s.get("attacks", [])}


def stack_ok(s: EState, h: str, units: int, leaders: int) -> bool:
    """16.2.1: two or more units outside a city or fort need a leader with them."""
    return units < 2 or leaders > 0 or B.holder(s, h) is not None


def defenders(s: EState, h: str, side: str) -> int:
    """How many would defend `h` against `side` (18.3, 18.6.2), for the 1-4 limit."""
    foe = other(side)
    n = len(B.units_at(s, h, foe))
    if B.holder(s, h) == foe and B.fortress(s, h):
        n = min(n, 2)
    if n == 0 and B.city_at(s, h) is not None and B.holder(s, h) == foe:
        n = 1  # the garrison
    return n


def destinations(s: EState, side: str, start: str, units: list[str],
                 leaders: list[str]) -> dict[str, M.Reach]:
    mp = M.allowance(s, units, leaders)
    left_units = len(B.units_at(s, start, side)) - len(units)
    left_leaders = len(B.leaders_at(s, start, side)) - len(leaders)
    if not stack_ok(s, start, left_units, left_leaders):
        return {}  # a leader may not leave a stack behind outside a city (16.2.1)
    busy = attacked(s)
    out = {}
    truce = restricted(s)
    fence = persia.confined(s, units)  # Persian troops keep to their lands (Appendix C)
    also = persia.satrapy_open(s, units, leaders)  # 1.2: a satrap's troops in his lands
    within = festival_fence(s, units)  # the Festival: not out of the region
    with B.steady(s):  # the same state's questions, asked of hundreds of hexes
        reach = M.reachable(s, side, start, mp, also, within)
        leaders_by_hex = _leaders_by_hex(s, side)
        for h, r in reach.items():
            if h in busy:
                continue  # all attackers of a hex come together from one hex (17.1)
            if fence is not None and h not in fence:
                continue
            if truce and (r.stops or barred(s, side, h)):
                continue  # 20.2: no battles, no entering enemy regions
            if r.stops:
                if not units:
                    continue  # a leader alone attacks no one
                if B.holder(s, h) != other(side) and \
                        K.odds_index(len(units), defenders(s, h, side)) < 0:
                    continue  # 17.5.1: no attack below 1-4 (an enemy place may be masked)
                if len(units) > 1 and not leaders:
                    continue  # 17.1: more than one attacker needs a leader
            elif not leaders and not leaders_by_hex.get(h) and B.holder(s, h) is None and \
                    len(B.units_at(s, h, side)) + len(units) >= 2:
                continue  # 16.2.1 (stack_ok, its cheap questions first)
            out[h] = r
    return out


def _leaders_by_hex(s: EState, side: str) -> dict[str | None, int]:
    """How many of `side`'s leaders stand in each hex (one pass, for `leaders_at` counts
    asked of every hex a stack could reach)."""
    out: dict[str | None, int] = {}
    for x in s["leaders"].values():
        if x["where"] == MAP and x["side"] == side:
            out[x["hex"]] = out.get(x["hex"], 0) + 1
    return out


def sea_destinations(s: EState, side: str, start: str, units: list[str],
                     leaders: list[str], mp: int = F.MAX_MP) -> dict[str, F.Voyage]:
    """A voyage: fleets, the land units they carry and leaders (7.8.2, 16.7)."""
    fleets = [u for u in units if s["units"][u]["type"] == "fleet"]
    cargo = [u for u in units if u not in fleets]
    if (len(fleets) > 1 or cargo) and not leaders:
        return {}  # 7.8.2, 16.7.2: a leader goes with stacked fleets and transports
    if not F.capacity_ok(s, fleets, cargo):
        return {}
    left = [u for u in B.units_at(s, start, side) if u not in units]
    if F.at_sea(start) and any(s["units"][u]["type"] != "fleet" for u in left) and \
            not F.capacity_ok(s, [u for u in left if s["units"][u]["type"] == "fleet"],
                              [u for u in left if s["units"][u]["type"] != "fleet"]):
        return {}  # the fleets may not sail off and leave their passengers in the sea
    if not F.at_sea(start):
        left_units = len(left)
        left_leaders = len(B.leaders_at(s, start, side)) - len(leaders)
        if not stack_ok(s, start, left_units, left_leaders):
            return {}
    busy = attacked(s)
    out = {}
    truce = restricted(s)
    fence = persia.confined(s, cargo)
    also = persia.satrapy_sea(s, units, leaders)  # 1.2: a satrap's fleets on his coast
    for node, v in F.voyages(s, side, start, mp, bool(cargo), also).items():
        if node in busy:
            continue
        if fence is not None and not F.at_sea(node) and node not in fence:
            continue
        if truce and (v.stops or barred(s, side, node)):
            continue  # 20.2: no battles, no entering enemy regions
        if not F.at_sea(node):
            if v.stops and B.holder(s, node) == side and not cargo:
                # 10.8.2: into its own port, fleets against the blockading fleets only
                if K.odds_index(len(fleets), len(F.enemy_fleets_at(s, node, side))) < 0:
                    continue
            elif v.stops and B.holder(s, node) != other(side) and \
                    K.odds_index(len(units), defenders(s, node, side)) < 0:
                continue
            here = len(B.units_at(s, node, side)) + len(units)
            if not v.stops and not stack_ok(s, node, here, len(B.leaders_at(s, node, side)) + len(leaders)):
                continue
        out[node] = v
    if fence is None:  # 19.1: on to the Sicily box (Persian troops keep to their lands)
        out.update(sicily.entry(s, side, start, units, out, mp))
    return out


def storm_targets(s: EState, side: str) -> list[str]:
    """Masked enemy places where `side` has unmoved land units (10.2.1c)."""
    out = []
    busy = attacked(s)
    for h in sources(s, side):
        if h in busy or B.holder(s, h) != other(side):
            continue
        if movable_units(s, side, h):
            out.append(h)
    return out


def sortie_targets(s: EState, side: str) -> list[str]:
    """Own ports blockaded by enemy fleets where `side` has unmoved fleets inside: they may
    fight their way out (10.2.3b)."""
    out = []
    busy = attacked(s)
    for h in sorted({on_board(u) for u in s["units"].values() if u["where"] == "map"
                     and u["side"] == side and u["type"] == "fleet" and not u["moved"]
                     and A.mine(s, u)}):
        if h not in busy and B.holder(s, h) == side and B.fleet_masked(s, h):
            out.append(h)
    return out


def port_fleets(s: EState, side: str, h: str) -> list[str]:
    return [u for u in B.units_at(s, h, side) if s["units"][u]["type"] == "fleet"]


class Move(Procedure[EState]):
    name = "move"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, side, step = flow.state, flow.args["side"], flow.args["step"]
        path = flow.args.get("path") or []
        if step == "choose":
            leaves = [Option(f"from:{h}", f"Move pieces from {P.name(h)}", "16.3",
                             data={"kind": "source", "from": h})
                      for h in sorted(sources(s, side), key=_place_order)]
            pinned = [Option(f"storm:{h}", f"Storm {P.name(h)} with the units masking it",
                             "18.2", data={"kind": "storm", "at": h})
                      for h in storm_targets(s, side)]
            pinned += [Option(f"sortie:{h}", f"Attack the enemy fleets blockading {P.name(h)} "
                                             "with the fleets inside", "10.2.3",
                              data={"kind": "sortie", "from": h})
                       for h in sortie_targets(s, side)]
            pinned.append(Option("done", "End movement; fight the battles (17.2)", "16.1",
                                 data={"kind": "done"}))
            opts = menus.grouped(leaves, P.levels("from"), path, last=pinned, rule="16.3",
                                 zone=P.zone("from"))
            return [Prompt(side, f"{side.title()}: movement ({_ct(s)})", tuple(opts),
                           rule="16.1", kind="move")]
        h = flow.args["hex"]
        if step == "pieces":
            units = movable_units(s, side, h)
            leaders = movable_leaders(s, side, h)
            opts = [Option(u, f"{N.named(s, u)} (morale {s['units'][u]['morale']})",
                           "16.4" if s["units"][u]["type"] == "fleet" else "16.3",
                           data={"kind": "unit", "unit": u, "from": h}) for u in units]
            if any(s["units"][u]["type"] == "fleet" for u in units):
                opts += [Option(u, f"{N.named(s, u)} (moved already: only to board a fleet)",
                                "16.7.3",
                                data={"kind": "unit", "unit": u, "from": h, "boards_only": True})
                         for u in boardable(s, side, h) if u not in units]
            opts += [Option(n, f"Leader {n}", "7.8", data={"kind": "leader", "leader": n,
                                                            "from": h}) for n in leaders]
            return [decisions.pick(side, f"Which pieces leave {_where(s, h)}?", opts, 1,
                                   len(opts), rule="16.3", kind="pieces")]
        if step == "target":
            return [target_prompt(s, side, flow.args["aim"]["hex"])]
        if step == "board":
            opts = self._board_options(flow)
            return [decisions.pick(side, f"Who comes aboard at {_where(s, h)} (16.7.1)?", opts,
                                   0, len(opts), rule="16.7.1", kind="board")]
        return [Prompt(side, f"Where do they go from {P.name(h)}?",
                       _dest_menu(s, side, h, flow.args, path),
                       rule="16.3", kind="destination")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        self._act(flow, seat, answer)
        for line in LW.sweep(flow.state):  # 7.6.5: a Long Walls builder that moved
            note(flow, line)

    def _act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, side, step = flow.state, flow.args["side"], flow.args["step"]
        # a group of the menu opened or closed (issue 33)
        if step in ("choose", "dest") and menus.moved(flow.args, str(answer)):
            return
        if step == "choose":
            a = str(answer)
            if a == "done":
                storms(flow)
                if asks(s, SIEGES_KEPT_EVERY_PHASE):  # 10.6 a: the end of a movement phase
                    for line in siege_upkeep(s, side):
                        note(flow, line)
                flow.end()
                return
            verb, h = a.split(":", 1)
            if verb == "storm":
                units = movable_units(s, side, h)
                for u in units:
                    s["units"][u]["moved"] = True
                leaders = movable_leaders(s, side, h)
                for n in leaders:
                    s["leaders"][n]["moved"] = True
                s.setdefault("attacks", []).append(
                    {"hex": h, "origin": h, "units": units, "leaders": leaders, "storm": True})
                note(flow, f"{side.title()} will storm {_where(s, h)} (18.2)")
                return
            if verb == "sortie":
                fleets = [u for u in port_fleets(s, side, h) if not s["units"][u]["moved"]]
                leaders = movable_leaders(s, side, h)[:1]
                if not leaders:
                    fleets = fleets[:1]  # 7.8.2: fleets go together only with a leader
                for u in fleets:
                    s["units"][u]["moved"] = True
                for n in leaders:
                    s["leaders"][n]["moved"] = True
                s.setdefault("attacks", []).append(
                    {"hex": h, "origin": h, "units": fleets, "leaders": leaders, "storm": False,
                     "sea": True, "port": "relief"})
                note(flow, f"{side.title()}'s fleets in {_where(s, h)} will attack the ships "
                           "blockading them (10.2.3b)")
                return
            flow.args.update(step="pieces", hex=h, spent=None, allowance=None)
            return
        if step == "pieces":
            chosen = list(answer) if isinstance(answer, tuple) else [str(answer)]
            flow.args["units"] = [x for x in chosen if x in s["units"]]
            flow.args["leaders"] = [x for x in chosen if x in s["leaders"]]
            flow.args["step"] = "dest"
            units, leaders, h = flow.args["units"], flow.args["leaders"], flow.args["hex"]
            sea = F.at_sea(h) or any(s["units"][u]["type"] == "fleet" for u in units)
            flow.args["sea"] = sea
            with B.steady(s):
                if sea:
                    trip = sea_destinations(s, side, h, units, leaders)
                    flow.args["dests"] = {d: [v.cost, v.prev, v.stops] for d, v in trip.items()}
                elif any(s["units"][u]["moved"] for u in units):
                    flow.args["dests"] = {}  # 16.7.3: moved units may only board a fleet
                else:
                    found = destinations(s, side, h, units, leaders)
                    flow.args["dests"] = {d: [r.cost, r.via, r.stops] for d, r in found.items()}
            return
        if step == "board":
            self._board(flow, answer)
            return
        if step == "target":
            self._aim(flow, str(answer))
            return
        a = str(answer)
        if a == "back":
            flow.args.update(step="choose", dests={})
            return
        h = flow.args["hex"]
        if a == "stay":
            self._stay(flow, h)
            return
        verb, dest = a.split(":", 1)
        dests = flow.args["dests"]
        r = dests.get(dest)
        if r is None or (verb == "call" and (r[2] or F.at_sea(dest) or dest == sicily.SICILY)):
            raise IllegalAction("They cannot go there.")
        sailing = bool(flow.args.get("sea"))
        flow.args.update(step="choose", dests={}, sea=False)
        if sailing:
            self._sail(flow, h, dest, dests, verb == "call")
        else:
            self._move(flow, h, dest, M.Reach(r[0], r[1], r[2]))

    def _move(self, flow: Flow[EState], start: str, dest: str, reach: M.Reach) -> None:
        s, side = flow.state, flow.args["side"]
        units, leaders = flow.args["units"], flow.args["leaders"]
        for u in units:
            s["units"][u].update({"hex": dest, "moved": True})
        for n in leaders:
            s["leaders"][n].update({"hex": dest, "moved": True})
        note(flow, f"{side.title()} moves {N.count(len(units), 'unit')}"
                   f"{' with ' + ', '.join(leaders) if leaders else ''} from {_where(s, start)} "
                   f"to {_where(s, dest)} ({reach.cost:g} MP, 16.3)")
        if reach.stops:
            s.setdefault("attacks", []).append(
                {"hex": dest, "origin": reach.via or start, "units": list(units),
                 "leaders": list(leaders), "storm": False})
            return
        if units:
            joined = enter_revolt(s, dest, side)
            if joined:
                note(flow, joined)
            for n in B.leaders_at(s, dest, other(side)):  # 7.8.6: a lone leader is lost
                new = kill_leader(s, n, None)
                note(flow, f"{n} is caught alone and killed; {new} replaces him (7.8.6)")
            if s["bases"].get(dest) == other(side):  # 7.6.3d
                del s["bases"][dest]
                note(flow, f"The enemy base at {_where(s, dest)} is destroyed (7.6.3)")
            if dest in s["forts"] and s["forts"][dest] != side:  # 18.3.5: an empty fort
                s["forts"][dest] = side
                note(flow, f"{side.title()} occupies the empty fort at {_where(s, dest)} (18.3.5)")

    def _sail(self, flow: Flow[EState], start: str, dest: str, dests: dict[str, Any],
              call: bool = False) -> None:
        """16.4.1: the allowance is rolled when the move is declared (RULINGS.md); a short
        roll stops the stack where the allowance ends, and it then fights no one. On the way
        the other side may intercept it in any sea with its fleets (16.4.5). A voyage may
        call at a coast to take on passengers and sail on with what MP are left (16.7.1)."""
        s, side = flow.state, flow.args["side"]
        units, leaders = flow.args["units"], flow.args["leaders"]
        found = {k: F.Voyage(v[0], v[1], v[2]) for k, v in dests.items()}
        spent = flow.args.get("spent") or 0
        allowance = flow.args.get("allowance")
        end = dest
        cost = found[dest].cost
        text = ""
        if allowance is None and spent + cost > F.BASE_MP + 1:
            die = flow.context.die()
            allowance = F.BASE_MP + die
            flow.args["allowance"] = allowance
            text = f", allowance 6+{die}"
        if allowance is not None and allowance < spent + cost:
            end = F.stop_short(found, dest, allowance - spent)
            text += f": stopped short at {_where(s, end)}"
        path = []
        node: str | None = end
        while node is not None and node != start and node in found:
            if F.at_sea(node):
                path.append(node)
            node = found[node].prev
        path.reverse()
        note(flow, f"{side.title()} sails {N.count(len(units), 'unit')}"
                   f"{' with ' + ', '.join(leaders) if leaders else ''} from {_where(s, start)} "
                   f"towards {_where(s, dest)} ({cost} MP{text}, 16.4)")
        flow.args["voyage"] = {"start": start, "dest": dest, "end": end, "path": path, "i": 0,
                               "attack": end == dest and found[dest].stops,
                               "prev": found[end].prev if end in found else start,
                               "call": call and end == dest,
                               "spent": spent + (found[end].cost if end in found else 0)}
        self._voyage_on(flow)

    def _aim(self, flow: Flow[EState], answer: str) -> None:
        """16.2.2: the fleets fight only the enemy stack chosen; the others stay apart."""
        s, side = flow.state, flow.args["side"]
        attack = flow.args.pop("aim")
        stack = next(x for x in F.sea_stacks(s, attack["hex"], other(side)) if x[0] == answer)
        attack["targets"] = stack
        s.setdefault("attacks", []).append(attack)
        flow.args["step"] = "choose"
        note(flow, f"{side.title()}'s fleets in {P.short(attack['hex'])} will attack "
                   f"{_stack_label(s, stack)} (16.2.2)")

    def _voyage_on(self, flow: Flow[EState]) -> None:
        s, side = flow.state, flow.args["side"]
        v = flow.args["voyage"]
        fleets = [u for u in flow.args["units"] if s["units"][u]["type"] == "fleet"]
        while v["i"] < len(v["path"]):
            area = v["path"][v["i"]]
            v["i"] += 1
            options = interceptors(s, other(side), area, flow.args.setdefault("committed", []))
            if options and fleets:
                v["at"] = area
                flow.call("intercept", side=other(side), area=area, options=options)
                return
        self._land(flow, v["end"], None)

    def resume(self, flow: Flow[EState], result: object) -> None:
        v = flow.args["voyage"]
        if result:
            self._land(flow, v["at"], str(result))
        else:
            self._voyage_on(flow)

    def _board_options(self, flow: Flow[EState]) -> list[Option]:
        s, side, h = flow.state, flow.args["side"], flow.args["hex"]
        opts = [Option(u, f"{N.named(s, u)} boards (morale {s['units'][u]['morale']})", "16.7",
                       data={"kind": "board", "unit": u, "at": h})
                for u in boardable(s, side, h) if u not in flow.args["units"]]
        opts += [Option(n, f"Leader {n} boards", "16.7.2",
                        data={"kind": "board", "leader": n, "at": h})
                 for n in boardable_leaders(s, side, h) if n not in flow.args["leaders"]]
        return opts

    def _board(self, flow: Flow[EState], answer: decisions.Answer) -> None:
        """16.7.1: passengers come aboard at a port of call; then the fleets sail on."""
        s, side, h = flow.state, flow.args["side"], flow.args["hex"]
        chosen = [str(x) for x in answer] if isinstance(answer, tuple) else []
        leaders = flow.args["leaders"] + [x for x in chosen if x in s["leaders"]]
        units = list(flow.args["units"])
        fleets = [u for u in units if s["units"][u]["type"] == "fleet"]
        taken, left = [], []
        for u in (x for x in chosen if x in s["units"]):
            cargo = [x for x in units if x not in fleets] + [u]
            if leaders and F.capacity_ok(s, fleets, cargo):  # 16.7.2
                units.append(u)
                taken.append(u)
            else:
                left.append(u)
        if taken or len(leaders) > len(flow.args["leaders"]):
            note(flow, f"{side.title()} takes "
                       f"{', '.join([N.named(s, u) for u in taken] + leaders[len(flow.args['leaders']):])}"
                       f" aboard at "
                       f"{_where(s, h)} (16.7.1)")
        if left:
            note(flow, f"No room or no leader for {N.listed(s, left)}: they stay ashore (16.7.2)")
        flow.args.update(units=units, leaders=leaders)
        self._next_leg(flow)

    def _next_leg(self, flow: Flow[EState]) -> None:
        s, side, h = flow.state, flow.args["side"], flow.args["hex"]
        left = (flow.args.get("allowance") or F.MAX_MP) - flow.args["spent"]
        with B.steady(s):
            trip = sea_destinations(s, side, h, flow.args["units"], flow.args["leaders"], left)
        flow.args.update(step="dest", sea=True,
                         dests={d: [v.cost, v.prev, v.stops] for d, v in trip.items()})

    def _stay(self, flow: Flow[EState], h: str) -> None:
        s, side = flow.state, flow.args["side"]
        flow.args.update(step="choose", dests={}, sea=False)
        self._settle(flow, h)
        note(flow, f"{side.title()}'s voyage ends at {_where(s, h)} (16.4)")

    def _settle(self, flow: Flow[EState], end: str) -> None:
        """The voyage is over: everyone aboard has moved; land units carried by sea may not
        board again this turn (16.7.3)."""
        s = flow.state
        for u in flow.args["units"]:
            s["units"][u].update({"hex": end, "moved": True})
            if s["units"][u]["type"] != "fleet":
                s["units"][u]["sailed"] = True
        for n in flow.args["leaders"]:
            s["leaders"][n].update({"hex": end, "moved": True, "sailed": True})

    def _land(self, flow: Flow[EState], end: str, interceptor: str | None) -> None:
        s, side = flow.state, flow.args["side"]
        units, leaders = flow.args["units"], flow.args["leaders"]
        v = flow.args["voyage"]
        flow.args["voyage"] = None
        if interceptor is None and v.get("call"):  # 16.7.1: a port of call
            for u in units:
                s["units"][u]["hex"] = end
            for n in leaders:
                s["leaders"][n]["hex"] = end
            self._arrive(flow, end, units)
            flow.args.update(step="board", hex=end, spent=v["spent"])
            if not self._board_options(flow):
                self._next_leg(flow)
            return
        self._settle(flow, end)
        if end == sicily.SICILY:  # 19.1: into the box, where no one fights (19.5)
            sicily.arrive(flow, side, units, leaders)
            return
        fleets = [u for u in units if s["units"][u]["type"] == "fleet"]
        if interceptor is not None:  # 16.4.5: they stop here and fight when moves are done
            foe = other(side)
            theirs = intercepting_fleets(s, foe, interceptor)
            # one leader goes with a stack of fleets (7.8.2)
            their_leaders = B.leaders_at(s, interceptor, foe)[:1] if len(theirs) > 1 else []
            for u in theirs:
                s["units"][u]["hex"] = end
            for n in their_leaders:
                s["leaders"][n]["hex"] = end
            flow.args["committed"].extend(theirs)
            note(flow, f"{foe.title()} intercepts in {P.short(end)} with "
                       f"{N.count(len(theirs), 'fleet')} (16.4.5)")
            s.setdefault("attacks", []).append(
                {"hex": end, "origin": interceptor, "units": theirs, "leaders": their_leaders,
                 "storm": False, "sea": True, "attacker": foe, "targets": fleets})
            return
        if end != v["dest"] or not v["attack"]:
            if not F.at_sea(end):
                self._arrive(flow, end, units)
            return
        cargo = [u for u in units if u not in fleets]
        if F.at_sea(end):  # 16.4.4: a battle between fleets at sea
            attack = {"hex": end, "origin": v["prev"] or v["start"], "units": fleets,
                      "leaders": list(leaders), "storm": False, "sea": True}
            if asks(s, SEPARATE_FLEETS) and len(F.sea_stacks(s, end, other(side))) > 1:
                flow.args.update(step="target", aim=attack)  # 16.2.2: which stack?
                return
            s.setdefault("attacks", []).append(attack)
        elif B.holder(s, end) == side and not cargo:
            # 10.2.3b, 10.8.2: fleets forcing their way into their own blockaded port
            s.setdefault("attacks", []).append(
                {"hex": end, "origin": v["prev"] or v["start"], "units": fleets,
                 "leaders": list(leaders)[:1], "storm": False, "sea": True, "port": "relief"})
        else:  # landing on enemies: a land battle, attacked from the sea (17.4.4)
            s.setdefault("attacks", []).append(
                {"hex": end, "origin": v["start"], "units": list(units), "leaders": list(leaders),
                 "storm": False, "from_sea": True, "sea_origin": v["prev"]})

    def _arrive(self, flow: Flow[EState], dest: str, units: list[str]) -> None:
        s, side = flow.state, flow.args["side"]
        joined = enter_revolt(s, dest, side) if units else None
        if joined:
            note(flow, joined)
        if units and not B.units_at(s, dest, other(side)):
            for n in B.leaders_at(s, dest, other(side)):  # 7.8.6
                new = kill_leader(s, n, None)
                note(flow, f"{n} is caught alone and killed; {new} replaces him (7.8.6)")
            if s["bases"].get(dest) == other(side):  # 7.6.3d
                del s["bases"][dest]
                note(flow, f"The enemy base at {_where(s, dest)} is destroyed (7.6.3)")


def target_prompt(s: EState, side: str, area: str) -> Prompt:
    """16.2.2: the enemy's fleets in `area` lie in separate stacks; the mover picks one."""
    foe = other(side)
    opts = tuple(Option(stack[0], f"Attack {_stack_label(s, stack)}", "16.2.2",
                        data={"kind": "sea_target", "at": area, "fleets": stack})
                 for stack in F.sea_stacks(s, area, foe))
    return Prompt(side, f"{side.title()}: the enemy's fleets in {P.short(area)} lie in "
                        f"{len(opts)} separate stacks. Which one do your fleets attack (16.2.2)?",
                  opts, rule="16.2.2", kind="sea_target")


def _stack_label(s: EState, stack: list[str]) -> str:
    """ "Attic fleet 3 (morale 5), alone": asked only where no leader gathers the enemy's
    fleets, each of which is then a stack (F.sea_stacks)."""
    morale = "/".join(str(s["units"][u]["morale"]) for u in stack)
    return f"{N.listed(s, stack)} (morale {morale}){', alone' if len(stack) == 1 else ''}"


def boardable_here(s: EState, side: str, h: str) -> bool:
    return bool(boardable(s, side, h) or boardable_leaders(s, side, h))


def intercept_spots(s: EState, side: str, area: str) -> list[str]:
    """Where `side` has fleets that could intercept in `area` (16.4.5): at sea there, or in
    a coastal hex touching it (a port only through the sea of its anchor; a port a base
    makes through any of its seas, 7.6.3b)."""
    spots = [area] if F.enemy_fleets_at(s, area, other(side)) else []
    for h, _ in F.shore(s, side, area):
        if B.holder(s, h) == side and B.fleet_masked(s, h):
            continue  # 10.2.3a: a blockaded port's fleets may not intercept
        if any(s["units"][u]["type"] == "fleet" for u in B.units_at(s, h, side)):
            spots.append(h)
    return spots


def intercepting_fleets(s: EState, side: str, spot: str) -> list[str]:
    """All the fleets of a spot if a leader is with them, else one (16.4.5)."""
    fleets = [u for u in B.units_at(s, spot, side) if s["units"][u]["type"] == "fleet"]
    return fleets if B.leaders_at(s, spot, side) else fleets[:1]


def interceptors(s: EState, side: str, area: str, committed: list[str]) -> list[str]:
    if restricted(s):
        return []  # 20.2: no interceptions under the armistice
    if F.no_battle_at_sea(s, area):
        return []  # 8.5: no battle in an Open Sea
    out = []
    for spot in intercept_spots(s, side, area):
        fleets = [u for u in intercepting_fleets(s, side, spot) if u not in committed]
        held = spot in season_fx(s).get("held", ()) and s["ct"] == 1  # Sacrifices Unfavorable
        if fleets and not held and not any(a["hex"] == spot for a in s.get("attacks", [])):
            out.append(spot)
    return out


class Intercept(Procedure[EState]):
    """16.4.5: the side not moving may intercept a stack entering a sea where it has fleets."""

    name = "intercept"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, side, area = flow.state, flow.args["side"], flow.args["area"]
        fleets = [(spot, intercepting_fleets(s, side, spot)) for spot in flow.args["options"]]
        opts = [Option(spot, f"Intercept with {N.count(len(ships), 'fleet')} from {_where(s, spot)}",
                       "16.4.5", data={"kind": "intercept", "from": spot, "area": area,
                                       "fleets": ships})
                for spot, ships in fleets]
        opts.append(Option("pass", "Let them pass", "16.4.5", data={"kind": "pass"}))
        return [Prompt(side, f"{other(side).title()}'s fleets enter {P.short(area)}: intercept them "
                             "(16.4.5)?", tuple(opts), rule="16.4.5", kind="intercept")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        if answer != "pass":
            breach(flow.state, seat, "an interception")  # 20.3
        flow.end(None if answer == "pass" else str(answer))


def storms(flow: Flow[EState]) -> None:
    """16.4.6: at the end of the movement phase, fleets in an Open Sea roll; on a 6 each
    fleet must roll its morale or less, or sink with what it carries."""
    s, side = flow.state, flow.args["side"]
    c = B.comps()
    seas = sorted({on_board(u) for u in s["units"].values() if u["where"] == "map"
                   and u["side"] == side and F.at_sea(on_board(u))
                   and c.areas[on_board(u)].kind == "open"})
    for sea in seas:
        die = flow.context.die()
        if die < 6:
            note(flow, f"{side.title()}'s fleets in {P.short(sea)} roll {die}: calm (16.4.6)")
            continue
        here = B.units_at(s, sea, side)
        fleets = [u for u in here if s["units"][u]["type"] == "fleet"]
        for u in fleets:
            d = flow.context.die()
            if d > s["units"][u]["morale"]:
                eliminate(s, u)
                note(flow, f"Storm in {P.short(sea)}: {N.named(s, u)} rolls {d} and sinks (16.4.6)")
        drown(flow, sea, side)
    winter = 2 if s["season"] == 3 else 0  # Storms at Sea: +2 to the check in Winter
    for sea in sorted(set(season_fx(s).get("stormy", ()))):
        moved = [u for u in B.units_at(s, sea, side)
                 if s["units"][u]["type"] == "fleet" and s["units"][u]["moved"]]
        for u in moved:  # fleets that sailed into a stormy coastal sea (Storms at Sea)
            d = flow.context.die() + winter
            if d > s["units"][u]["morale"]:
                eliminate(s, u)
                note(flow, f"{N.named(s, u)} rolls {d} in the storm in {P.short(sea)} and sinks "
                           "(Storms at Sea)")
        if moved:
            drown(flow, sea, side)


# The destination menu by everything it is made of: opening and closing its groups (issue 33)
# asks for the same hundreds of destinations again with only the path changed. The kernel's
# per-thread memo (engine/core/steady.py), as Athens & Sparta keeps its option rows: a
# search thinking in another thread has its own table. Small: an entry holds a whole menu.
_DEST_LEAVES: Memo[tuple[Any, ...], tuple[list[Option], list[Option]]] = \
    Memo("epic.dest_leaves", 64)
_DEST_MENUS: Memo[tuple[Any, ...], tuple[Option, ...]] = Memo("epic.dest_menus", 128)


def _dest_menu(s: EState, side: str, h: str, args: Any, path: list[str]) -> tuple[Option, ...]:
    """The destinations worked out when the pieces were chosen (`args["dests"]`), as a menu."""
    dests = args["dests"]
    sea = args.get("sea", False)
    order = sorted(dests, key=_place_order)
    callers = None  # 16.7.1: where the fleets may call for passengers (the state's part)
    if sea and any(s["units"][u]["type"] == "fleet" for u in args["units"]):
        waiting = _pieces_hexes(s, side)  # none boards where `side` has no piece
        callers = tuple(d for d in order if d in waiting and not dests[d][2]
                        and not F.at_sea(d) and d != sicily.SICILY and boardable_here(s, side, d))
    under_way = args.get("spent") is not None
    key = (side, h, sea, under_way, tuple(args["units"]), tuple(args["leaders"]),
           tuple((d, *r) for d, r in dests.items()), callers)
    shown = _DEST_MENUS.table()
    known = shown.get((key, tuple(path)))
    if known is not None:
        return known
    made = _DEST_LEAVES.table()
    parts = made.get(key)
    if parts is None:
        parts = _DEST_LEAVES.keep(made, key, _dest_leaves(h, dests, order, sea, callers or (),
                                                          under_way, args))
    leaves, pinned = parts
    opts = tuple(menus.grouped(leaves, P.levels("to"), path, last=pinned, rule="16.3",
                               zone=P.zone("to")))
    return _DEST_MENUS.keep(shown, (key, tuple(path)), opts)


def _dest_leaves(h: str, dests: dict[str, Any], order: list[str], sea: bool,
                 callers: tuple[str, ...], under_way: bool,
                 args: Any) -> tuple[list[Option], list[Option]]:
    pieces = {"units": list(args["units"]), "leaders": list(args["leaders"])}
    leaves = [Option(f"to:{d}", f"{'Attack' if dests[d][2] else 'To'} {P.name(d)} "
                                f"({dests[d][0]:g} MP)",
                     "17.1" if dests[d][2] else ("16.4" if sea else "16.3"),
                     data={"kind": "attack" if dests[d][2] else "move", "from": h, "to": d,
                           "mp": dests[d][0], "sea": sea, **pieces})
              for d in order]
    leaves += [Option(f"call:{d}", f"Call at {P.name(d)} to take on passengers "
                                   f"({dests[d][0]:g} MP)", "16.7.1",
                      data={"kind": "call", "from": h, "to": d, "mp": dests[d][0], **pieces})
               for d in callers]
    if under_way:  # no turning back
        pinned = [Option("stay", f"End the voyage at {P.name(h)}", "16.4",
                         data={"kind": "stay", "at": h})]
    else:
        pinned = [Option("back", "Choose other pieces", "16.3", data={"kind": "back"})]
    return leaves, pinned


def _pieces_hexes(s: EState, side: str) -> set[str | None]:
    """Hexes where `side` has a unit or a leader on the map."""
    out: set[str | None] = {h for h, here in B.units_by_hex(s).items()
                            if any(s["units"][u]["side"] == side for u in here)}
    out.update(x["hex"] for x in s["leaders"].values()
               if x["where"] == MAP and x["side"] == side)
    return out


def _where(s: EState, h: str) -> str:
    return P.name(h)


@cache  # component data only (a city's name, a place's name)
def _place_order(h: str) -> tuple[int, str]:
    """Cities first, then seas, then other hexes, each by name."""
    city = B.city_by_hex().get(h)
    return (0, city.name) if city else (1 if F.at_sea(h) else 2, P.name(h))


def _ct(s: EState) -> str:
    return stamp(s)
