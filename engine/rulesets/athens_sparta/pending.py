"""Questions that wait in `s["queue"]` until the move or combat phase can ask them: a
successful revolt's block (7.0) and Persian support once Sparta holds Miletus (9.3).

`PendingStep` is a step that asks the queued question first, whenever there is one."""

from __future__ import annotations

from typing import Any

from engine import Prompt
from engine.core.procedures import Flow

from .asks import OptionRow, arg, ask
from .board import Board
from .state import AS, block_name
from .steps import Step


def pending(s: AS) -> bool:
    queue = s["queue"]  # most often empty: asked before every prompt
    return bool(queue) and any(i["kind"] != "flip_battle" for i in queue)


def _peltasts_for(bd: Board, s: AS, side: str, strength: int) -> list[str]:
    """Pool peltasts of `side` that can take a revolt block's place (7.0)."""
    return [p for p, px in sorted(s["blocks"].items())
            if px["side"] == side and px["loc"] == "pool" and bd.blocks[p]["type"] == "peltast"
            and bd.blocks[p].get("special") not in ("demos", "tyrants", "helots")
            and bd.blocks[p]["max_strength"] >= strength]


def ready(bd: Board, s: AS) -> bool:
    """Bring the first queued question to the front (flip battles are started by the
    steps' checks); drop it if it no longer applies. True when it is to be asked."""
    k = next(i for i, it in enumerate(s["queue"]) if it["kind"] != "flip_battle")
    if k:
        s["queue"].insert(0, s["queue"].pop(k))
    item = s["queue"][0]
    if item["kind"] == "revolt_won":
        if s["blocks"][item["bid"]]["loc"] == item["hex"]:
            return True
    elif item["kind"] == "persia" and s["control"].get("Miletus") == "sparta" and \
            not s["persia"]["alliance"]:
        return True
    s["queue"].pop(0)
    return False


def pending_prompt(bd: Board, s: AS) -> Prompt:
    item = s["queue"][0]
    if item["kind"] == "persia":
        return ask("sparta", "persia", "Sparta holds Miletus (rule 9.3): accept Persian "
                   "support? Navies then cost 1 BP a step and Persian hexes are friendly, but "
                   "Miletus no longer counts for victory. It cannot be undone.", "9.3",
                   [["accept", "Accept Persian support", "9.3"], ["decline", "Decline", "9.3"]])
    x = s["blocks"][item["bid"]]
    opts: list[OptionRow] = [["keep", "Keep the revolt block for now", "7.0"],
                             ["disband", "Disband it (rule 8.6)", "8.6"]]
    opts += [[f"x:{p}", f"Exchange for {block_name(bd, p)}", "7.0"]
             for p in _peltasts_for(bd, s, x["side"], x["str"])]
    return ask(x["side"], "revolt_won", f"The revolt in {bd.label(item['hex'])} succeeded "
               "(rule 7.0): keep the block, disband it, or exchange it for a peltast of the "
               "same strength.", "7.0", opts)


def exchange(s: AS, rb: str, p: str) -> None:
    """A revolt block gives its place and strength to a pool peltast (7.0)."""
    x = s["blocks"][rb]
    s["blocks"][p].update({"loc": x["loc"], "str": x["str"], "coast": None, "in": x["in"]})
    x.update({"loc": "pool", "str": 0, "coast": None, "in": False})


def pending_answer(bd: Board, s: AS, option: str, ctx: Any) -> None:
    item = s["queue"].pop(0)
    if item["kind"] == "persia":
        if option == "accept":
            s["persia"]["alliance"] = True
            ctx.event("persia", "Sparta accepts Persian support (rule 9.3)")
        return
    b = item["bid"]
    x = s["blocks"][b]
    if option == "disband":
        x.update({"loc": "pool", "str": 0, "coast": None, "in": False})
    elif option.startswith("x:"):
        p = arg(option)
        exchange(s, b, p)
        s["moved"].append(p)


class PendingStep(Step):
    """A step that asks any queued question before its own (`step`, `step_prompts`,
    `step_answer`)."""

    def run(self, flow: Flow[AS]) -> None:
        s = flow.state
        if pending(s):
            if not ready(self.bd, s):
                self.rerun(flow)  # dropped: look again, as after any change
            return
        self.step(flow)

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        if pending(flow.state):
            return [pending_prompt(self.bd, flow.state)]
        return self.step_prompts(flow)

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        if pending(flow.state):
            pending_answer(self.bd, flow.state, option, flow.context)
        else:
            self.step_answer(flow, seat, option)

    def step(self, flow: Flow[AS]) -> None:
        raise NotImplementedError

    def step_prompts(self, flow: Flow[AS]) -> list[Prompt]:
        return []

    def step_answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        raise NotImplementedError
