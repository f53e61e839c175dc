"""Serving for others: ``kartaros serve --host 0.0.0.0`` names this machine's network addresses,
``--public-url`` (behind a proxy) is checked and carried by every invite link, and forwarded
headers count only when asked for (``--forwarded-allow-ips``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from kartaros.cli import app as cli
from kartaros.server import address, collector, create_app
from kartaros.server.address import PublicAddress

runner = CliRunner()
PUBLIC = "https://cards.example.org"
LAN = "192.168.1.20"


@pytest.mark.parametrize(("given", "kept"), [
    ("https://cards.example.org", "https://cards.example.org"),
    ("https://cards.example.org/", "https://cards.example.org"),
    ("  http://Cards.Example.org:8080/ ", "http://cards.example.org:8080"),
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
    ("https://[2001:db8::1]:8443/", "https://[2001:db8::1]:8443"),
])
def test_a_public_url_is_kept_as_the_sites_root(given: str, kept: str) -> None:
    assert address.public_url(given) == kept


@pytest.mark.parametrize(("given", "said"), [
    ("cards.example.org", "not an http:// or https:// URL"),
    ("ftp://cards.example.org", "not an http:// or https:// URL"),
    ("https://", "not an http:// or https:// URL"),
    ("https://cards.example.org/kartaros", "cannot be served under a path"),
    ("https://cards.example.org/?table=1", "must be the site's root"),
    ("https://cards.example.org:http", "is not a URL"),
    ("https://ana:secret@cards.example.org", "may not carry a user or a password"),
])
def test_a_bad_public_url_is_refused_saying_why(given: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        address.public_url(given)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[dict[str, Any]]:
    """``uvicorn.run`` as the serve command calls it, caught (nothing listens), and this machine
    with one network address; runs in ``tmp_path``, so the default database is made there."""
    import uvicorn

    calls: dict[str, Any] = {}

    def run(application: Any, **kwargs: Any) -> None:
        calls.update(kwargs, application=application)

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(collector, "tune_for_serving", lambda: calls.update(tuned=True))
    monkeypatch.setattr(address, "lan_addresses", lambda: [LAN])
    monkeypatch.chdir(tmp_path)
    yield calls


def test_serve_refuses_a_bad_public_url_before_opening_anything(served: dict[str, Any], tmp_path: Path) -> None:
    result = runner.invoke(cli, ["serve", "--public-url", "cards.example.org"])
    assert result.exit_code == 2
    assert "--public-url" in result.output and "like https://cards.example.org" in result.output
    assert served == {} and not (tmp_path / "kartaros.db").exists()


def test_serve_on_this_machine_alone_names_no_other_address(served: dict[str, Any]) -> None:
    result = runner.invoke(cli, ["serve", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "serving on http://127.0.0.1:8123/ (Ctrl-C stops it)" in result.output
    assert LAN not in result.output
    assert (served["host"], served["port"], served["proxy_headers"]) == ("127.0.0.1", 8123, False)
    assert served["tuned"]  # the collector set for serving, once the app was built


def test_a_serving_process_freezes_what_it_holds_and_spaces_its_collections_out() -> None:
    before = gc.get_threshold()
    try:
        collector.tune_for_serving()
        assert gc.get_freeze_count() > 10_000  # the modules and whatever the process has built
        assert gc.get_threshold() == (collector.YOUNG_OBJECTS, *before[1:])
        assert before[0] < collector.YOUNG_OBJECTS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_serve_on_every_interface_tells_the_address_others_open(served: dict[str, Any]) -> None:
    result = runner.invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert f"serving on http://127.0.0.1:8123/; others open http://{LAN}:8123/" in " ".join(result.output.split())
    assert served["host"] == "0.0.0.0"
    assert served["proxy_headers"] is False  # X-Forwarded-* from anyone are not believed unless asked


def test_serve_behind_a_proxy_tells_the_public_url_and_trusts_the_proxy_alone(served: dict[str, Any]) -> None:
    result = runner.invoke(cli, ["serve", "--public-url", f"{PUBLIC}/", "--forwarded-allow-ips", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    assert f"others open {PUBLIC}/" in result.output
    assert (served["proxy_headers"], served["forwarded_allow_ips"]) == (True, "127.0.0.1")
    with TestClient(served["application"]) as client:
        made = client.post("/api/tables", json={"game": "kec", "seats": ["human", "human"]}).json()
    assert made["seats"][1]["link"].startswith(f"{PUBLIC}/t/{made['table']}#token=")


def new_table(client: TestClient, **headers: str) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "kec", "seats": ["human", "human"]}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


def test_invite_links_carry_the_public_url_whatever_the_request_came_by(tmp_path: Path) -> None:
    application = create_app(f"sqlite:///{tmp_path / 'k.db'}", public=PublicAddress(url=PUBLIC))
    with TestClient(application, base_url="http://127.0.0.1:8000") as client:
        made = new_table(client)
    for seat in made["seats"]:
        assert seat["link"] == f"{PUBLIC}/t/{made['table']}#token={seat['token']}"


def test_invite_links_name_the_request_host_by_default(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'k.db'}"), base_url="http://ana-laptop:8000") as client:
        made = new_table(client)
    assert made["seats"][1]["link"] == f"http://ana-laptop:8000/t/{made['table']}#token={made['seats'][1]['token']}"


def test_invite_links_made_on_localhost_name_the_network_address(tmp_path: Path) -> None:
    """Serving on every interface, a table made from this machine's own browser (``localhost``)
    gets links with this machine's address on the network, which another machine can open; a
    table made from another machine keeps the address it came by."""
    application = create_app(f"sqlite:///{tmp_path / 'k.db'}", public=PublicAddress(lan_hosts=[LAN]))
    for here in ("http://localhost:8000", "http://127.0.0.1:8000", "http://[::1]:8000"):
        with TestClient(application, base_url=here) as client:
            assert new_table(client)["seats"][1]["link"].startswith(f"http://{LAN}:8000/t/")
    with TestClient(application, base_url="http://10.0.0.7:8000") as client:
        assert new_table(client)["seats"][1]["link"].startswith("http://10.0.0.7:8000/t/")


def test_a_trusted_proxys_scheme_is_believed_and_an_untrusted_ones_is_not(tmp_path: Path) -> None:
    """Behind a proxy that ends TLS and passes ``Host`` (no --public-url), the links are https
    when the proxy's ``X-Forwarded-Proto`` is believed (what --forwarded-allow-ips turns on)."""
    application = create_app(f"sqlite:///{tmp_path / 'k.db'}")
    forwarded = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9"}
    trusting = ProxyHeadersMiddleware(application, trusted_hosts="*")
    with TestClient(trusting, base_url="http://cards.example.org") as client:
        assert new_table(client, **forwarded)["seats"][0]["link"].startswith("https://cards.example.org/t/")
    with TestClient(application, base_url="http://cards.example.org") as client:
        assert new_table(client, **forwarded)["seats"][0]["link"].startswith("http://cards.example.org/t/")


def test_a_page_served_through_a_proxy_by_its_public_url_may_open_a_socket(tmp_path: Path) -> None:
    """A proxy that gives the server a ``Host`` of its own (nginx's default): the page's
    ``Origin`` is the public URL, which the server knows; any other site is still refused."""
    application = create_app(f"sqlite:///{tmp_path / 'k.db'}", public=PublicAddress(url=PUBLIC))
    with TestClient(application, base_url="http://127.0.0.1:8000") as client:
        table = new_table(client)["table"]
        with client.websocket_connect(f"/api/tables/{table}/ws", headers={"origin": PUBLIC}) as socket:
            socket.send_json({})
            assert socket.receive_json()["table"] == table
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            f"/api/tables/{table}/ws", headers={"origin": "https://elsewhere.example"}
        ) as socket:
            socket.receive_json()
        assert refused.value.code == 4403


def test_this_machines_network_addresses_are_not_loopback() -> None:
    for found in address.lan_addresses():
        assert not found.startswith("127.") and found != "0.0.0.0"
