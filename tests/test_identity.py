"""Faster code plays the same games: digests of seeded records, playouts, determinized worlds
and ISMCTS choices (``tests/identity.py``) equal the values the engine gave before its
speed-ups (the engine of the commit before the first of them). A change to the rules or to
the order of chance changes them; a change that only makes the engine faster must not."""

from __future__ import annotations

import pytest

from tests.identity import CASES, KINDS

GOLDEN: dict[str, dict[str, str]] = {
    'kec 2': {
        'records': 'f3cf7cfff51d922e',
        'playouts': '2f78cabc2fe666c5',
        'worlds': '761e4fee1be01a32',
        'searches': '13a47744ac8513bd',
    },
    'nesalomljiv 2': {
        'records': '031213c48d0658f4',
        'playouts': 'c0835f3853fec97b',
        'worlds': '8b828bd3b77a4fcb',
        'searches': 'cf75cb86e0cb02a8',
    },
    'tac 2': {
        'records': '58027747b4c21857',
        'playouts': 'b682eca93f6760d2',
        'worlds': 'f5be0beeb5c1e7b2',
        'searches': 'c9100833a9240395',
    },
    'tac 3': {
        'records': '7fbba300a949edab',
        'playouts': '236be3388e9cb86a',
        'worlds': '7b3996fca4d796ab',
        'searches': '118f38c7ec8c952e',
    },
    'tac 4': {
        'records': '14bc77fc38b8e07e',
        'playouts': '5cddbc29af010098',
        'worlds': '7920f8cd5e75825e',
        'searches': '838c589af2abcf7f',
    },
    'tac 8': {
        'records': 'e1a92ae75382ff2d',
        'playouts': '795c6a54675d5f15',
        'worlds': '9971e99b93d57f80',
        'searches': 'f7c6bed8bd10c091',
    },
    'puck 2': {
        'records': '80fc38011aa914fe',
        'playouts': 'db5a008154881ffd',
        'worlds': '7838d8884225ec52',
        'searches': '5af8374c2941cb15',
    },
    'puck 3': {
        'records': 'ff975ce0d0c82d14',
        'playouts': 'b9e6a2f5f9648f8c',
        'worlds': '8014010a32fa562d',
        'searches': 'f73ccd39dcad1fa1',
    },
    'puck 4': {
        'records': '957a24129abe7b11',
        'playouts': '7a679781737e4d8b',
        'worlds': '8221cb6fa922bf80',
        'searches': '74f1214162c12279',
    },
}


@pytest.mark.parametrize(("game", "players"), CASES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_seeded_play_is_unchanged(game: str, players: int, kind: str) -> None:
    assert KINDS[kind](game, players) == GOLDEN[f"{game} {players}"][kind]
