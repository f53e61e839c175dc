"""What the terminal interface shows: cards, the table, the log, the moves, the result.

Everything here is built from a player's ``observation`` (and the game's own ``describe_*``
words), never from the whole truth of a state, so nothing hidden can leak onto the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kartaros.cards import RED_JOKER, SUIT, card_id, pretty
from kartaros.info import GameInfo
from kartaros.state import Outcome
from kartaros.words import listed

CARD_STYLE = {"red": "bold red on grey93", "black": "bold black on grey93"}
LOG_LINES = 14  # lines of the log shown before a prompt
PANEL_WIDTH = 72

# The screen's own words, for ``--lang`` (the game's words come from its ``describe_*``).
_UI = {
    "en": {
        "empty": "empty", "move": "move", "forced": "forced", "nothing": "(nothing visible happened)",
        "earlier": "earlier lines", "turn": "Your turn", "drawn": "The game is drawn.", "result": "Result",
    },
    "sr": {
        "empty": "prazno", "move": "potez", "forced": "prinudno", "nothing": "(ništa se nije videlo)",
        "earlier": "ranijih redova", "turn": "Tvoj potez", "drawn": "Nerešeno.", "result": "Rezultat",
    },
}


def ui(key: str, lang: str = "en") -> str:
    """One of the screen's own words in ``lang`` (English for an unknown language)."""
    return _UI.get(lang, _UI["en"])[key]

# ---- cards -----------------------------------------------------------------------------


def card(code: str) -> Text:
    """One card as people know it (``7♥``, ``10♠``), red suits in red; unknown codes as they are."""
    try:
        cid = card_id(code)
    except ValueError:
        return Text(f" {code} ", style="bold")
    red = SUIT[cid] in (1, 2) or cid == RED_JOKER  # hearts, diamonds
    return Text(f" {pretty(cid)} ", style=CARD_STYLE["red" if red else "black"])


def cards(codes: Sequence[str], empty: str = "—") -> Text:
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card(c) for c in codes)


# ---- the table -------------------------------------------------------------------------


def table_view(info: GameInfo, obs: dict[str, Any], names: Sequence[str], lang: str = "en") -> Panel:
    """The table as the observing player sees it, drawn from the game's own rows."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for row in info.words.table(obs, names, lang):
        line = Text()
        if row.more:
            line.append("… ", style="dim")
        if row.cards is not None:
            line.append_text(cards(row.cards, empty=ui("empty", lang) if row.label else ""))
        if row.note:
            if line:
                line.append("  ")
            style = "bold red" if row.alert else ("bold yellow" if row.mover else "cyan")
            line.append(row.note, style=style)
        grid.add_row(Text(row.label), line)
    title = Text.assemble((info.title, "bold"), f" · {ui('move', lang)} {obs.get('actions_played', '?')}")
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, width=PANEL_WIDTH, padding=(0, 1))


# ---- the log ---------------------------------------------------------------------------


@dataclass
class LogEntry:
    """One action (or the setup, when ``action`` is None) and the events it produced, in words."""

    who: str
    action: str | None
    lines: list[str] = field(default_factory=list)
    forced: bool = False


def log_view(entries: Sequence[LogEntry], limit: int = LOG_LINES, lang: str = "en") -> RenderableType | None:
    rows: list[tuple[Text, Text]] = []
    for entry in entries:
        tag = Text(entry.who, style="bold")
        if entry.action is not None:
            tag.append(f" {entry.action}", style="dim")
            if entry.forced:
                tag.append(f" ({ui('forced', lang)})", style="dim")
        for i, line in enumerate(entry.lines or [ui("nothing", lang)]):
            rows.append((tag if i == 0 else Text(""), Text(line)))
    if not rows:
        return None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    if len(rows) > limit:
        grid.add_row(Text(""), Text(f"… {len(rows) - limit} {ui('earlier', lang)}", style="dim"))
        rows = rows[-limit:]
    for row in rows:
        grid.add_row(*row)
    return grid


# ---- the moves -------------------------------------------------------------------------


def turn_line(info: GameInfo, obs: dict[str, Any], names: Sequence[str], seat: int, lang: str = "en") -> Text:
    line = Text(f"{ui('turn', lang)}, {names[seat]}", style="bold green")
    hint = info.words.turn(obs, names, lang)
    if hint:
        line.append(f" — {hint}", style="green")
    return line


def moves_view(
    info: GameInfo, obs: dict[str, Any], legal: Sequence[str], names: Sequence[str], lang: str = "en"
) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold cyan")
    grid.add_column()
    grid.add_column(style="dim")
    for number, action in enumerate(legal, 1):
        grid.add_row(str(number), words(info.words.action(obs, action, names, lang)), Text(action))
    return grid


def words(sentence: str) -> Text:
    """A sentence with its card names (``7♥``, ``Red Joker``; ``sedmica herc``, ``crveni džoker``)
    coloured by suit."""
    text = Text(sentence)
    text.highlight_regex(r"(?:10|[2-9AJQK])[♥♦]|Red Joker|\b\w+ (?:herc|karo)\b|\bcrven\w* džoker\w*", "red")
    return text


# ---- a replay ----------------------------------------------------------------------


def move_line(number: int, who: str, description: str, action: str) -> Text:
    line = Text.assemble((f"{number:>4}. ", "bold cyan"), (f"{who}: ", "bold"), words(description))
    return line.append(f"  [{action}]", style="dim")


def event_line(sentence: str) -> Text:
    return Text("        ↳ ", style="dim").append_text(words(sentence))


# ---- the end ---------------------------------------------------------------------------


def result_view(
    outcome: Outcome, names: Sequence[str], seat: int | None = None, lang: str = "en", end: str | None = None
) -> Panel:
    """The result; in Serbian ``end`` (the game's end event in words) stands for the engine's English detail."""
    winners = outcome.winners
    sr = lang == "sr"
    who = listed([names[w] for w in winners], lang)
    who_en = " and ".join(names[w] for w in winners)
    if not winners or len(set(outcome.returns)) == 1:
        head = Text(ui("drawn", lang), style="bold yellow")
    elif seat is not None and winners == [seat]:
        head = Text(f"Pobeda, {names[seat]}!" if sr else f"You win, {names[seat]}!", style="bold green")
    elif seat is not None and seat not in winners:
        lose = f"Pobeđuje: {who}. Ti gubiš." if sr else f"{who_en} wins. You lose."
        head = Text(lose, style="bold red")
    else:
        head = Text(f"Pobeđuje: {who}." if sr else f"{who_en} wins.", style="bold green")
    detail = end if sr and end else outcome.detail[:1].upper() + outcome.detail[1:]
    scores = ", ".join(f"{names[p]} = {r:g}" for p, r in enumerate(outcome.returns))
    returns = f"Ishod: {scores} (razlog: {outcome.reason})" if sr else f"Returns: {scores} (reason: {outcome.reason})"
    body = Group(head, Text(f"{detail}."), Text(returns, style="dim"))
    return Panel(body, title=ui("result", lang), title_align="left", expand=False)


# ---- the list of games -----------------------------------------------------------------


def games_view(games: dict[str, GameInfo]) -> Table:
    table = Table(title="Games kartaros plays", box=box.SIMPLE_HEAVY, title_justify="left")
    table.add_column("Name", style="bold cyan", no_wrap=True)
    table.add_column("Title", no_wrap=True)
    table.add_column("Players", justify="center")
    table.add_column("Summary")
    table.add_column("Variant options: default (other values)")
    for name in sorted(games):
        info = games[name]
        span = str(info.min_players)
        if info.max_players != info.min_players:
            span += f"–{info.max_players}"
        options = Text()
        for option in info.options:
            if options:
                options.append("\n")
            options.append(option.name, style="bold")
            options.append(f" = {option.default!r}")
            if option.choices is not None:
                others = [repr(c) for c in option.choices if c != option.default]
                if others:
                    options.append(f" ({' | '.join(others)})", style="dim")
            elif option.minimum is not None:
                options.append(f" (≥ {option.minimum})", style="dim")
        table.add_row(name, info.title, span, info.summary, options or Text("none", style="dim"))
    return table
