"""Discord-style rate limit buckets: headers on every answer, 429s when a bucket overflows.

Buckets are keyed by a route name plus its "major parameter" (channel, webhook token...),
as Discord's are. With ``advertise=False`` the headers never show the bucket running
low, so a client only learns from the 429 itself: that exercises discord.py's retry path.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class RateLimitRule:
    limit: int
    per: float
    advertise: bool = True


@dataclass
class _Bucket:
    rule: RateLimitRule
    window_start: float
    used: int = 0


@dataclass
class Verdict:
    allowed: bool
    headers: dict[str, str]
    retry_after: float = 0.0


@dataclass
class RateLimiter:
    default: RateLimitRule = field(default_factory=lambda: RateLimitRule(limit=1000, per=1.0))
    rules: dict[str, RateLimitRule] = field(default_factory=dict)
    rejected: list[tuple[str, str, float]] = field(default_factory=list)
    _buckets: dict[tuple[str, str], _Bucket] = field(default_factory=dict)

    def hit(self, route: str, major: str) -> Verdict:
        rule = self.rules.get(route, self.default)
        clock = time.monotonic()
        bucket = self._buckets.get((route, major))
        if bucket is None or clock - bucket.window_start >= rule.per or bucket.rule != rule:
            bucket = _Bucket(rule=rule, window_start=clock)
            self._buckets[(route, major)] = bucket
        reset_after = max(0.0, rule.per - (clock - bucket.window_start))
        allowed = bucket.used < rule.limit
        if allowed:
            bucket.used += 1
        remaining = rule.limit - bucket.used
        shown_remaining = remaining if rule.advertise else max(remaining, 1)
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(shown_remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route.encode()).hexdigest()[:16],
        }
        if not allowed:
            headers["X-RateLimit-Scope"] = "user"
            # discord.py treats a 429 without "Via" as a Cloudflare ban and gives up.
            headers["Via"] = "1.1 google"
            headers["Retry-After"] = f"{reset_after:.3f}"
            self.rejected.append((route, major, time.time()))
        return Verdict(allowed=allowed, headers=headers, retry_after=reset_after)
