"""Playthroughs: seeded games written out step by step, the goldens of ``tests/playthroughs/``.

In the manner of OpenSpiel's playthrough files: one text file per game and player count (and
per variant people play with, where a game has one), holding at every step the player to
move, his legal actions, every player's observation and the public one, the words of each
legal action, of each new event, of the turn and of the table in every language, and the
action chosen; at the end the outcome, the final zones and the whole record. A seeded bot
per seat chooses the actions, so a playthrough depends on nothing but the package: the test
(``tests/test_playthroughs.py``) makes each one again in memory and compares it with its file.

Regenerate every file after a change that is meant, then review the diff::

    python3 scripts/playthroughs.py

Only the public API is used: ``kartaros.GAMES``, ``new_game``, ``replay``, the state's methods
and ``kartaros.bots.make``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import kartaros
from kartaros.bots import make
from kartaros.words import LANGUAGES

FOLDER = Path(__file__).resolve().parent / "playthroughs"
COMMAND = "python3 scripts/playthroughs.py"
# The seats' names in the words, by seat (never declined, so any will do).
NAMES = ("Ana", "Bora", "Ceca", "Dule", "Eva", "Filip", "Goca", "Hana")


@dataclass(frozen=True)
class Playthrough:
    """One seeded game: which game, how many players, the seed, the variant and the bots.

    ``variant`` holds the options given (the record shows them all, resolved); with
    ``people`` the game's ``people_variant`` comes first, and the file name says so
    (``tac-4p-people.txt``). Seat ``p`` plays ``bots[p]``, greedy and random by turns when
    none are given, seeded with ``seed * 10 + p``.
    """

    game: str
    players: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    people: bool = False
    bots: tuple[str, ...] = ()
    shows: tuple[str, ...] = ()  # marks of the events it was chosen for (``marks``), checked

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p" + ("-people" if self.people else "")

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"

    @property
    def options(self) -> dict[str, Any]:
        """The variant the game is started with."""
        base = dict(kartaros.GAMES[self.game].people_variant) if self.people else {}
        return {**base, **self.variant}

    @property
    def seats(self) -> tuple[str, ...]:
        """The bot of each seat: greedy and random by turns (greedy first) unless given, so the
        heuristic's plans and the odd moves only a random player makes meet in one game."""
        return self.bots or tuple("greedy" if seat % 2 == 0 else "random" for seat in range(self.players))

    def bot_seed(self, seat: int) -> int:
        return self.seed * 10 + seat


def marks(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """What a game's events show, as marks to name in ``Playthrough.shows``: each event type,
    and ``type:detail`` for the details that make one worth seeing (``end:knockout``,
    ``duel:tie``, ``hold:choke``, ``collect:surplus``, ``place:central``, ``miss:keep``, …)."""
    found: set[str] = set()
    for event in events:
        kind = event["type"]
        found.add(kind)
        for key in ("reason", "hold", "how", "kind"):
            if isinstance(event.get(key), str):
                found.add(f"{kind}:{event[key]}")
        if kind == "duel":
            found.update({"duel:tie"} if event.get("winner", 0) is None else set())
            found.update({"duel:knockout"} if event.get("knockout") else set())
        if event.get("surplus") is True:
            found.add(f"{kind}:surplus")
        if kind == "place" and "to" in event:
            to = event["to"]
            found.add("place:" + ("central" if to == "central" else "own" if to == event.get("player") else "other"))
    return found


# Seeds are chosen for short games that show the events worth seeing (``shows``, checked);
# where a game is long by nature, its safety bound (Tač's max_moves) ends it early, by its own
# rule (T13).
TAC_PLACES = ("place:central", "place:own", "place:other")
PLAYTHROUGHS: list[Playthrough] = [
    Playthrough("kec", 2, seed=1257, shows=("break", "pair", "steal", "reshuffle", "hold:choke", "end:knockout")),
    Playthrough("nesalomljiv", 2, seed=172, shows=("duel:tie", "duel:knockout", "draw", "reshuffle", "end:last_card")),
    Playthrough("tac", 2, seed=3, variant={"max_moves": 50}, shows=TAC_PLACES),
    # With 3 players an Ace lies on the central pile from the deal (T3).
    Playthrough("tac", 3, seed=1, variant={"max_moves": 40}, shows=TAC_PLACES),
    Playthrough("tac", 4, seed=3, variant={"max_moves": 32}, shows=TAC_PLACES),
    Playthrough("tac", 5, seed=53, variant={"max_moves": 26}, shows=TAC_PLACES),
    Playthrough("tac", 6, seed=71, variant={"max_moves": 22}, shows=TAC_PLACES),
    Playthrough("tac", 7, seed=7, variant={"max_moves": 20}, shows=TAC_PLACES),
    Playthrough("tac", 8, seed=3, variant={"max_moves": 18}, shows=TAC_PLACES),
    # Calls open (T11, T12): misses of both kinds, calls and the cards given for them; with 4
    # players two random seats in a row, so that one of them is asked first and may pass, and
    # a closed pile runs out and the open pile is turned over (T8).
    Playthrough("tac", 2, seed=29, variant={"max_moves": 50}, people=True,
                shows=("miss:keep", "miss:turn", "call", "give")),
    Playthrough("tac", 4, seed=391, variant={"max_moves": 48}, people=True,
                bots=("greedy", "random", "random", "greedy"),
                shows=("miss:keep", "miss:turn", "call", "pass", "give", "turnover")),
    # A tie broken by turned cards (P10); with 3 players a cut tied and cut again (P3) and the
    # surplus going with the first trick (P4); with 4 a tie between empty piles, won by play order.
    Playthrough("puck", 2, seed=108, shows=("tie", "turn", "collect:tiebreak")),
    Playthrough("puck", 3, seed=142, shows=("collect:surplus",)),
    Playthrough("puck", 4, seed=219, shows=("tie", "collect:order")),
]


# ---- writing one playthrough ------------------------------------------------------------------


def _json(value: Any) -> str:
    """Compact JSON, keys sorted: the same text whatever order a dict was built in."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _row(row: Any) -> str:
    """A table row as JSON, its fields in declared order, those at their defaults left out."""
    shown: dict[str, Any] = {}
    for f in fields(row):
        value = getattr(row, f.name)
        if f.name == "label" or value != f.default:
            shown[f.name] = list(value) if isinstance(value, tuple) else value
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":"))


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str = "") -> None:
        self.lines.append(line)

    def words(self, indent: str, texts: Iterable[tuple[str, str]]) -> None:
        for lang, text in texts:
            self(f"{indent}{lang}: {_text(text)}")


def _text(text: str) -> str:
    """A sentence as it is, or quoted as JSON where it would not survive as one line of text."""
    plain = text == text.strip() and len(text.splitlines()) <= 1 and not text.startswith('"')
    return text if plain else json.dumps(text, ensure_ascii=False)


def _who(seats: Sequence[int | None], names: Sequence[str]) -> str:
    if len(seats) == len(names) + 1:
        return "all"
    return ", ".join("public" if s is None else names[s] for s in seats)


def render(playthrough: Playthrough) -> str:
    """The playthrough's text, made afresh (the same for the same package, byte for byte)."""
    p = playthrough
    info = kartaros.GAMES[p.game]
    names = NAMES[: p.players]
    state = kartaros.new_game(p.game, players=p.players, seed=p.seed, variant=p.options)
    bots = [make(kind, seed=p.bot_seed(seat)) for seat, kind in enumerate(p.seats)]
    out = _Writer()
    out(f"# kartaros playthrough {p.name}: regenerate with `{COMMAND}`, then review the diff")
    out(f"game: {p.game} ({info.title})")
    out(f"players: {p.players}")
    out(f"variant: {_json(p.options)}")
    out(f"seed: {p.seed}")
    for seat, kind in enumerate(p.seats):
        out(f"seat {seat}: {names[seat]}, {kind} bot (seed {p.bot_seed(seat)})")
    out(f"languages: {', '.join(LANGUAGES)}")
    if info.words.call_button is not None:
        out("call button:")
        out.words("  ", ((lang, info.words.call_button(lang)) for lang in LANGUAGES))
    out(f"zones: {_json(state.zones())}")
    seen = [0] * (p.players + 1)  # events each player (and, last, the public) has been shown
    step = 0
    while not state.is_over:
        mover = state.current_player
        assert mover is not None
        legal = state.legal_actions()
        out()
        out(f"## step {step}: {names[mover]} (seat {mover}) to move")
        out(f"legal: {_json(legal)}")
        _views(out, state, names, seen)
        view = state.observation(mover)
        out("turn:")
        out.words("  ", ((lang, info.words.turn(view, names, lang)) for lang in LANGUAGES))
        for action in legal:
            out(f"action {action}:")
            out.words("  ", ((lang, info.words.action(view, action, names, lang)) for lang in LANGUAGES))
        _table(out, info, view, names, mover)
        action = bots[mover].choose(state)
        out(f"chosen: {action}")
        state.apply(action)
        step += 1
    out()
    out(f"## end after {step} actions")
    _views(out, state, names, seen)
    for seat in range(p.players):
        _table(out, info, state.observation(seat), names, seat)
    outcome = state.outcome()
    assert outcome is not None
    out(f"returns: {_json(state.returns())}")
    out(f"reason: {outcome.reason}")
    out(f"detail: {outcome.detail}")
    out(f"zones: {_json(state.zones())}")
    out(f"record: {_json(state.record())}")
    return "\n".join(out.lines) + "\n"


def _views(out: _Writer, state: kartaros.GameState, names: Sequence[str], seen: list[int]) -> None:
    """Every player's observation and the public one, with only the events new since the last
    look, then each new event in words, once for all who see it alike."""
    info = state.info
    viewers: list[int | None] = [*range(len(names)), None]
    news: list[list[dict[str, Any]]] = []
    for index, seat in enumerate(viewers):
        if seat is None:
            view = state.public_observation()
            view["events"] = view.get("events", [])[seen[index]:]
            out(f"obs public: {_json(view)}")
        else:
            view = state.observation(seat, since=seen[index])
            out(f"obs {names[seat]}: {_json(view)}")
        news.append(view.get("events", []))
    said: dict[tuple[int, tuple[str, ...]], list[int | None]] = {}  # (event index, words) -> viewers
    for index, (seat, events) in enumerate(zip(viewers, news, strict=True)):
        for offset, event in enumerate(events):
            texts = tuple(info.words.event(event, names, lang) for lang in LANGUAGES)
            said.setdefault((seen[index] + offset, texts), []).append(seat)
        seen[index] += len(events)
    for (number, texts), seats in sorted(said.items(), key=lambda item: item[0][0]):  # stable: seat order
        out(f"event {number} [{_who(seats, names)}]:")
        out.words("  ", zip(LANGUAGES, texts, strict=True))


def _table(out: _Writer, info: kartaros.GameInfo, view: dict[str, Any], names: Sequence[str], seat: int) -> None:
    for lang in LANGUAGES:
        out(f"table {names[seat]} {lang}:")
        for row in info.words.table(view, names, lang):
            out(f"  {_row(row)}")


# ---- reading a file back ----------------------------------------------------------------------


def stored(text: str, key: str, *, first: bool = False) -> Any:
    """The JSON after ``key:`` on the last line that starts with it (``record``, ``returns``,
    the final ``zones``), or on the first (the dealt ``zones``)."""
    prefix = f"{key}: "
    lines = text.splitlines()
    for line in lines if first else reversed(lines):
        if line.startswith(prefix):
            return json.loads(line[len(prefix):])
    raise KeyError(f"no line starts with {prefix!r}")


# ---- writing the files ------------------------------------------------------------------------


def write(selected: Iterable[Playthrough]) -> list[tuple[Path, int]]:
    """Write the playthroughs' files; return each path with its size in bytes."""
    FOLDER.mkdir(exist_ok=True)
    written = []
    for playthrough in selected:
        text = render(playthrough)
        playthrough.path.write_text(text, encoding="utf-8", newline="\n")
        written.append((playthrough.path, len(text.encode("utf-8"))))
    return written
