"""Phormio's political play (playbook 15.4-15.5, brief 15.3): the Boule, Hostages, the
designation and the card of each debate round, the leader, the Entourage and the
Strategy Board. Each rule reads only the seat's view and the prompt; its random picks
(1d6 among equals) come from the player's own Rng.

Terms: a faction's *PS issues* are its Prime Strategy's issues (strategy.py). An issue
is *on Phormio's track* at box 1 or more (15.51 B). A play is *feasible* when the card's
value on the issue (its aligned value when aligned) minus 2 reaches the boxes needed to
bring the issue onto Phormio's track (15.15 D).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...core import decisions
from ...core.rng import Rng
from ...core.types import Option, Prompt
from ...rulesets.pericles import assembly as asm
from ...rulesets.pericles.components import load_components
from .strategy import Strategy, strategy_of

Rule = Callable[[dict[str, Any], Prompt, Rng], str]
# Given the view and the faction, its Prime Strategy (the player passes its own reader:
# the view's record, or its own draw when the rules record none).
StrategyOf = Callable[[dict[str, Any], str], Strategy | None]
FEASIBLE_MARGIN = 2  # 15.15 D: value - 2 must reach the boxes needed
LEADER_ISSUES = ("ostracism", "war_peace")  # 15.52: the only issues the leader is used on


def _pick(rng: Rng, ids: Sequence[str]) -> str:
    """1d6 among equal options (15.15 E), from the player's own stream."""
    return ids[0] if len(ids) == 1 else str(rng.choice(list(ids)))


def best(options: Sequence[Option], key: Callable[[Option], Any], rng: Rng) -> str:
    """The option with the highest key; equals drawn at random."""
    top = max(key(o) for o in options)
    return _pick(rng, [o.id for o in options if key(o) == top])


# ------------------------------------------------------------------ reading the view
def lead(issue: dict[str, Any], me: str) -> int:
    """The issue's box on my track (>0), 0 in the centre, minus its box on my rival's."""
    if issue["track"] == me:
        return int(issue["box"])
    return -int(issue["box"]) if issue["track"] else 0


def boxes_needed(issue: dict[str, Any], me: str) -> int:
    """Boxes an issue must move to stand on my 1-space or beyond (0: it is there)."""
    return max(0, 1 - lead(issue, me))


def missing(ps: Strategy, kinds: Sequence[str]) -> list[str]:
    """The PS issues (a multiset, in priority order) that `kinds` do not cover."""
    have = Counter(kinds)
    out = []
    for kind in ps.issues:
        if have[kind]:
            have[kind] -= 1
        else:
            out.append(kind)
    return out


def city_total(view: dict[str, Any], city: str) -> int:
    return sum(view["honor"].get(f, 0) for f in asm.CITY_FACTIONS[city])


def losing_or_tied(view: dict[str, Any], me: str) -> bool:
    city = asm.city_of(me)
    other = "sparta" if city == "athens" else "athens"
    return city_total(view, city) <= city_total(view, other)


def hand_values(view: dict[str, Any], me: str, kind: str, leader: bool = False
                ) -> list[tuple[int, int, int]]:
    """(value, aligned?, Strategos) of each card in hand on an issue of `kind`; the
    leader only where 15.52 lets it play."""
    out = []
    for c in view["hand"]:
        card = c["card"]
        if asm.is_leader(card) and not leader:
            continue
        out.append((asm.value(card, me, kind), int(_aligned(card, me, kind)),
                    asm.award(card, me, kind)))
    return out


def _aligned(card: int, me: str, kind: str) -> bool:
    cards = load_components().cards
    return card in cards and cards[card].halves[me].issue == kind


# ------------------------------------------------------------------ 10.2 / 15.43
def hostage(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
    """Hostages only at War while the city is losing or tied, to put War/Peace on the
    display; never at Peace (15.43). (The Aristophanes case cannot arise: the rules ask
    only while War/Peace is off the display, ruling R38.)"""
    return "spend" if view["war"] and losing_or_tied(view, prompt.seat) else "keep"


# ------------------------------------------------------------------ 6.2 / 15.41
def boule_index(view: dict[str, Any], me: str) -> list[str]:
    """The kinds I nominated into the centre earlier in this Boule, oldest first: the
    Boule's nominations are the display's newest issues, in the order of rule 6.2."""
    city = asm.city_of(me)
    done = (view.get("boule") or {}).get(city, 0)
    if not done:
        return []
    issues = sorted(view["displays"][city], key=lambda i: i["id"])[-done:]
    cf = view["controlling"][city]
    order = [(cf, 2), (asm.rival(cf), 1), (cf, 0), (cf, 0), (cf, 0),
             (asm.rival(cf), 0), (asm.rival(cf), 0)][:done]
    return [i["kind"] for i, (who, box) in zip(issues, order, strict=False)
            if who == me and box == 0]


def nominate_for(view: dict[str, Any], prompt: Prompt, rng: Rng,
                 ps: Strategy | None) -> str:
    """PS issues first, in priority order, until every one is on the display (anywhere);
    then the issue of the strongest aligned card (the leader does not count), each card
    standing for one nomination; equals by 1d6 (15.41, 15.3)."""
    me = prompt.seat
    open_kinds = [o.id for o in prompt.options]
    city = asm.city_of(me)
    if ps is not None:
        want = [k for k in missing(ps, [i["kind"] for i in view["displays"][city]])
                if k in open_kinds]
        if want:
            return want[0]
    cards = load_components().cards
    ranked = sorted(((cards[c["card"]].aligned(me), cards[c["card"]].halves[me].issue)
                     for c in view["hand"] if c["card"] in cards), reverse=True)
    for kind in boule_index(view, me):  # each earlier nomination used up a card
        used = next((x for x in ranked if x[1] == kind), None)
        if used is not None:
            ranked.remove(used)
    usable = [x for x in ranked if x[1] in open_kinds]
    if not usable:
        return _pick(rng, open_kinds)
    top = usable[0][0]
    return _pick(rng, sorted({k for v, k in usable if v == top}))


# ------------------------------------------------------------------ 6.3 / 15.51
def designate_for(view: dict[str, Any], prompt: Prompt, rng: Rng,
                  ps: Strategy | None) -> str:
    """15.51: chase the PS issues until all stand on my track; then Ostracism and
    War/Peace; then the strongest feasible play; else pull the lowest issue my way."""
    me = prompt.seat
    issues = [dict(o.data or {}, id=o.id) for o in prompt.options]
    mine = [i["kind"] for i in issues if lead(i, me) >= 1]
    if ps is not None:
        for kind in missing(ps, mine):
            chase = [i for i in issues if i["kind"] == kind and lead(i, me) < 1]
            if chase:
                near = max(lead(i, me) for i in chase)
                return _pick(rng, [i["id"] for i in chase if lead(i, me) == near])
    for i in issues:
        if lead(i, me) < 1 and (i["kind"] == "ostracism" or (
                i["kind"] == "war_peace" and view["war"] and losing_or_tied(view, me))):
            return str(i["id"])
    feasible: list[tuple[tuple[int, int, int, int], str]] = []
    for i in issues:
        need = boxes_needed(i, me)
        if not need:
            continue
        leader = i["kind"] in LEADER_ISSUES
        # among equally strong plays, one in the centre first: an issue left there at
        # the end is lost to the whole city (7.3, our ruling R55)
        centre = int(i["track"] is None)
        for value, aligned, award in hand_values(view, me, i["kind"], leader):
            if value - FEASIBLE_MARGIN >= need:
                feasible.append(((value, centre, award, aligned), i["id"]))
    if feasible:
        top = max(k for k, _ in feasible)
        return _pick(rng, sorted({i for k, i in feasible if k == top}))
    rivals = [i for i in issues if lead(i, me) < 0]
    pool = rivals or [i for i in issues if lead(i, me) == 0] or issues
    low = max(lead(i, me) for i in pool)
    return _pick(rng, [i["id"] for i in pool if lead(i, me) == low])


def debate(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
    """The strongest card aligned to the designated issue, else the strongest card;
    among equals the one with more Strategos (15.53, 16.0); the leader only on Ostracism or War/Peace and only when
    it is the strongest (15.52); never a Brain Trust."""
    kind = _designated_kind(view, prompt.seat)
    plain = [o for o in prompt.options if not (o.data or {}).get("brain_trust")]
    cards = [o for o in plain if not (o.data or {}).get("leader")]
    leader = [o for o in plain if (o.data or {}).get("leader")]

    def key(o: Option) -> tuple[int, int, int]:
        # the strongest aligned card if there is one (the worked example's "his strongest
        # card aligned to the issue if he has one"), else the strongest
        d = o.data or {}
        return int(bool(d.get("aligned")) and d.get("issue") == kind), int(d.get("value", 0)), \
            int(d.get("award", 0))
    if leader and kind in LEADER_ISSUES and (
            not cards or (leader[0].data or {}).get("value", 0) >
            max((o.data or {}).get("value", 0) for o in cards)):
        return leader[0].id
    return best(cards or plain or list(prompt.options), key, rng)


def _designated_kind(view: dict[str, Any], me: str) -> str | None:
    city = asm.city_of(me)
    d = (view["debate"].get(city) or {}).get("designated")
    return next((i["kind"] for i in view["displays"].get(city, []) if i["id"] == d), None)


# ------------------------------------------------------------------ 6.1, 7.2
def entourage(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
    """Phormio keeps no Entourage (15.42); where the rules still ask for one (a seat
    the game does not know is Phormio's), the three weakest cards go face down."""
    ranked = sorted(prompt.options, key=lambda o: ((o.data or {}).get("face", 0),
                                                   (o.data or {}).get("strategos", 0), o.id))
    return decisions.encode(prompt, [o.id for o in ranked[:prompt.hi]])


def board(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
    """The leader, kept back from the debate, goes to the Strategy Board (15.52); else
    the weakest card."""
    leader = [o for o in prompt.options if (o.data or {}).get("leader")]
    if leader:
        return leader[0].id
    return min(prompt.options, key=lambda o: ((o.data or {}).get("face", 0), o.id)).id


def political_rules(strategy_of: StrategyOf) -> dict[str, Rule]:
    """The political rules, reading the Prime Strategy through `strategy_of`."""
    return {
        "hostage": hostage,
        "nominate": lambda v, p, r: nominate_for(v, p, r, strategy_of(v, p.seat)),
        "designate": lambda v, p, r: designate_for(v, p, r, strategy_of(v, p.seat)),
        "debate": debate,
        "entourage": entourage,
        "board": board,
    }


# The political rules reading the PS the view records (the level's player passes its
# own reader, which draws one when the rules record none: player.py).
POLITICAL_RULES: dict[str, Rule] = political_rules(strategy_of)
