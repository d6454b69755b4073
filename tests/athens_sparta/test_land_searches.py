"""Issue #17: the operation move plan (`movement._op_plan`), found in one search where a
search and a plan made it, is the one the code before gave (kept here as the reference),
for every start hex, move limit, Persia open or closed and sets of enemy and neutral
hexes."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.rulesets.athens_sparta.board import SICILY, Board, board
from engine.rulesets.athens_sparta.movement import _op_plan


def _reference_plan(bd: Board, start: str, foes: frozenset[str], neutral: frozenset[str],
             found: dict[tuple[str, str, bool], int]) -> list[tuple]:
    """What an operation move search's ends offer, all but the checks that depend on the
    block and the moves already made: (destination, attack?, hex, from, crossed, attack
    limit of the hex-side), in search order, each destination once (its first time:
    repeats are alike in everything checked after)."""
    plan = []
    seen = set()
    for (h, frm, crossed), _step in found.items():
        if h == start:
            continue
        enemy = h in foes
        oracle = h in bd.oracles
        neutral_city = h in neutral
        attack = (enemy and not oracle) or neutral_city
        dest = (h, "op", frm if attack else None, crossed if attack else False, None)
        if dest in seen:
            continue
        seen.add(dest)
        lim = (1 if crossed else bd.land[frm][h]) if attack else 0
        plan.append((dest, attack, h, frm, crossed, lim))
    return plan


def _reference_search(bd: Board, start: str, limit: int, persia_closed: bool,
                    foes: frozenset[str], neutral: frozenset[str]
                    ) -> dict[tuple[str, str, bool], int]:
    """Where an operation move may stop: (hex, the hex it came from, whether that step
    crossed a strait) -> steps, in search order."""
    persia = bd.persian if persia_closed else frozenset()
    land = bd.land
    strait_far = bd.strait_far
    stoppers = foes - bd.oracles
    mountains = bd.mountains
    found: dict[tuple[str, str, bool], int] = {}
    # a node is (hex, entered on a strait's far side, enemy or neutral hexes passed through)
    Node = tuple[str, bool, frozenset[str]]
    best: dict[Node, int] = {(start, False, frozenset()): 0}
    frontier: list[Node] = [(start, False, frozenset())]
    for step in range(1, limit + 1):
        nxt = []
        for h, far, passed in frontier:
            far_h = strait_far.get(h)
            for nb in land[h]:
                if nb == SICILY or nb in persia or nb in passed:
                    continue  # ruling R33: a move never re-enters a hex it went through
                # leaving a strait hex (rule 4.3)
                if far_h is not None:
                    to_far = nb in far_h
                    if far and not to_far:
                        continue  # entered on the far side: crossing means stopping first
                    if not far and to_far and h != start:
                        continue  # must stop in the strait hex before crossing out
                crossed_out = h == start and far_h is not None and nb in far_h
                far_nb = strait_far.get(nb)
                entering_far = far_nb is not None and h in far_nb
                # it may stop here
                key = (nb, h, crossed_out or entering_far)
                if key not in found:
                    found[key] = step
                # may it go on?
                if step == limit or nb in mountains:
                    continue
                enemy = nb in stoppers  # enemy blocks, not at an oracle
                if enemy and not entering_far:
                    continue  # enemy blocks stop a move (4.4), except on a strait's far side
                # passing an enemy-held strait on its far side (4.3) or a neutral city (9.5)
                went_by = passed | {nb} if enemy or nb in neutral else passed
                node = (nb, entering_far, went_by)
                if node not in best:
                    best[node] = step
                    nxt.append(node)
        frontier = nxt
    return found


def _comparable(plan):
    """The plan with what its users read: an end that is no attack keeps no hex-side."""
    return [(dest, attack, h, frm if attack else None, crossed if attack else False, lim)
            for dest, attack, h, frm, crossed, lim in plan]


@pytest.mark.parametrize("seed", range(4))
def test_one_search_plans_as_the_search_and_plan_did(seed):
    bd = board()
    rng = Rng(f"op-plan:{seed}")
    hexes = sorted(h for h in bd.land if h != SICILY)
    cities = sorted(bd.city_at)
    for start in hexes:
        foes = frozenset(h for h in hexes if rng.randbelow(6) == 0)
        neutral = frozenset(h for h in cities if rng.randbelow(8) == 0) - foes
        for limit in (3, 4, 5):
            persia_closed = bool(rng.randbelow(2))
            want = _reference_plan(bd, start, foes, neutral, _reference_search(
                bd, start, limit, persia_closed, foes, neutral))
            got = _op_plan(bd, start, limit, persia_closed, foes, neutral)
            assert _comparable(got) == _comparable(want), (start, limit)

