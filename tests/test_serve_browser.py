"""The home page's invite links name the server as others reach it: its public URL behind a
proxy, its network address when it serves everyone and the table is made from ``localhost``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from kartaros.server import create_app
from kartaros.server.address import PublicAddress
from tests.conftest import _serve

PUBLIC = "https://cards.example.org"
LAN = "192.168.1.20"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("proxied")) / "kartaros.db"
    for url, _ in _serve(create_app(f"sqlite:///{db}", public=PublicAddress(url=PUBLIC))):
        yield url


@pytest.fixture(scope="module")
def on_the_network(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = Path(tmp_path_factory.mktemp("network")) / "kartaros.db"
    for url, _ in _serve(create_app(f"sqlite:///{db}", public=PublicAddress(lan_hosts=[LAN]))):
        yield url


def invite_made_at(page: Page, server: str) -> tuple[str, str]:
    """A Keč table for two people made on the home page: the friend's invite link and the person's own."""
    page.goto(f"{server}/?game=kec")
    page.select_option("[data-seat='1']", "human")
    page.click("#create")
    invite = page.locator("[data-invite='1']").input_value()
    own = page.locator("#go").get_attribute("href") or ""
    return invite, own


def test_the_invite_link_carries_the_public_url(page: Page, proxied: str) -> None:
    invite, own = invite_made_at(page, proxied)
    assert invite.startswith(f"{PUBLIC}/t/") and "#token=" in invite
    assert own.startswith(f"{proxied}/t/")  # the person goes on where he is


def test_the_invite_link_made_on_localhost_names_the_network_address(page: Page, on_the_network: str) -> None:
    local = on_the_network.replace("127.0.0.1", "localhost")
    invite, own = invite_made_at(page, local)
    port = on_the_network.rsplit(":", 1)[1]
    assert invite.startswith(f"http://{LAN}:{port}/t/") and "#token=" in invite
    assert own.startswith(f"{local}/t/")
