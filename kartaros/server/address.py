"""Where others reach the server: the address its invite links carry.

A link someone else opens must name the server as his machine reaches it, which the machine
that serves cannot always see: behind a reverse proxy it is the proxy's public URL (told with
``kartaros serve --public-url``); serving on every interface of a home network it is this
machine's address on that network, even when the person who makes the table opened the page
as ``localhost``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

ALL_INTERFACES = ("0.0.0.0", "::", "")


def public_url(text: str) -> str:
    """``text`` as the server's public URL (``https://cards.example.org``, no ``/`` at the end);
    ``ValueError`` saying what is wrong with it where it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port  # a port that is not a number is a ValueError here
    except ValueError:
        raise ValueError(f"{text!r} is not a URL; give one like https://cards.example.org") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not an http:// or https:// URL with a host, like https://cards.example.org")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"the public URL must be the site's root, like https://cards.example.org, not {text!r}: "
                         "kartaros cannot be served under a path")
    if parts.username or parts.password:
        raise ValueError(f"the public URL may not carry a user or a password: {text!r}")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def serves_everyone(host: str) -> bool:
    """Whether listening on ``host`` takes connections on every interface (0.0.0.0, ::)."""
    return host in ALL_INTERFACES


def lan_addresses() -> list[str]:
    """This machine's addresses others on its networks may use (IPv4, not loopback nor link-local),
    the one of the default route first; empty when it has none."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route is chosen
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found.extend(str(info[4][0]) for info in infos)
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and address not in usable:
            usable.append(address)
    return usable


def base_url(scheme: str, host: str, port: int) -> str:
    """``http://host:port`` (an IPv6 address in brackets; the scheme's own port left out)."""
    shown = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{shown}" + ("" if port == default else f":{port}")


def _loopback(host: str) -> bool:
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class PublicAddress:
    """How the server names itself in links for others. ``url``: its public URL where one was
    told (behind a proxy); ``lan_hosts``: this machine's addresses on its networks where it serves
    on all of them, used instead of a loopback name the request came in by."""

    url: str | None = None
    lan_hosts: Sequence[str] = ()

    def base(self, request_base: str) -> str:
        """The URL others open, for a request that came to ``request_base`` (its scheme, host and
        port, as the browser asked: behind a trusted proxy, as the proxy says)."""
        if self.url is not None:
            return self.url
        parts = urlsplit(request_base)
        host = parts.hostname or ""
        if self.lan_hosts and _loopback(host):
            return base_url(parts.scheme, self.lan_hosts[0], parts.port or {"https": 443}.get(parts.scheme, 80))
        return f"{parts.scheme}://{parts.netloc}"

    def invite(self, request_base: str, table: str, token: str) -> str:
        """The link that opens ``table`` at the seat of ``token`` (in the fragment: never sent to a server)."""
        return f"{self.base(request_base)}/t/{table}#token={quote(token, safe='')}"

    def is_origin(self, origin: str | None) -> bool:
        """Whether ``origin`` (a browser's ``Origin``) is the public URL: a page served through a
        proxy that gives the server a ``Host`` of its own."""
        return self.url is not None and origin is not None and origin.rstrip("/").lower() == self.url.lower()
