"""The Peace Embassy with three and four players (24.7, 25.3).

Any player's successful peace roll ends the game, judged at once by 24.8 / 25.4 (no
armistice: 24.7.1 (3), 25.3.1 (c)). Athens may make one League player roll each season,
never two (24.7.2); each League player may make Athens roll, Athens rolling at most once a
season (RULINGS M17). The modifiers are the card's (both embassies, home ML) and the
scenario's own tables (24.7.2, 25.3.2), per player."""

from __future__ import annotations

from typing import Any

from engine import Option, Prompt

from . import alliances as A
from . import board as B
from .cards import card_seats
from .state import EState, dealt

# 24.7.2 / 25.3.2: regions whose loss (or keeping) weighs on each player's wish for peace
ATHENS_WANTS = ("euboea", "thrace", "hellespont", "chalcidice")
SPARTA_WANTS = {"three-player": ("corinth", "elis", "arcadia", "megarid"),
                "four-player": ("elis", "arcadia", "megarid")}
THEBES_CALM = {"three-player": ("megarid", "corinth", "arcadia"),
               "four-player": ("megarid", "arcadia")}
WEST_OF_CORINTH = ("gulf-of-corinth", "gulf-of-patrae")  # the two seas west of it (ours)


def _side(s: EState, region: str) -> str | None:
    r = s["regions"].get(region)
    return r["side"] if r else None


def _count(s: EState, seat: str) -> int:
    return len(A.regions_of(s, seat))


def scenario_mods(s: EState, seat: str) -> list[tuple[int, str]]:
    """24.7.2, 25.3.2: the scenario's modifiers for the player made to roll."""
    sc = s["scenario"]
    out: list[tuple[int, str]] = []
    if seat == "athens":
        lost = [r for r in ATHENS_WANTS if _side(s, r) == A.LEAGUE]
        if lost:
            out.append((len(lost), f"{', '.join(lost)} held by the League"))
        if all(_side(s, r) == "athens" for r in ATHENS_WANTS):
            out.append((-1, "all four held by Athens"))
        return out
    if seat == "sparta":
        regions = SPARTA_WANTS[sc]
        lost = [r for r in regions if _side(s, r) == "athens"]
        if lost:
            out.append((len(lost), f"{', '.join(lost)} held by Athens"))
        if all(_side(s, r) == A.LEAGUE for r in regions):
            out.append((-1, "all of them held by the League"))
        for ally in ("thebes", "corinth"):
            if ally in A.league_seats(s) and _count(s, "sparta") < _count(s, ally):
                out.append((1, f"fewer regions than {A.title(ally)}"))
        return out
    if seat == "thebes":
        if _side(s, "phocis-locris") == "athens":
            out.append((1, "Phocis-Locris held by Athens"))
        held = [c.name for c in B.region_cities("boeotia") if B.city_owner(s, c.name) == "athens"]
        if held:
            out.append((len(held), f"{', '.join(held)} held by Athens"))
        if all(_side(s, r) == A.LEAGUE for r in THEBES_CALM[sc]):
            out.append((-1, f"{', '.join(THEBES_CALM[sc])} held by the League"))
    elif seat == "corinth":
        ports = [c.name for c in B.comps().cities.values() if c.port_sea in WEST_OF_CORINTH
                 and B.city_at(s, c.hex) is not None and B.city_owner(s, c.name) == "athens"]
        if not ports:
            out.append((1, "no Athenian port on the seas west of Corinth"))
        held = [c.name for c in B.region_cities("corinth") if B.city_owner(s, c.name) == "athens"]
        if held:
            out.append((2 * len(held), f"{', '.join(held)} held by Athens"))
        for region in ("arcadia", "megarid"):
            if _side(s, region) == A.LEAGUE:
                out.append((-1, f"{region} held by the League"))
    if _count(s, seat) > _count(s, "sparta"):
        out.append((1, "more regions than Sparta"))
    return out


def choices(s: EState, seat: str, asked: list[str]) -> list[Option]:
    """Whom `seat` may make roll now: Athens one League player a season, a League player
    Athens (once a season, whoever asks first). `asked`: who has rolled this season."""
    if not dealt(s)["active"]:
        return []
    if seat == "athens":
        if any(x != "athens" for x in asked):
            return []
        return [Option(f"roll:{x}", f"Make {A.title(x)} roll for peace (Peace Embassy, "
                                    "24.7.2)", "24.7", data={"kind": "peace_roll", "roller": x})
                for x in A.league_seats(s)]
    if "athens" in asked:
        return []
    return [Option("roll:athens", "Make Athens roll for peace (Peace Embassy, 24.7.2)", "24.7",
                   data={"kind": "peace_roll", "roller": "athens"})]


def ends(s: EState, roller: str, why: list[Any] | None = None) -> None:
    """24.7.1 (3), 25.3.1 (c): a successful roll ends the game; 24.8 / 25.4 judge it. So
    does a peace every player agrees to (20.1b, RULINGS M24)."""
    result = A.final(s)
    result["why"] = [why or ["peace_rolled", roller]] + result["why"]
    s["result"] = result
    s["flow"].clear()


# ------------------------------------------------------------------ 20.1b with allies (M24)
def _ends_rule(s: EState) -> tuple[str, str]:
    """The scenario's end and victory rules: 24.7.1 / 24.8, or 25.3.1 / 25.4."""
    return ("25.3.1", "25.4") if s["scenario"] == "four-player" else ("24.7.1", "24.8")


def offer_option(s: EState, fx: dict[str, Any]) -> list[Option]:
    """20.1b: any player may offer peace to all the others, once a season (the first offer
    stands), in the Event Cards stage's peace step."""
    if fx.get("peace_offer") is not None:
        return []
    return [Option("offer", "Offer peace to every player (20.1b: signed only if all the "
                            f"others accept; it ends the game, {_ends_rule(s)[0]})", "20.1",
                   data={"kind": "offer_peace"})]


def to_agree(s: EState, fx: dict[str, Any]) -> str | None:
    """The next player who has yet to answer this season's offer of peace, in turn order
    from the one after the offerer round to the one before him; None once all have
    accepted, or when one has declined or there is no offer."""
    offer = fx.get("peace_offer")
    if offer is None or fx.get("peace_refused") or s["result"] is not None:
        return None
    seats = card_seats(s)
    i = seats.index(offer)
    yes = fx.get("peace_yes", [])
    return next((x for x in seats[i + 1:] + seats[:i] if x not in yes), None)


def agree_prompt(s: EState, fx: dict[str, Any], seat: str) -> Prompt:
    offer = A.title(str(fx["peace_offer"]))
    yes = ", ".join(A.title(x) for x in fx.get("peace_yes", []))
    return Prompt(seat, f"{A.title(seat)}: {offer} offers peace to every player"
                        f"{f' ({yes} accepted)' if yes else ''}. Peace by agreement needs "
                        "every player and ends the game, judged by the victory conditions "
                        f"(20.1b, {', '.join(_ends_rule(s))})",
                  (Option("accept", f"Accept {offer}'s offer of peace (20.1b)", "20.1",
                          data={"kind": "accept_peace", "from": fx["peace_offer"]}),
                   Option("decline", "Decline: the war goes on (20.1b)", "20.1",
                          data={"kind": "decline_peace"})),
                  rule="20.1", kind="agree")


def agree(s: EState, fx: dict[str, Any], seat: str, answer: str) -> list[str]:
    """A player answers the offer: one refusal ends it for the season; when the last one
    accepts, peace is signed and the game ends, judged by 24.8 / 25.4 (RULINGS M24)."""
    if answer != "accept":
        fx["peace_refused"] = seat
        return [f"{A.title(seat)} declines the peace: the war goes on (20.1b)"]
    fx.setdefault("peace_yes", []).append(seat)
    lines = [f"{A.title(seat)} accepts the peace (20.1b)"]
    if to_agree(s, fx) is None:
        offer = str(fx["peace_offer"])
        for cid in dealt(s)["active"]:
            dealt(s)["discard"].append(cid)
        dealt(s)["active"] = []
        end = _ends_rule(s)[0]
        ends(s, offer, ["peace_agreed", end])
        lines.append(f"Every player has agreed: peace is signed and the war is over (20.1b, "
                     f"{end})")
    return lines
