"""The terminal interface: ``kartaros play | replay | rules | games | join``.

It drives games through the public API only (``kartaros.GAMES``, ``new_game``, ``replay`` and
the state's methods). While a game runs, the person sees what ``state.observation(seat)``
holds and nothing more; the screens themselves are built in :mod:`kartaros.cli_render`.
What a player reads in ``play`` and ``replay`` is in the language of ``--lang`` (messages of
the shared catalog); the commands' help and the errors in their flags are English.
"""

from __future__ import annotations

import json
import re
import signal
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

import kartaros
from kartaros import calls, cli_progress
from kartaros import cli_render as view
from kartaros.analysis import Interrupted, SimulationResult, TournamentResult
from kartaros.analysis.bots import BotSpec, make_bot, parse_bots
from kartaros.bots import BOTS, LEVELS, Bot, check_game
from kartaros.calls import CALL_SECONDS
from kartaros.cli_calls import (
    MAX_CALL_SECONDS,
    MIN_CALL_SECONDS,
    Clock,
    Keyboard,
    StdinKeyboard,
    SystemClock,
)
from kartaros.errors import RecordError
from kartaros.info import GameInfo
from kartaros.records import with_players
from kartaros.state import GameState
from kartaros.views import Observation
from kartaros.words import LANGUAGES, Speech, speech

if TYPE_CHECKING:  # the server's modules load only when serving
    from kartaros.server.address import PublicAddress

app = typer.Typer(
    name="kartaros",
    help="Play, replay and read the rules of the Serbian card games kartaros implements.",
    add_completion=False,
    no_args_is_help=True,
    # Plain help: typer's panels write a "<bool>" placeholder after every flag, as if it took a value.
    rich_markup_mode=None,
)


def _version(shown: bool) -> None:
    if shown:
        print(f"kartaros {kartaros.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Play, replay and read the rules of the Serbian card games kartaros implements."""


def _fail(message: str) -> NoReturn:
    """A one-line error on stderr, and exit code 2."""
    Console(stderr=True).print(Text.assemble(("Error: ", "bold red"), message), soft_wrap=True)
    raise typer.Exit(2)


def _int_option(text: str | None, option: str) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        _fail(f"{option} must be a whole number; got {text!r}")


def _default(info: GameInfo, option: str) -> Any:
    return next(o.default for o in info.options if o.name == option)


def _json_option(text: str | None, option: str) -> dict[str, Any] | None:
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        _fail(f"{option} must be a JSON object like '{{\"option\": \"value\"}}' ({err})")
    if not isinstance(value, dict):
        _fail(f"{option} must be a JSON object like '{{\"option\": \"value\"}}'; got {text!r}")
    return value


def _game(name: str) -> GameInfo:
    if name not in kartaros.GAMES:
        _fail(f"unknown game {name!r}; kartaros plays: {', '.join(sorted(kartaros.GAMES))}")
    return kartaros.GAMES[name]


# ---- reading a move --------------------------------------------------------------------

QUIT_WORDS = {"q", "quit", "exit"}
LOG_WORDS = {"log", "dnevnik", "дневник"}  # the whole game so far; each language's word works in any
_SEPARATORS = re.compile(r"[\s,\-–]+")
_SUIT_SYMBOLS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def _tokens(text: str) -> tuple[str, ...]:
    """A move's parts, normalized: upper case, any separators, any order, ``10`` for ``T``."""
    parts = [p for p in _SEPARATORS.split(text.strip().upper().translate(_SUIT_SYMBOLS)) if p]
    return tuple(sorted("T" + p[2:] if p.startswith("10") and len(p) == 3 else p for p in parts))


def match_action(text: str, legal: list[str]) -> str | None:
    """The legal action ``text`` names: its number in the list, or its notation typed loosely."""
    text = text.strip()
    if re.fullmatch(r"[0-9]{1,9}", text):
        number = int(text)
        return legal[number - 1] if 1 <= number <= len(legal) else None
    wanted = _tokens(text)
    if not wanted:
        return None
    return next((action for action in legal if _tokens(action) == wanted), None)


# ---- the language of the game's words ---------------------------------------------------

_LANG_HELP = "The words: en (English), sr (Serbian, Latin script), sr-Cyrl (Serbian, Cyrillic) where offered."
_LANG_METAVAR = "|".join(LANGUAGES)


def _lang_option(text: str) -> str:
    """One of the languages there are (``kartaros.words.speech.LANGUAGES``), by its code in any case."""
    wanted = text.strip().lower()
    lang = next((code for code in speech.LANGUAGES if code.lower() == wanted), None)
    if lang is None:
        _fail(f"--lang must be one of {', '.join(speech.LANGUAGES)}; got {text!r}")
    return lang


def _end_words(info: GameInfo, state: GameState, names: list[str], lang: str) -> str | None:
    """The game's end event in words, or None if the game has not ended."""
    events = state.public_observation()["events"]
    return info.words.event(events[-1], names, lang) if events and events[-1]["type"] == "end" else None


# ---- play ------------------------------------------------------------------------------


class Match:
    """One person against bots, in the terminal.

    ``console``, ``keyboard`` and ``clock`` are the screen, the person's lines and the time the
    call race runs on (the terminal's own by default; tests give a recording console, scripted
    lines and a fake clock); ``call_seconds`` is how long a call window stays open (T11)."""

    def __init__(
        self, info: GameInfo, state: GameState, seat: int, names: list[str], bots: dict[int, Bot], lang: str = "en",
        *, console: Console | None = None, keyboard: Keyboard | None = None, clock: Clock | None = None,
        call_seconds: float = CALL_SECONDS,
    ) -> None:
        self.info, self.state, self.seat, self.names, self.bots = info, state, seat, names, bots
        self.lang = lang  # the language of every word on the screen
        self.say = view.speech(lang)
        self.console = console or Console(highlight=False)
        self.clock = clock or SystemClock()
        self.keyboard = keyboard or StdinKeyboard(self.clock)
        self.call_seconds = call_seconds
        self.recent: list[view.LogEntry] = []  # what happened since the person last decided
        self.history: list[view.LogEntry] = []  # all he observed since the deal (the log command)
        self.events_seen = 0
        self._note_events(view.LogEntry(self.say("Deal"), None))

    def _note_events(self, entry: view.LogEntry) -> None:
        """Put the events new in the person's observation into ``entry``, and log it."""
        seen = self.state.observation(self.seat, since=self.events_seen)
        entry.lines = [self.info.words.event(e, self.names, self.lang) for e in seen["events"]]
        self.events_seen = seen["event_count"]
        if entry.lines or entry.action is not None:
            self.recent.append(entry)
            self.history.append(entry)

    def _play(self, action: str, forced: bool = False) -> None:
        mover = self.state.current_player
        self.state.apply(action)
        who = self.names[mover] if mover is not None else "?"
        # Another seat's action string can be a secret (a duel choice in Nesalomljiv): the
        # person learns of others' moves only through the events he observes.
        shown = action if mover == self.seat else None
        self._note_events(view.LogEntry(who, shown, forced=forced and mover == self.seat))

    def _tell_recent(self) -> None:
        """Every event since the person last decided, none left out, and the log starts anew."""
        log = view.log_view(self.recent, lang=self.lang)
        self.recent = []
        if log is not None:
            self.console.print(log)

    def _show(self) -> Observation[Any]:
        """The log since the last prompt and the table; returns the observation shown."""
        self.console.rule(style="dim")
        self._tell_recent()
        obs = self.state.observation(self.seat)
        self.console.print(view.table_view(self.info, obs, self.names, self.lang))
        return obs

    def _tell_history(self) -> None:
        """The whole game as the person observed it, from the deal (paged on a terminal when it
        is longer than the screen; plain text there: not every pager shows colours)."""
        log = view.log_view(self.history, lang=self.lang)
        if log is None:
            return
        if self.console.is_terminal and log.row_count > self.console.height - 2:
            with self.console.pager():
                self.console.print(log)
        else:
            self.console.print(log)

    def _read(self, prompt: str) -> str | None:
        """A line the person types after ``prompt``, or None when his input has ended."""
        self.console.print(Text(prompt, style="bold"), end="")
        try:
            return self.keyboard.line()
        except EOFError:
            self.console.print()
            return None

    def _ask(self, legal: list[str]) -> str | None:
        """The person's move, or None if he leaves."""
        obs = self._show()
        self.console.print(view.turn_line(self.info, obs, self.names, self.seat, self.lang))
        self.console.print(view.moves_view(self.info, obs, legal, self.names, self.lang))
        say = self.say
        typed = [a for a in legal if view.notation(a, self.lang)]  # the moves whose notation is shown
        if typed:
            hint = say("type a number from 1 to {n} or a move like {move}", n=len(legal), move=typed[-1])
        else:
            hint = say("type a number from 1 to {n}", n=len(legal))
        while True:
            text = self._read(say("Your move (log shows the game, q quits) › "))
            if text is None or text.strip().lower() in QUIT_WORDS:
                return None
            if text.strip().lower() in LOG_WORDS:
                self._tell_history()
                continue
            # A try offered, or a legal move written out in notation (as the server takes both).
            action = match_action(text, legal) or match_action(text, self.state.legal_actions())
            if action is not None:
                played = self.info.as_played(action, self.state.legal_actions())
                if played is not None:
                    return played
                try:  # a try that does not go (a pile the card does not fit): the rules say why
                    self.state.clone().apply(action)
                except kartaros.IllegalAction as err:
                    self.console.print(Text(err.words(self.names, self.lang), style="yellow"))
                continue
            if text.strip() in ("?", "h", "help"):
                self.console.print(view.moves_view(self.info, obs, legal, self.names, self.lang))
                message = say("Moves are listed above; {hint}; log shows the whole game, q quits.", hint=hint)
            elif not text.strip():
                message = say("Please {hint} (q quits).", hint=hint)
            else:
                message = say("'{text}' is not one of your moves; {hint}.", text=text.strip(), hint=hint)
                try:  # a move of the game's shape: the engine says what is wrong with it
                    if not text.strip().isdigit():
                        self.state.clone().apply(text.strip())
                except kartaros.IllegalAction as err:
                    if err.problem is not None:
                        message = f"{err.words(self.names, self.lang)} {say('Please {hint} (q quits).', hint=hint)}"
            self.console.print(Text(message, style="yellow"))

    thinking_after = 0.4  # seconds a bot may think before the screen says so (less would flicker)

    def _bot_move(self, player: int) -> str:
        """The bot's move; on a terminal, a bot that thinks longer than ``thinking_after`` is
        shown thinking until it has chosen (the search bots take seconds). It thinks in a daemon
        thread, so Ctrl-C stops the game at once even in the middle of a search."""
        bot, state = self.bots[player], self.state
        if not self.console.is_terminal:
            return bot.choose(state)
        outcome: list[str | BaseException] = []
        done = threading.Event()

        def think() -> None:
            try:
                outcome.append(bot.choose(state))
            except BaseException as err:  # handed to the game's thread below
                outcome.append(err)
            done.set()

        threading.Thread(target=think, name="bot", daemon=True).start()
        if not done.wait(self.thinking_after):
            with self.console.status(self.say("{name} is thinking…", name=self.names[player])):
                while not done.wait(0.1):  # short waits: Ctrl-C gets through between them
                    pass
        if isinstance(outcome[0], BaseException):
            raise outcome[0]
        return outcome[0]

    def _race(self) -> bool:
        """Play the open call window as a race (T11): the bots' reaction times against the
        person's Enter, when he may call; the first in time calls, and when nobody calls in time
        everyone asked passes. The bots never answer the window in turn (``choose``): they call
        as on the web. False if the person leaves."""
        state, call = self.state, self.info.call_action
        assert call is not None
        seats = calls.callers(state)
        times = {seat: after for seat, after in calls.reactions(state, seats, self.bots).items()
                 if after < self.call_seconds}  # only those in time count
        asked = self.seat in seats and self.seat not in self.bots
        if asked:
            obs = self._show()  # the miss, as the events tell it
            what = self.info.words.action(obs, call, self.names, self.lang)
            self.console.print(Text(what[:1].upper() + what[1:], style="bold red"))
            seconds = self.say.number(self.call_seconds)  # 2,5 in Serbian
            prompt = self.say("Press Enter within {seconds} s to say it (q quits) › ", seconds=seconds)
            self.console.print(Text(prompt, style="bold"), end="")
            opened = self.clock.now()  # the person's time runs from the prompt
            first_bot = min(times.values(), default=self.call_seconds)
            answer = self.keyboard.line_until(opened + first_bot)
            if answer is None:
                self.console.print()
            elif answer.strip().lower() in QUIT_WORDS:
                return False
            elif (took := self.clock.now() - opened) <= self.call_seconds:
                times[self.seat] = took
        caller = calls.first_caller(times, seats)
        for action in calls.settle(state, caller):
            self._play(action)
        if asked:
            if caller is None:
                self.console.print(Text(self.say("Time is up: nobody called."), style="yellow"))
            elif caller != self.seat:
                self.console.print(Text(self.say("{name} was quicker.", name=self.names[caller]), style="yellow"))
            self._tell_recent()
        return True

    def run(self) -> bool:
        """Play until the end (True) or until the person leaves (False)."""
        state = self.state
        try:
            while not state.is_over:
                if calls.races(state) and calls.is_open(state):
                    if not self._race():
                        return False
                    continue
                player = state.current_player
                # What a person may try (``GameInfo.offers``): in Tač with open calls every pile
                # in play, where the card fits or not; ``_ask`` plays a try as the move it is.
                offers = self.info.offers(state)
                if player in self.bots:
                    self._play(self._bot_move(player))
                elif len(offers) == 1:
                    self._play(self.info.as_played(offers[0], state.legal_actions()) or offers[0], forced=True)
                else:
                    action = self._ask(offers)
                    if action is None:
                        return False
                    self._play(action)
        except KeyboardInterrupt:
            self.console.print()
            return False
        return True

    def finish(self, completed: bool) -> None:
        say = self.say
        outcome = self.state.outcome()
        if completed and outcome is not None:
            self._show()
            end = _end_words(self.info, self.state, self.names, self.lang)
            self.console.print(view.result_view(outcome, self.names, self.seat, self.lang, end))
            for player in self.bots:  # the game is over: the other hands may be shown
                seen: Mapping[str, Any] = self.state.observation(player)  # a hand, in games with one
                hand = seen.get("hand")
                if hand:
                    held = say("{name} held:", name=self.names[player])
                    self.console.print(Text.assemble(held, " ", view.cards(hand, say("no cards"), self.lang)))
        else:
            moves = len(self.state.actions)
            stopped = say.plural("Game stopped after {n} move. Goodbye!", "Game stopped after {n} moves. Goodbye!",
                                 moves)
            self.console.print(Text(stopped, style="bold"))
        # The seed decides every card, so it is shown only now (the game is over or abandoned).
        again = f"kartaros play {self.info.name} --seed {self.state.seed}"
        if self.state.num_players != self.info.min_players:
            again += f" --players {self.state.num_players}"
        usual = self.info.people_variant
        changed = {k: v for k, v in self.state.variant.items() if v != usual.get(k, _default(self.info, k))}
        if changed:
            again += f" --variant '{json.dumps(changed)}'"
        if self.seat:
            again += f" --seat {self.seat}"
        self.console.print(Text(say("This deal: {command}", command=again), style="dim"))


_BOT_HELP = (f"Your opponents: a level ({', '.join(LEVELS)}) or a bot ({', '.join(sorted(BOTS))}), "
             "with parameters as simulate takes them, e.g. pimc:worlds=10.")


def _opponent(bot: str, seed: int) -> Bot:
    """A level's bot (easy, medium, hard) or a bot spec, as ``simulate`` takes them."""
    return make_bot(bot, seed=seed)


GAME_HELP = f"The game: {', '.join(kartaros.GAMES)} (see `kartaros games`)."


@app.command()
def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    seed: Annotated[str | None, typer.Option(metavar="INT", help="Deal from this seed (default: random).")] = None,
    save: Annotated[Path | None, typer.Option(metavar="FILE", help="Write the game record (JSON) here.")] = None,
    bot: Annotated[str, typer.Option(metavar="BOT", help=_BOT_HELP)] = "medium",
    seat: Annotated[str, typer.Option(metavar="INT", help="Your seat; seat 0 moves first.")] = "0",
    name: Annotated[
        str, typer.Option(metavar="NAME", help="Your name on the table and in the log (default: Player).")
    ] = "",
    players: Annotated[str | None, typer.Option(metavar="INT", help="How many play (default: the fewest).")] = None,
    variant: Annotated[
        str | None, typer.Option(metavar="JSON", help='Rule options, e.g. \'{"exhausted": "draw"}\'.')
    ] = None,
    lang: Annotated[str, typer.Option(metavar=_LANG_METAVAR, help=_LANG_HELP)] = "en",
    call_seconds: Annotated[float, typer.Option(
        min=MIN_CALL_SECONDS, max=MAX_CALL_SECONDS,
        help="How long you have to call out a miss, in seconds (games with calls).")] = CALL_SECONDS,
) -> None:
    """Play a game against bots (one bot in each other seat)."""
    lang = _lang_option(lang)
    seed_value = _int_option(seed, "--seed")
    seat_value = _int_option(seat, "--seat")
    players_value = _int_option(players, "--players")
    options = _json_option(variant, "--variant")
    if game in kartaros.GAMES:
        options = {**kartaros.GAMES[game].people_variant, **(options or {})}
    try:
        state = kartaros.new_game(game, players=players_value, seed=seed_value, variant=options)
    except ValueError as err:
        _fail(str(err))
    info = kartaros.GAMES[game]
    seats = state.num_players
    if seat_value is None or not 0 <= seat_value < seats:
        _fail(f"--seat must be a seat from 0 to {seats - 1} in {info.title}; got {seat!r}")
    if save is not None and (save.is_dir() or not save.parent.is_dir()):
        _fail(f"cannot save to {str(save)!r}: no such folder, or it is a folder itself")
    others = [p for p in range(seats) if p != seat_value]
    try:
        bots = {p: _opponent(bot, state.seed + p) for p in others}
        for chosen in bots.values():
            check_game(chosen, state)  # before the first move, not when the bot's turn comes
    except ValueError as err:
        _fail(str(err))
    say = view.speech(lang)
    names = [say("Bot") if len(others) == 1 else say("Bot {n}", n=p) for p in range(seats)]
    names[seat_value] = name.strip() or say("Player")
    match = Match(info, state, seat_value, names, bots, lang, call_seconds=call_seconds)
    completed = match.run()
    match.finish(completed)
    if save is not None:
        # a replay tells the moves by the same names, and says which seats the bots played
        record = with_players(state.record(), names, [None if p == seat_value else bot.strip() for p in range(seats)])
        try:
            save.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        except OSError as err:
            unsaved = say("Error: the record could not be saved: {error}", error=err)
            Console(stderr=True).print(Text(unsaved, style="red"))
            raise typer.Exit(1) from None
        again = f"kartaros replay {save}" + (f" --lang {lang}" if lang != "en" else "")
        saved = say("Record saved to {file}; see it again with: {command}", file=save, command=again)
        match.console.print(Text(saved, style="dim"))


# ---- replay ----------------------------------------------------------------------------


def _load_record(file: Path) -> dict[str, Any]:
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(f"no such file: {file}")
    except (OSError, UnicodeDecodeError) as err:
        _fail(f"cannot read {file}: {err}")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        _fail(f"{file} is not a JSON file ({err})")
    try:
        kartaros.replay(record)
    except RecordError as err:  # the reader checks every field: nothing else escapes it
        _fail(f"{file} is not a record that replays: {err}")
    assert isinstance(record, dict)  # replay() accepted it
    return record


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record from `kartaros play --save`.")],
    lang: Annotated[str, typer.Option(metavar=_LANG_METAVAR, help=_LANG_HELP)] = "en",
) -> None:
    """Show a saved game move by move."""
    lang = _lang_option(lang)
    record = _load_record(file)
    info = kartaros.GAMES[record["game"]]
    console = Console(highlight=False)
    say = view.speech(lang)
    names = _record_names(record, int(record.get("players") or info.min_players), say)
    moves = len(record["actions"])
    console.print(Text.assemble(
        (info.title, "bold"), " · ", say.plural("seed {seed} · {n} move", "seed {seed} · {n} moves", moves,
                                              seed=record["seed"]),
    ))
    console.print(say("Players: {players}", players=_players_words(record, names, say)))
    console.print(Text(say("A replay shows every card, the hidden ones too."), style="dim"))
    steps = kartaros.Replay(record)
    actions: list[str] = record["actions"]
    told = 0  # the events told so far
    # Each state comes just before its action: the events since the last are those of the move
    # before it (before the first move: the deal); the final state has the last move's.
    for index, _action, state in steps:
        told = _tell_events(console, info, state, names, lang, told, index, actions[index - 1] if index else "")
    _tell_events(console, info, steps.final, names, lang, told, moves, actions[-1] if moves else "")
    outcome = steps.final.outcome()
    if outcome is None:
        stopped = say.plural("The game was stopped after {n} move, before its end.",
                             "The game was stopped after {n} moves, before its end.", moves)
        console.print(Text(stopped, style="bold"))
    else:
        console.print(view.result_view(outcome, names, lang=lang, end=_end_words(info, steps.final, names, lang)))


def _record_names(record: dict[str, Any], players: int, say: Speech) -> list[str]:
    """The players of a record by the names it was played with (``Player 1`` … where it has none)."""
    given = record.get("names")
    if isinstance(given, list) and len(given) == players and all(isinstance(n, str) and n.strip() for n in given):
        return [n.strip() for n in given]
    return say.seat_names(players)


def _players_words(record: dict[str, Any], names: list[str], say: Speech) -> str:
    """Who played, by name, and which seats were bots (with their specs) where the record says."""
    bots = record.get("bots")
    if not isinstance(bots, list) or len(bots) != len(names):
        return say.listed(names)
    def bot_words(spec: str) -> str:  # a level is a word of the catalog (easy, medium, hard); a spec is code
        return say(spec) if spec in LEVELS else spec

    return say.listed(
        say("{name} (a person)", name=name) if spec is None
        else say("{name} (the bot {spec})", name=name, spec=bot_words(spec))
        for name, spec in zip(names, bots, strict=True)
    )


def _tell_events(
    console: Console, info: GameInfo, state: GameState, names: list[str], lang: str, since: int,
    number: int, action: str,
) -> int:
    """The events from ``since`` on, told as a replay tells them (``kartaros.told_events``).
    After a move (``number`` from 1) the first is ``action`` itself, numbered."""
    sentences = kartaros.told_events(state, names, lang, since)
    for i, sentence in enumerate(sentences):
        if i == 0 and number:
            console.print(view.told_move_line(number, sentence, action, lang))
        else:
            console.print(view.event_line(sentence))
    return since + len(sentences)


# ---- rules, games ----------------------------------------------------------------------


@app.command()
def rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    lang: Annotated[str, typer.Option(metavar="en|sr", help="en: as implemented; sr: the Serbian original.")] = "en",
) -> None:
    """Print a game's rules."""
    info = _game(game)
    lang = lang.strip().lower()
    if lang not in ("en", "sr"):
        _fail(f"--lang must be en or sr; got {lang!r}")
    try:
        text = info.rules_text(lang)
    except FileNotFoundError:
        _fail(f"there are no {'English' if lang == 'en' else 'Serbian'} rules of {info.title}")
    console = Console()
    if lang == "en":
        console.print(Markdown(text))
    else:  # plain text, one paragraph a line
        console.print(Markdown(f"# {info.title}"))
        for line in text.splitlines():
            console.print(Text(line))


@app.command()
def games(
    lang: Annotated[str, typer.Option(metavar=_LANG_METAVAR, help=_LANG_HELP)] = "en",
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the games and their options as JSON, values as --variant takes them.")] = False,
) -> None:
    """List the games, their players and their rule options."""
    if as_json:
        print(json.dumps({name: _game_json(info) for name, info in kartaros.GAMES.items()}, indent=2,
                         ensure_ascii=False))
        return
    Console().print(view.games_view(kartaros.GAMES, _lang_option(lang)))


def _game_json(info: GameInfo) -> dict[str, Any]:
    """A game for ``games --json``. ``default`` is the engine's (``new_game``, ``simulate``);
    ``play_default`` what ``play`` and the web app use at a table with people."""
    options = {}
    for option in info.options:
        entry: dict[str, Any] = {"default": option.default,
                                 "play_default": info.people_variant.get(option.name, option.default),
                                 "doc": option.doc}
        if option.choices is not None:
            entry["choices"] = list(option.choices)
        if option.minimum is not None:
            entry["minimum"] = option.minimum
        options[option.name] = entry
    return {"title": info.title, "players": {"min": info.min_players, "max": info.max_players,
                                             "default": info.default_players},
            "options": options}


# ---- simulate, tournament --------------------------------------------------------------

def _analysis_options(
    game: str, bots: str, n: str, players: str | None, seed: str | None, jobs: str, variant: str | None
) -> tuple[GameInfo, list[BotSpec], int, int | None, int | None, int, dict[str, Any] | None]:
    """The options shared by ``simulate`` and ``tournament``, checked (exit code 2 when wrong)."""
    info = _game(game)
    n_value = _int_option(n, "-n")
    if n_value is None or n_value < 1:
        _fail(f"-n must be a whole number ≥ 1; got {n!r}")
    jobs_value = _int_option(jobs, "--jobs")
    if jobs_value is None or jobs_value < 1:
        _fail(f"--jobs must be a whole number ≥ 1; got {jobs!r}")
    seed_value = _int_option(seed, "--seed")
    if seed_value is not None and seed_value < 0:
        _fail(f"--seed must be a whole number ≥ 0; got {seed!r}")
    players_value = _int_option(players, "--players")
    options = _json_option(variant, "--variant")
    try:
        specs = parse_bots(bots)
        probe = kartaros.new_game(game, players=players_value, seed=0, variant=options)
        for spec in specs:
            check_game(spec.make(0), probe)  # a bot that cannot play this game fails before any is played
    except ValueError as err:
        _fail(str(err))
    return info, specs, n_value, players_value, seed_value, jobs_value, options


def _check_ray(address: str | None, jobs: int) -> None:
    """``--ray``: that Ray is installed and ``--jobs`` not given too (exit code 2 if not)."""
    if address is None:
        return
    from kartaros.analysis import ray_runner

    if jobs != 1:
        _fail("--ray and --jobs exclude each other: on Ray the cluster's CPUs set how many games run at once")
    try:
        ray_runner.check_address(address)
        ray_runner.require_ray()
    except (ValueError, RuntimeError) as err:
        _fail(str(err))


INTERRUPTED = 130  # the exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells use


def _interrupted(stop: Interrupted) -> Any:
    """The partial result of a run stopped by Ctrl-C, with further Ctrl-Cs ignored while it prints
    (until :func:`_end_run`)."""
    _set_sigint(signal.SIG_IGN)
    return stop.result


def _set_sigint(handler: Any) -> None:
    if threading.current_thread() is threading.main_thread():  # elsewhere no handler can be set
        signal.signal(signal.SIGINT, handler)


def _end_run(complete: bool, played: int, planned: int | None) -> None:
    """After the result is printed: exit 130 with a note on stderr if Ctrl-C cut the run short."""
    if complete:
        return
    Console(stderr=True, highlight=False).print(
        Text(f"Interrupted: the numbers above are over the {played} of {planned} games finished.", style="yellow")
    )
    _set_sigint(signal.default_int_handler)  # Ctrl-C as before, for a caller that goes on (a test's runner)
    raise typer.Exit(INTERRUPTED)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(ci: tuple[float, float]) -> str:
    return f"{_percent(ci[0])} – {_percent(ci[1])}"


_RAY_HELP = ("Play on the Ray cluster at ADDRESS (auto, HOST:6379 or ray://HOST:10001) instead of --jobs; "
             "same results (needs kartaros[ray]).")
_QUIET_HELP = "No progress on stderr (a bar on a terminal, else a line every tenth of the games)."
_BOTS_HELP = "Comma-separated bots, each NAME or NAME:KEY=VALUE,…, e.g. random,ismcts:iterations=200."


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    bots: Annotated[str, typer.Option(metavar="BOTS", help=_BOTS_HELP)],
    n: Annotated[str, typer.Option("-n", "--games", metavar="N", help="How many games to play.")] = "100",
    players: Annotated[str | None, typer.Option(metavar="INT", help="How many play (default: the fewest).")] = None,
    seed: Annotated[str | None, typer.Option(metavar="INT", help="Seed of the whole run (default: random).")] = None,
    jobs: Annotated[str, typer.Option(metavar="J", help="Processes to play in (same results for any J).")] = "1",
    ray: Annotated[str | None, typer.Option(metavar="ADDRESS", help=_RAY_HELP)] = None,
    variant: Annotated[
        str | None, typer.Option(metavar="JSON", help='Rule options, e.g. \'{"exhausted": "draw"}\'.')
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET_HELP)] = False,
    plot: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Save a PNG of game lengths and win rates (needs matplotlib).")
    ] = None,
) -> None:
    """Play bots against each other with rotating seats: win rates, game length, first seat's edge."""
    from kartaros.analysis import simulate as run_simulation
    from kartaros.analysis.plot import plot_simulation, require_matplotlib

    info, specs, count, players_value, seed_value, jobs_value, options = _analysis_options(
        game, bots, n, players, seed, jobs, variant
    )
    _check_ray(ray, jobs_value)
    if plot is not None:
        try:
            require_matplotlib()
        except RuntimeError as err:
            _fail(str(err))
        if plot.is_dir() or not plot.parent.is_dir():
            _fail(f"cannot save the plot to {str(plot)!r}: no such folder, or it is a folder itself")
    try:
        with cli_progress.progress(count, quiet) as progress:
            result = run_simulation(
                game, specs, count, players=players_value, seed=seed_value, jobs=jobs_value, variant=options,
                progress=progress, ray=ray,
            )
    except (ValueError, RuntimeError) as err:  # a bot that fails on this game, an illegal move, no Ray
        _fail(str(err))
    except Interrupted as stop:
        result = _interrupted(stop)
    if plot is not None and result.n:
        try:
            plot_simulation(result, plot)
        except OSError as err:
            _fail(f"cannot save the plot to {str(plot)!r}: {err}")
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        _print_simulation(info, result, plot if result.n else None)
    _end_run(result.complete, len(result.games), result.planned)


def _print_simulation(info: GameInfo, result: SimulationResult, plot: Path | None) -> None:
    console = Console(highlight=False)
    console.print(Text.assemble(
        (info.title, "bold"), f" · {result.players} players · {result.n} games · seed {result.seed}"
    ))
    if not result.n:
        console.print("No game finished.")
        return
    table = Table(caption="95% Wilson intervals; fair: the win rate if all bots were equal")
    for column in ("bot", "games", "wins", "win rate", "95% interval", "fair"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for label, rate in result.bot_rates().items():
        table.add_row(
            label, str(rate.games), f"{rate.wins:g}", _percent(rate.win_rate), _interval(rate.ci95), _percent(rate.fair)
        )
    console.print(table)
    first = result.first_seat
    console.print(
        f"First seat: wins {_percent(first.win_rate)} ({_interval(first.ci95)}) against a fair "
        f"{_percent(first.fair)}: an advantage of {100 * (first.win_rate - first.fair):+.1f} points."
    )
    data = result.to_dict()
    console.print(
        f"Game length: {result.mean_moves:.1f} actions on average (median {data['median_moves']:g}, "
        f"{data['min_moves']}–{data['max_moves']}); draws: {result.draws}."
    )
    if plot is not None:
        console.print(Text(f"Plot saved to {plot}", style="dim"))


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    bots: Annotated[str, typer.Option(metavar="BOTS", help=_BOTS_HELP)],
    n: Annotated[str, typer.Option("-n", "--games", metavar="N", help="Games per pair of bots.")] = "50",
    players: Annotated[str | None, typer.Option(metavar="INT", help="Seats per game (default: the fewest).")] = None,
    seed: Annotated[str | None, typer.Option(metavar="INT", help="Seed of the whole run (default: random).")] = None,
    jobs: Annotated[str, typer.Option(metavar="J", help="Processes to play in (same results for any J).")] = "1",
    ray: Annotated[str | None, typer.Option(metavar="ADDRESS", help=_RAY_HELP)] = None,
    variant: Annotated[
        str | None, typer.Option(metavar="JSON", help='Rule options, e.g. \'{"exhausted": "draw"}\'.')
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET_HELP)] = False,
) -> None:
    """A round robin between bots, with Bradley–Terry ratings (Elo scale) and 95% intervals."""
    from kartaros.analysis import tournament as run_tournament

    info, specs, count, players_value, seed_value, jobs_value, options = _analysis_options(
        game, bots, n, players, seed, jobs, variant
    )
    _check_ray(ray, jobs_value)
    if len(specs) < 2:
        _fail("a tournament needs at least two bots, e.g. --bots random,ismcts")
    pairs = len(specs) * (len(specs) - 1) // 2
    try:
        with cli_progress.progress(pairs * count, quiet) as progress:
            result = run_tournament(
                game, specs, count, players=players_value, seed=seed_value, jobs=jobs_value, variant=options,
                progress=progress, ray=ray,
            )
    except (ValueError, RuntimeError) as err:
        _fail(str(err))
    except Interrupted as stop:
        result = _interrupted(stop)
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        _print_tournament(info, result)
    _end_run(result.complete, len(result.games), result.planned)


def _print_tournament(info: GameInfo, result: TournamentResult) -> None:
    console = Console(highlight=False)
    console.print(Text.assemble(
        (info.title, "bold"),
        f" · {result.players} players · {result.games_per_pair} games per pair · {len(result.games)} games"
        f" · seed {result.seed}",
    ))
    table = Table(caption="Bradley–Terry on the Elo scale, the field's mean at 0; 95% bootstrap interval")
    for column in ("#", "bot", "rating", "95% interval", "score", "games"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for rank, rating in enumerate(result.ratings, 1):
        low, high = rating.ci95
        table.add_row(
            str(rank), rating.bot, f"{rating.rating:+.0f}", f"{low:+.0f} – {high:+.0f}",
            f"{rating.score:g} ({_percent(rating.score / rating.games) if rating.games else '-'})",
            str(rating.games),
        )
    console.print(table)
    order = [result.bots.index(r.bot) for r in result.ratings]
    matrix = Table(title="Head to head: the row's share of the points against the column")
    matrix.add_column("")
    for b in order:
        matrix.add_column(result.bots[b], justify="right")
    h2h = result.head_to_head()
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append("·")
                continue
            score, played = h2h.get((min(a, b), max(a, b)), (0.0, 0))  # none yet, if interrupted
            cells.append(_percent((score if a < b else played - score) / played) if played else "-")
        matrix.add_row(result.bots[a], *cells)
    console.print(matrix)
    console.print(f"Game length: {result.mean_moves:.1f} actions on average.")


@app.command()
def join(
    link: Annotated[str, typer.Argument(
        metavar="LINK", help="A seat's invite link (http://host/t/<table>#token=…), or a table's address to watch.")],
    lang: Annotated[str, typer.Option(metavar=_LANG_METAVAR, help=_LANG_HELP)] = "en",
) -> None:
    """Play your seat at a table of a kartaros server (or watch the table), in the terminal."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    from kartaros import cli_join

    lang = _lang_option(lang)
    try:
        where = cli_join.parse_link(link)
    except ValueError as err:
        _fail(str(err))
    say = view.speech(lang)
    console = Console(highlight=False)
    seat = cli_join.Seat(where, lang, console, StdinKeyboard(SystemClock()))
    try:
        completed = seat.run()
    except KeyboardInterrupt:
        console.print()
        completed = False
    except ConnectionClosed as err:
        # a table that refused the link has said why (its error came first): nothing to add
        if err.rcvd is None or err.rcvd.code < 4400:
            console.print(Text(say("The connection to the table was lost."), style="red"))
        raise typer.Exit(1) from None
    except (OSError, InvalidHandshake, InvalidURI) as err:
        console.print(Text(f"{say('This table cannot be opened.')} ({err})", style="red"))
        raise typer.Exit(1) from None
    if not completed:
        console.print(Text(say("You left the table; your invite link takes you back to it."), style="bold"))


@app.command()
def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on: 127.0.0.1 for this machine alone, 0.0.0.0 for everyone on its networks.")]
        = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(metavar="URL", help="Database URL (default: an SQLite file here).")] = "",
    call_seconds: Annotated[float, typer.Option(
        min=MIN_CALL_SECONDS, max=MAX_CALL_SECONDS,
        help="How long a call window stays open to everyone after a miss, in seconds.")] = CALL_SECONDS,
    bot_workers: Annotated[int | None, typer.Option(
        min=0, max=8, help="Processes the bots think in, so that hard bots never slow the tables of people "
        "(default: one per core but one; 0: threads of the server's own process).")] = None,
    rate_limits: Annotated[bool, typer.Option(
        "--rate-limits/--no-rate-limits",
        help="Hold each client address to a rate of requests (off only for load tests from one address).")] = True,
    public_url: Annotated[str | None, typer.Option(
        metavar="URL", help="The address others open, behind a reverse proxy (https://cards.example.org): "
        "invite links carry it.")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        metavar="IPS", help="Trust X-Forwarded-For and X-Forwarded-Proto from these addresses (a proxy's, "
        "comma-separated, * for any); by default they are ignored.")] = None,
    workers: Annotated[int, typer.Option(
        min=1, max=32, help="Server processes on this port, sharing the tables: more than one needs "
        "--db postgresql://… and --redis.")] = 1,
    redis: Annotated[str | None, typer.Option(
        metavar="URL", envvar="KARTAROS_REDIS", help="Redis (redis://host:6379/0) over which several server "
        "processes on one PostgreSQL database tell each other of their tables' changes.")] = None,
    redis_prefix: Annotated[str, typer.Option(
        metavar="NAME", envvar="KARTAROS_REDIS_PREFIX",
        help="The start of this server's Redis channel names (servers sharing one Redis keep apart).")]
        = "kartaros",
) -> None:
    """Serve the web app and its API: tables with friends and bots, replays."""
    import uvicorn

    from kartaros.server import address, collector, create_app, fanout
    from kartaros.server import workers as serving
    from kartaros.server.store import DEFAULT_URL, Store
    from kartaros.server.thinking import default_workers

    url = db or DEFAULT_URL
    if workers > 1 and not url.startswith("postgresql"):
        _fail(f"--workers {workers} runs processes that share the tables through PostgreSQL: "
              "give --db postgresql://user@host/db (an SQLite file is served by one process)")
    if workers > 1 and redis is None:
        _fail(f"--workers {workers} runs processes that tell each other of the tables' changes over Redis: "
              "give --redis redis://host:6379/0 (or set KARTAROS_REDIS)")
    if redis is not None:
        if not url.startswith("postgresql"):
            _fail("--redis: several server processes share their tables through PostgreSQL: give --db "
                  "postgresql://user@host/db (an SQLite file is served by one process)")
        try:
            fanout.check_redis(redis)
        except fanout.RedisUnreachable as err:
            _fail(f"--redis: {err}")

    try:
        public = address.PublicAddress(
            url=address.public_url(public_url) if public_url is not None else None,
            lan_hosts=address.lan_addresses() if address.serves_everyone(host) else (),
        )
    except ValueError as err:
        _fail(f"--public-url: {err}")
    # the cores' bot workers shared out among the server's processes
    thinkers = max(1, default_workers() // workers) if bot_workers is None else bot_workers
    proxy_headers = forwarded_allow_ips is not None
    if workers > 1:
        try:
            Store(url).close()  # reachable, and brought to the newest schema once, before the workers
        except Exception as err:
            _fail(f"cannot open the database {url!r}: {err}")
        serving.put_settings(db_url=url, call_seconds=call_seconds, public_url=public.url,
                             lan_hosts=list(public.lan_hosts), rate_limits=rate_limits, bot_workers=thinkers,
                             redis_url=redis, redis_prefix=redis_prefix)
        Console().print(Text(_serving_line(host, port, public, workers), style="bold green"), soft_wrap=True)
        uvicorn.run("kartaros.server.workers:app", factory=True, workers=workers, host=host, port=port,
                    log_level="warning", proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips)
        return
    try:
        application = create_app(url, call_seconds=call_seconds, public=public, rate_limits=rate_limits,
                                 bot_workers=thinkers, redis_url=redis, redis_prefix=redis_prefix)
    except Exception as err:  # a bad URL or an unreachable database: say so in one line
        _fail(f"cannot open the database {url!r}: {err}")
    Console().print(Text(_serving_line(host, port, public), style="bold green"), soft_wrap=True)
    collector.tune_for_serving()
    uvicorn.run(application, host=host, port=port, log_level="warning", proxy_headers=proxy_headers,
                forwarded_allow_ips=forwarded_allow_ips)


def _serving_line(host: str, port: int, public: PublicAddress, workers: int = 1) -> str:
    """Where the server is, for whoever started it: the address on this machine, and the ones
    others open (the public URL, or this machine's addresses on its networks)."""
    from kartaros.server import address

    here = address.base_url("http", "127.0.0.1" if address.serves_everyone(host) else host, port)
    others = [public.url] if public.url else [address.base_url("http", ip, port) for ip in public.lan_hosts]
    line = f"kartaros is serving on {here}/" + (f" in {workers} processes" if workers > 1 else "")
    if others:
        line += f"; others open {', '.join(f'{url}/' for url in others)}"
    elif address.serves_everyone(host):
        line += "; this machine has no network address others can reach"
    return line + " (Ctrl-C stops it)"


# ---- puzzles ---------------------------------------------------------------------------

puzzles_app = typer.Typer(help="Puzzles: positions of bot games with one clearly best move.", no_args_is_help=True)
app.add_typer(puzzles_app, name="puzzles")


@puzzles_app.command("generate")
def puzzles_generate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game whose puzzles to add to.")],
    count: Annotated[int, typer.Option(min=1, metavar="N", help="How many new puzzles to find at most.")] = 5,
    seed: Annotated[int, typer.Option(min=0, metavar="SEED", help="The first bot game's seed (then seed+1, …).")] = 0,
    bots: Annotated[str, typer.Option(metavar="SPEC", help="The bot every seat plays the games with.")] = "greedy",
    screen_worlds: Annotated[int, typer.Option(min=2, metavar="N", help="Worlds per position in the screen.")] = 16,
    check_worlds: Annotated[int, typer.Option(min=2, metavar="N", help="Worlds per candidate in the check.")] = 64,
    games_: Annotated[int | None, typer.Option(
        "--games", min=1, metavar="N", help="Play at most this many bot games (default: 20 per puzzle asked).")] = None,
    ending: Annotated[float, typer.Option(
        min=0.0, max=1.0, metavar="SHARE",
        help="The share of positions taken from each game's ending (its last tenth).")] = 0.75,
    to_end: Annotated[bool, typer.Option(
        "--to-end", help="Play every world on to the end, not to the game's declared search horizon.")] = False,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help="The file to append to (default: the game's puzzles).")] = None,
) -> None:
    """Find candidate puzzles in seeded bot games and append them to the game's set."""
    from kartaros.analysis import puzzles

    info = _game(game)
    try:
        make_bot(bots, seed=0)
    except ValueError as err:
        _fail(str(err))
    path = out if out is not None else puzzles.puzzles_file(info)
    known = puzzles.load_file(path)
    console = Console()

    def found(puzzle: puzzles.Puzzle) -> None:
        console.print(
            f"{puzzle.id}: {puzzle.answer} {puzzle.value:.3f} against {puzzle.runner_up} "
            f"{puzzle.runner_up_value:.3f} ({puzzle.difficulty})"
        )
        known.append(puzzle)
        puzzles.save(path, known)  # after each: an interrupted run keeps what it found

    new = puzzles.generate(
        info, count=count, seed=seed, known=known, bots=bots, screen_worlds=screen_worlds,
        check_worlds=check_worlds, horizon=None if to_end else puzzles.default_horizon(info), max_games=games_,
        ending=ending, on_found=found,
    )
    console.print(f"{len(new)} new puzzles; {len(known)} in {path}")


def main() -> None:
    app(prog_name="kartaros")
