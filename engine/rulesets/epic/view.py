"""What a seat may see. The only place redaction happens.

Everything on the map, the tracks and the treasuries is open (1.3, 1.6). Hidden from
everyone: the order of each face-down Leader Pool (7.8.4: replacements are drawn at
random), shown only as the sorted names it holds; the deck and the face-down discards
(12.3, 12.4), shown as counts. Hidden from the other players: each hand of Event Cards
(12.0; with allies every League player's too, 24.6), shown as its size (`cards.public`), and
a side's wing deployment while it is being made (App. D, `wings.shown`)."""

from __future__ import annotations

import json
from typing import Any

from engine.core.view import HandItem, RulesetCommon

from . import alliances
from .cards import public as public_cards
from .cards import title
from .sicily import view_part as sicily_box
from .state import SEASONS, SIDES, EState
from .wings import shown as shown_battle


def view(s: EState, seat: str | None) -> dict[str, Any]:
    units = {uid: {"side": u["side"], "home": u["home"], "type": u["type"],
                   "morale": u["morale"], "where": u["where"], "hex": u["hex"],
                   "forage": u["forage"], "raid": u["raid"], "seat": alliances.owner(u)}
             for uid, u in sorted(s["units"].items())}
    leaders = {n: {"side": x["side"], "land": x["land"], "sea": x["sea"], "where": x["where"],
                   "hex": x["hex"], "region": x["region"], "seat": alliances.owner(x)}
               for n, x in sorted(s["leaders"].items())}
    return {
        "ruleset": "epic",
        "viewer": seat,
        "scenario": s["scenario"],
        "year": s["year"],
        "season": s["season"],
        "season_name": SEASONS[s["season"]],
        "ct": s["ct"],
        "order": list(s["order"]),
        "regions": json.loads(json.dumps(s["regions"])),
        "treasury": dict(s["treasury"]),
        "units": units,
        "leaders": leaders,
        "leader_pool": {side: sorted(s["leader_pool"].get(side, [])) for side in SIDES},
        "marks": dict(sorted(s["marks"].items())),
        "razed": sorted(s["razed"]),
        "revolts": sorted(s.get("revolts", [])),  # revolting cities (6.5)
        "helots": sorted(s.get("helots", [])),  # Helot Uprising markers (Appendix C)
        "unwalled": sorted(s["unwalled"]),
        # walls put up during the game (7.6.4); "unwalled" says which have come down since
        "built_walls": sorted(s.get("built_walls", [])),
        "long_walls": dict(sorted(s["long_walls"].items())),  # hex -> hex (7.6.5, 10.9)
        "forts": dict(sorted(s["forts"].items())),
        "bases": dict(sorted(s["bases"].items())),
        "bases_placed": s["bases_placed"],
        "sieges": json.loads(json.dumps(s["sieges"])),
        # ports whose blockading fleets went ashore this Campaign Turn (10.2.3b)
        "ports_open": sorted(s.get("ports_open", [])),
        "raided": dict(sorted(s["raided"].items())),
        "attacks": json.loads(json.dumps(s["attacks"])),
        # App. D: the other side's wing deployment stays hidden until both are made
        "battle": shown_battle(s, seat),
        "result": dict(s["result"]) if s["result"] else None,
        # three and four players: who holds which League region, turn order (24.3, 24.4)
        "league": alliances.view_part(s),
        "cards": public_cards(s, seat),
        "revolts_begun": dict(sorted(s.get("revolted", {}).items())),
        "white_revolts": sorted(s.get("white", [])),  # friendly to no one (6.5.1)
        # revolting cities the controller's units still hold from inside (6.5.4)
        "kept_revolts": dict(sorted(s.get("kept", {}).items())),
        "activated": sorted(s.get("activated", [])),
        "works": json.loads(json.dumps(s.get("works", []))),
        "sicily": sicily_box(s),  # 19.0: the Sicily box, open to both
    }


def common(v: dict[str, Any]) -> RulesetCommon:
    ct = f" · Campaign Turn {v['ct']}" if v["ct"] else ""
    t = v["treasury"]
    talents = ", ".join(f"{seat.title()} {n}" for seat, n in t.items())
    banner = f"{v['season_name']} {v['year']} BC{ct} · talents {talents}"
    # the simplified scenarios deal no cards (22.0): no hand to speak of
    cards = v.get("cards")
    hand: list[HandItem] | None = [{"id": c, "label": title(c)} for c in cards["hand"]] \
        if cards else None
    # no log lines: the events are the log, told as they happen (the state keeps none)
    return {"banner": banner, "hand": hand, "seen": [], "log": [], "battle": v["battle"]}
