"""What a view takes from memory (each seat's view of the events so far, the log's sentences)
changes nothing: at every step of seeded random games of every game and player count, through
the end, every seat's and a spectator's view in every language is the one made afresh."""

from __future__ import annotations

import random

import pytest

import kartaros
from kartaros.server.clock import FakeClock
from kartaros.server.store import Store
from kartaros.server.tables import TableService
from kartaros.words import speech
from tests.test_race import run

CASES = [(name, players) for name, info in kartaros.GAMES.items()
         for players in sorted({info.min_players, info.max_players})]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_view_from_memory_is_the_view_made_afresh(game: str, players: int, tmp_path: object) -> None:
    async def test() -> None:
        service = TableService(Store(f"sqlite:///{tmp_path}/k.db"), FakeClock(), seeds=lambda: 11)
        table_id, _ = await service.create(game, players, ["human"] * players, None, [])
        table = await service.table(table_id)
        chooser = random.Random(players)
        for step in range(400):
            for seat in [*range(players), None]:
                for lang in (speech.LANGUAGES if step % 25 == 0 else ("en",)):
                    remembered = service.view(table, seat, lang)
                    table.event_views.clear()
                    table.sentences.clear()
                    assert remembered == service.view(table, seat, lang), (step, seat, lang)
            if table.over:
                return
            mover = table.state.current_player
            assert mover is not None
            await service.act(table_id, mover, chooser.choice(table.state.legal_actions()), table.seq)
        raise AssertionError("the game did not end in 400 moves")
    run(test)
