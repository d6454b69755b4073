"""A game's record digest: a hash chain over what the record says happened, shown in
every public post of the game (docs/records.md).

Once the seed is revealed anyone can build a consistent game from it, so a record is
held to what the channel saw while the game was played: the digest after action N
covers the game's set-up facts and every action up to N (number, kind, seat, option,
the user who clicked, in order), and the final digest adds how the game ended and who
ended it. Event texts are left out on purpose: they are wording the rules may change;
the rules version the game started under is in, so a record cannot claim other rules.

Each link is an HMAC keyed by the game's secret seed, so while the game runs nobody
can test guesses of a hidden choice against the published digests; once the seed is
revealed, anyone can recompute the chain from an export (`keryx verify --digest`)."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = "keryx-chain/1"
SHOWN = 16  # hex digits of a digest in a post
LEAST = 12  # the fewest a claim to check may give


def key(seed: str) -> bytes:
    return hashlib.sha256(f"{FORMAT}:{seed}".encode()).digest()


def _mac(k: bytes, prev: str, item: Any) -> str:
    text = json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(k, f"{prev}\n{text}".encode(), hashlib.sha256).hexdigest()


def genesis(k: bytes, *, game_id: int, ruleset: str, scenario: str, options: dict[str, Any],
            position: Any, rules_version: str | None, seed_hash: str | None,
            sides: Any) -> str:
    """The digest at the start (version 0): the facts the game was set up from."""
    return _mac(k, "", {"format": FORMAT, "game": game_id, "ruleset": ruleset,
                        "scenario": scenario, "options": options, "position": position,
                        "rules_version": rules_version, "seed_hash": seed_hash,
                        "sides": sides})


def link(k: bytes, prev: str, seq: int, kind: str, seat: str, option_id: str | None,
         user_id: int | None) -> str:
    """The digest after action `seq`."""
    return _mac(k, prev, {"seq": seq, "kind": kind, "seat": seat, "option": option_id,
                          "user": user_id})


def end(k: bytes, prev: str, status: str, by: int | None) -> str:
    """The final digest: how the game ended (finished, abandoned) and who ended it (the
    moderator of an abandoned game; None when the rules ended it)."""
    return _mac(k, prev, {"end": status, "by": by})


def shown(digest: str, version: int) -> str:
    """A digest as posts show it, ready to copy into `keryx verify --digest`."""
    return f"{digest[:SHOWN]}@{version}"


@dataclass(frozen=True)
class Chain:
    """Every digest of a record: `points[n]` after n actions, `final` after the end."""

    points: list[str]
    final: str | None

    def at(self, n: int) -> list[str]:
        """The digests a post at action n may have shown."""
        if not 0 <= n < len(self.points):
            return []
        return [self.points[n]] + ([self.final] if self.final and n == len(self.points) - 1
                                   else [])


def of_export(data: dict[str, Any]) -> Chain:
    """The chain recomputed from an export (service/audit.py checks the rest of it)."""
    section = data["keryx"]
    k = key(str(data["seed"]))
    h = genesis(k, game_id=section.get("game_id"), ruleset=data["ruleset"],
                scenario=data["scenario"], options=data["options"],
                position=data.get("position"),
                rules_version=section.get("rules_version") or data.get("rules_version"),
                seed_hash=data.get("seed_hash"), sides=section.get("sides"))
    points = [h]
    for a in section.get("actions") or []:
        h = link(k, h, a.get("seq"), a.get("kind"), a.get("seat"), a.get("option_id"),
                 a.get("user_id"))
        points.append(h)
    status = section.get("status")
    final = None
    if status in ("finished", "abandoned"):
        by = (section.get("outcome") or {}).get("abandoned_by") if status == "abandoned" else None
        final = end(k, h, status, by)
    return Chain(points, final)


def of_actions(k: bytes, start: str, actions: Sequence[Any]) -> list[str]:
    """The digests after each of `actions` (rows with seq, kind, seat, option_id,
    user_id), following `start`."""
    out, h = [], start
    for a in actions:
        h = link(k, h, a.seq, a.kind, a.seat, a.option_id, a.user_id)
        out.append(h)
    return out


_CLAIM = re.compile(rf"([0-9a-f]{{{LEAST},64}})(?:@(\d+))?")


class BadClaim(ValueError):
    pass


def parse_claim(text: str) -> tuple[str, int | None]:
    """`HEX[@N]` as a post shows it (backquotes and spaces around it are ignored)."""
    m = _CLAIM.fullmatch(text.strip().strip("`").strip().lower())
    if m is None:
        raise BadClaim(f"a digest is at least {LEAST} hex digits, then @ and the action "
                       f"number as the post shows it (e.g. 3f9c0a1b2d4e5f60@57), not {text!r}")
    return m.group(1), None if m.group(2) is None else int(m.group(2))


def claim_problem(chain: Chain, digest: str, n: int | None) -> str | None:
    """None if the chain passes through `digest` (a prefix) at action n (anywhere
    without n); else why not, in one line."""
    if n is None:
        if any(p.startswith(digest) for p in [*chain.points, chain.final or ""]):
            return None
        return f"the record never passes through digest {digest}: it is not the game the channel saw"
    last = len(chain.points) - 1
    if n > last:
        return (f"the channel showed digest {digest} at action {n}, but the record stops "
                f"after action {last}")
    if any(p.startswith(digest) for p in chain.at(n)):
        return None
    return (f"at action {n} the record's digest is {chain.points[n][:len(digest)]}, the "
            f"channel showed {digest}: the record is not the game the channel saw")
