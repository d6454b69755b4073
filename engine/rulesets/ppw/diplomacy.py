"""The diplomatic actions (rules 2.3-2.6), offered as options and resolved together once
every major has chosen: wars first, then peace and alliances that both sides offered,
then approaches to minor city-states, each group in alphabetical order (rule 2.2)."""

from __future__ import annotations

from engine.core.ruleset import Context
from engine.core.types import Option

from .board import board
from .components import MAJORS
from .control import relation, side_of
from .kingdoms import seek_treaty, treaty_open
from .state import CAVALRY, HOPLITE, PpwState, log, pair

APPROACH_TALENTS = (0, 200, 400, 600)  # rule 2.6
PAYMENTS = (200, 500, 1000)  # rule 2.8: talents a pact may promise
APPROACH_NEED = 6  # rule 2.6: d6 + modifiers
ARGOS_OPENS = 4  # rule 9.1: Argos' truce with Sparta holds until turn 4
TREATY_BREACH = (-2, 1)  # rule 2.3: bellicosity of the breaker and of its victim
EXECUTION = -2  # rule 2.9: bellicosity a breaker loses when its hostages are put to death
GIVE, RETURN = "hostage", "release"  # rule 2.9: the hostage terms of an offer


def active(s: PpwState, major: str) -> bool:
    return s["majors"][major]["surrendered_to"] is None and major not in s["resigned"]


def targets_for_approach(s: PpwState, major: str) -> list[str]:
    """Rule 2.6: minors and kingdoms on neither the approacher's side nor an ally's, other
    than tributaries of another side that are not in rebellion; Persia only by treaty
    (not in this edition); Argos not before turn 4."""
    b = board()
    me = side_of(s, major) or major
    out = []
    for cs, st in sorted(s["stances"].items()):
        other = side_of(s, cs)
        if cs == "persia" or other is not None and relation(s, me, other) in ("same",
                                                                             "alliance"):
            continue  # its own side's and its allies' minors are not courted away
        if cs == "argos" and s["turn"] < ARGOS_OPENS:
            continue
        if st["status"] == "tributary":
            home = b.city_states[cs].home if cs in b.city_states else None
            if home is None or home not in s["rebel"]:
                continue
        out.append(cs)
    return out


def options(s: PpwState, major: str) -> list[Option]:
    opts = [Option("pass", "Pass", "2.1", data={"action": "pass"})]
    me = side_of(s, major) or major
    for other in MAJORS:
        if other == major or not active(s, other):
            continue
        r = relation(s, me, side_of(s, other) or other)
        if r == "same":
            continue
        if r != "war" and s["treaty_turn"].get(pair(major, other)) != s["turn"]:
            opts.append(Option(f"war:{other}", f"Declare war on {other.title()}", "2.3",
                               data={"action": "war", "target": other}))
        if r == "war":
            opts.append(Option(f"peace:{other}", f"Offer peace to {other.title()}", "2.4",
                               data={"action": "peace", "target": other}))
            opts += _with_payment(s, major, other, "peace", "Offer peace to", "2.8")
        if r == "peace":
            opts.append(Option(f"ally:{other}", f"Propose an alliance to {other.title()}",
                               "2.5", data={"action": "alliance", "target": other}))
            opts += _with_payment(s, major, other, "ally", "Propose an alliance to", "2.8")
    for cs, st in sorted(s["stances"].items()):
        if st["status"] == "neutral" and cs != "persia":
            opts.append(Option(f"war:{cs}", f"Declare war on {cs.title()}", "2.3",
                               data={"action": "war", "target": cs}))
    if treaty_open(s, major):
        opts.append(Option("treaty:persia", "Seek a treaty with Persia", "9.6",
                           data={"action": "treaty", "target": "persia"}))
    money = s["majors"][major]["treasury"]
    for cs in targets_for_approach(s, major):
        for t in APPROACH_TALENTS:
            if t <= money:
                opts.append(Option(f"approach:{cs}:{t}", f"Approach {cs.title()} ({t} talents)",
                                   "2.6", data={"action": "approach", "target": cs,
                                                "talents": t}))
    return opts


def _with_payment(s: PpwState, major: str, other: str, kind: str, words: str,
                  rule: str) -> list[Option]:
    """Rules 2.8, 2.9: the same offer with a term, kept only if the pact is made:
    talents promised, a hostage given, or the other's hostages we hold returned."""
    money = s["majors"][major]["treasury"]
    action = "peace" if kind == "peace" else "alliance"
    out = [Option(f"{kind}:{other}:{t}", f"{words} {other.title()}, paying {t} talents",
                  rule, data={"action": action, "target": other, "talents": t})
           for t in PAYMENTS if t <= money]
    out.append(Option(f"{kind}:{other}:{GIVE}", f"{words} {other.title()}, giving a "
                      "hostage as surety", "2.9",
                      data={"action": action, "target": other, "hostage": GIVE}))
    held = s["majors"][major]["hostages"].get(other, 0)
    if held:
        out.append(Option(f"{kind}:{other}:{RETURN}", f"{words} {other.title()}, returning "
                          f"the {held} hostage(s) of {other.title()} we hold", "2.9",
                          data={"action": action, "target": other, "hostage": RETURN}))
    return out


def keep_term(s: PpwState, giver: str, taker: str, term: str) -> None:
    """Rules 2.8, 2.9: what `giver` promised with a pact now made."""
    if term == GIVE:
        give_hostage(s, giver, taker)
    elif term == RETURN:
        return_hostages(s, giver, taker)
    else:
        pay(s, giver, taker, int(term))


def resolve(s: PpwState, ctx: Context, choices: dict[str, str]) -> None:
    """Rule 2.2: everything chosen this round, in order (Persia's treaty, rule 9.6, with
    the approaches)."""
    acts = {m: c.split(":") for m, c in choices.items() if c != "pass"}
    for m in sorted(acts):
        if acts[m][0] == "war":
            declare_war(s, m, acts[m][1])
    for m in sorted(acts):
        kind, target = acts[m][0], acts[m][1]
        if kind in ("peace", "ally") and m < target and acts.get(target, [])[:2] == [kind, m] \
                and make_pact(s, m, target, "peace" if kind == "peace" else "alliance"):
            for giver, taker in ((m, target), (target, m)):
                if len(acts[giver]) > 2:
                    keep_term(s, giver, taker, acts[giver][2])
    for m in sorted(acts):
        if acts[m][0] == "approach":
            approach(s, ctx, m, acts[m][1], int(acts[m][2]))
        elif acts[m][0] == "treaty":
            seek_treaty(s, ctx, m)  # with the approaches: one courts the King alike


def declare_war(s: PpwState, major: str, target: str) -> None:
    """Rule 2.3: war on a major (breaking a peace costs the breaker 2 bellicosity and
    gives its victim 1) or on a neutral minor, which becomes the declarer's enemy."""
    if target in MAJORS:
        key = pair(major, target)
        if s["relations"].get(key) == "war":
            return
        if key in s["treaty_turn"]:
            s["majors"][major]["bellicosity"] = max(0, s["majors"][major]["bellicosity"]
                                                    + TREATY_BREACH[0])
            s["majors"][target]["bellicosity"] = min(12, s["majors"][target]["bellicosity"]
                                                     + TREATY_BREACH[1])
            del s["treaty_turn"][key]
        break_surety(s, major, target)
        s["relations"][key] = "war"
    else:
        st = s["stances"][target]
        if st["status"] != "neutral":
            return
        st["patron"], st["status"] = major, "enemy"
    log(s, "war", major=major, target=target)


def make_pact(s: PpwState, a: str, b: str, kind: str) -> bool:
    """Rules 2.4, 2.5: both sides offered it this round, so it is made (False: the
    relation changed earlier in the round, and nothing is made)."""
    key = pair(a, b)
    current = s["relations"].get(key, "peace")
    if kind == "peace" and current != "war" or kind == "alliance" and current != "peace":
        return False
    s["relations"][key] = kind  # type: ignore[assignment]
    if kind == "peace":
        s["treaty_turn"][key] = s["turn"]
    log(s, kind, a=a, b=b)
    return True


def pay(s: PpwState, payer: str, payee: str, talents: int) -> None:
    """Rule 2.8: the talents promised with a pact that is made move at once (never more
    than the payer holds)."""
    paid = min(talents, s["majors"][payer]["treasury"])
    s["majors"][payer]["treasury"] -= paid
    s["majors"][payee]["treasury"] += paid
    log(s, "payment", payer=payer, payee=payee, talents=paid)


def give_hostage(s: PpwState, giver: str, holder: str) -> None:
    """Rule 2.9: one of the giver's hostages goes to the holder's card as surety."""
    held = s["majors"][holder]["hostages"]
    held[giver] = held.get(giver, 0) + 1
    log(s, "hostage_given", giver=giver, holder=holder)


def return_hostages(s: PpwState, holder: str, of: str) -> None:
    """Rule 2.9: every hostage of `of` that `holder` holds goes home."""
    n = s["majors"][holder]["hostages"].pop(of, 0)
    if n:
        log(s, "hostages_returned", holder=holder, of=of, n=n)


def break_surety(s: PpwState, breaker: str, victim: str) -> None:
    """Rule 2.9: war declared on a major not at war with the declarer breaks the deal
    that hostages guaranteed. The victim puts the breaker's hostages to death (the
    breaker loses 2 bellicosity, the holder the hostages' score), and any hostages the
    breaker holds of the victim go home: a breaker keeps no surety."""
    executed = s["majors"][victim]["hostages"].pop(breaker, 0)
    if executed:
        card = s["majors"][breaker]
        card["bellicosity"] = max(0, card["bellicosity"] + EXECUTION)
        log(s, "hostages_executed", holder=victim, of=breaker, n=executed)
    return_hostages(s, breaker, victim)


def approach_modifiers(s: PpwState, major: str, cs: str, talents: int) -> dict[str, int]:
    """Rule 2.6's modifiers."""
    b = board()
    mods = {"talents": talents // 200}
    kin = b.city_states[cs].kin if cs in b.city_states else []
    if "ionian" in kin and major == "athens" or "dorian" in kin and major != "athens" \
            or "corinthian_colony" in kin and major == "corinth":
        mods["kin"] = 1
    home = b.city_states[cs].home if cs in b.city_states else b.kingdom_home.get(cs)
    area = b.area_of[home] if home else None
    if area is not None and any(
            s["forces"].get(sp, {}).get(major, [0, 0, 0])[HOPLITE]
            + s["forces"].get(sp, {}).get(major, [0, 0, 0])[CAVALRY] > 0
            for sp in b.area_spaces[area]):
        mods["troops"] = 1
    rival = side_of(s, cs)
    if rival is not None and home is not None and any(
            o != cs and (side_of(s, o) or o) == rival for o in s["forces"].get(home, {})):
        mods["rival_troops"] = -2
    if any(s["leaders"][ldr] == "pool" and b.leaders[ldr].special == "persuader"
           and b.leaders[ldr].city_state == major for ldr in s["leaders"]):
        mods["leader"] = 1  # rule 8.3: Alcibiades
    if cs == "argos":
        mods["argos"] = 2  # rule 9.1
    # every earlier approach to this minor this turn, whoever made it (rule 2.6, R17)
    tries = sum(s["tally"][m]["approached"].get(cs, 0) for m in MAJORS)
    if tries:
        mods["again"] = -tries
    return mods


def approach(s: PpwState, ctx: Context, major: str, cs: str, talents: int) -> None:
    """Rule 2.6: pay the talents (spent whatever happens), roll d6 + modifiers; 6 or more
    moves the minor one step toward the approacher: an enemy becomes neutral, a neutral
    an ally, another side's ally neutral, a rebel tributary of another side an ally."""
    card = s["majors"][major]
    if talents > card["treasury"] or cs not in targets_for_approach(s, major):
        return
    card["treasury"] -= talents
    mods = approach_modifiers(s, major, cs, talents)
    s["tally"][major]["approached"][cs] = s["tally"][major]["approached"].get(cs, 0) + 1
    die = ctx.die()
    won = die + sum(mods.values()) >= APPROACH_NEED
    log(s, "approach", major=major, target=cs, die=die, mods=sum(mods.values()), won=won)
    if not won:
        return
    st = s["stances"][cs]
    old = side_of(s, cs)
    if st["status"] == "tributary":
        if old in MAJORS:
            s["tally"][old]["tributaries_lost"] += 1
        st["patron"], st["status"] = major, "ally"
        area = board().city_states[cs].area
        s["rebel"] = [sp for sp in s["rebel"] if board().area_of[sp] != area]
    elif st["status"] == "enemy" or st["status"] == "ally":
        st["patron"], st["status"] = None, "neutral"
    else:
        st["patron"], st["status"] = major, "ally"
        s["tally"][major]["gains"] += 1
