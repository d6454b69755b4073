"""For the Epic search level: the Event Card decisions it weighs (rules 12.1-12.2,
Appendix C; the Campaign scenarios deal cards, the Argive League none).

A card's worth rests on dice (a rebellion's or an unrest's roll, 6 or more; a siege roll
with a City Betrayal's bonus, 10.5), which the heuristic's score cannot see: where no
play's result is certain its lookahead values each at the position as it stands, and a
tie among them is broken by its own stream. So the search weighs a few answers in sampled
worlds, each rolled out by the quick rules to the next boundary: the card resolved with
the world's dice, the rest of the Event Cards stage (the enemy's plays from the hand the
determinizer dealt it, engine/rulesets/epic/determinize.py, never the game's), the
draws, and the season's AL/ML adjustments (3.2 G, 13.4), to the first move of the next
Campaign Turn, where the score reads the result. (Played on through that Campaign Turn's
moves and battles, as after a stage, a world cost 270-730 ms an answer at load 7, and no
world was finished in the budget.)

Each answer is an option of the prompt itself: a card play (12.1, with its target), an
Immediate card's play or discard (12.2), Allied Unrest in a region (3.2 C), a City
Betrayal on a siege roll (10.5), or not playing.
"""

from __future__ import annotations

from typing import Any

from ..core.types import Prompt

# Answers weighed at a card prompt at most, the heuristic's and not playing among them: a
# rollout to the next boundary costs 25-60 ms an answer at load 7, and fewer than two
# worlds in the budget give no evidence against the heuristic's answer.
SEARCHED_CARDS = 4
# The options that play no card: 12.1 and 3.2 C `pass`, 12.2 `discard`, 10.5 `no`.
NOT_PLAYING = ("pass", "discard", "no")
GIFT = "give_card"  # 24.6: a card passed to an ally, left to the heuristic


def candidates(view: dict[str, Any], prompt: Prompt, fallback: str) -> list[str]:
    """The answers weighed at a card prompt: the heuristic's, not playing, then one play
    of each card offered (the one whose die modifier is highest, `plus`, else the first
    offered), in the prompt's order, at most SEARCHED_CARDS. Fewer than two: nothing to
    weigh (the heuristic's answer stands), as where that answer passes a card to an ally
    (24.6, GIFT)."""
    chosen = prompt.option(fallback)
    if chosen is not None and (chosen.data or {}).get("kind") == GIFT:
        return []
    out = [fallback]
    stay = next((o.id for o in prompt.options if o.id in NOT_PLAYING), None)
    if stay is not None and stay not in out:
        out.append(stay)
    best: dict[str, tuple[int, int, str]] = {}  # card -> (-plus, order, option)
    for i, o in enumerate(prompt.options):
        facts = o.data or {}
        if o.id in NOT_PLAYING or facts.get("kind") == GIFT:
            continue
        card = str(facts.get("card") or facts.get("kind") or o.id)  # Unrest: one card
        key = (-int(facts.get("plus", 0)), i, o.id)
        if card not in best or key < best[card]:
            best[card] = key
    for _, _, option in sorted(best.values(), key=lambda x: x[1]):
        if len(out) >= SEARCHED_CARDS:
            break
        if option not in out:
            out.append(option)
    return out if len(out) > 1 else []
