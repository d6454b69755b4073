"""How 14.3 games with Phormio's +20 handicaps end (ruling R58): Phormio holds one side
(+20 to each faction, 15.14) against `random`; prints each game's winner, reason and
length in actions.

    nice -n 10 .venv/bin/python scripts/pericles_handicap_games.py 10
"""

from __future__ import annotations

import argparse

from engine.players.duel import play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=10)
    parser.add_argument("--seed", default="h143")
    args = parser.parse_args()
    automatic = 0
    for i in range(args.games):
        r = play_one("pericles", "phormio", "random", f"{args.seed}:{i}", i, scenario="14.3",
                     game_options={"handicap": "on"})
        automatic += "automatically" in (r.reason or "")
        print(i, r.winner, r.reason, r.actions, flush=True)
    print(f"{automatic} of {args.games} ended by automatic victory")


if __name__ == "__main__":
    main()
