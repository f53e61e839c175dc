"""The playthrough goldens (``tests/playthroughs/``): each file is made again in memory and must
match, line for line; its record must replay to the state it ends in.

A difference means the deal, the generator, the rules, an observation, the words or a bot's
choice changed. If the change is meant, regenerate the files (``tests/playthroughs.py`` says
how) and review the diff before committing it.
"""

from __future__ import annotations

import difflib
import itertools

import pytest

import kartaros
from tests.playthroughs import COMMAND, FOLDER, PLAYTHROUGHS, Playthrough, marks, render, stored

DIFF_LINES = 80  # of the unified diff shown when a file differs
REGENERATE = f"if the change is meant, run `{COMMAND}` to regenerate, then review the diff"


def _by_name(playthrough: Playthrough) -> str:
    return playthrough.name


def _stored_text(playthrough: Playthrough) -> str:
    if not playthrough.path.exists():
        pytest.fail(f"{playthrough.path.name} is missing: run `{COMMAND}` to write it, then review it")
    return playthrough.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=_by_name)
def test_playthrough_is_unchanged(playthrough: Playthrough) -> None:
    before = _stored_text(playthrough)
    after = render(playthrough)
    if after != before:
        diff = difflib.unified_diff(
            before.splitlines(), after.splitlines(), f"{playthrough.name}.txt (stored)",
            f"{playthrough.name}.txt (made now)", n=2, lineterm="",
        )
        shown = list(itertools.islice(diff, DIFF_LINES))
        pytest.fail(f"{playthrough.name}.txt differs from the game played now; {REGENERATE}.\n" + "\n".join(shown),
                    pytrace=False)


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=_by_name)
def test_playthrough_record_replays_to_its_end(playthrough: Playthrough) -> None:
    """The stored record alone rebuilds the stored game: the deal, the end, the returns."""
    text = _stored_text(playthrough)
    record = stored(text, "record")
    start = kartaros.new_game(record["game"], players=record["players"], seed=record["seed"],
                              variant=record["variant"])
    assert start.zones() == stored(text, "zones", first=True)
    state = kartaros.replay(record)
    assert state.is_over
    assert state.zones() == stored(text, "zones")
    assert state.returns() == stored(text, "returns")
    assert state.record() == record


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=_by_name)
def test_playthrough_shows_what_it_was_chosen_for(playthrough: Playthrough) -> None:
    """Each seed was chosen for events worth seeing (a Nesalomljiv game with ties, knockouts and
    a reshuffle, Tač's misses and calls, …): they are still there."""
    state = kartaros.replay(stored(_stored_text(playthrough), "record"))
    missing = set(playthrough.shows) - marks(state.observation(0)["events"])
    assert not missing, f"{playthrough.name} no longer shows {sorted(missing)}: choose another seed for it"


def test_every_game_and_player_count_has_one() -> None:
    names = [p.name for p in PLAYTHROUGHS]
    assert len(set(names)) == len(names), "two playthroughs share a file name"
    plain = {(p.game, p.players) for p in PLAYTHROUGHS if not p.people}
    wanted = {(name, n) for name, info in kartaros.GAMES.items() for n in range(info.min_players, info.max_players + 1)}
    assert plain == wanted
    people = {(p.game, p.players) for p in PLAYTHROUGHS if p.people}
    assert all(kartaros.GAMES[game].people_variant for game, _ in people)
    for name, info in kartaros.GAMES.items():
        if info.people_variant:  # the variant people play: with the fewest players and with four
            assert {(name, info.min_players), (name, min(4, info.max_players))} <= people


def test_the_folder_holds_only_the_playthroughs() -> None:
    found = sorted(path.name for path in FOLDER.iterdir())
    assert found == sorted(p.path.name for p in PLAYTHROUGHS), f"files without a playthrough; {REGENERATE}"


def test_greedy_and_random_bots_share_every_table() -> None:
    for playthrough in PLAYTHROUGHS:
        assert len(playthrough.seats) == playthrough.players, playthrough.name
        assert set(playthrough.seats) == {"greedy", "random"}, playthrough.name
