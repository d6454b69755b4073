"""Settings that guard secrets and durability: where the token may go, how hard SQLite
syncs; and text that cannot be stored is refused, not crashed on."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from service import GameService, Refusal
from shared.settings import Settings
from tests.service.helpers import NORTH, iid, start_duel


@pytest.mark.parametrize("url", ["https://evil.example/api/v10", "http://discord.com/api",
                                 "https://discord.com.evil.example/api",
                                 "http://10.0.0.5:8080/api"])
def test_token_goes_only_to_discord_or_loopback(monkeypatch, url):
    monkeypatch.setenv("KERYX_DISCORD_API", url)
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


@pytest.mark.parametrize("url", ["https://discord.com/api/v10", "http://127.0.0.1:5555/api/v10",
                                 "http://localhost:8000/api/v10", "http://[::1]:9/api"])
def test_discord_and_loopback_are_allowed(monkeypatch, url):
    monkeypatch.setenv("KERYX_DISCORD_API", url)
    assert Settings(_env_file=None).discord_api == url


async def test_synchronous_full_can_be_chosen(monkeypatch, tmp_path):
    monkeypatch.setenv("KERYX_SQLITE_SYNCHRONOUS", "full")
    settings = Settings(_env_file=None)
    svc = await GameService.open_sqlite(tmp_path / "k.db",
                                        synchronous=settings.sqlite_synchronous)
    try:
        row = await svc.store.one("PRAGMA synchronous")
        assert row == (2,)  # FULL
    finally:
        await svc.close()
    monkeypatch.setenv("KERYX_SQLITE_SYNCHRONOUS", "off")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


async def test_lone_surrogates_are_refused(tmp_path):
    svc = await GameService.open_sqlite(tmp_path / "k.db")
    try:
        await start_duel(svc, 5)
        view = await svc.view(5, NORTH)
        with pytest.raises(Refusal) as r:
            await svc.submit(5, NORTH, "card:\ud800", view.version, iid())
        assert r.value.code == "bad_input"
        with pytest.raises(Refusal) as r:
            await svc.abandon(5, NORTH, reason="bye \udfff")
        assert r.value.code == "bad_input"
        assert (await svc.game_info(5)).status == "running"
    finally:
        await svc.close()
