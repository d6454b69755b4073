"""The rules' side of Phormio (playbook section 15): which factions are automated, their
Honor handicaps (15.14), the Prime Strategy drawn for each automated faction on the
game's dice at the start of a turn (15.3), and Brasidas, the quick political phase of a
side both of whose factions are automated (15.9).

The automated factions are a game option (`phormio`), set when the game starts from the
seats Phormio bots hold (service/lobby.py) or by hand; old games have none and replay
unchanged: nothing here rolls a die unless a faction is automated."""

from __future__ import annotations

from typing import Any

from engine.core.procedures import Flow, Procedure
from engine.core.types import IllegalAction

from . import assembly as asm
from . import strategy as st
from . import theaters as th
from .components import load_components
from .political import add_issue, available_issues
from .records import log
from .schema import PericlesState

F = Flow[PericlesState]
ALL_AUTOMATED = 20  # 15.14 A, B: each Phormio faction of an all-automated side
ALL_HUMAN = 5  # 15.14 C: each faction of the all-human side facing a Phormio compatriot
BRASIDAS_ISSUES = 3  # 15.91: each faction is topped up to three issues
STRATEGOS_CAP = 10  # 15.97 with the brief's ruling (R56): half the pool, at most 10 each


def automated(s: PericlesState | dict[str, Any]) -> list[str]:
    return list(s.get("automated") or [])


def parse_seats(value: Any) -> list[str]:
    """The `phormio` option: a list of factions, or a string of them joined by commas
    or '+' ("" or "none": nobody)."""
    if not value or value == "none":
        return []
    names = value if isinstance(value, list | tuple) else str(value).replace("+", ",").split(",")
    return [n.strip() for n in names if n.strip()]


def handicaps(factions: list[str], bots: list[str]) -> dict[str, int]:
    """Honor added at the start (15.14): +20 to each faction of a side Phormio plays
    alone (solitaire, two people against Phormio); with one Phormio faction (three
    people), +5 to each faction of the side with no Phormio."""
    out = {f: 0 for f in factions}
    for pair in asm.CITY_FACTIONS.values():
        if all(f in bots for f in pair):
            for f in pair:
                out[f] = ALL_AUTOMATED
    if len(bots) == 1:
        for f in asm.CITY_FACTIONS[th.other(asm.city_of(bots[0]))]:
            out[f] = ALL_HUMAN
    return {f: n for f, n in out.items() if n and f in factions}


def brasidas_cities(s: PericlesState) -> list[str]:
    """Cities whose political phase Brasidas resolves this turn (15.9): both factions
    automated and the `brasidas` option on."""
    if not s.get("brasidas"):
        return []
    bots = automated(s)
    return [c for c in s["cities"] if all(f in bots for f in asm.CITY_FACTIONS[c])]


def with_phormio(s: PericlesState, steps: tuple[str, ...]) -> tuple[str, ...]:
    """A turn's steps with Phormio's: the Prime Strategies after the Aristophanes phase
    (the card may set a Will of the Assembly), Brasidas after the draw. A game without
    automated factions keeps its steps as they were (its records replay unchanged)."""
    if not automated(s):
        return steps
    out: list[str] = []
    for step in steps:
        out.append(step)
        if step == "aristophanes":
            out.append("prime")
        if step == "draw" and "aristophanes" in steps:
            out.append("brasidas")
    return tuple(out)


def set_up(s: PericlesState, options: dict[str, Any]) -> None:
    """The `phormio`, `brasidas` and `handicap` options at creation (15.1, 15.14)."""
    bots = parse_seats(options.get("phormio"))
    if not bots:
        return
    unknown = [f for f in bots if f not in s["factions"]]
    if unknown:
        raise IllegalAction(f"Phormio cannot play {', '.join(unknown)}: the seats are "
                            f"{', '.join(s['factions'])}")
    s["automated"] = [f for f in s["factions"] if f in bots]
    s["prime"] = {}
    s["brasidas"] = options.get("brasidas", "off") == "on"
    s["brasidas_cities"] = []
    if options.get("handicap", "on") == "on":
        s["handicap"] = handicaps(s["factions"], s["automated"])
        for f, n in s["handicap"].items():
            s["honor"][f] += n
            log(s, "handicap", faction=f, n=n)


# ------------------------------------------------------------------ 15.3 the PS
class PrimeStrategy(Procedure[PericlesState]):
    """Before the Boule each automated faction takes its Prime Strategy from its city's
    Strategy Matrix (rule 15.3), the Controlling Faction first; an automated Opposition
    whose compatriot is automated too goes on below the CF's row. Public: the view
    shows every faction's PS (our ruling R51)."""

    name = "prime"

    def enter(self, flow: F) -> None:
        s = flow.state
        bots = automated(s)
        s["prime"] = {}
        for city in s["cities"]:
            cf = s["controlling"][city]
            before: tuple[str, str] | None = None
            for f in (cf, asm.rival(cf)):
                if f not in bots or f not in s["factions"]:
                    continue
                row, theater, rolls = st.choose(s, city, lambda: flow.context.die(),
                                                after=before)
                s["prime"][f] = {"row": row, "theater": theater, "rolls": rolls}
                log(s, "prime", city=city, faction=f, what=row, theater=theater)
                before = (row, theater)
        flow.end()


# ------------------------------------------------------------------ 15.9 Brasidas
class Brasidas(Procedure[PericlesState]):
    """The political phase of an all-automated side in a few dice (15.9): its PS issues
    and what the Aristophanes card gave it are won, topped up to three by the deck; a
    die each moves Honor and decides control; Strategos are shared out (15.97). The
    side then sits out the Boule and the debate; its political issues are resolved
    with the other city's (7.1)."""

    name = "brasidas"

    def enter(self, flow: F) -> None:
        s = flow.state
        s["brasidas_cities"] = []
        for city in brasidas_cities(s):
            self._resolve(flow, s, city)
        flow.end()

    def _resolve(self, flow: F, s: PericlesState, city: str) -> None:
        cf = s["controlling"][city]
        pair = (cf, asm.rival(cf))
        for f in pair:  # Phormio's hand plays no part: back to the discard
            s["discard"][city] += [c for c in s["hands"][f] if not asm.is_leader(c)]
            s["hands"][f] = []
        for f in pair:
            self._award(s, city, f)
        on = {i["kind"]: asm.side(i["pos"], city) for i in s["display"][city]}
        if "ostracism" not in on:  # 15.93: the oration dice
            rolls = {f: flow.context.die() for f in pair}
            hi, lo = sorted(pair, key=lambda f: -rolls[f])
            diff = rolls[hi] - rolls[lo]
            log(s, "brasidas", city=city, faction=hi, n=diff,
                what=f"{rolls[pair[0]]}-{rolls[pair[1]]}")
            if diff:
                s["honor"][hi] += diff
                s["honor"][lo] -= diff
                s["controlling"][city] = s["favor"][city] = hi  # 15.94
                if diff == 5 and "ostracism" in available_issues(s, city):
                    add_issue(s, city, "ostracism", asm.sign(hi))
            else:
                self._unique(flow, s, city)
        s["brasidas_cities"] = sorted({*s.get("brasidas_cities", []), city})
        self._strategos(flow, s, city)

    @staticmethod
    def _won(s: PericlesState, city: str, f: str) -> list[str]:
        return [i["kind"] for i in asm.issues_of(s["display"][city], f)]

    def _award(self, s: PericlesState, city: str, f: str) -> None:
        """15.91: the PS issues, then cards from the top of the deck until three."""
        pick = (s.get("prime") or {}).get(f)
        if pick:
            for kind in st.row(city, pick["row"]).issues:
                if len(self._won(s, city, f)) >= BRASIDAS_ISSUES:
                    break
                if kind in available_issues(s, city):
                    add_issue(s, city, kind, asm.sign(f))
        cards = load_components().cards
        while len(self._won(s, city, f)) < BRASIDAS_ISSUES and s["deck"][city]:
            card = s["deck"][city].pop()
            s["discard"][city].append(card)
            kind = cards[card].halves[f].issue
            if kind in available_issues(s, city):
                add_issue(s, city, kind, asm.sign(f))
        for kind in self._won(s, city, f):
            log(s, "awarded", city=city, faction=f, what=kind)

    @staticmethod
    def _unique(flow: F, s: PericlesState, city: str) -> None:
        """15.96: a tie brings a unique issue: the only one to the CF; of two, one drawn
        at random goes to the Opposition."""
        on = {i["kind"] for i in s["display"][city]}
        free = [u for u in asm.decks()[city].unique_issues if u not in on]
        if not free:
            return
        cf = s["controlling"][city]
        if len(free) == 1:
            add_issue(s, city, free[0], asm.sign(cf))
        else:
            kind = free[(flow.context.die() - 1) * len(free) // 6]
            add_issue(s, city, kind, asm.sign(asm.rival(cf)))

    @staticmethod
    def _strategos(flow: F, s: PericlesState, city: str) -> None:
        """15.97 (ruling R56): half of the stock and Board each, at most 10, the odd
        token to the CF; then, if the stock holds more, half a die each (rounded down),
        at most half of what is left."""
        cf = s["controlling"][city]
        pool = s["stock"][city] + s["board"][city]
        each = min(STRATEGOS_CAP, pool // 2)
        give = {cf: each + (1 if pool % 2 and each < STRATEGOS_CAP else 0), asm.rival(cf): each}
        for f in (cf, asm.rival(cf)):
            take = min(give[f], s["board"][city])
            s["board"][city] -= take
            s["stock"][city] -= give[f] - take
            s["strategos"][f] += give[f]
        for f in (cf, asm.rival(cf)):
            if s["stock"][city] <= 0:
                break
            more = min(flow.context.die() // 2, s["stock"][city] // 2)
            s["stock"][city] -= more
            s["strategos"][f] += more
            give[f] += more
        for f, n in give.items():
            log(s, "board", city=city, faction=f, n=n)


PROCEDURES: list[Procedure[PericlesState]] = [PrimeStrategy(), Brasidas()]
