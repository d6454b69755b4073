"""The neighbouring kingdoms' scenario rules (rules 1.7, 9.6): Macedon's changing sides,
and Persia's treaty and gold."""

from __future__ import annotations

from engine.core.ruleset import Context

from .board import board
from .control import side_of, stance_to
from .state import PpwState, log

MACEDON_SWITCH = 2  # rule 9.6: a die of 1-2 at the start of each diplomatic phase
MACEDON_WATCH = ("chalcidice", "thrace", "macedon")  # areas whose SPs Macedon weighs
PERSIA_OPENS = 7  # rule 9.6: the treaty may be sought from turn 7 (413 BC)
PERSIA_NEED = 3  # rule 9.6: d6, Athens -2
PERSIA_FREES = ("ionia", "doris")  # rule 9.6: the signer gives up these tributaries
SUBSIDY = (500, 1000)  # rule 9.6: a turn, and from turn 9 (Cyrus)
LYSANDER_GOLD = 500  # rule 8.3: Lysander's friendship with Cyrus
SUBSIDY_LATE = 9


def side_strength(s: PpwState, major: str) -> int:
    """SPs in Macedon's neighbourhood friendly to `major` (its own, its allies')."""
    b = board()
    total = 0
    for area in MACEDON_WATCH:
        for sp in b.area_spaces[area]:
            for owner, v in s["forces"].get(sp, {}).items():
                if stance_to(s, major, owner) == "friendly":
                    total += sum(v)
    return total


def macedon_turns(s: PpwState, ctx: Context) -> None:
    """Rule 9.6: on a die of 1-2 Macedon goes over to whichever of Athens and Sparta has
    more SPs on its side in Chalcidice, Thrace and Macedon; a tie favours the one it is
    not with."""
    die = ctx.die()
    if die > MACEDON_SWITCH:
        return
    now = side_of(s, "macedon")
    athens, sparta = side_strength(s, "athens"), side_strength(s, "sparta")
    if athens == sparta:
        to = "sparta" if now == "athens" else "athens"
    else:
        to = "athens" if athens > sparta else "sparta"
    if to == now:
        return
    s["stances"]["macedon"] = {"patron": to, "status": "ally"}
    log(s, "macedon", to=to, die=die)


def treaty_open(s: PpwState, major: str) -> bool:
    st = s["stances"].get("persia")
    return s["turn"] >= PERSIA_OPENS and st is not None and st["status"] == "neutral"


def seek_treaty(s: PpwState, ctx: Context, major: str) -> None:
    """Rule 9.6: d6 of 3 or more (Athens -2) and Persia sides with the major, which frees
    its Ionian and Dorian tributaries."""
    if not treaty_open(s, major):
        return
    die = ctx.die()
    won = die - (2 if major == "athens" else 0) >= PERSIA_NEED
    log(s, "persian_treaty", major=major, die=die, won=won)
    if not won:
        return
    s["stances"]["persia"] = {"patron": major, "status": "ally"}
    for cs in PERSIA_FREES:
        st = s["stances"][cs]
        if st["status"] == "tributary" and side_of(s, cs) == (side_of(s, major) or major):
            st["patron"], st["status"] = None, "neutral"
            area = board().city_states[cs].area
            s["rebel"] = [sp for sp in s["rebel"] if board().area_of[sp] != area]


def subsidy(s: PpwState, ctx: Context, major: str) -> int:
    """Rule 9.6: Persia's gold to its treaty partner; before turn 9 a die of 1 means
    the satrap holds it back."""
    st = s["stances"].get("persia")
    if st is None or st["status"] != "ally" or st["patron"] != major:
        return 0
    # rule 8.3 (R29): Lysander in play adds 500 when his side holds the treaty
    gold = LYSANDER_GOLD if s["leaders"].get("lysander") not in (None, "off", "dead") \
        and side_of(s, "sparta") == (side_of(s, major) or major) else 0
    if s["turn"] >= SUBSIDY_LATE:
        return SUBSIDY[1] + gold
    return 0 if ctx.die() == 1 else SUBSIDY[0] + gold
