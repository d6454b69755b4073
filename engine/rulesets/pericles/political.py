"""The Aristophanes and Assembly phases and the political phase as procedures (5.0-7.3).

Both cities' Assemblies sit at once: the Boule and the designations run city by city
without one city waiting for the other's answer; the card of each debate round is one
kernel `Simultaneous` over every faction in play, so both cities reveal together."""

from __future__ import annotations

from collections.abc import Sequence as Seq
from typing import Any

from engine.core import decisions
from engine.core.decisions import Answer
from engine.core.flows import Simultaneous
from engine.core.procedures import Flow, Procedure
from engine.core.types import IllegalAction, Option, Prompt
from engine.core.view import PHASE_END

from . import assembly as asm
from .components import CORE_ISSUES, Alcibiades, Placement, Plague, Stock, Will, load_components
from .plague import plague
from .records import log
from .scenarios import SPECS
from .schema import Issue, PericlesState, Played

F = Flow[PericlesState]
ROUNDS = 6  # 6.3
ENTOURAGE = 3  # 6.1


def automated(s: PericlesState) -> list[str]:
    """The factions Phormio plays (playbook 15.1; prime.py); none in most games."""
    return list(s.get("automated") or [])


def by_brasidas(s: PericlesState, city: str) -> bool:
    """Whether Brasidas resolved this city's political phase this turn (15.9): it then
    sits out the Hostages, the Boule and the debate."""
    return city in (s.get("brasidas_cities") or [])


def opposition(s: PericlesState, city: str) -> str:
    return asm.rival(s["controlling"][city])


def add_issue(s: PericlesState, city: str, kind: str, pos: int) -> Issue:
    issue: Issue = {"id": s["next_issue"][city], "kind": kind, "pos": pos}
    s["next_issue"][city] += 1
    s["display"][city].append(issue)
    return issue


def available_issues(s: PericlesState, city: str, faction: str | None = None,
                     war_peace_by: list[str] | None = None) -> list[str]:
    """Issue kinds a faction may still nominate: counters left (2.0), one War/Peace and
    one Ostracism a display (3.3), each unique issue once. With two people (15.12 A) a
    Controlling Faction may not nominate Ostracism, and a person may not nominate
    War/Peace with both of his factions."""
    counts = load_components().data.counts.display_issues
    unique = asm.decks()[city].unique_issues
    on = [i["kind"] for i in s["display"][city]]
    kinds = [k for k in CORE_ISSUES if on.count(k) < counts[k]]
    partner = s["partners"].get(faction or "")
    if partner is not None:
        if faction == s["controlling"][city]:
            kinds = [k for k in kinds if k != "ostracism"]
        if partner in (war_peace_by or []):
            kinds = [k for k in kinds if k != "war_peace"]
    return kinds + [u for u in unique if on.count(u) < counts["unique"]]


# ------------------------------------------------------------------- 5.0 Aristophanes
class Aristophanes(Procedure[PericlesState]):
    """The card's issue placements go onto the displays, then its event (5.0). Only the
    events the political scenarios meet are carried out here: Strategos stock changes
    and Alcibiades' journey; a Will of the Assembly or the Plague needs the theater
    phase (not written yet), and no scenario played so far draws one."""

    name = "aristophanes"

    def enter(self, flow: F) -> None:
        s = flow.state
        if not s["aristophanes"]:
            flow.end()
            return
        card = load_components().aristophanes[s["aristophanes"]]
        log(s, "aristophanes", what=card.id)
        for p in card.placements:
            if p.city in s["cities"]:
                self._place(s, p)
        for e in card.event:
            if isinstance(e, Stock):
                for city in s["cities"]:
                    cut = e.athens if city == "athens" else e.sparta
                    before = s["stock"][city]
                    s["stock"][city] = max(0, before + cut)
                    if e.this_turn:  # given back when the turn ends (ruling R33)
                        s["restore"][city] += before - s["stock"][city]
                    log(s, "stock", city=city, n=cut)
            elif isinstance(e, Alcibiades):
                s["alcibiades"] = e.to
                log(s, "alcibiades", what=s["alcibiades"])
            elif isinstance(e, Will):
                for city in s["cities"]:
                    task = e.athens if city == "athens" else e.sparta
                    s["will"][city] = {"theater": task.theater, "task": task.task}
                    log(s, "will_set", city=city, what=task.task, theater=task.theater)
            elif isinstance(e, Plague):
                plague(s)
            else:  # Deaths: the leaders' names on the cards change with the turns anyway
                log(s, "deaths", what=",".join(getattr(e, "names", ())))
        flow.end()

    @staticmethod
    def _place(s: PericlesState, p: Placement) -> None:
        city = p.city
        track = {"controlling": s["controlling"][city],
                 "opposition": opposition(s, city)}.get(p.track, p.track)
        add_issue(s, city, p.issue, asm.sign(track) * p.box)
        log(s, "placed", city=city, faction=track, n=p.box, what=p.issue)


# ------------------------------------------------------------------- 6.1 the draw
class Draw(Procedure[PericlesState]):
    """Each faction holds its leader card, the scenario's named cards and random cards
    from its city's shuffled deck (6.1, 14.1)."""

    name = "draw"

    def enter(self, flow: F) -> None:
        s = flow.state
        spec = SPECS[s["scenario"]]
        for city in s["cities"]:
            pile = s["deck"][city]
            first = s["turn"] == spec.turn
            for faction, cards in spec.fixed.items():
                if first and asm.city_of(faction) == city:
                    for n in cards:
                        pile.remove(n)
                        s["hands"][faction].append(n)
            flow.context.shuffle(pile)
            for faction in asm.CITY_FACTIONS[city]:
                if faction not in s["hands"]:
                    continue
                for _ in range(spec.deal.get(faction, 0) if first else spec.deal_later):
                    s["hands"][faction].append(pile.pop())
                s["hands"][faction].sort()
        flow.end()


def hand_option(card: int, faction: str, kind: str | None = None) -> Option:
    """A card of the hand as an option, with its values as facts (Option.data)."""
    comp = load_components()
    data: dict[str, Any] = {"card": card, "leader": asm.is_leader(card, comp)}
    if not data["leader"]:
        c = comp.cards[card]
        h = c.halves[faction]
        data |= {"face": c.face, "issue": h.issue, "aligned": c.aligned(faction),
                 "strategos": h.strategos}
    if kind is not None:
        data |= {"value": asm.value(card, faction, kind), "award": asm.award(card, faction, kind)}
    return Option(f"c{card}", card_label(card, faction), "6.3", data=data)


def card_label(card: int, faction: str) -> str:
    comp = load_components()
    if asm.is_leader(card, comp):
        return f"{card} Faction Leader (7 except War/Peace, +1)"
    c = comp.cards[card]
    h = c.halves[faction]
    return (f"{card} {c.title}: face {c.face}, {ISSUE_NAMES.get(h.issue, h.issue)} "
            f"{c.aligned(faction)}, +{h.strategos}")


ISSUE_NAMES = {"military": "Military", "league": "League", "diplomatic": "Diplomatic",
               "oracle": "Oracle", "war_peace": "War/Peace", "ostracism": "Ostracism",
               "games": "Games", "helots": "Helots", "long_walls": "Long Walls",
               "tribute": "Tribute", "rumor": "Rumor"}


class Entourage(Simultaneous[PericlesState]):
    """Each faction lays three cards face down as its Entourage, usable only in a Brain
    Trust (6.1, ruling R7); the choice stays secret even after all have chosen."""

    name = "entourage"

    def enter(self, flow: F) -> None:
        if not self.seats(flow):
            flow.end()

    def seats(self, flow: F) -> Seq[str]:
        # Phormio plays from its nine cards with no Entourage (15.42)
        bots = automated(flow.state)
        return [f for f in flow.state["factions"] if f not in bots]

    def ask(self, flow: F, seat: str) -> Prompt:
        cards = [c for c in flow.state["hands"][seat] if not asm.is_leader(c)]
        return decisions.pick(seat, "Lay three cards face down as your Entourage",
                              [hand_option(c, seat) for c in cards], ENTOURAGE, ENTOURAGE,
                              rule="6.1", secret=True, kind="entourage")

    def reveal_data(self, flow: F, choices: dict[str, Answer]) -> dict[str, Any]:
        return {"count": ENTOURAGE}  # face down: only that it is done

    def reveal(self, flow: F, choices: dict[str, Answer]) -> None:
        s = flow.state
        for seat, answer in choices.items():
            for oid in answer if isinstance(answer, tuple) else (str(answer),):
                card = int(oid[1:])
                s["hands"][seat].remove(card)
                s["entourage"][seat].append(card)
            s["entourage"][seat].sort()
        flow.end()


# ------------------------------------------------------------------- 6.2 the Boule
def nominations(s: PericlesState, city: str) -> list[tuple[str, int]]:
    """(faction, box) of each nomination in order: the CF onto its 2-space, the
    Opposition onto its 1-space, then three by the CF and two by the Opposition into the
    central space (6.2)."""
    cf, opp = s["controlling"][city], opposition(s, city)
    return [(cf, 2), (opp, 1), (cf, 0), (cf, 0), (cf, 0), (opp, 0), (opp, 0)]


class Hostages(Procedure[PericlesState]):
    """Before the nominations a city holding Hostages may give one back to put the
    War/Peace issue on the 1-space of the faction that spends it; the Controlling
    Faction is asked first, then the Opposition; both cities at once (10.2, ruling R38)."""

    name = "hostages"

    def enter(self, flow: F) -> None:
        flow.args.setdefault("asked", {c: 0 for c in flow.state["cities"]})
        self._maybe_end(flow)

    def _pending(self, flow: F) -> dict[str, str]:
        s = flow.state
        out = {}
        for city, k in flow.args["asked"].items():
            on = any(i["kind"] == "war_peace" for i in s["display"][city])
            if k < 2 and not by_brasidas(s, city) and s["hostages"].get(city, 0) > 0 and not on:
                cf = s["controlling"][city]
                out[city] = cf if k == 0 else asm.rival(cf)
        return out

    def _maybe_end(self, flow: F) -> None:
        if not self._pending(flow):
            flow.end()

    def prompts(self, flow: F) -> list[Prompt]:
        return [Prompt(f, "Give back a Hostage to put War/Peace on your 1-space?",
                       (Option("spend", "Spend a Hostage", "10.2"), Option("keep", "Keep them", "10.2")),
                       "10.2", kind="hostage") for f in self._pending(flow).values()]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        city = asm.city_of(seat)
        if self._pending(flow).get(city) != seat or answer not in ("spend", "keep"):
            raise IllegalAction("That choice is not open now.")
        flow.args["asked"][city] += 1
        if answer == "spend":
            s["hostages"][city] -= 1
            add_issue(s, city, "war_peace", asm.sign(seat))
            log(s, "hostage", city=city, faction=seat)
        self._maybe_end(flow)


class Boule(Procedure[PericlesState]):
    """Nominations in both cities at once; each city goes at its own pace (6.2)."""

    name = "boule"

    def enter(self, flow: F) -> None:
        flow.args.setdefault("done", {c: 0 for c in flow.state["cities"]})
        self._skip_empty(flow)

    def _pending(self, flow: F) -> dict[str, tuple[str, int]]:
        s = flow.state
        out = {}
        for city, k in flow.args["done"].items():
            order = nominations(s, city)
            if k < len(order) and not by_brasidas(s, city):
                out[city] = order[k]
        return out

    def _open(self, flow: F, city: str) -> list[str]:
        faction = self._pending(flow)[city][0]
        return available_issues(flow.state, city, faction, flow.args.get("war_peace_by"))

    def _skip_empty(self, flow: F) -> None:
        for city in list(self._pending(flow)):
            while city in self._pending(flow) and not self._open(flow, city):
                flow.args["done"][city] += 1
        if not self._pending(flow):
            flow.end()

    def prompts(self, flow: F) -> list[Prompt]:
        out = []
        for city, (faction, box) in self._pending(flow).items():
            where = f"your {box}-space" if box else "the central Issues space"
            opts = [Option(k, ISSUE_NAMES.get(k, k), "6.2", data={"issue": k, "box": box})
                    for k in self._open(flow, city)]
            out.append(Prompt(faction, f"Boule: nominate an issue for {where}", tuple(opts),
                              "6.2", kind="nominate"))
        return out

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        city = asm.city_of(seat)
        faction, box = self._pending(flow).get(city, (None, 0))
        if faction != seat or str(answer) not in self._open(flow, city):
            raise IllegalAction("That nomination is not open now.")
        if answer == "war_peace":
            flow.args.setdefault("war_peace_by", []).append(seat)
        add_issue(s, city, str(answer), asm.sign(seat) * box)
        log(s, "nominated", city=city, faction=seat, n=box, what=str(answer))
        flow.args["done"][city] += 1
        self._skip_empty(flow)


# ------------------------------------------------------------------- 6.3 the debate
def designator(s: PericlesState, city: str, rnd: int) -> str:
    """Designation alternates, the Controlling Faction first (6.3)."""
    cf = s["controlling"][city]
    return cf if rnd % 2 == 1 else asm.rival(cf)


def issue_option(issue: Issue, city: str) -> Option:
    track = asm.side(issue["pos"], city)
    where = f"{track} {abs(issue['pos'])}" if track else "centre"
    return Option(f"i{issue['id']}", f"{ISSUE_NAMES.get(issue['kind'], issue['kind'])} ({where})",
                  "6.3", data={"issue": issue["id"], "kind": issue["kind"], "track": track,
                               "box": abs(issue["pos"])})


class Designate(Procedure[PericlesState]):
    """The designator of each city puts the debate pawn on any issue of its display
    (6.3); both cities designate at once."""

    name = "designate"

    def enter(self, flow: F) -> None:
        s = flow.state
        for city in s["cities"]:
            s["debate"][city] = {"round": flow.args["round"], "designated": None}
            if not s["display"][city] or by_brasidas(s, city):
                # nothing to debate: the round passes (ruling R4); Brasidas debates none
                s["debate"][city]["designated"] = 0
        self._maybe_done(flow)

    def _maybe_done(self, flow: F) -> None:
        if all(d["designated"] is not None for d in flow.state["debate"].values()):
            flow.goto("debate_cards", round=flow.args["round"])

    def prompts(self, flow: F) -> list[Prompt]:
        s = flow.state
        out = []
        for city in s["cities"]:
            if s["debate"][city]["designated"] is None:
                seat = designator(s, city, flow.args["round"])
                out.append(Prompt(seat, f"Debate round {flow.args['round']}: designate an issue",
                                  tuple(issue_option(i, city) for i in s["display"][city]),
                                  "6.3", kind="designate"))
        return out

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        city = asm.city_of(seat)
        ids = {f"i{i['id']}": i["id"] for i in s["display"][city]}
        if (s["debate"][city]["designated"] is not None
                or seat != designator(s, city, flow.args["round"]) or str(answer) not in ids):
            raise IllegalAction("That designation is not open now.")
        s["debate"][city]["designated"] = ids[str(answer)]
        log(s, "designated", city=city, faction=seat, n=flow.args["round"],
            what=next(i["kind"] for i in s["display"][city] if i["id"] == ids[str(answer)]))
        self._maybe_done(flow)


def designated_issue(s: PericlesState, city: str) -> Issue | None:
    d = s["debate"][city]["designated"]
    return next((i for i in s["display"][city] if i["id"] == d), None)


def can_brain_trust(s: PericlesState, faction: str, kind: str) -> bool:
    leader = asm.leader_number(faction)
    return (not s["brain_trust_used"][faction] and leader in s["hands"][faction]
            and bool(s["entourage"][faction]) and asm.playable_on(leader, kind))


class DebateCards(Simultaneous[PericlesState]):
    """Every faction in play picks a card in secret; all are revealed at once; each
    designated issue moves toward the higher value by the difference and aligned cards
    earn their Strategos (6.3)."""

    name = "debate_cards"

    def enter(self, flow: F) -> None:
        if not self.seats(flow):  # no city debates (Brasidas on both sides, 15.9)
            self.reveal(flow, {})

    def seats(self, flow: F) -> Seq[str]:
        s = flow.state
        return [f for f in s["factions"] if designated_issue(s, asm.city_of(f)) is not None]

    def ask(self, flow: F, seat: str) -> Prompt:
        s = flow.state
        issue = designated_issue(s, asm.city_of(seat))
        assert issue is not None
        kind = issue["kind"]
        opts = [hand_option(c, seat, kind) for c in s["hands"][seat] if asm.playable_on(c, kind)]
        if can_brain_trust(s, seat, kind):
            leader = asm.leader_number(seat)
            for e in s["entourage"][seat]:
                face = load_components().cards[e].face
                opts.append(Option(f"b{e}", f"Brain Trust: leader with Entourage card {e} "
                                   f"({asm.value(leader, seat, kind) + face})", "6.3",
                                   data={"card": leader, "entourage": e, "brain_trust": True,
                                         "value": asm.value(leader, seat, kind) + face,
                                         "award": 0}))
        what = ISSUE_NAMES.get(kind, kind)
        return Prompt(seat, f"Debate round {flow.args['round']}: play a card on {what}",
                      tuple(opts), "6.3", secret=True, kind="debate")

    def reveal(self, flow: F, choices: dict[str, Answer]) -> None:
        s = flow.state
        rnd = flow.args["round"]
        for city in s["cities"]:
            issue = designated_issue(s, city)
            if issue is None:
                continue
            a, b = asm.CITY_FACTIONS[city]
            plays = {f: self._play(s, f, str(choices[f]), issue) for f in (a, b)}
            # a Brain Trust met by the rival's own leader counts as the leader alone (R7)
            for f in (a, b):
                other = plays[asm.rival(f)]
                if plays[f]["entourage"] is not None and other["entourage"] is None \
                        and asm.is_leader(other["card"]):
                    plays[f]["value"] = asm.value(plays[f]["card"], f, issue["kind"])
            before = issue["pos"]
            issue["pos"] = asm.move(before, plays[a]["value"], plays[b]["value"])
            owed = {f: (0 if plays[f]["entourage"] is not None
                        else asm.award(plays[f]["card"], f, issue["kind"])) for f in (a, b)}
            paid = asm.pay_from_stock(s, city, owed)
            for f in (a, b):
                plays[f]["strategos"] = paid[f]
                s["played"].append(plays[f])
            log(s, "moved", city=city, n=issue["pos"], what=issue["kind"])
        if rnd < ROUNDS:
            flow.goto("designate", round=rnd + 1)
        else:
            flow.end()

    @staticmethod
    def _play(s: PericlesState, faction: str, oid: str, issue: Issue) -> Played:
        city = asm.city_of(faction)
        entourage = None
        if oid.startswith("b"):
            entourage = int(oid[1:])
            card = asm.leader_number(faction)
            s["entourage"][faction].remove(entourage)
            s["discard"][city].append(entourage)
            s["brain_trust_used"][faction] = True
            val = asm.value(card, faction, issue["kind"]) + load_components().cards[entourage].face
        else:
            card = int(oid[1:])
            val = asm.value(card, faction, issue["kind"])
        s["hands"][faction].remove(card)
        s["discard"][city].append(card)
        return {"round": s["debate"][city]["round"], "faction": faction, "card": card,
                "entourage": entourage, "issue": issue["id"], "value": val, "strategos": 0}


class Debate(Procedure[PericlesState]):
    """Six rounds of debate (6.3)."""

    name = "debate"

    def enter(self, flow: F) -> None:
        flow.call("designate", round=1)

    def resume(self, flow: F, result: Any) -> None:
        for city in flow.state["cities"]:
            flow.state["debate"][city]["designated"] = None
        flow.end()


# ------------------------------------------------------------------- 7.1 political issues
class PoliticalIssues(Procedure[PericlesState]):
    """Oration, control, then the non-theater issues: Ostracism, unique issues,
    War/Peace (7.1, ruling R8 on the order)."""

    name = "political_issues"

    def enter(self, flow: F) -> None:
        s = flow.state
        for city in s["cities"]:
            if by_brasidas(s, city):  # its dice gave the oration and control (15.93)
                for f in asm.CITY_FACTIONS[city]:
                    s["oration"][f] = 0
                    s["won"][f] = sorted(i["kind"] for i in asm.issues_of(s["display"][city], f))
            else:
                self._oration(s, city)
                self._control(s, city)
            self._ostracism(s, city)
            self._unique(s, city)
        self._war_peace(s)
        flow.end()

    @staticmethod
    def _oration(s: PericlesState, city: str) -> None:
        """The higher box total gains the difference, at most 3, the lower loses it (7.1)."""
        a, b = asm.CITY_FACTIONS[city]
        for f in (a, b):
            s["oration"][f] = asm.oration(s["display"][city], f)
            s["won"][f] = sorted(i["kind"] for i in asm.issues_of(s["display"][city], f))
        diff = min(3, abs(s["oration"][a] - s["oration"][b]))
        if diff:
            hi, lo = (a, b) if s["oration"][a] > s["oration"][b] else (b, a)
            s["honor"][hi] += diff
            s["honor"][lo] -= diff
            log(s, "oration", city=city, faction=hi, n=diff)

    @staticmethod
    def _control(s: PericlesState, city: str) -> None:
        """More issues won controls; the oration total breaks a tie; the CF stays on a
        full tie (7.1, ruling R5). The Assembly marker goes to the CF (3.2)."""
        a, b = asm.CITY_FACTIONS[city]

        def key(f: str) -> tuple[int, int]:
            return len(s["won"][f]), s["oration"][f]

        if key(a) != key(b):
            s["controlling"][city] = a if key(a) > key(b) else b
        s["favor"][city] = s["controlling"][city]
        log(s, "control", city=city, faction=s["controlling"][city])

    @staticmethod
    def _ostracism(s: PericlesState, city: str) -> None:
        """The winner takes control and the Favor, +3 Honor to it and -3 to the rival
        outside the oration cap, and the rival's leader sits out next turn (ruling R9)."""
        for f in asm.CITY_FACTIONS[city]:
            if "ostracism" in s["won"][f]:
                s["controlling"][city] = s["favor"][city] = f
                s["honor"][f] += 3
                s["honor"][asm.rival(f)] -= 3
                s["leader_out"][asm.rival(f)] = True
                log(s, "ostracism", city=city, faction=f, n=3)

    @staticmethod
    def _unique(s: PericlesState, city: str) -> None:
        """A unique issue won: +2 Honor and up to 2 Strategos from the stock (ruling R10)."""
        for f in asm.CITY_FACTIONS[city]:
            for kind in s["won"][f]:
                if kind in asm.decks()[city].unique_issues:
                    s["honor"][f] += 2
                    paid = asm.pay_from_stock(s, city, {f: 2})[f]
                    log(s, "unique", city=city, faction=f, n=paid, what=kind)

    @staticmethod
    def _war_peace(s: PericlesState) -> None:
        """At Peace any War/Peace won means War; at War, Peace needs a War/Peace won in
        both cities, each winner gaining 2 Honor (7.1, ruling R11)."""
        winners = [f for f in s["factions"] if "war_peace" in s["won"][f]]
        if not s["war"] and winners:
            s["war"] = True
            log(s, "war", what="war")
        elif s["war"] and {asm.city_of(f) for f in winners} == {"athens", "sparta"}:
            s["war"] = False
            for f in winners:
                s["honor"][f] += 2
            log(s, "war", what="peace")
            ends = SPECS[s["scenario"]].peace_ends_from
            if ends and s["turn"] >= ends:  # the main scenarios' variable end (11.4)
                s["over"] = True
                log(s, "peace_end", n=s["turn"])


# ------------------------------------------------------------------- 7.2 Strategy Board
class StrategyBoard(Procedure[PericlesState]):
    """Each faction reveals one more card for Strategos from the Board pool, the CF
    first: the leader card +2 before the Plague, +1 after; any other card +1 (7.2).
    Factions with a choice of card make it in secret, together."""

    name = "strategy_board"

    def enter(self, flow: F) -> None:
        if any(len(flow.state["hands"][f]) > 1 for f in flow.state["factions"]):
            flow.call("board_cards")
        else:
            self.resume(flow, {})

    def resume(self, flow: F, result: Any) -> None:
        s = flow.state
        lc = load_components().data.cards.leader_card
        for city in s["cities"]:
            cf = s["controlling"][city]
            for f in (cf, asm.rival(cf)):
                hand = s["hands"][f]
                if not hand:
                    continue
                card = int(str(result[f])[1:]) if f in (result or {}) else hand[0]
                gain = ((lc.board_pre_plague if s["plague"] == "pre" else lc.board_post_plague)
                        if asm.is_leader(card) else 1)
                gain = min(gain, s["board"][city])
                s["board"][city] -= gain
                s["strategos"][f] += gain
                hand.remove(card)
                s["discard"][city].append(card)
                log(s, "board", city=city, faction=f, n=gain, what=str(card))
        flow.end()


class BoardCards(Simultaneous[PericlesState]):
    name = "board_cards"

    def seats(self, flow: F) -> Seq[str]:
        return [f for f in flow.state["factions"] if len(flow.state["hands"][f]) > 1]

    def ask(self, flow: F, seat: str) -> Prompt:
        return Prompt(seat, "Strategy Board: reveal a card for Strategos",
                      tuple(hand_option(c, seat) for c in flow.state["hands"][seat]), "7.2",
                      secret=True, kind="board")


# ------------------------------------------------------------------- 7.3 Theater Award
class TheaterAward(Procedure[PericlesState]):
    """Each theater issue won becomes that faction's theater marker, plus its Rumors;
    every other issue leaves the display (7.3)."""

    name = "theater_award"

    def enter(self, flow: F) -> None:
        s = flow.state
        for f in s["factions"]:
            s["markers"][f] = sorted(k for k in s["won"][f] if k in asm.THEATER_ISSUES)
            s["markers"][f] += ["rumor"] * s["rumors"]
        for city in s["cities"]:
            s["display"][city] = []
        # a public post is due: the Assemblies have voted
        flow.context.event(PHASE_END, f"Turn {s['turn']}: the Assemblies have voted (7.3)")
        flow.end()


class Finish(Procedure[PericlesState]):
    """The scenarios played so far end after the political phase (14.1)."""

    name = "finish"

    def enter(self, flow: F) -> None:
        flow.state["over"] = True
        flow.end()


PROCEDURES: list[Procedure[PericlesState]] = [
    Aristophanes(), Draw(), Entourage(), Hostages(), Boule(), Debate(), Designate(), DebateCards(),
    PoliticalIssues(), StrategyBoard(), BoardCards(), TheaterAward(), Finish()]
TURN = ("aristophanes", "draw", "entourage", "hostages", "boule", "debate", "political_issues",
        "strategy_board", "theater_award", "finish")
