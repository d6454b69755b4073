"""The Epic's theme for the kit's combat display (renders/pieces/combat.py): one battle
(a `battle_end` event's battle or the view's battle in progress) drawn from its record.

- the heading: where (city, hex or sea Area), who attacked whom, fortress or sea, winner;
- both sides' units: type, home region and morale at the end; retreated ones dimmed,
  eliminated ones struck out; the leaders with each side; in wing combat (App. D) each
  unit's wing under it (the view hides the other side's until both have deployed);
- every round (17.3): the odds and the shifts the rules applied, then the whole Combat
  Results Table row of the column used (die 1 to 6, attacker/defender results, 17.5)
  with the rolled die's cell in gold and the die itself, a wing's round headed with it;
- each unit's morale check with its die (17.5.3), cavalry pursuit (17.9) like a round,
  any other step (a breach, wings regrouping) as a line of text.

The column, the dice and the results are facts of the record (engine/core/battle_record.py;
the Epic's step kinds and facts in engine/rulesets/epic/battle_text.py), so no wording the
rules choose can change the picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.core.battle_record import Piece, Round, Step
from engine.rulesets.epic.battle_text import CHECK_RESULTS, shift_notes, step_text
from engine.rulesets.epic.components import load_components

from .. import theme
from ..pieces import combat as kit
from ..pieces.primitives import die, fit_text, text_c

WIDTH = kit.WIDTH
PAD = kit.PAD
ROUND_H = 64
CRT_X = 500  # where the CRT row's six cells begin

__all__ = ["CHECK_RESULTS", "THEME", "crt_row", "render", "render_image", "steps", "where"]


def where(record: Mapping[str, Any]) -> str:
    comps = load_components()
    h = record["place"]
    if h in comps.areas:
        return comps.areas[h].name
    name = comps.city_at.get(h)
    area = comps.hexes[h].area if h in comps.hexes else None
    area_name = comps.areas[area].name if area else ""
    return f"{name} ({h})" if name else f"{h}, {area_name}" if area_name else h


def crt_row(odds: str) -> list[tuple[str, str]]:
    for col in load_components().crt.columns:
        if col.odds == odds:
            return [(a, b) for a, b in col.results]
    return []


Told = tuple[Round, Step]


def steps(battle: Mapping[str, Any]) -> list[Told]:
    """Every step of the battle's record with its round, in order."""
    record = battle.get("record") or {"rounds": []}
    return [(rnd, step) for rnd in record["rounds"] for step in rnd["steps"]]


def _title(record: Mapping[str, Any]) -> str:
    kind = {"naval": "Sea battle", "assault": "Assault"}.get(record["kind"], "Battle")
    return f"{kind} at {where(record)}"


def _names(record: Mapping[str, Any]) -> dict[str, str]:
    """"Laconia hoplite 6" for "laconia-hoplite-6"; a city's own garrison by its name."""
    out = {}
    for p in record.get("forces", ()):
        home = p.get("home")
        number = p["id"].rsplit("-", 1)[-1]
        out[p["id"]] = (f"{home.replace('-', ' ').title()} {p['kind']} {number}" if home
                        else p["id"].replace("-", " ").title())
    return out


def _caption(p: Piece) -> str:
    home = str(p.get("home", p["id"])).replace("-", " ").title()
    return f"{home} · {p['wing'][0].upper()}" if p.get("wing") else home  # type: ignore[typeddict-item]


def _side_note(record: Mapping[str, Any], side: str) -> str:
    leaders = (record.get("leaders") or {}).get(side) or []
    return f"led by {', '.join(leaders)}" if leaders else ""


def _status(record: Mapping[str, Any]) -> dict[str, str]:
    return dict(record.get("status") or {})


def _actor(step: Step, names: Mapping[str, str]) -> tuple[str, str]:
    unit = step.get("unit")
    name = names.get(unit, unit) if unit else str(step.get("side", "")).title()
    return name, "morale check" if step["kind"] == "check" else ""


def _words(step: Step, _names: Mapping[str, str]) -> str:
    if step["kind"] != "check":
        return step_text(step, 0)  # the round's number is only worded for CRT rolls
    f, dice = step.get("facts") or {}, step.get("dice", [0])
    return (f"{dice[0]}{'+' + str(f['plus']) if f['plus'] else ''} against morale "
            f"{f['morale']}" + (f", no retreat, then {dice[1]}" if len(dice) > 1 else "")
            + f": {CHECK_RESULTS[f['result']]}")


def _crt(d: ImageDraw.ImageDraw, y: float, rnd: Round, step: Step, ctx: kit.Drawn) -> None:
    """A round's heading and the CRT row of its column, the rolled die's cell in gold."""
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=theme.GRID_LAND, width=1)
    f = step.get("facts") or {}
    rolled = int(step.get("dice", [0])[0])
    pursuit = step["kind"] == "pursuit"
    if pursuit:
        head, notes = "Pursuit", f"{f['cavalry']} cavalry (17.9)"
    else:
        head, notes = f"Round {rnd['number']}", ", ".join(shift_notes(f))
        if rnd.get("label") in ("left", "centre", "right"):
            head = f"{str(rnd.get('label')).title()}, round {rnd['number']}"
    head, hs = fit_text(head, "bold", 15, 104)
    text_c(d, (PAD, y + 16), head, "bold", hs, theme.INK, anchor="lm")
    cw = (WIDTH - PAD - CRT_X) / 6
    text, fs = fit_text(f"{notes} → column {f['column']}", "sans", 13, CRT_X - 40 - (PAD + 110))
    text_c(d, (PAD + 110, y + 16), text, "sans", fs, theme.INK, anchor="lm")
    die(d, PAD + 16, y + 44, 24, rolled, True, ctx.theme.colour(str(ctx.record["attacker"])))
    text_c(d, (CRT_X - 8, y + 16), "die", "cond", 12, theme.INK, anchor="rm")
    text_c(d, (CRT_X - 8, y + 44), "att/def", "cond", 12, theme.INK, anchor="rm")
    for i, (ra, rd) in enumerate(crt_row(f["column"])):
        cx0 = CRT_X + i * cw
        d.rectangle((cx0, y + 6, cx0 + cw - 2, y + 58),
                    fill=theme.GOLD if i + 1 == rolled else theme.WHITE, outline=theme.INK)
        text_c(d, (cx0 + cw / 2, y + 16), str(i + 1), "bold", 13, theme.INK)
        text_c(d, (cx0 + cw / 2, y + 42), f"{ra} / {rd}", "bold", 16, theme.INK)
    ra, rd = f["results"]
    text_c(d, (PAD + 40, y + 44), f"CRT {f['column']}: {ra if not pursuit else '—'} / {rd}",
           "bold", 14, theme.INK, anchor="lm")


THEME = kit.CombatTheme(
    ruleset="epic", title=_title, side_name=str.title, actor=_actor, words=_words,
    caption=_caption, side_note=_side_note, status=_status, names=_names, face_rating=False,
    special={"crt": kit.Special(ROUND_H, _crt), "pursuit": kit.Special(ROUND_H, _crt)},
    round_headings=False)


def as_record(battle: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The battle's record with what the Epic keeps beside it: the leaders with each
    side, who retreated or died, each unit's wing (App. D) where the view shows it."""
    record = battle.get("record")
    if not record:
        return None
    att, dfn = battle["attacker"], battle["defender"]
    wings = (battle.get("wings") or {}).get("at", {})
    forces = [{**p, "wing": (wings.get(p["side"]) or {}).get(p["id"])}
              if (wings.get(p["side"]) or {}).get(p["id"]) else p for p in record["forces"]]
    status = {uid: kit.GONE for uid in battle.get("retreat", ())}
    status |= {uid: kit.ELIMINATED for uid in battle.get("dead", ())}
    return {**record, "forces": forces, "status": status,
            "leaders": {att: battle.get("att_leaders", []), dfn: battle.get("dfn_leaders", [])}}


def render_image(battle: Mapping[str, Any], view: Mapping[str, Any] | None = None
                 ) -> Image.Image:
    record = as_record(battle)
    return kit.draw(record, THEME) if record else kit.no_battle()


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return kit.render(as_record(battle), THEME)
