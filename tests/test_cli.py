"""The terminal interface (``kartaros play | replay | rules | games``) and the bots."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import kartaros
from kartaros.bots import BOTS, RandomBot, make
from kartaros.cli import app, match_action
from kartaros.words import MISSING

runner = CliRunner()
MANY_ONES = "1\n" * 2000
# A game whose tries may not go (Tač with open calls offers every pile, fit or not, T7): the
# person goes down the list until one does.
MANY_TRIES = "1\n2\n3\n" * 2000
RESULT = re.compile(r"You win, Player!|Bot wins\. You lose\.|The game is drawn\.")
# English words that would give away an untranslated sentence on the Serbian screen (whole
# words; Serbian "a", "to" and "on" are Serbian words too, and "red", a line, is matched only as
# the Joker's capitalised colour): the games' words, as in test_words.py, and the screen's own.
ENGLISH = re.compile(
    r"\b(the|and|from|with|into|onto|cards?|piles?|wins?|you|your|draws?|takes?|puts?|turns?|player|holds?|"
    r"pot|stock|discard|of|is|Ace|King|Queen|Jack|Joker|(?-i:Red)|Black|high|pair|straight|flush|miss(ed)?|call|"
    r"out|top|none|empty|face|down|tie|trick|left|move|moves|deal|forced|nothing|earlier|lines?|result|score|"
    r"returns|reason|game|drawn|lose|stopped|goodbye|type|number|please|quit|listed|above|held|record|saved)\b",
    re.IGNORECASE,
)
CARD_TILE = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")  # a card drawn on the table (a picture, not words)


def first_prompt(seed: int) -> kartaros.GameState:
    """The state at the person's first prompt (seat 0): forced draws already played."""
    state = kartaros.new_game("kec", seed=seed)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    return state


def play(*args: str, input: str) -> Any:
    result = runner.invoke(app, ["play", "kec", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


# ---- play ------------------------------------------------------------------------------


def test_play_to_the_end_prints_the_result(tmp_path: Path) -> None:
    result = play("--seed", "3", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Result" in result.output
    assert RESULT.search(result.output)
    assert "Bot held:" in result.output  # the other hand is shown once the game is over
    assert "(forced)" in result.output  # forced draws are played for the person and logged


def test_save_writes_a_record_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["game"] == "kec" and record["seed"] == 3
    assert record["result"] is not None
    state = kartaros.replay(record)
    assert state.is_over
    assert state.returns() == record["result"]["returns"]
    assert "Record saved to" in result.output
    # The screen's result agrees with the record.
    you_won = state.returns()[0] > state.returns()[1]
    assert ("You win, Player!" in result.output) == you_won


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    play("--seed", "3", "--save", str(a), input=MANY_ONES)
    play("--seed", "3", "--save", str(b), input=MANY_ONES)
    assert json.loads(a.read_text())["actions"] == json.loads(b.read_text())["actions"]


def test_notation_typed_loosely_is_accepted(tmp_path: Path) -> None:
    state = first_prompt(3)
    legal = state.legal_actions()
    wanted = max(legal, key=lambda a: (a.count("-"), a))
    typed = ", ".join(reversed(wanted.lower().split("-")))  # e.g. "4d, 4s" for 4S-4D
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), input=f"{typed}\nq\n")
    assert result.exit_code == 0, result.output
    actions = json.loads(save.read_text())["actions"]
    assert actions[len(state.actions)] == wanted
    assert "is not one of your moves" not in result.output


def test_garbage_gets_a_clear_message_and_the_game_goes_on(tmp_path: Path) -> None:
    legal = first_prompt(3).legal_actions()
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), input="9Z\n0\n99\n\n1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    # 9Z has the shape of a card: the engine says what is wrong with it, then how to answer
    assert "That is not a legal move now: “9Z” is not a card." in out
    assert f"Please type a number from 1 to {len(legal)} or a move like" in out
    assert "'99' is not one of your moves" in out
    assert "'0' is not one of your moves" in out
    assert "Please type a number" in out  # an empty line
    assert "Traceback" not in out
    actions = json.loads(save.read_text())["actions"]
    assert legal[0] in actions  # "1" was still accepted after the garbage


def test_quit_stops_politely_and_still_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), input="q\n")
    assert result.exit_code == 0, result.output
    assert "Game stopped" in result.output
    record = json.loads(save.read_text())
    assert record["result"] is None
    assert record["actions"] == first_prompt(3).actions
    assert not kartaros.replay(record).is_over


def test_a_random_seed_is_shown_only_once_the_game_is_left(tmp_path: Path) -> None:
    """The seed decides every hidden card: it must not be on the screen while the game runs."""
    save = tmp_path / "game.json"
    result = play("--save", str(save), input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    seed = json.loads(save.read_text())["seed"]
    during, _, after = result.output.partition("This deal:")  # the game may also end by itself
    assert str(seed) not in during
    assert f"kartaros play kec --seed {seed}" in after


@pytest.mark.parametrize("text", ["quit\n", "Q\n", ""])  # "" is end of input (Ctrl-D)
def test_quit_words_and_end_of_input(tmp_path: Path, text: str) -> None:
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), input=text)
    assert result.exit_code == 0, result.output
    assert "Game stopped" in result.output
    assert save.exists()


def test_the_person_can_take_seat_1() -> None:
    result = play("--seed", "3", "--seat", "1", "--name", "Milan", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Milan (you)" in result.output
    assert re.search(r"You win, Milan!|Bot wins\. You lose\.|The game is drawn\.", result.output)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "unknown game 'nope'; kartaros plays: kec"),
        (["play", "kec", "--seed", "x"], "--seed must be a whole number; got 'x'"),
        (["play", "kec", "--seed", "-1"], "seed must be an int from 0"),
        (["play", "kec", "--bot", "smart"], "there is no bot called 'smart'; the known bots are: greedy, ismcts, "
         "learned, pimc, random, and the levels easy, medium, hard"),
        (["play", "kec", "--bot", "pimc:depth=3"], "bot 'pimc:depth=3': pimc has no parameter 'depth'"),
        (["play", "kec", "--seat", "2"], "--seat must be a seat from 0 to 1"),
        (["rules", "nope"], "unknown game 'nope'"),
        (["rules", "kec", "--lang", "de"], "--lang must be en or sr"),
        (["play", "kec", "--lang", "de"], "--lang must be one of en, sr, sr-Cyrl; got 'de'"),
        (["replay", "game.json", "--lang", "fr"], "--lang must be one of en, sr, sr-Cyrl; got 'fr'"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: ") and message in lines[0]


def test_the_screen_shows_only_what_the_person_may_know(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the game runs, the interface asks only for seat 0's observation."""
    seen: list[int] = []

    def guarded_new_game(*args: Any, **kwargs: Any) -> kartaros.GameState:
        state = real_new_game(*args, **kwargs)

        class Guarded(type(state)):  # type: ignore[misc]
            __slots__ = ()

            def observation(self, player: int, since: int = 0) -> dict[str, Any]:
                if not self.is_over:
                    seen.append(player)
                    assert player == 0, "the interface looked at the bot's observation"
                return super().observation(player, since)

            def zones(self) -> dict[str, list[str]]:
                raise AssertionError("the interface looked at the whole truth")

        state.__class__ = Guarded
        return state

    real_new_game = kartaros.new_game
    monkeypatch.setattr(kartaros, "new_game", guarded_new_game)
    # The random bot reads no observation, so every observation asked for is the interface's.
    result = play("--seed", "3", "--bot", "random", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Result" in result.output
    assert seen and set(seen) == {0}


# ---- reading moves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "legal", "expected"),
    [
        ("3d 2h as", ["AS-2H-3D", "AS", "2H", "3D"], "AS-2H-3D"),
        ("2h-AS,3D", ["AS-2H-3D", "AS"], "AS-2H-3D"),
        ("9c 9h", ["9H-9C", "9H", "9C"], "9H-9C"),
        ("9♣ 9♥", ["9H-9C", "9H", "9C"], "9H-9C"),
        ("10h", ["TH", "TS"], "TH"),
        ("  th ", ["TH", "TS"], "TH"),
        ("DRAW", ["draw", "take"], "draw"),
        ("2", ["draw", "take"], "take"),
        ("0", ["draw", "take"], None),
        ("3", ["draw", "take"], None),
        ("9Z", ["draw", "take"], None),
        ("", ["draw", "take"], None),
        ("²", ["draw", "take"], None),
        ("9" * 5000, ["draw", "take"], None),
        ("as 2h", ["AS-2H-3D", "AS"], None),
    ],
)
def test_match_action(text: str, legal: list[str], expected: str | None) -> None:
    assert match_action(text, legal) == expected


# ---- replay ----------------------------------------------------------------------------


def saved_game(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    save = tmp_path / "game.json"
    play("--seed", "3", "--save", str(save), input=MANY_ONES)
    return save, json.loads(save.read_text())


def test_replay_prints_numbered_moves_and_the_result(tmp_path: Path) -> None:
    save, record = saved_game(tmp_path)
    assert record["names"] == ["Player", "Bot"]  # the record keeps the names it was played with
    assert record["bots"] == [None, "medium"]  # and which seat the bot played, by its spec
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert "Players: Player (a person) and Bot (the bot medium)" in result.output
    # Told in the third person, by name: each move is what its mover did, not what "you" do.
    numbered = re.findall(r"^\s*(\d+)\. (Player|Bot) .*\[(\S+)\]$", result.output, re.MULTILINE)
    assert [int(n) for n, _, _ in numbered] == list(range(1, len(record["actions"]) + 1))
    assert [a for _, _, a in numbered] == record["actions"]
    assert "Player is dealt 4 cards:" in result.output and "Bot is dealt 4 cards:" in result.output
    assert not re.search(r"\byour?\b", result.output, re.IGNORECASE)
    # A replay shows every card, said once: every draw shows its card, the other's too.
    assert result.output.count("A replay shows every card, the hidden ones too.") == 1
    assert "draws a card from the stock" not in result.output
    assert len(re.findall(r"draws \S+ from the stock", result.output)) == record["actions"].count("draw")
    assert "Result" in result.output
    winner = record["result"]["returns"].index(1.0) if 1.0 in record["result"]["returns"] else None
    if winner is not None:
        assert f"{record['names'][winner]} wins." in result.output


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_replay_tells_every_game_in_the_third_person_by_name(tmp_path: Path, game: str) -> None:
    info = kartaros.GAMES[game]
    state = kartaros.new_game(game, players=info.max_players if game != "tac" else 3, seed=4,
                              variant=dict(info.people_variant))
    bot = RandomBot(seed=4)
    while not state.is_over and len(state.actions) < 120:
        state.apply(bot.choose(state))
    names = ["Ana", "Boris", "Cveta", "Dule", "Ema", "Filip", "Goca", "Hana"][: state.num_players]
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**state.record(), "names": names}), encoding="utf-8")
    for lang, you in (("en", r"\byour?\b"), ("sr", r"\b(ti|tvoj\w*)\b")):  # "svoj" (his own) is the third person
        result = runner.invoke(app, ["replay", str(save), "--lang", lang], env={"COLUMNS": "300"})
        assert result.exit_code == 0, result.output
        assert not re.search(you, result.output, re.IGNORECASE), result.output
        moves = re.findall(r"^\s*(\d+)\. (\S+) ", result.output, re.MULTILINE)
        assert [int(n) for n, _ in moves] == list(range(1, len(state.actions) + 1))
        assert {name for _, name in moves} <= set(names)  # each move begins with its mover's name


def test_replay_of_a_record_without_names_names_the_seats(tmp_path: Path) -> None:
    save, record = saved_game(tmp_path)
    del record["names"]
    save.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert "Player 1 is dealt 4 cards:" in result.output and "Player 2 is dealt 4 cards:" in result.output
    assert "Igrač 1 dobija 4 karte:" in runner.invoke(app, ["replay", str(save), "--lang", "sr"]).output


def test_play_and_replay_in_serbian(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--save", str(save), "--name", "Milan", "--lang", "sr", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    for words in ("Tvoj potez, Milan", "Milan (ti)", "Ostatak", "Tvoja ruka", "Rezultat", "(prinudno)",
                  "Keč · potez 1", "Ishod: Milan = ", "Ovo deljenje: kartaros play kec --seed 3",
                  "Zapis igre je sačuvan u"):
        assert words in result.output
    assert re.search(r"Pobeda, Milan!|Pobeđuje Bot\. Izgubio si\.|Igra je nerešena\.", result.output)
    assert "Your turn" not in result.output and "Stock" not in result.output
    replayed = runner.invoke(app, ["replay", str(save), "--lang", "sr"])
    assert replayed.exit_code == 0, replayed.output
    assert "Milan dobija 4 karte:" in replayed.output
    assert re.search(r"1\. Milan vuče \S+ \S+ sa ostatka", replayed.output)
    assert "Keč · seme 3 · " in replayed.output
    assert "Igrači: Milan (čovek) i Bot (bot srednji)" in replayed.output
    assert "Rezultat" in replayed.output and "is dealt" not in replayed.output
    # The notation is shown for typing cards; an English word of it (draw) is left out in Serbian.
    english = runner.invoke(app, ["replay", str(save)]).output
    assert "[draw]" not in replayed.output and "[draw]" in english
    assert re.search(r"\[(?:[2-9TJQKA][SHDC]-?)+\]", replayed.output)
    assert "Milan is dealt 4 cards:" in english


def serbian_screen(output: str) -> str:
    """The words on a Serbian screen: the card pictures and the notation for typing left out."""
    return CARD_TILE.sub(" ", output)


@pytest.mark.parametrize("game", list(kartaros.GAMES))
def test_the_terminal_in_serbian_shows_no_english(game: str) -> None:
    """A whole game in Serbian, with a wrong move, an empty line and a call for help on the way:
    every sentence the player reads is Serbian, and every message is in a catalog."""
    MISSING.clear()
    first = "9Z\n\n?\n99\n"
    result = runner.invoke(app, ["play", game, "--seed", "5", "--lang", "sr", "--name", "Milan", "--bot", "easy"],
                           input=first + (MANY_ONES if kartaros.GAMES[game].tries is None else MANY_TRIES),
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    screen = serbian_screen(result.output)
    assert "Rezultat" in screen and "Molim te, upiši broj" in screen
    assert "To sada nije dozvoljen potez: " in screen or "„9Z“ nije nijedan od tvojih poteza" in screen
    for line in screen.splitlines():
        found = ENGLISH.search(line)
        assert found is None, f"English {found.group(0)!r} on the Serbian screen: {line!r}"
    assert not MISSING, f"the screen asked for messages no catalog has: {sorted(MISSING, key=str)}"


def test_the_terminal_in_serbian_when_the_player_leaves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = play("--seed", "3", "--lang", "sr", "--save", str(save), input="q\n")
    assert result.exit_code == 0, result.output
    assert "Igra je prekinuta posle " in result.output and "Doviđenja!" in result.output
    replayed = runner.invoke(app, ["replay", str(save), "--lang", "sr"])
    assert "Igra je prekinuta posle " in replayed.output and "pre kraja" in replayed.output
    for line in serbian_screen(result.output + replayed.output).replace(str(save), "").splitlines():
        assert not ENGLISH.search(line), line


def test_the_terminal_speaks_serbian_cyrillic() -> None:
    """``--lang sr-Cyrl`` plays in Cyrillic, names as they are typed."""
    result = play("--seed", "3", "--name", "Milan", "--lang", "sr-Cyrl", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    for words in ("Твој потез, Milan", "Milan (ти)", "Keč · потез 1", "Резултат", "Остатак"):
        assert words in result.output
    assert "Tvoj potez" not in result.output and "Your turn" not in result.output
    bad = runner.invoke(app, ["play", "kec", "--lang", "de"])
    assert "--lang must be one of en, sr, sr-Cyrl; got 'de'" in bad.output


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    play("--seed", "3", "--save", str(save), input="q\n")
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert "stopped after" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{", "is not a JSON file"),
        ('{"game": "kec", "seed": 1, "actions": ["take"]}', "is not a record that replays: action 1 ('take')"),
        ("[1, 2]", "is not a record that replays"),
        ('{"game": "xyzzy", "seed": 1, "actions": []}', "is not a record that replays"),
    ],
)
def test_replay_errors_exit_2(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and message in result.output
    assert "Traceback" not in result.output


def test_replay_rejects_a_record_whose_result_is_wrong(tmp_path: Path) -> None:
    save, record = saved_game(tmp_path)
    record["result"]["returns"] = record["result"]["returns"][::-1]
    save.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2
    assert "record claims returns" in result.output


# ---- rules, games ----------------------------------------------------------------------


def test_rules_in_english() -> None:
    result = runner.invoke(app, ["rules", "kec"])
    assert result.exit_code == 0, result.output
    assert "K7" in result.output and "K13" in result.output


def test_rules_in_serbian() -> None:
    result = runner.invoke(app, ["rules", "kec", "--lang", "sr"])
    assert result.exit_code == 0, result.output
    assert "Gušenje" in result.output or "Džoker" in result.output


def test_games_lists_kec() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "kec" in result.output and "Keč" in result.output
    # An option by its words for people, and by the name and values --variant takes.
    assert "Where played pairs go (pairs_to) = onto the discard pile (\"discard\"); or out of play (\"out\")" in (
        result.output
    )
    assert "Move limit (max_actions) = 100000 (a whole number, at least 1)" in result.output
    # A flag's values are words too, with the value --variant takes.
    assert "The central pile first (central_first) = the player chooses (false); or it must go onto the central" in (
        result.output
    )


def test_games_in_serbian() -> None:
    result = runner.invoke(app, ["games", "--lang", "sr"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "Igre koje kartaros igra" in result.output
    assert "Kuda idu odigrani parovi (pairs_to) = na hrpu za odbacivanje (\"discard\"); ili van igre (\"out\")" in (
        result.output
    )
    assert "Prvo centralna gomila (central_first) = igrač bira (false); ili mora na centralnu gomilu (true)" in (
        result.output
    )
    assert runner.invoke(app, ["games", "--lang", "xx"]).exit_code == 2


# ---- bots ------------------------------------------------------------------------------


def random_game(bot_seed: int, game_seed: int) -> list[str]:
    state = kartaros.new_game("kec", seed=game_seed)
    bot = make("random", seed=bot_seed)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state.actions


def test_random_bot_is_deterministic() -> None:
    assert random_game(1, 5) == random_game(1, 5)
    assert random_game(1, 5) != random_game(2, 5)
    bot = make("random", seed=1)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    assert "random" in BOTS


def test_unknown_bot_and_bad_parameters() -> None:
    known = "greedy, ismcts, learned, pimc, random"
    with pytest.raises(ValueError, match=rf"no bot called 'nope'; the known bots are: {known}"):
        make("nope")
    with pytest.raises(ValueError, match="takes no parameters"):
        make("random", depth=3)
    with pytest.raises(ValueError, match="seed must be an int"):
        make("random", seed="1")  # type: ignore[arg-type]


def test_random_bot_refuses_a_finished_game() -> None:
    state = kartaros.new_game("kec", seed=3)
    bot = make("random", seed=0)
    while not state.is_over:
        state.apply(bot.choose(state))
    with pytest.raises(ValueError, match="game is over"):
        bot.choose(state)


class PublicView:
    """Only what the player to move may use: his legal actions and his observation."""

    def __init__(self, state: kartaros.GameState) -> None:
        self._state = state

    @property
    def current_player(self) -> int | None:
        return self._state.current_player

    def legal_actions(self) -> list[str]:
        return self._state.legal_actions()

    def observation(self, player: int) -> dict[str, Any]:
        assert player == self._state.current_player
        return self._state.observation(player)


def test_random_bot_uses_only_the_public_view() -> None:
    state = kartaros.new_game("kec", seed=11)
    bot = make("random", seed=4)
    while not state.is_over:
        state.apply(bot.choose(PublicView(state)))  # type: ignore[arg-type]


def test_random_bot_cannot_tell_worlds_apart() -> None:
    """In a re-dealt world the player cannot tell from the real one, the bot picks the same move."""
    state = kartaros.new_game("kec", seed=8)
    real, blind = make("random", seed=9), make("random", seed=9)
    for step in range(300):
        if state.is_over:
            break
        player = state.current_player
        assert player is not None
        world = state.determinize(player, step)
        choice = real.choose(state)
        assert blind.choose(world) == choice
        state.apply(choice)


def test_play_takes_players_and_variant_options_and_checks_them() -> None:
    result = runner.invoke(app, ["play", "kec", "--seed", "3", "--variant", '{"max_actions": 4}'], input="1\n" * 20)
    assert result.exit_code == 0, result.output
    assert "max_actions" in result.output or "drawn" in result.output.lower()
    bad = runner.invoke(app, ["play", "kec", "--variant", "{nope"])
    assert bad.exit_code == 2 and "JSON object" in bad.output
    bad = runner.invoke(app, ["play", "kec", "--variant", '{"nope": 1}'])
    assert bad.exit_code == 2 and "no variant option 'nope'" in bad.output
    bad = runner.invoke(app, ["play", "kec", "--players", "3"])
    assert bad.exit_code == 2 and "2 players" in bad.output


def test_other_seats_moves_are_told_only_by_their_events() -> None:
    """A bot's action string may be a secret (Nesalomljiv's duel choice): the log never prints it."""
    result = runner.invoke(app, ["play", "kec", "--seed", "3", "--seat", "1"], input="q\n")
    assert result.exit_code == 0, result.output
    assert not re.search(r"Bot\s+draw\s+Bot draws", result.output)  # no notation of the bot's move
    assert re.search(r"Bot\s+Bot draws a card from the stock", result.output)


# ---- the command line's edges -------------------------------------------------------------------


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"kartaros {kartaros.__version__}"


@pytest.mark.parametrize("port", ["0", "70000", "-1"])
def test_serve_refuses_ports_outside_1_to_65535(port: str) -> None:
    result = runner.invoke(app, ["serve", "--port", port])
    assert result.exit_code == 2 and "--port" in result.output


@pytest.mark.parametrize(
    "command", ["", "play", "replay", "rules", "games", "simulate", "tournament", "serve", "puzzles generate"]
)
def test_help_has_no_placeholders_after_flags(command: str) -> None:
    result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output and "BOOLEAN" not in result.output


def test_games_json_gives_the_engines_defaults_and_what_people_play() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert list(listed) == list(kartaros.GAMES)
    for name, info in kartaros.GAMES.items():
        options = listed[name]["options"]
        assert {k: o["default"] for k, o in options.items()} == {o.name: o.default for o in info.options}
        people = {k: o["play_default"] for k, o in options.items() if o["play_default"] != o["default"]}
        assert people == dict(info.people_variant)
        kartaros.new_game(name, variant={k: o["play_default"] for k, o in options.items()})  # --variant takes them


def test_play_takes_bot_specs_as_simulate_does() -> None:
    result = runner.invoke(app, ["play", "nesalomljiv", "--seed", "2", "--bot", "pimc:worlds=2,horizon=2"],
                           input=MANY_ONES)
    assert result.exit_code == 0, result.output


class _Slow:
    """A bot that takes its time (its move waits on an event the test sets)."""

    name = "slow"

    def __init__(self) -> None:
        import threading

        self.go = threading.Event()

    def choose(self, state: kartaros.state.GameState) -> str:
        assert self.go.wait(5)
        return state.legal_actions()[0]


def test_a_bot_that_thinks_long_is_shown_thinking_on_a_terminal() -> None:
    import io

    from rich.console import Console

    from kartaros.cli import Match

    state = kartaros.new_game("nesalomljiv", seed=1)
    slow = _Slow()
    screen = io.StringIO()
    console = Console(file=screen, width=100, force_terminal=True, color_system=None)
    played = Match(kartaros.GAMES["nesalomljiv"], state, 1, ["Bot", "Ana"], {0: slow}, console=console)
    played.thinking_after = 0.0  # at once: the test need not wait for the real delay
    original = console.status

    def status(*args: Any, **kwargs: Any) -> Any:
        slow.go.set()  # the status is up: let the bot answer
        return original(*args, **kwargs)

    console.status = status  # type: ignore[method-assign]
    move = played._bot_move(0)
    assert move == state.legal_actions()[0]
    assert "Bot is thinking" in screen.getvalue()
