"""What a seat may see (VIEW.md). The only place redaction happens.

Hidden from the opponent (2.0, 3.0, 4.22): an enemy block's identity and strength (it
stands upright: only its side, area and whether it is inside a City show), the Recruit
Pool, the hand, the committed card until both are revealed. Recruit draws and what a side
built are told in private events; the state keeps no log (events are the log).
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.view import HandItem, RulesetCommon

from . import board as B
from . import cards as K
from .commits import committed
from .state import SEASON_NAMES, SIDES, HState
from .yearend import describe_prestige


def _block(s: HState, bid: str) -> dict[str, Any]:
    x, b = s["blocks"][bid], B.spec(bid)
    return {"id": bid, "name": b.name, "side": x["side"], "area": x["loc"], "cv": x["cv"],
            "max": b.max_strength, "type": b.type, "rating": b.rating,
            "sea_rating": b.sea_rating, "nation": b.nation, "elite": b.elite,
            "barbarian": b.barbarian, "inside": x["inside"]}


def view(s: HState, seat: str | None) -> dict[str, Any]:
    known, hidden = [], []
    for bid in B.on_map(s):
        x = s["blocks"][bid]
        if x["side"] == seat:
            known.append(_block(s, bid))
        else:
            hidden.append({"side": x["side"], "area": x["loc"], "inside": x["inside"]})
    hidden.sort(key=lambda h: (h["area"], h["side"], h["inside"]))
    c = s["cards"]
    face_down = committed(s)
    shown_down = {side: side in face_down for side in SIDES}
    mine = face_down.get(seat) if seat else None
    cities = {city.name: B.city_control(s, city) for city in B.comps().data.cities}
    t = s["turn"]
    return {
        "ruleset": "hellenes",
        "viewer": seat,
        "scenario": s["scenario"],
        "year": s["year"],
        "season": s["season"],
        "season_name": SEASON_NAMES[s["season"]],
        "stamp": s["stamp"],  # the Season counter ("the Season before", 15.1 rule 3)
        "prestige": s["prestige"],
        # Only when a side bid shifted the start (RULINGS.md), so that views of games
        # without one stay as they were.
        **({"handicap": s["handicap"]} if s.get("handicap") else {}),
        "blocks": known,
        "hidden_blocks": hidden,
        "pool_sizes": {side: len(B.pool(s, side)) for side in SIDES},
        "pool": [_block(s, b) for b in B.pool(s, seat)] if seat else [],
        "garrisons": {k: dict(v) for k, v in sorted(s["garrisons"].items())},
        "sieges": {k: dict(v) for k, v in sorted(s["sieges"].items())},
        "control": cities,
        "neutral": sorted(a for a in B.comps().areas if B.neutral(s, a)),
        "cards": {
            "hand": list(c["hands"][seat]) if seat else [],
            "hand_sizes": {side: len(c["hands"][side]) for side in SIDES},
            "deck_size": len(c["deck"]),
            "discard": list(c["discard"]),
            "in_play": list(c["in_play"]),
            "leaders": dict(c["leaders"]),
            "committed": shown_down,
            "my_commit": dict(mine) if mine else None,
            "revealed": {k: dict(v) for k, v in c["revealed"].items()},
            "order": list(c["order"]),
            "edition": B.edition(c),  # which card each number is (the game option deck)
        },
        "sacrifices": {side: dict(v) for side, v in s["sacrifices"].items()},
        "effects": {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict)
                        else v) for k, v in s["effects"].items()},
        "turn": ({"side": t["side"], "event": t["event"], "actions": t["actions"]}
                 if t else None),
        "result": dict(s["result"]) if s["result"] else None,
        "battle": json.loads(json.dumps(s["battle"])) if s["battle"] else None,
    }


def common(v: dict[str, Any]) -> RulesetCommon:
    turn = v["turn"]
    who = f" · {turn['side'].title()} to play" if turn else ""
    banner = (f"{v['season_name']} {v['year']} BC · Prestige "
              f"{describe_prestige(v['prestige'])}{who}")
    edition = B.comps().editions[v["cards"]["edition"]]
    hand: list[HandItem] = [{"id": str(n), "label": f"{K.label_in(v['cards'], n)}: "
                                                   f"{edition[n].event.text}"}
                            for n in v["cards"]["hand"]]
    # The log is the game's events (worded when they were told), as in Athens & Sparta.
    return {"banner": banner, "hand": hand, "seen": [], "log": [], "battle": v["battle"]}
