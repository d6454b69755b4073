"""The `pericles` ruleset: the engine contract (docs/architecture.md) over the
procedures of political.py, theater_flow.py and end_phase.py. Registered through the
`keryx.games` entry `pericles` (engine/games.py) and open to channels."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from engine.core.flows import Sequence, sequence
from engine.core.procedures import Machine
from engine.core.rng import Rng
from engine.core.rule_summaries import RuleBook
from engine.core.ruleset import Context, Ruleset
from engine.core.types import GameOption, Outcome, Prompt
from engine.core.view import RulesetCommon

from . import assembly as asm
from . import prime
from . import theaters as th
from .components import components_json
from .end_phase import PROCEDURES as END_PROCEDURES
from .invariants import check
from .political import PROCEDURES, TURN
from .positions import from_position
from .scenarios import SCENARIOS, SPECS, initial_state
from .schema import GENERATION, PericlesState
from .theater_flow import PROCEDURES as THEATER_PROCEDURES
from .theater_flow import name
from .view import TITLES, build_view, redeal, variants

MACHINE: Machine[PericlesState] = Machine([*PROCEDURES, *prime.PROCEDURES, *THEATER_PROCEDURES,
                                           *END_PROCEDURES,
                                           Sequence()],
                                          lambda s: s["flow"])
BOOK = RuleBook(Path(__file__).parent, "Pericles")


class Pericles(Ruleset):
    id = "pericles"
    title = "Pericles: The Peloponnesian Wars"
    # 2: the rulebook read again (RULINGS.md, "Rules versions"): set-ups of 14.1.03 A,
    # 14.1.04 A, 14.1.06 A, 14.1.08 A and 14.1.10 A, the Major Defeat (9.3), levies into
    # an enemy-held capital fight (9.0). Games stored under version 1 are rebuilt from
    # their logs on load (engine Game.from_dict), so a snapshot never parts from its log.
    version = "2"
    # the questions new games ask (schema.py lists the generations); older games keep theirs
    generation = GENERATION
    scenarios = SCENARIOS
    options: ClassVar[dict[str, GameOption]] = {
        "ravages": GameOption("ravages", "Ravages of War: losses to Plague and battle and "
                              "a Strategos a War turn leave the game (standard in 14.4)",
                              "scenario", "14.43", ("scenario", "on", "off")),
        # Phormio (playbook 15.1): the factions it plays, set at the start from the
        # seats Phormio bots hold (service/lobby.py), or named: "agiad,eurypontid"
        "phormio": GameOption("phormio", "The factions Phormio plays (15.1)", "", "15.1"),
        "brasidas": GameOption("brasidas", "Brasidas: a side Phormio plays alone settles "
                               "its political phase in a few dice (15.9)", "off", "15.9",
                               ("off", "on")),
        "handicap": GameOption("handicap", "Phormio's Honor handicaps (15.14)", "on", "15.14",
                               ("on", "off"))}

    # ------------------------------------------------------------------ creation
    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> PericlesState:
        s = initial_state(scenario)
        if ctx.generation:  # a game of generation 0 keeps the shape it always had
            s["generation"] = ctx.generation
        self.prepare(s, options)
        self.begin(s, ctx)
        return s

    def prepare(self, s: PericlesState, options: dict[str, Any]) -> None:
        """The game's options on a fresh set-up: Ravages of War, variant A's partners,
        Phormio's seats and handicaps."""
        scenario = s["scenario"]
        # rule 14.43 chosen at creation: "scenario" keeps the scenario's own choice
        choice = options.get("ravages", "scenario")
        if choice != "scenario":
            s["ravages"] = choice == "on"
        if options.get("players") == 2 and len(s["factions"]) == 4:
            # variant A (15.12): one person holds a faction of each city
            for a, b in self.scenarios[scenario].holdings(2):
                s["partners"][a], s["partners"][b] = b, a
        prime.set_up(s, options)  # Phormio's seats and handicaps (15.1, 15.14)

    def setup_position(self, ctx: Context, position: dict[str, Any],
                       options: dict[str, Any]) -> PericlesState:
        """A game from a described position (POSITIONS.md): the scenario's set-up with
        the facts given replaced, then the procedure named (or the scenario's start)."""
        return from_position(ctx, position, MACHINE, lambda s: self.prepare(s, options),
                             self.begin)

    @staticmethod
    def begin(s: PericlesState, ctx: Context) -> None:
        """The scenario's flow from its first step."""
        spec = SPECS[s["scenario"]]
        if spec.last_turn >= spec.turn:
            ctx.shuffle(s["aristophanes_deck"])
            if not s["aristophanes"]:  # no named first card: the top of the deck (R40)
                s["aristophanes"] = s["aristophanes_deck"].pop()
            MACHINE.start(s, ctx, "campaign")
            return
        steps: tuple[str, ...] = (prime.with_phormio(s, TURN[:-1]) if spec.political
                                  else ("draw",))
        if spec.vignette is not None:
            steps += ("vignette_battles", "finish")
        else:
            steps += ("theater_phase", "end_training") if spec.theater else ("finish",)
        MACHINE.start(s, ctx, "sequence", **sequence(*steps))

    # ------------------------------------------------------------------ play
    def prompts(self, s: PericlesState) -> list[Prompt]:
        return MACHINE.prompts(s)

    def apply(self, s: PericlesState, seat: str, option_id: str, ctx: Context) -> None:
        MACHINE.act(s, seat, option_id, ctx)

    def resign(self, s: PericlesState, seat: str, ctx: Context) -> None:
        s["resigned"] = seat
        s["flow"] = []
        ctx.event("resign", f"{TITLES[seat]} resigns")

    def outcome(self, s: PericlesState) -> Outcome | None:
        scores = tuple((f, float(s["honor"][f])) for f in s["factions"])
        if s["resigned"]:
            # the resigning faction's city loses the war (1.0); its rival in the city
            # cannot win without it, so the other city's factions share the win
            rest = tuple(f for f in s["factions"] if asm.city_of(f) != asm.city_of(s["resigned"]))
            winners = rest or tuple(f for f in s["factions"] if f != s["resigned"])
            return Outcome(winners, f"{TITLES[s['resigned']]} resigns", scores=scores)
        if not s["over"]:
            return None
        if s["scenario"] == "14.1.06 B":
            return self._vignette(s, "agiad", "eurypontid", s["war"], "war_peace" not in
                                  s["won"]["agiad"] + s["won"]["eurypontid"], scores)
        if s["scenario"] == "14.1.01 B":
            return self._vignette(s, "demagogues", "aristocrats",
                                  "ostracism" in s["won"]["demagogues"],
                                  "ostracism" in s["won"]["aristocrats"], scores)
        if SPECS[s["scenario"]].vignette is not None:
            won = set(s["results"])
            if len(won) == 1 and None not in won:
                city = won.pop()
                seat = next(f for f in s["factions"] if asm.city_of(f) == city)
                return Outcome((seat,), f"{TITLES[city or '']} wins every battle", "14.1",
                               scores=scores)
            return Outcome((), "a draw: no side won every battle", "14.1", scores=scores)
        if s["scenario"] == "assembly-t6":
            return self._honor(s, scores)
        return self._war(s, scores)

    @staticmethod
    def _war(s: PericlesState, scores: tuple[tuple[str, float], ...]) -> Outcome:
        """The city with more Honor wins the war, and its faction with more Honor the
        game (1.0); the governing faction takes a tie inside the city. Equal cities: the
        city whose Controlling Faction holds its Assembly's Favor wins if only one does,
        else a draw (11.4, ruling R14)."""
        total = {c: sum(s["honor"][f] for f in asm.CITY_FACTIONS[c]) for c in s["cities"]}
        a, b = total["athens"], total["sparta"]
        # 14.1.10 A: holding the Hellespont at the end wins outright (ruling R49)
        holds = SPECS[s["scenario"]].holds
        held = holds[0] if holds and s["victor"] is None and \
            th.status(s, holds[1]) == holds[0] else None
        favored = [c for c in s["cities"] if s["favor"].get(c) == s["controlling"][c]]
        tie_break = favored[0] if a == b and len(favored) == 1 else None
        if a == b and s["victor"] is None and held is None and tie_break is None:
            return Outcome((), f"a draw: Athens {a}, Sparta {b}", "11.4",
                           places=(tuple(s["factions"]),), scores=scores)
        win = s["victor"] or held or tie_break or ("athens" if a > b else "sparta")
        lose = "sparta" if win == "athens" else "athens"

        def ranked(city: str) -> list[str]:
            cf = s["controlling"][city]
            return sorted(asm.CITY_FACTIONS[city], key=lambda f: (-s["honor"][f], f != cf))

        top, second = ranked(win)
        how = ("automatically" if s["victor"] else
               f"by holding {name(holds[1])}" if held and holds else
               f"{total[win]} all, its governing faction holding the Favor" if tie_break
               else f"{total[win]} to {total[lose]}")
        return Outcome((top,), f"{TITLES[win]} wins the war {how}; "
                       f"{TITLES[top]} has the most Honor in it", "11.4",
                       places=((top,), (second,), tuple(ranked(lose))), scores=scores)

    @staticmethod
    def _vignette(s: PericlesState, a: str, b: str, a_goal: bool, b_goal: bool,
                  scores: tuple[tuple[str, float], ...]) -> Outcome:
        """14.1.01 B and 14.1.06 B: the higher oration total wins if it also reached its
        goal (the Ostracism won; War declared or the War/Peace issue kept in the centre);
        anything else is a draw."""
        oa, ob = s["oration"][a], s["oration"][b]
        if oa > ob and a_goal:
            return Outcome((a,), f"{TITLES[a]}: higher oration and its goal", "14.1", scores=scores)
        if ob > oa and b_goal:
            return Outcome((b,), f"{TITLES[b]}: higher oration and its goal", "14.1", scores=scores)
        return Outcome((), f"a draw: oration {oa} to {ob}", "14.1", scores=scores)

    @staticmethod
    def _honor(s: PericlesState, scores: tuple[tuple[str, float], ...]) -> Outcome:
        """Our training game of both Assemblies (ruling R13): the political phase moves
        Honor between the two factions of a city, so each city's debate is its own
        contest: in each city the faction with more Honor wins, the governing faction
        on a tie (ruling R14)."""
        tops, rest = [], []
        for city in s["cities"]:
            a, b = asm.CITY_FACTIONS[city]
            if s["honor"][a] == s["honor"][b]:
                cf = s["controlling"][city]
                tops.append(cf)
                rest.append(asm.rival(cf))
            else:
                hi = a if s["honor"][a] > s["honor"][b] else b
                tops.append(hi)
                rest.append(asm.rival(hi))
        words = ", ".join(f"{TITLES[f]} {s['honor'][f]}" for f in tops)
        return Outcome(tuple(tops), f"the most Honor in each city: {words}", "11.4",
                       places=(tuple(tops), tuple(rest)), scores=scores)

    # ------------------------------------------------------------------ information
    def view(self, s: PericlesState, seat: str | None) -> dict[str, Any]:
        return build_view(s, seat)

    def common(self, v: dict[str, Any]) -> RulesetCommon:
        state = "War" if v["war"] else "Peace"
        rounds = {d["round"] for d in v["debate"].values()}
        phase = {"debate": f"debate round {max(rounds, default=1)}",
                 "political": "political phase", "theater": "theater phase",
                 "end": "End phase"}.get(v.get("phase") or "")
        banner = f"Turn {v['turn']} · {state}" + (f" · {phase}" if phase else "")
        return {"banner": banner,
                "hand": [{"id": f"c{c['card']}", "label": c["label"]} for c in v["hand"]],
                "seen": [], "log": list(v["log"]), "battle": None}

    def hidden_variants(self, s: PericlesState, seat: str | None, rng: Rng
                        ) -> Iterator[PericlesState]:
        return variants(s, seat, rng)

    def determinize(self, s: PericlesState, seat: str, rng: Rng) -> PericlesState:
        return redeal(s, seat, rng)

    def check_invariants(self, s: PericlesState) -> list[str]:
        return check(s)

    # ------------------------------------------------------------------ published
    def rule_book(self) -> RuleBook:
        return BOOK

    def components_json(self) -> dict[str, Any]:
        return components_json()

    # ------------------------------------------------------------------ persistence
    def dump(self, s: PericlesState) -> dict[str, Any]:
        return copy.deepcopy(dict(s))

    def load(self, data: dict[str, Any]) -> PericlesState:
        return copy.deepcopy(data)  # type: ignore[return-value]


RULESET = Pericles()
