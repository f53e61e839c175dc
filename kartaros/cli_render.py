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

CARD_STYLE = {"red": "bold red on grey93", "black": "bold black on grey93"}
DISCARD_SHOWN = 5  # top cards of the discard pile on the table
OUT_SHOWN = 8  # last cards of the out-of-play pile on the table
LOG_LINES = 14  # lines of the log shown before a prompt
PANEL_WIDTH = 72

# A word on what the player to move is doing, by phase name; unknown phases show as they are.
PHASE_HINTS = {
    "draw": "draw up to a full hand",
    "replace": "draw your replacement cards",
    "choose": "attack with a hold, play a pair, or discard to end your turn",
    "throw": "take the thrown card as a replacement, or draw",
    "defend": "you are under attack: answer it now",
}


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


def _discard_row(obs: dict[str, Any], names: Sequence[str]) -> Text:
    pile = obs["discard"]
    if not pile:
        return Text("empty", style="dim")
    shown = pile[-DISCARD_SHOWN:]
    row = Text()
    if len(pile) > len(shown):
        row.append("… ", style="dim")
    row.append_text(cards([d["card"] for d in shown]))
    top = pile[-1]
    by = names[top["by"]] if isinstance(top.get("by"), int) else "?"
    row.append(f"  ◀ top, from {by}", style="cyan")
    return row


def _pile_row(codes: Sequence[str], shown: int) -> Text:
    if not codes:
        return Text("empty", style="dim")
    row = Text()
    if len(codes) > shown:
        row.append("… ", style="dim")
    row.append_text(cards(codes[-shown:]))
    return row


def _seat_row(obs: dict[str, Any], player: int, seat: int) -> Text:
    size = obs["hand_sizes"][player] if "hand_sizes" in obs else None
    row = Text("?" if size is None else f"{size} card{'s' if size != 1 else ''}")
    known = obs.get("opponent_known") if player != seat else None
    if known:
        row.append("   you saw go in: ", style="dim")
        row.append_text(cards(known))
    if obs.get("current_player") == player:
        row.append("   ◀ to move", style="bold yellow")
    return row


def table_view(info: GameInfo, obs: dict[str, Any], names: Sequence[str], seat: int) -> Panel:
    """The table as ``seat`` sees it: the others, the piles, the table, himself, and his hand."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    players = len(names)
    for player in [*range(seat + 1, players), *range(seat)]:
        grid.add_row(Text(names[player]), _seat_row(obs, player, seat))
    grid.add_row("", "")
    if "stock_size" in obs:
        stock = Text(f"{obs['stock_size']} cards")
        if obs.get("stock_cycle") not in (None, "original"):
            stock.append(f"  ({obs['stock_cycle']})", style="dim")
        grid.add_row("Stock", stock)
    if "discard" in obs:
        grid.add_row(f"Discard ({len(obs['discard'])})", _discard_row(obs, names))
    if "out_of_play" in obs:
        grid.add_row(f"Out of play ({len(obs['out_of_play'])})", _pile_row(obs["out_of_play"], OUT_SHOWN))
    if obs.get("table"):
        row = cards(obs["table"])
        if obs.get("hold"):
            defender = obs.get("current_player")
            who = f", {names[defender]} must answer" if isinstance(defender, int) else ""
            row.append(f"   a {obs['hold']}{who}", style="bold red")
        grid.add_row("Table", row)
    grid.add_row("", "")
    grid.add_row(Text(f"{names[seat]} (you)"), _seat_row(obs, seat, seat))
    if "hand" in obs:
        grid.add_row("Your hand", cards(obs["hand"], empty="no cards"))
    title = Text.assemble((info.title, "bold"), f" · move {obs.get('actions_played', '?')}")
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, width=PANEL_WIDTH, padding=(0, 1))


# ---- the log ---------------------------------------------------------------------------


@dataclass
class LogEntry:
    """One action (or the setup, when ``action`` is None) and the events it produced, in words."""

    who: str
    action: str | None
    lines: list[str] = field(default_factory=list)
    forced: bool = False


def log_view(entries: Sequence[LogEntry], limit: int = LOG_LINES) -> RenderableType | None:
    rows: list[tuple[Text, Text]] = []
    for entry in entries:
        tag = Text(entry.who, style="bold")
        if entry.action is not None:
            tag.append(f" {entry.action}", style="dim")
            if entry.forced:
                tag.append(" (forced)", style="dim")
        for i, line in enumerate(entry.lines or ["(nothing visible happened)"]):
            rows.append((tag if i == 0 else Text(""), Text(line)))
    if not rows:
        return None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    if len(rows) > limit:
        grid.add_row(Text(""), Text(f"… {len(rows) - limit} earlier lines", style="dim"))
        rows = rows[-limit:]
    for row in rows:
        grid.add_row(*row)
    return grid


# ---- the moves -------------------------------------------------------------------------


def turn_line(obs: dict[str, Any], names: Sequence[str], seat: int) -> Text:
    phase = str(obs.get("phase", ""))
    line = Text(f"Your turn, {names[seat]}", style="bold green")
    hint = PHASE_HINTS.get(phase, phase)
    if phase == "defend" and obs.get("hold"):
        hint = f"you must break the {obs['hold']}: choose the card"
    if hint:
        line.append(f" — {hint}", style="green")
    return line


def moves_view(info: GameInfo, obs: dict[str, Any], legal: Sequence[str]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold cyan")
    grid.add_column()
    grid.add_column(style="dim")
    for number, action in enumerate(legal, 1):
        grid.add_row(str(number), words(info.describe_action(obs, action)), Text(action))
    return grid


def words(sentence: str) -> Text:
    """A sentence with its card names (``7♥``, ``Red Joker``) coloured by suit."""
    text = Text(sentence)
    text.highlight_regex(r"(?:10|[2-9AJQK])[♥♦]|Red Joker", "red")
    return text


# ---- a replay ----------------------------------------------------------------------


def move_line(number: int, who: str, description: str, action: str) -> Text:
    line = Text.assemble((f"{number:>4}. ", "bold cyan"), (f"{who}: ", "bold"), words(description))
    return line.append(f"  [{action}]", style="dim")


def event_line(sentence: str) -> Text:
    return Text("        ↳ ", style="dim").append_text(words(sentence))


# ---- the end ---------------------------------------------------------------------------


def result_view(outcome: Outcome, names: Sequence[str], seat: int | None = None) -> Panel:
    winners = outcome.winners
    if not winners or len(set(outcome.returns)) == 1:
        head = Text("The game is drawn.", style="bold yellow")
    elif seat is not None and winners == [seat]:
        head = Text(f"You win, {names[seat]}!", style="bold green")
    elif seat is not None and seat not in winners:
        head = Text(f"{' and '.join(names[w] for w in winners)} wins. You lose.", style="bold red")
    else:
        head = Text(f"{' and '.join(names[w] for w in winners)} wins.", style="bold green")
    detail = outcome.detail[:1].upper() + outcome.detail[1:]
    scores = ", ".join(f"{names[p]} = {r:g}" for p, r in enumerate(outcome.returns))
    body = Group(head, Text(f"{detail}."), Text(f"Returns: {scores} (reason: {outcome.reason})", style="dim"))
    return Panel(body, title="Result", title_align="left", expand=False)


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
