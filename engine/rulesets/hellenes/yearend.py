"""Year End (9.5) and victory (14.0): Tribute, the Victory Check and Peace Offers, the
markers, the Year marker and the reshuffle; the scenario's end (14.23, 14.24)."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import board as B
from . import cards as K
from .flow import note
from .state import SIDES, HState, Result, Side, add_prestige

SURRENDER = 15  # 14.21
PEACE = 10  # 14.22
PEACE_FACTION = 5  # 14.22 with Peace Faction Ascendant (RULINGS.md: 5+, not "more than 5")


def leader_side(s: HState) -> tuple[Side | None, int]:
    """The side ahead on the Prestige track and by how much."""
    p = s["prestige"]
    if p > 0:
        return "athens", p
    if p < 0:
        return "sparta", -p
    return None, 0


def tribute(s: HState, side: Side) -> int:
    """9.51: the Value of every Opposing City `side` controls. In the Sicily Campaign the
    Greek cities' Tribute is the fixed -1 of rule 4 instead (RULINGS.md)."""
    total = 0
    for c in B.comps().data.cities:
        if c.loyalty in SIDES and c.loyalty != side and B.city_control(s, c) == side:
            if s["scenario"] == "sicily" and B.region(c.area) != "sicily":
                continue
            total += c.value
    return total // 2 if s["effects"]["war_resumed"] else total  # 12.11


def collect(flow: Flow[HState]) -> None:
    s = flow.state
    parts = []
    for side in SIDES:
        t = tribute(s, side)
        add_prestige(s, side, t)
        parts.append(f"{side.title()} {t}")
    aid = B.persian_aid(s)
    if aid:
        add_prestige(s, "athens", aid)  # 13.1: Sparta loses 1 per Persian Aid card
        parts.append(f"Persian Aid costs Sparta {aid}")
    if B.in_play(s, "no-quarter"):
        add_prestige(s, "athens", 1)
        parts.append("No Quarter costs Sparta 1")
    if s["scenario"] == "sicily":
        add_prestige(s, "sparta", 1)  # 15.2 rule 4
        parts.append("the Tribute gap in Greece costs Athens 1 (15.2 rule 4)")
    note(flow, "tribute", f"Tribute (9.51): {'; '.join(parts)}. Prestige now "
         f"{describe_prestige(s['prestige'])}")


def describe_prestige(p: int) -> str:
    if p == 0:
        return "0"
    return f"Athens {p}" if p > 0 else f"Sparta {-p}"


def win(s: HState, side: Side | None, rule: str, level: str) -> None:
    s["result"] = {"winner": side or "", "rule": rule, "level": level,
                   "prestige": s["prestige"]}
    s["flow"].clear()


def reason(r: Result) -> str:
    """The words for the game's end (the record keeps facts: 14.21, 14.22, 14.24)."""
    side, level = str(r["winner"]).title(), r["level"]
    p = abs(r["prestige"])
    if level == "decisive":
        return f"{side} wins a Decisive Victory with {p} Prestige"
    if level == "peace":
        # the Prestige after the offer was paid for (the Tribute line said it before)
        return f"{side} wins a Negotiated Peace at Prestige {describe_prestige(r['prestige'])}"
    if level == "draw":
        return f"a Draw at Prestige {describe_prestige(r['prestige'])}"
    return f"{side} wins a {level.title()} Victory with {p} Prestige"


LEVEL_RANK = {"decisive": 3.0, "peace": 2.0, "major": 2.0, "minor": 1.0, "draw": 0.0}


def margin(s: HState, seat: str) -> tuple[float, float, float] | None:
    """How well `seat` ended, from its side: the victory's level (14.21 decisive 3, 14.22
    peace and 14.24 major 2, minor 1, a draw 0; negative for the loser), then the Prestige
    track's final count, then how early the war ended (the year BC counting down: a win
    sooner is better, a loss later). A resignation counts as a decisive end that year."""
    if s["resigned"]:
        sign = -1.0 if s["resigned"] == seat else 1.0
        return 3.0 * sign, 0.0, sign * s["year"]
    r = s["result"]
    if r is None:
        return None
    sign = 0.0 if not r["winner"] else 1.0 if r["winner"] == seat else -1.0
    towards = 1.0 if seat == "athens" else -1.0  # the track counts Athens' way (9.5)
    return sign * LEVEL_RANK[r["level"]], towards * r["prestige"], sign * s["year"]


def peace_threshold(s: HState) -> tuple[int, int]:
    """(Prestige needed, its cost) for a Peace Offer (14.22)."""
    return (PEACE_FACTION, 1) if K.faction(s) else (PEACE, 2)


class YearEnd(Procedure[HState]):
    """9.51 Tribute, 9.52 Victory Check (and a Peace Offer), then 9.53-9.54."""

    name = "year_end"

    def enter(self, flow: Flow[HState]) -> None:
        s = flow.state
        collect(flow)
        side, p = leader_side(s)
        if side is not None and p >= SURRENDER:
            note(flow, "victory", f"{side.title()} has {p} Prestige: the enemy surrenders "
                 "(14.21)")
            win(s, side, "14.21", "decisive")
            return
        need, _ = peace_threshold(s)
        if side is None or p < need:
            flow.goto("year_close")

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s = flow.state
        side, p = leader_side(s)
        assert side is not None
        need, cost = peace_threshold(s)
        return [Prompt(side, f"You have {p} Prestige: offer peace? It costs {cost} Prestige; "
                       "each player then rolls a die and you win if the total is below your "
                       f"new Prestige ({p - cost}) (14.22)",
                       (Option("offer", f"Offer peace (pay {cost} Prestige, roll 2 dice)",
                               "14.22", data={"kind": "offer", "cost": cost, "need": p - cost}),
                        Option("decline", "Play on", "14.22", data={"kind": "decline"})),
                       rule="14.22", kind="peace")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        if answer == "offer":
            _, cost = peace_threshold(s)
            add_prestige(s, seat, -cost)
            _, p = leader_side(s)
            dice = flow.context.roll(2)
            won = sum(dice) < p
            note(flow, "peace", f"{seat.title()} offers peace for {cost} Prestige: dice "
                 f"{dice[0]} + {dice[1]} = {sum(dice)} against {p}: "
                 f"{'accepted' if won else 'refused'} (14.22). Prestige now "
                 f"{describe_prestige(s['prestige'])}", dice=dice, prestige=s["prestige"])
            if won:
                win(s, seat, "14.22", "peace")  # type: ignore[arg-type]
                return
        flow.goto("year_close")


class YearClose(Procedure[HState]):
    """9.53: markers and removable Continuing Events go, Athens may end its Taxes; the
    Year advances; 9.54 the cards are reshuffled; after the last Year, 14.24."""

    name = "year_close"

    def enter(self, flow: Flow[HState]) -> None:
        s = flow.state
        s["effects"]["civil_war"] = []
        c = s["cards"]
        for n in [n for n in c["in_play"] if K.card(s, n).event.kind == "civil-war"]:
            c["in_play"].remove(n)  # 3.1 sidebar: removed at the next Year End
            c["discard"].append(n)
        if not B.taxes(s):
            self._advance(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        opts = [Option(str(n), f"Remove {K.card(flow.state, n).name} (#{n}) from play", "9.53",
                       data={"kind": "card", "card": n})
                for n in flow.state["cards"]["in_play"] if K.card(flow.state, n).event.kind == "taxes"]
        return [decisions.pick("athens", "Year End: remove any Athens Raises Taxes cards from "
                               "play? (9.53)", opts, 0, len(opts), rule="9.53", kind="taxes")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        assert isinstance(answer, tuple)
        for x in answer:
            s["cards"]["in_play"].remove(int(x))
            s["cards"]["discard"].append(int(x))
        if answer:
            note(flow, "taxes", f"Athens stops raising taxes ({len(answer)} card(s), 9.53)")
        self._advance(flow)

    def _advance(self, flow: Flow[HState]) -> None:
        s = flow.state
        last = B.setup_of(s).last_year
        if s["year"] <= last:
            final(flow)
            return
        s["year"] -= 1
        K.reshuffle(s, flow.context)
        flow.goto("new_year")


def final(flow: Flow[HState]) -> None:
    """14.23/14.24: the campaign ends; the side ahead wins Major (10+) or Minor (5+);
    0-4 is a Draw."""
    s = flow.state
    side, p = leader_side(s)
    if side is None or p < 5:
        note(flow, "victory", f"The campaign ends with Prestige {describe_prestige(s['prestige'])}:"
             " a Draw (14.24)")
        win(s, None, "14.24", "draw")
        return
    level = "Major" if p >= 10 else "Minor"
    note(flow, "victory", f"The campaign ends: {side.title()} wins a {level} Victory with "
         f"{p} Prestige (14.24)")
    win(s, side, "14.24", level.lower())
