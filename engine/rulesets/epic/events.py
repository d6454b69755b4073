"""What each Event Card does (rule 12.6, Appendix C). The deck itself is `cards.py`.

Cards played in the Event Cards stage offer one option per way to play them (`plays`);
Immediate cards are resolved as they are drawn (`resolve_immediate`), after the drawer's
choice when there is one (`immediate_options`). Effects that last the season are kept in
`s["cards"]["season"]` and read by the Campaign Turns (`campaign_start`, `morale_shift`,
`betrayed`, `after_battle`). Where Appendix C is garbled, RULINGS.md says what we chose."""

from __future__ import annotations

from engine import IllegalAction, Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import board as B
from . import persia, sicily
from . import politics as P
from .allied_peace import choices, ends, offer_option, scenario_mods
from .cards import discard, face, kind_of, season_fx, title
from .helots import REGION, stir
from .leaders import HOME
from .leaders import eliminate as kill_leader
from .losses import drown, eliminate
from .notes import AnyFlow, note, roll_with, roller
from .peace import breach, grievance, restricted, sign
from .politics import btv_victory
from .state import MAP, POOL, WINTER, EState, clamp_al, clamp_ml, dealt, other

SUCCESS = 6  # most cards succeed on 6 or more after modifiers
RISK_ZONE = 3  # 4.1: an Athenian region at AL 3 or less
STRONG = ("Brasidas", "Callicratidas")  # Rebellion Possible +1


def _played(s: EState) -> list[str]:
    played: list[str] = season_fx(s).setdefault("played", [])
    return played


def _leaders_on_map(s: EState, side: str, seat: str | None = None) -> list[str]:
    """The side's leaders on the map; with allies and a seat named, that player's own (24.6:
    a card a League player plays works through his leaders)."""
    return sorted(n for n, x in s["leaders"].items() if x["side"] == side and x["where"] == MAP
                  and (seat is None or not A.multi(s) or A.owner(x) == seat))


def _in_region(h: str | None, region: str) -> bool:
    return h is not None and h in B.comps().hexes and B.region_of_hex(h) == region


# ------------------------------------------------------------ Rebellion Possible
def rebellion_ok(s: EState, cid: str, seat: str = "sparta") -> bool:
    """Appendix C: the card's region Athenian and in the risk zone, a Spartan leader in it
    (with allies, one of the player's own), one card a region a season."""
    region = face(cid).region
    r = s["regions"].get(region)
    return (r is not None and r["side"] == "athens" and r["al"] <= RISK_ZONE
            and f"rebellion:{region}" not in _played(s)
            and any(_in_region(s["leaders"][n]["hex"], region)
                    for n in _leaders_on_map(s, "sparta", seat)))


def rebellion_mods(s: EState, cid: str) -> list[tuple[int, str]]:
    c = face(cid)
    here = [u for u in B.on_map(s, "sparta") if _in_region(s["units"][u]["hex"], c.region)]
    have = {t: sum(1 for u in here if s["units"][u]["type"] == t) for t in c.min_force}
    out = []
    if all(have[t] >= n for t, n in c.min_force.items()):
        out.append((2, "the card's minimum force is there"))
    if any(_in_region(s["leaders"][n]["hex"], c.region) for n in STRONG
           if n in s["leaders"] and s["leaders"][n]["side"] == "sparta"
           and s["leaders"][n]["where"] == MAP):
        out.append((1, "Brasidas or Callicratidas is there"))
    return out


def rebellion(flow: AnyFlow, cid: str, seat: str = "sparta") -> None:
    s = flow.state
    region = face(cid).region
    _played(s).append(f"rebellion:{region}")
    mods = rebellion_mods(s, cid)
    die, total, why = roll_with(flow, mods)
    r = s["regions"][region]
    if total >= SUCCESS:
        note(flow, f"Rebellion in {region}: die {die}{why} = {total}: it goes over to Sparta "
                   "(Rebellion Possible, 4.3.2)")
        note(flow, P.flip(s, region))
        for line in A.settle(s, roller(flow)):  # 24.3: which ally takes it
            note(flow, line)
        r["al"] = clamp_al(r["al"] + 3)
        lost = sum(P.TRIBUTE_LOST[c.size] for c in B.region_cities(region)
                   if B.city_owner(s, c.name) == "athens")
        gain = max(0, B.comps().regions[region].btv - lost)
        s["treasury"][seat] += gain  # with allies, the player who played it (RULINGS M13)
        note(flow, f"{region} +3 AL; {seat.title()} collects {gain} talents "
                   "(Rebellion Possible)")
    else:
        r["al"] = clamp_al(r["al"] + 2)
        note(flow, f"Rebellion in {region}: die {die}{why} = {total}: it fails; {region} "
                   "+2 AL (Rebellion Possible)")


# ------------------------------------------------------------ City Betrayal
def _adjacent_leader(s: EState, side: str, h: str, seat: str | None = None) -> bool:
    near = set(B.comps().neighbors(h)) | {h}
    return any(s["leaders"][n]["hex"] in near for n in _leaders_on_map(s, side, seat))


def betrayal_targets(s: EState, side: str, cid: str, seat: str | None = None) -> list[str]:
    """(a) The named large city or any small or medium city the enemy holds, with one of
    the player's leaders next to it; one card a city a season."""
    named = face(cid).city
    out = []
    for city in B.comps().cities.values():
        if city.size == "L" and city.name != named:
            continue
        if B.city_at(s, city.hex) is None or B.city_owner(s, city.name) != other(side):
            continue
        if city.hex not in B.allowed(s, side) or f"betrayal:{city.name}" in _played(s):
            continue
        if city.name in season_fx(s).get("betrayed", ()):
            continue
        if _adjacent_leader(s, side, city.hex, seat):
            out.append(city.name)
    return sorted(out)


def betrayal_mods(s: EState, name: str) -> list[tuple[int, str]]:
    city = B.comps().cities[name]
    out = []
    if city.size == "S":
        out.append((2, "small city"))
    elif city.size == "M":
        out.append((1, "medium city"))
    if name in s["marks"]:
        out.append((1, "captured city"))
    if s["raided"].get(B.area_of(city.hex), 0):
        out.append((1, "raided Area"))
    return out


def betrayal(flow: AnyFlow, side: str, name: str) -> None:
    """`side`: who plots, named in the log (with allies, the League player)."""
    s = flow.state
    _played(s).append(f"betrayal:{name}")
    mods = betrayal_mods(s, name)
    die, total, why = roll_with(flow, mods)
    if die != 1 and total >= SUCCESS:
        season_fx(s).setdefault("betrayed", []).append(name)
        note(flow, f"{side.title()} plots with traitors in {name}: die {die}{why} = {total}: "
                   "its garrison will not defend it this season (City Betrayal)")
    else:
        note(flow, f"{side.title()} plots with traitors in {name}: die {die}{why} = {total}: "
                   "the plot fails (City Betrayal)")


def card_seat(s: EState, side: str) -> str:
    """Whose hand answers for `side` outside the Event Cards stage: with allies, the League
    seat that decides there (RULINGS M4, M14)."""
    return A.deciding_seat(s) if A.multi(s) and side == A.LEAGUE else side


def siege_betrayals(s: EState, side: str, h: str) -> list[str]:
    """City Betrayal (b): the besieger's cards he may play on the siege of `h` (a leader
    there or next to it; one card a city a season)."""
    c = s.get("cards")
    city = B.city_at(s, h)
    if not c or city is None or f"betrayal:{city.name}" in _played(s):
        return []
    seat = card_seat(s, side)  # with allies: his own leader, his own hand (M14)
    if not _adjacent_leader(s, side, h, seat):
        return []
    return sorted({cid for cid in c["hands"][seat] if kind_of(cid) == "city-betrayal"})


def siege_bonus(cid: str, name: str) -> int:
    return 2 if face(cid).city == name else 1


# ------------------------------------------------------------ Allied Unrest
AT_START_NOTE = "units fewer in the Force Pool than at the start"


def unrest_regions(s: EState) -> list[str]:
    """Spartan regions but Laconia, one card a region a season."""
    return sorted(r for r, x in s["regions"].items()
                  if x["side"] == "sparta" and r != "laconia"
                  and f"unrest:{r}" not in _played(s))


def unrest_mods(s: EState, region: str) -> list[tuple[int, str]]:
    sc = B.comps().scenarios[s["scenario"]]
    start = sum(g.count for g in sc.pools[region].force) if region in sc.pools else 0
    now = sum(1 for u in s["units"].values() if u["home"] == region and u["where"] == POOL)
    out = []
    if start > now:
        out.append((start - now, AT_START_NOTE))
    built = [u for u in season_fx(s).get("built", []) if s["units"][u]["home"] == region]
    if built:
        out.append((len(built), "units built there this season"))
    ml = s["regions"][region]["ml"]
    if ml >= 17:
        out.append((-2, "ML 17 or more"))
    elif ml >= 14:
        out.append((-1, "ML 14-16"))
    elif ml < 8:
        out.append((1, "ML below 8"))
    return out


def unrest(flow: AnyFlow, region: str) -> None:
    s = flow.state
    _played(s).append(f"unrest:{region}")
    mods = unrest_mods(s, region)
    die, total, why = roll_with(flow, mods)
    if total >= SUCCESS:
        undone = [u for u in season_fx(s).get("built", []) if s["units"][u]["home"] == region
                  and s["units"][u]["where"] == POOL]
        for u in undone:
            s["units"][u]["where"] = "build"
        season_fx(s).setdefault("unrest", []).append(region)
        note(flow, f"Unrest in {region}: die {die}{why} = {total}: {len(undone)} units built "
                   "this season go back to the Build Pool and its units stay home this season "
                   "(Allied Unrest)")
    else:
        r = s["regions"][region]
        r["al"] = clamp_al(r["al"] + 2)
        note(flow, f"Unrest in {region}: die {die}{why} = {total}: it fails; {region} +2 AL "
                   "(Allied Unrest)")


class Unrest(Procedure[EState]):
    """3.2 C: at the end of the Build stage Athens may play Allied Unrest cards, one a
    region."""

    name = "unrest"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        opts = []
        for region in unrest_regions(s):
            plus = sum(n for n, _ in unrest_mods(s, region))
            opts.append(Option(region, f"Allied Unrest in {region} (die {plus:+d}, 6 or more)",
                               "App. C", data={"kind": "allied_unrest", "region": region,
                                               "plus": plus}))
        opts.append(Option("pass", "Play no Allied Unrest", "App. C", data={"kind": "pass"}))
        return [Prompt("athens", "Athens: stir up unrest among Sparta's allies (Allied "
                                 "Unrest)?", tuple(opts), rule="App. C", kind="card")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        hand = dealt(s)["hands"]["athens"]
        cid = next((c for c in hand if kind_of(c) == "allied-unrest"), None)
        if answer == "pass" or cid is None:
            flow.end()
            return
        hand.remove(cid)
        note(flow, f"Athens plays {title(cid)} on {answer}")
        unrest(flow, str(answer))
        discard(s, cid)
        if not any(kind_of(c) == "allied-unrest" for c in hand) or not unrest_regions(s):
            flow.end()


# ------------------------------------------------------------ Alcibiades, Argos, Helots
ALCIBIADES = "Alcibiades"


def alcibiades_ok(s: EState, side: str, seat: str | None = None) -> list[str]:
    """Alcibiades on the map serving the other side; the player gives up one of his Force
    Pool leaders to make room (the names offered; with allies, his own)."""
    x = s["leaders"].get(ALCIBIADES)
    if x is None or x["where"] != MAP or x["side"] != other(side):
        return []
    return sorted(n for n, y in s["leaders"].items() if y["side"] == side
                  and y["where"] == "force"
                  and (seat is None or not A.multi(s) or A.owner(y) == seat))


def alcibiades(flow: AnyFlow, side: str, gives_up: str, seat: str | None = None) -> None:
    s = flow.state
    x = s["leaders"][ALCIBIADES]
    x.update({"side": side, "where": "force", "hex": None, "region": HOME[side]})
    x.pop("seat", None)
    if A.multi(s) and side == A.LEAGUE:  # he serves the League player who played the card
        x.update({"seat": str(seat), "region": A.HOME[str(seat)]})
    del s["leaders"][gives_up]
    pool = s["leader_pool"][side]
    pool.append(gives_up)
    flow.context.shuffle(pool)  # face down again, among the others (7.8.4)
    note(flow, f"Alcibiades goes over to {side.title()}'s Force Pool; {gives_up} returns to "
               "the Leader Pool (Alcibiades Switches Sides)")


def argos_ok(s: EState) -> bool:
    r = s["regions"].get("argolid")
    return r is not None and r["side"] not in ("athens", "sparta")


def argos(flow: AnyFlow) -> None:
    """Argolid joins the side its AL favours (kept on Athens' sheet, 23.2.3), which at once
    collects its BTV. With allies a League Argolid goes to one of them by 24.3, and its
    units and its BTV with it (RULINGS M15)."""
    s = flow.state
    r = s["regions"]["argolid"]
    side = "athens" if r["al"] >= 0 else "sparta"
    r["side"], r["al"], r["mult"] = side, abs(r["al"]), 1
    s["activated"].append("argolid")
    lines = A.settle(s, roller(flow))
    seat = A.holder(s, "argolid") or side
    for u in s["units"].values():
        if u["home"] == "argolid":
            u["side"] = side
            if A.multi(s) and side == A.LEAGUE:
                u["seat"] = seat
    btv = B.comps().regions["argolid"].btv
    s["treasury"][seat] += btv
    if A.multi(s):
        A.abdication_paid(s, "argolid", btv)  # 24.3: it follows the region if given up
    note(flow, f"Argos ends its neutrality and joins {seat.title()}, paying {btv} talents "
               "(Argos Ends Neutrality)")
    for line in lines:
        note(flow, line)


def helots_ok(s: EState) -> bool:
    return (s["regions"][REGION]["side"] == "sparta" and "helot-uprising" not in _played(s)
            and any(c.name not in s["helots"] and c.capital != "sparta"
                    and c.name not in s["razed"] for c in B.region_cities(REGION)))


# ------------------------------------------------------------ playing from the hand
def plays(s: EState, seat: str) -> list[Option]:
    """Every way `seat` may now play a card from his hand (12.1). With allies a League
    player plays the cards naming Sparta (24.6) and Allied Dissent (Appendix C)."""
    c = s.get("cards")
    if not c or restricted(s):  # 20.2: no cards but the Immediate ones
        return []
    side = A.side_of(seat)
    out: list[Option] = []
    seen: set[str] = set()
    for cid in sorted(c["hands"][seat]):
        kind = kind_of(cid)
        key = cid if kind in ("rebellion-possible", "city-betrayal") else kind
        if key in seen:
            continue
        seen.add(key)
        label = title(cid)
        if kind == "rebellion-possible" and side == "sparta" and rebellion_ok(s, cid, seat):
            plus = sum(n for n, _ in rebellion_mods(s, cid))
            out.append(Option(cid, f"{label}: die +{plus}, 6 or more", "12.1",
                              data={"kind": "play_card", "card": cid, "plus": plus}))
        elif kind == "city-betrayal":
            out += [Option(f"{cid}|{name}", f"{label} on {name}", "12.1",
                           data={"kind": "play_card", "card": cid, "city": name})
                    for name in betrayal_targets(s, side, cid, seat)]
        elif kind == "helot-uprising" and side == "athens" and helots_ok(s):
            out.append(Option(cid, label, "29.4", data={"kind": "play_card", "card": cid}))
        elif kind == "alcibiades-switches":
            out += [Option(f"{cid}|{n}", f"{label}, giving up {n}", "12.1",
                           data={"kind": "play_card", "card": cid, "gives_up": n})
                    for n in alcibiades_ok(s, side, seat)]
        elif kind == "argos-ends-neutrality" and argos_ok(s):
            out.append(Option(cid, label, "12.1", data={"kind": "play_card", "card": cid}))
        elif kind == "athenian-embassy" and side == "athens" and s["treasury"]["athens"] >= 1:
            out += [Option(f"{cid}|{t}", f"{label} against {title(t)} (1 talent)", "App. C",
                           data={"kind": "play_card", "card": cid, "target": t, "cost": 1})
                    for t in persia.embassy_targets(s)]
        elif side == "sparta" and (persia.satrap_of(kind) or kind == "audience-great-king"):
            out += persia.plays(s, cid)
        elif kind in sicily.KINDS:
            out += sicily.plays(s, side, cid)  # 19.4, Appendix C
        elif kind == "allied-dissent" and A.multi(s) and seat != "athens":
            out += [Option(f"{cid}|{r}", f"{label} on {r} (die {A.dissent_modifier(s, seat, r)[0]:+d}, "
                                         "6 or more)", "App. C",
                           data={"kind": "play_card", "card": cid, "region": r})
                    for r in A.dissent_targets(s, seat)]
    return out


def _take(s: EState, side: str, cid: str) -> None:
    hand = dealt(s)["hands"][side]
    if cid not in hand:
        raise IllegalAction("That card is not in your hand.")
    hand.remove(cid)


def play(flow: AnyFlow, seat: str, oid: str) -> None:
    s = flow.state
    cid, _, target = oid.partition("|")
    _take(s, seat, cid)
    kind = kind_of(cid)
    side = A.side_of(seat)
    breach(s, side, "an Event Card played")  # 20.3, once the armistice is over
    note(flow, f"{seat.title()} plays {title(cid)} (12.1)")
    if kind == "rebellion-possible":
        rebellion(flow, cid, seat)
    elif kind == "allied-dissent":
        for line in A.allied_dissent(s, seat, target, flow.context.die()):
            note(flow, line)
    elif kind == "city-betrayal":
        betrayal(flow, seat, target)
    elif kind == "helot-uprising":
        _played(s).append("helot-uprising")
        stir(flow)
    elif kind == "alcibiades-switches":
        alcibiades(flow, side, target, seat)
    elif kind == "argos-ends-neutrality":
        argos(flow)
        discard(s, cid, permanently=True)
        return
    elif kind == "athenian-embassy":
        persia.embassy(flow, target)
    elif kind in sicily.KINDS:
        sicily.play(flow, side, cid, seat)  # 19.4: into the Sicily box, or resolved and out
        return
    elif persia.play(flow, cid, target, seat):
        return  # it lies active in its box (Appendix C)
    discard(s, cid)


# ------------------------------------------------------------ Immediate cards
ORACLE_GIFTS = (0, 2, 4)


def immediate_options(s: EState, seat: str, cid: str) -> list[Option]:
    """The drawer's choices for an Immediate card; none: it is resolved at once. With
    allies the drawer's own treasury sends the gifts (24.5)."""
    kind = kind_of(cid)
    if kind in sicily.KINDS:
        return sicily.draw_options(s, cid)
    side = A.side_of(seat)
    if kind == "consult-oracle":
        opts = []
        for target in (side, other(side)):
            for gift in ORACLE_GIFTS:
                if gift <= s["treasury"][seat]:
                    opts.append(Option(f"{target}:{gift}", f"Consult the oracle for "
                                       f"{target.title()}, sending {gift} talents", "App. C",
                                       data={"kind": "oracle", "card": cid, "for": target,
                                             "talents": gift}))
        return opts
    if kind == "perdiccas-switches" and perdiccas_ok(s):
        return [Option("play", "Perdiccas changes sides: Macedon goes over", "App. C",
                       data={"kind": "play_card", "card": cid}),
                Option("discard", "Discard it", "App. C", data={"kind": "discard_card", "card": cid})]
    if kind == "plague" and side == "athens":
        return [Option("play", "Let the plague strike Attica", "App. C",
                       data={"kind": "play_card", "card": cid}),
                Option("discard", "Discard it (Athens may)", "App. C",
                       data={"kind": "discard_card", "card": cid})]
    return []


def perdiccas_ok(s: EState) -> bool:
    r = s["regions"].get("macedon")
    return (r is not None and r["side"] in ("athens", "sparta") and r["al"] <= RISK_ZONE
            and "perdiccas-switches" not in _played(s))


def resolve_immediate(flow: AnyFlow, seat: str, cid: str, answer: str | None) -> None:
    s = flow.state
    kind = kind_of(cid)
    fx = season_fx(s)
    side = A.side_of(seat)
    note(flow, f"{seat.title()} draws {title(cid)} (12.2)")
    forever = False
    if kind == "storms-at-sea":
        fx["storms"] = fx.get("storms", 0) + 1
        note(flow, "Storms threaten the seas before each Campaign Turn (Storms at Sea)")
    elif kind == "earthquake":
        fx["earthquake"] = True
        note(flow, "No unit moves in or into the Peloponnese in the first Campaign Turn "
                   "(Earthquake in Peloponnese)")
    elif kind == "eclipse":
        fx["eclipse"] = True
        note(flow, "Every attacker fights at -1 morale in the first Campaign Turn (Eclipse)")
        sicily.eclipse(flow, seat)  # with Escalations in the box, a Resolution at -1
    elif kind in sicily.KINDS:
        sicily.drawn(flow, seat, cid, answer)  # Carthage, or a card come too late (M21)
        return
    elif kind == "festival":
        die = flow.context.die()
        regions = list(B.comps().tables["festival_regions"][str(die)])
        fx.setdefault("festival", []).extend(regions)
        note(flow, f"Festival: die {die}, {', '.join(regions)}: its units stay home in the "
                   "first Campaign Turn (Festival)")
    elif kind == "consult-oracle":
        target, _, gift = (answer or f"{side}:0").partition(":")
        oracle(flow, seat, target, int(gift))
    elif kind == "peace-embassy":
        dealt(s)["active"].append(cid)
        note(flow, "A Peace Embassy is abroad (Peace Embassy, 20.1)")
        return
    elif kind == "perdiccas-switches":
        if answer == "play" and perdiccas_ok(s):
            _played(s).append("perdiccas-switches")
            note(flow, P.flip(s, "macedon") + " (Perdiccas Switches Sides)")
            for line in A.settle(s, roller(flow)):  # 24.3: which ally takes it
                note(flow, line)
        else:
            note(flow, "Perdiccas keeps faith: the card is discarded")
    elif kind == "plague":
        forever = True  # Appendix C: out of the game once drawn
        if side == "sparta" or answer == "play":
            plague(flow)
        else:
            note(flow, "Athens discards the Plague in Athens")
    elif kind == "remove-leader":
        remove_leader(flow, other(side))
    elif kind == "sacrifices-unfavorable":
        name = _random_leader(flow, other(side))
        if name:
            fx.setdefault("held", []).append(s["leaders"][name]["hex"])
            note(flow, f"Sacrifices unfavourable: {name}'s stack neither moves nor intercepts "
                       "in the first Campaign Turn")
    elif kind == "soldiers-plunder":
        name = _random_leader(flow, other(side))
        if name:
            fx.setdefault("plunder", []).append(s["leaders"][name]["hex"])
            note(flow, f"{name}'s soldiers will plunder the countryside in the first Campaign "
                       "Turn (Soldiers Plunder Countryside)")
    elif kind == "sitalces-invades":
        forever = True
        sitalces(flow)
    discard(s, cid, permanently=forever)


def _random_leader(flow: AnyFlow, side: str) -> str | None:
    names = _leaders_on_map(flow.state, side)
    if not names:
        note(flow, f"{side.title()} has no leader on the map: no effect")
        return None
    return names[flow.context.die(len(names)) - 1]


def remove_leader(flow: AnyFlow, side: str) -> None:
    s = flow.state
    names = sorted(n for n, x in s["leaders"].items() if x["side"] == side
                   and x["where"] in (MAP, "force"))
    if not names:
        note(flow, f"{side.title()} has no leader to lose (Remove Leader)")
        return
    name = names[flow.context.die(len(names)) - 1]
    x = s["leaders"][name]
    new = kill_leader(s, name, x["hex"] if x["where"] == MAP else None)
    note(flow, f"{name} dies (Remove Leader); {new} takes his place (7.8.4)")


def oracle(flow: AnyFlow, side: str, target: str, gift: int) -> None:
    s = flow.state
    s["treasury"][side] -= gift
    die = flow.context.die()
    total = die + gift // 2
    good = die != 1 and total >= 4
    season_fx(s).setdefault("oracle", {})[target] = 1 if good else -1
    note(flow, f"{side.title()} consults the oracle for {target.title()} (gifts {gift}): die "
               f"{die} = {total}: {'success' if good else 'disaster'} foretold, "
               f"{'+1' if good else '-1'} morale this season (Consult Oracle at Delphi)")


def plague(flow: AnyFlow) -> None:
    """Each unit and leader in Attica (Spartan ones too) and in its Force Pool dies on 5-6."""
    s = flow.state
    lost = []
    for uid, u in sorted(s["units"].items()):
        inside = (u["where"] == MAP and _in_region(u["hex"], "attica")) or \
            (u["where"] == POOL and u["home"] == "attica")
        if inside and flow.context.die() >= 5:
            if u["where"] == POOL:
                P.unit_lost(s, uid)
                u["where"] = "build" if u["morale"] < 6 else "dead"
            else:
                eliminate(s, uid)
            lost.append(uid)
    for name, x in sorted(s["leaders"].items()):
        inside = (x["where"] == MAP and _in_region(x["hex"], "attica")) or \
            (x["where"] == "force" and x["region"] == "attica")
        if inside and flow.context.die() >= 5:
            kill_leader(s, name, x["hex"] if x["where"] == MAP else None)
            lost.append(name)
    note(flow, f"Plague in Athens: {len(lost)} lost ({', '.join(lost) or 'none'})")


def sitalces(flow: AnyFlow) -> None:
    s = flow.state
    lost = []
    for uid in sorted(B.on_map(s, "athens") + B.on_map(s, "sparta")):
        u = s["units"][uid]
        there = any(_in_region(u["hex"], r) for r in ("macedon", "chalcidice"))
        if there and flow.context.die() > u["morale"]:
            eliminate(s, uid)
            lost.append(uid)
    season_fx(s)["no_area_move"] = ["macedon", "chalcidice"]
    note(flow, f"Sitalces invades: {len(lost)} units fail their morale check and are lost; "
               "no Area movement in Macedon and Chalcidice this season")


# ------------------------------------------------------------ the Campaign Turns
STORM_AT = 5  # Storms at Sea: 5-6, +2 in Winter
WINTER_PLUS = 2
STORM_REACH = 2  # coastal seas within two sea Areas need a morale check


def campaign_start(flow: AnyFlow) -> None:
    """Before each Campaign Turn: the storms (one roll a Storms at Sea card this season, and
    one more every Winter turn, 3.2 H); in the first, the restraints cards laid down."""
    s = flow.state
    fx = season_fx(s)
    fx["stormy"] = []  # last Campaign Turn's storms are over
    rolls = fx.get("storms", 0) + (1 if s["season"] == WINTER else 0)
    for _ in range(rolls):
        storm(flow)
    if s["ct"] != 1:
        return
    sicily.sail_out(flow)  # 19.2: the Leaving Sicily box empties into its seas
    held = set(fx.get("held", []))
    peloponnese = {r.id for r in B.comps().regions.values() if r.peloponnese}
    festival = set(fx.get("festival", []))
    unrest = set(fx.get("unrest", []))
    for u in s["units"].values():
        if u["where"] != MAP:
            continue
        region = B.region_of_hex(u["hex"])
        if u["hex"] in held or (fx.get("earthquake") and region in peloponnese) or \
                (u["home"] in festival and region == u["home"] and u["type"] == "fleet") or \
                (u["home"] in unrest and region == u["home"]):
            u["moved"] = True  # the Festival's fleets too: any voyage leaves the region
    for x in s["leaders"].values():
        if x["where"] == MAP and x["hex"] in held:
            x["moved"] = True
    for h in fx.get("plunder", []):
        plunder(flow, h)


def festival_fence(s: EState, units: list[str]) -> frozenset[str] | None:
    """Festival: in the first Campaign Turn the festival region's own units in it may move,
    but not out of it (the card: they "may not leave that region"); the hexes a stack
    holding one of them must keep to, None when it holds none."""
    if s["ct"] != 1 or not s.get("cards"):
        return None
    festival = set(season_fx(s).get("festival", []))
    for uid in units:
        u = s["units"][uid]
        if u["home"] in festival and B.region_of_hex(u["hex"]) == u["home"]:
            return B.region_hexes(u["home"])
    return None


def hold_units(s: EState) -> None:
    """Allied Unrest keeps a region's units home the whole season (each Campaign Turn)."""
    unrest = set(season_fx(s).get("unrest", []))
    for u in s["units"].values():
        if u["where"] == MAP and u["home"] in unrest and B.region_of_hex(u["hex"]) == u["home"]:
            u["moved"] = True


def plunder(flow: AnyFlow, h: str) -> None:
    """Soldiers Plunder Countryside: the stack raids where it stands, for no talents, in a
    friendly region too but never in its side's home region."""
    s = flow.state
    units = [u for u in B.units_at(s, h) if s["units"][u]["type"] != "fleet"]
    region = B.region_of_hex(h)
    if not units or h not in B.comps().hexes or region is None or region not in s["regions"]:
        return
    side = s["units"][units[0]]["side"]
    if region == HOME[side] or B.holder(s, h) == side:
        return
    area = B.area_of(h)
    s["raided"][area] = s["raided"].get(area, 0) + len(units)
    for u in units:
        s["units"][u]["raid"] = True
    text = f"{side.title()}'s soldiers plunder {area} (Soldiers Plunder Countryside)"
    if area not in s["raided_now"]:
        s["raided_now"].append(area)
        r = s["regions"][region]
        r["ml"] = clamp_ml(r["ml"] - 1)
        text += f", {region} -1 ML (15.4)"
    note(flow, text)


def storm(flow: AnyFlow) -> None:
    s = flow.state
    winter = s["season"] == WINTER
    die = flow.context.die()
    total = die + (WINTER_PLUS if winter else 0)
    if total < STORM_AT:
        note(flow, f"Storm roll {total}: calm seas (Storms at Sea)")
        return
    c = B.comps()
    face_ = flow.context.die()
    sea = next(a.id for a in c.areas.values() if a.storm_die == face_)
    note(flow, f"Storm roll {total}: a storm strikes {sea} (die {face_}; Storms at Sea)")
    for uid in sorted(B.units_at(s, sea)):
        eliminate(s, uid)
        note(flow, f"{uid} is lost in the storm")
    for name in B.leaders_at(s, sea):
        new = kill_leader(s, name, None)
        note(flow, f"{name} drowns in the storm; {new} takes his place (7.8.4)")
    near = sorted(_seas_within(sea, STORM_REACH))
    season_fx(s)["stormy"] = sorted(set(season_fx(s).get("stormy", [])) | set(near))
    for area in near:
        for uid in sorted(B.units_at(s, area)):
            if s["units"][uid]["type"] != "fleet":
                continue
            d = flow.context.die() + (WINTER_PLUS if winter else 0)
            if d > s["units"][uid]["morale"]:
                eliminate(s, uid)
                note(flow, f"{uid} rolls {d} in the storm off {area} and sinks")
        for side in ("athens", "sparta"):
            drown(flow, area, side)
            if not B.units_at(s, area, side):
                for name in B.leaders_at(s, area, side):
                    new = kill_leader(s, name, None)
                    note(flow, f"{name} is lost with his ships; {new} takes his place")


def _seas_within(sea: str, n: int) -> set[str]:
    links = B.comps().sea_links
    seen, edge = {sea}, {sea}
    for _ in range(n):
        edge = {b for a in edge for b in links.get(a, ())} - seen
        seen |= edge
    return {a for a in seen - {sea} if B.comps().areas[a].kind == "sea"}


def morale_shift(s: EState, side: str, attacking: bool) -> int:
    """Card effects on a side's morale in battle: the Eclipse (attackers, first Campaign
    Turn) and the Oracle (this season, until a battle won or lost)."""
    fx = season_fx(s)
    n = int(fx.get("oracle", {}).get(side, 0))
    if attacking and fx.get("eclipse") and s["ct"] == 1:
        n -= 1
    return n


def after_battle(s: EState, winner: str | None) -> None:
    """The Oracle's word holds until its side wins (a bad one) or loses (a good one)."""
    oracle_ = season_fx(s).get("oracle", {})
    for side in list(oracle_):
        if winner == side and oracle_[side] < 0 or \
                winner == other(side) and oracle_[side] > 0:
            del oracle_[side]


def festival_battle(s: EState, attacker: str, region: str | None) -> str | None:
    """A battle begun in the festival region in the first Campaign Turn: +1 AL +1 ML when
    the enemy attacks, -1 -1 when its controller does."""
    fx = season_fx(s)
    if s["ct"] != 1 or region is None or region not in fx.get("festival", ()) \
            or region not in s["regions"]:
        return None
    r = s["regions"][region]
    n = -1 if r["side"] == attacker else 1
    r["al"], r["ml"] = clamp_al(r["al"] + n), clamp_ml(r["ml"] + n)
    return f"A battle during the festival: {region} {n:+d} AL {n:+d} ML (Festival)"


# ------------------------------------------------------------ Peace Embassy (20.1)
def peace_choices(s: EState, side: str) -> list[Option]:
    c = s.get("cards")
    if not c or s["result"] is not None:
        return []
    if A.multi(s):  # 24.7.2: allies' embassies, 20.1b: every player's agreement (M17, M24)
        opts = choices(s, side, season_fx(s).get("peace_rolled", []))
        opts += offer_option(s, season_fx(s))
        return opts + [Option("no", "Not now", "20.1", data={"kind": "pass"})] if opts else []
    p = s.get("peace")
    if p:
        if p["restrict"] or not p.get("violations", {}).get(side):
            return []  # 20.3: only after a violation by the other side last season
        n = len(p["grievances"][side])
        return [Option("grievance", f"Make a Grievance Roll (+{n}, 6 or more: war)", "20.3",
                       data={"kind": "grievance_roll", "plus": n}),
                Option("no", "Keep the peace", "20.3", data={"kind": "pass"})]
    foe = other(side)
    opts = []
    if c["active"]:
        opts.append(Option("roll", f"Make {foe.title()} roll for peace (Peace Embassy)", "20.1",
                           data={"kind": "peace_roll", "roller": foe}))
    offered = season_fx(s).get("peace_offer")
    if offered == foe:
        opts.append(Option("accept", f"Accept {foe.title()}'s offer of peace (20.1b)", "20.1",
                           data={"kind": "accept_peace", "from": foe}))
    elif offered is None:
        opts.append(Option("offer", "Offer peace (20.1b: signed if the other accepts)", "20.1",
                           data={"kind": "offer_peace"}))
    return opts + [Option("no", "Not now", "20.1", data={"kind": "pass"})]


PEACE_REGIONS: dict[str, dict[str, tuple[str, ...]]] = {  # 23.3, 26.3.2, 27.3.2: the regions that weigh on the side made to roll
    "campaign": {"athens": ("euboea", "thrace", "hellespont", "chalcidice"),
                 "sparta": ("corinth", "elis", "arcadia", "megarid")},
    "archidamian": {"athens": ("euboea", "thrace", "hellespont", "chalcidice", "lesbos",
                               "chios", "samos", "rhodes", "aegean-islands"),
                    "sparta": ("boeotia", "megarid", "corinth", "elis", "arcadia",
                               "epidaurus", "achaea")},
    "ionian": {"athens": ("euboea", "thrace", "hellespont", "chalcidice", "lesbos",  # 27.3.2
                          "chios", "samos", "rhodes", "aegean-islands"),
               "sparta": ("boeotia", "megarid", "corinth", "elis", "arcadia", "epidaurus",
                          "achaea", "argolid")},
}
ELITE_PEACE = ("archidamian", "ionian")  # 26.3.2, 27.3.2: each elite hoplite lost


HOME_ML_LOW, HOME_ML_HIGH = 10, 15  # home ML below 10: +1 to the roll; above 15: -1


def embassy_mods(s: EState, roller: str) -> list[tuple[int, str]]:
    """The Peace Embassy card's own modifiers, for any roller: both embassies face up, and
    the roller's home ML."""
    out = []
    if len(dealt(s)["active"]) >= 2:
        out.append((-1, "both Peace Embassies active"))
    ml = s["regions"][HOME[roller]]["ml"]
    if ml < HOME_ML_LOW:
        out.append((1, "home ML below 10"))
    elif ml > HOME_ML_HIGH:
        out.append((-1, "home ML above 15"))
    return out


def allied_mods(s: EState, roller: str) -> list[tuple[int, str]]:
    """24.7.2, 25.3.2: a roll with allies, the card's modifiers and the scenario's own."""
    return embassy_mods(s, roller) + scenario_mods(s, roller)


def peace_mods(s: EState, roller: str) -> list[tuple[int, str]]:
    out = embassy_mods(s, roller)
    regions: tuple[str, ...] = PEACE_REGIONS.get(s["scenario"], {}).get(roller, ())
    lost = [r for r in regions if s["regions"][r]["side"] == other(roller)]
    if lost:
        out.append((len(lost), f"{', '.join(lost)} held by the enemy"))
    if s["scenario"] == "campaign" and regions and not lost:
        out.append((-1, "all of them held"))
    if s["scenario"] in ELITE_PEACE and roller == "sparta":
        elite = sum(1 for u in s["units"].values() if u["side"] == "sparta"
                    and u["morale"] == 6 and u["type"] == "hoplite" and u["where"] == "dead")
        if elite:
            out.append((elite, "elite hoplites lost"))
    return out


def peace_answer(flow: AnyFlow, side: str, answer: str) -> None:
    s = flow.state
    if A.multi(s):
        if answer == "offer" and season_fx(s).get("peace_offer") is None:
            season_fx(s)["peace_offer"] = side  # 20.1b: every other player answers it (M24)
            note(flow, f"{A.title(side)} offers peace to every player (20.1b)")
            return
        allied_roll(flow, answer)
        return
    if answer == "grievance" and s.get("peace"):
        for line in grievance(s, side, flow.context.die()):
            note(flow, line)
        return
    if answer == "offer":
        season_fx(s)["peace_offer"] = side
        note(flow, f"{side.title()} offers peace (20.1b)")
        return
    if answer == "accept" and season_fx(s).get("peace_offer") == other(side):
        note(flow, f"{side.title()} accepts: peace is signed by agreement (20.1b, 20.2)")
        signed(flow)
        return
    if answer != "roll" or not dealt(s)["active"]:
        return
    roller = other(side)
    mods = peace_mods(s, roller)
    die, total, why = roll_with(flow, mods)
    if die == 1 or total <= 1:
        for cid in dealt(s)["active"]:
            discard(s, cid)
        dealt(s)["active"] = []
        note(flow, f"{roller.title()} rolls for peace: die {die}{why} = {total}: the embassy "
                   "fails and is sent home (Peace Embassy)")
    elif total >= SUCCESS:
        note(flow, f"{roller.title()} rolls for peace: die {die}{why} = {total}: peace is "
                   "signed (Peace Embassy, 20.2)")
        signed(flow)
    else:
        note(flow, f"{roller.title()} rolls for peace: die {die}{why} = {total}: talks go on "
                   "(Peace Embassy)")


def allied_roll(flow: AnyFlow, answer: str) -> None:
    """24.7.2, 25.3.2: the player named rolls with the card's and the scenario's modifiers;
    success ends the game (24.7.1)."""
    s = flow.state
    verb, _, roller = answer.partition(":")
    if verb != "roll" or not dealt(s)["active"]:
        return
    season_fx(s).setdefault("peace_rolled", []).append(roller)
    die, total, why = roll_with(flow, allied_mods(s, roller))
    text = f"{roller.title()} rolls for peace: die {die}{why} = {total}"
    if die == 1 or total <= 1:
        for cid in dealt(s)["active"]:
            discard(s, cid)
        dealt(s)["active"] = []
        note(flow, f"{text}: the embassy fails and is sent home (Peace Embassy)")
    elif total >= SUCCESS:
        note(flow, f"{text}: peace is signed and the war is over (24.7.1)")
        for cid in dealt(s)["active"]:
            discard(s, cid)
        dealt(s)["active"] = []
        ends(s, roller)
    else:
        note(flow, f"{text}: talks go on (Peace Embassy)")


def signed(flow: AnyFlow) -> None:
    """20.2: the embassies go home; a side that has won ends the game, else an armistice."""
    s = flow.state
    for cid in dealt(s)["active"]:
        discard(s, cid)
    dealt(s)["active"] = []
    if not btv_victory(s, "20.2", stalemate_ends=False):
        for line in sign(s):
            note(flow, line)
