"""Run the stand-in on its own: ``python -m standin --port 8765 --members alice,bob``.

Prints the environment to give the bot (KERYX_DISCORD_API and the token) and serves
until interrupted. For scripted sessions use :class:`standin.server.StandIn` directly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from .server import StandIn


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m standin", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="interface to bind (default: loopback only)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--token", default="standin-token", help="the bot token the stand-in accepts")
    parser.add_argument("--guild", default="Keryx Sandbox")
    parser.add_argument("--channels", default="general", help="comma-separated text channel names")
    parser.add_argument("--members", default="", help="comma-separated ordinary members")
    parser.add_argument("--moderators", default="", help="comma-separated members with Manage Server")
    parser.add_argument("--record", default=None, help="append every event to this JSON lines file")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    standin = StandIn(token=args.token, record_path=args.record)
    base_url = await standin.start(args.host, args.port)
    guild = standin.create_guild(args.guild, channels=tuple(n for n in args.channels.split(",") if n))
    for name in filter(None, args.members.split(",")):
        standin.add_member(guild, name)
    for name in filter(None, args.moderators.split(",")):
        standin.add_moderator(guild, name)
    print(f"KERYX_DISCORD_API={base_url}")
    print(f"DISCORD_TOKEN={standin.token}")
    print(f"guild {guild.name} id={guild.id}; application id={standin.application_id}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await standin.stop()


def main(argv: list[str] | None = None) -> None:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(parse_args(argv)))


if __name__ == "__main__":
    main()
