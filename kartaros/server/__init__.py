"""The web server: tables for people and bots, a public HTTP/WebSocket API, and the pages."""

from kartaros.server.app import create_app

__all__ = ["create_app"]
