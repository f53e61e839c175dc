"""What the terminal interface shows: cards, the table, the log, the moves, the result.

Everything here is built from a player's ``observation`` (and the game's own ``describe_*``
words), never from the whole truth of a state, so nothing hidden can leak onto the screen.
The screen's own sentences are messages of the shared catalog (``kartaros/words/sr.po``), in
the language of ``--lang``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kartaros.cards import JOKER, RANK, RED_JOKER, SUIT, card_id, pretty
from kartaros.info import GameInfo, OptionWords
from kartaros.state import Outcome
from kartaros.variant import Option
from kartaros.words import Speech, shared

CARD_STYLE = {"red": "bold red on grey93", "black": "bold black on grey93"}
PANEL_WIDTH = 72


def speech(lang: str = "en") -> Speech:
    """The screen's own words in ``lang`` (the game's words come from its ``describe_*``)."""
    return shared().speech(lang)


# ---- cards -----------------------------------------------------------------------------


def card(code: str, lang: str = "en") -> Text:
    """One card as people know it (``7♥``, ``10♠``; a Joker by its words: ``Red Joker``, ``crveni
    džoker``), red suits in red; unknown codes as they are."""
    try:
        cid = card_id(code)
    except ValueError:
        return Text(f" {code} ", style="bold")
    red = SUIT[cid] in (1, 2) or cid == RED_JOKER  # hearts, diamonds
    face = str(speech(lang).card(code)) if RANK[cid] == JOKER else pretty(cid)
    return Text(f" {face} ", style=CARD_STYLE["red" if red else "black"])


def cards(codes: Sequence[str], empty: str = "—", lang: str = "en") -> Text:
    if not codes:
        return Text(empty, style="dim")
    return Text(" ").join(card(c, lang) for c in codes)


# ---- the table -------------------------------------------------------------------------


def table_view(info: GameInfo, obs: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> Panel:
    """The table as the observing player sees it, drawn from the game's own rows."""
    say = speech(lang)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for row in info.words.table(obs, names, lang):
        line = Text()
        if row.more:
            line.append("… ", style="dim")
        if row.cards is not None:
            line.append_text(cards(row.cards, empty=say("empty") if row.label else "", lang=lang))
        if row.note:
            if line:
                line.append("  ")
            style = "bold red" if row.alert else ("bold yellow" if row.mover else "cyan")
            line.append(row.note, style=style)
        grid.add_row(Text(row.label), line)
    title = Text.assemble((info.title, "bold"), " · ", say("move {n}", n=obs.get("actions_played", "?")))
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, width=PANEL_WIDTH, padding=(0, 1))


# ---- the log ---------------------------------------------------------------------------


@dataclass
class LogEntry:
    """One action (or the setup, when ``action`` is None) and the events it produced, in words."""

    who: str
    action: str | None
    lines: list[str] = field(default_factory=list)
    forced: bool = False


def log_view(entries: Sequence[LogEntry], lang: str = "en") -> Table | None:
    """Every entry's lines, none left out; a run of entries by the same player is grouped under
    his name, told once."""
    say = speech(lang)
    rows: list[tuple[Text, Text]] = []
    previous: str | None = None
    for entry in entries:
        named = entry.who != previous
        previous = entry.who
        tag = Text(entry.who if named else "  ", style="bold")
        shown = notation(entry.action, lang) if entry.action is not None else ""
        if shown:
            tag.append(f" {shown}" if named else shown, style="dim")
        if entry.action is not None and entry.forced:
            tag.append(" " + say("(forced)"), style="dim")
        for i, line in enumerate(entry.lines or [say("(nothing visible happened)")]):
            rows.append((tag if i == 0 else Text(""), Text(line)))
    if not rows:
        return None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for row in rows:
        grid.add_row(*row)
    return grid


# ---- the moves -------------------------------------------------------------------------


def turn_line(info: GameInfo, obs: Mapping[str, Any], names: Sequence[str], seat: int, lang: str = "en") -> Text:
    say = speech(lang)
    line = Text(say("Your turn, {name}", name=names[seat]), style="bold green")
    hint = info.words.turn(obs, names, lang)
    if hint:
        line.append(f" — {hint}", style="green")
    return line


def moves_view(
    info: GameInfo, obs: Mapping[str, Any], legal: Sequence[str], names: Sequence[str], lang: str = "en"
) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(justify="right", style="bold cyan")
    grid.add_column()
    grid.add_column(style="dim")
    for number, action in enumerate(legal, 1):
        grid.add_row(str(number), words(info.words.action(obs, action, names, lang)), Text(notation(action, lang)))
    return grid


_WORD = re.compile(r"[a-z]{2,}")  # a notation that is an English word (draw, take, pass …), not cards


def notation(action: str, lang: str = "en") -> str:
    """An action's notation as the screen shows it beside its words, for typing: in another
    language than English, a notation that is an English word is left out (its number is typed)."""
    return action if lang == "en" or not _WORD.search(action) else ""


def words(sentence: str) -> Text:
    """A sentence with its card names (``7♥``, ``Red Joker``; ``sedmica herc``, ``crveni džoker``;
    ``седмица херц``) coloured by suit."""
    text = Text(sentence)
    text.highlight_regex(RED_CARDS, "red")
    return text


RED_CARDS = (
    r"(?:10|[2-9AJQK])[♥♦]|Red Joker|\b\w+ (?:herc|karo)\b|\bcrven\w* džoker\w*"
    r"|(?<!\w)\w+ (?:херц|каро)(?!\w)|(?<!\w)црвен\w* џокер\w*"
)


# ---- a replay ----------------------------------------------------------------------


def move_line(number: int, who: str, description: str, action: str, lang: str = "en") -> Text:
    line = Text.assemble((f"{number:>4}. ", "bold cyan"), (f"{who}: ", "bold"), words(description))
    shown = notation(action, lang)
    return line.append(f"  [{shown}]", style="dim") if shown else line


def told_move_line(number: int, sentence: str, action: str, lang: str = "en") -> Text:
    """A replay's move: its number, what was done in the third person, and its notation."""
    line = Text.assemble((f"{number:>4}. ", "bold cyan"), words(sentence))
    shown = notation(action, lang)
    return line.append(f"  [{shown}]", style="dim") if shown else line


def event_line(sentence: str) -> Text:
    return Text("        ↳ ", style="dim").append_text(words(sentence))


# ---- the end ---------------------------------------------------------------------------


def result_view(
    outcome: Outcome, names: Sequence[str], seat: int | None = None, lang: str = "en", end: str | None = None
) -> Panel:
    """The result, the players by name; ``end`` (the game's end event in words) says how it came
    about (without it, the outcome's own words do)."""
    say = speech(lang)
    winners = outcome.winners
    who = say.names(names, winners)
    if not winners or len(set(outcome.returns)) == 1:
        head = Text(say("The game is drawn."), style="bold yellow")
    elif seat is not None and winners == [seat]:
        head = Text(say("You win, {name}!", name=names[seat]), style="bold green")
    elif seat is not None and seat not in winners:
        head = Text(say.plural("{who} wins. You lose.", "{who} win. You lose.", len(winners), who=who),
                    style="bold red")
    else:
        head = Text(say.plural("{who} wins.", "{who} win.", len(winners), who=who), style="bold green")
    detail = end or outcome.words(names, lang)
    scores = ", ".join(f"{names[p]} = {r:g}" for p, r in enumerate(outcome.returns))
    lines = [head] + ([Text(f"{detail[:1].upper()}{detail[1:]}.")] if detail else [])
    body = Group(*lines, Text(say("Score: {scores}", scores=scores), style="dim"))
    return Panel(body, title=say("Result"), title_align="left", expand=False)


# ---- the list of games -----------------------------------------------------------------


def games_view(games: dict[str, GameInfo], lang: str = "en") -> Table:
    """The games and their rule options, each option by its words for people and, for
    ``--variant``, by its name and values."""
    say = speech(lang)
    table = Table(title=say("Games kartaros plays"), box=box.SIMPLE_HEAVY, title_justify="left")
    table.add_column(say("Name"), style="bold cyan", no_wrap=True)
    table.add_column(say("Title"), no_wrap=True)
    table.add_column(say("Players"), justify="center")
    table.add_column(say("Summary"))
    table.add_column(say("Rule options: the default, then the other values"))
    for name in sorted(games):
        info = games[name]
        span = str(info.min_players)
        if info.max_players != info.min_players:
            span += f"–{info.max_players}"
        said = {o.name: o for o in info.words.options(lang)} if info.words.options is not None else {}
        options = Text()
        for option in info.options:
            if options:
                options.append("\n")
            options.append_text(option_text(say, option, said.get(option.name)))
        summary = info.words.summary(lang) if info.words.summary else info.summary
        table.add_row(name, info.title, span, summary, options or Text(say("none"), style="dim"))
    return table


def option_text(say: Speech, option: Option, words: OptionWords | None) -> Text:
    """One rule option for ``kartaros games``: its label and explanation for people, and its name
    and values as ``--variant`` takes them (JSON)."""
    text = Text()
    if words is not None:
        text.append(words.label, style="bold")
        text.append(f" ({option.name})", style="dim")
    else:
        text.append(option.name, style="bold")
    text.append(f" = {choice_text(say, option, words, option.default)}")
    if option.choices is not None:
        others = [choice_text(say, option, words, c) for c in option.choices if c != option.default]
        if others:
            text.append("; " + say("or {values}", values=" | ".join(others)), style="dim")
    elif option.minimum is not None:
        text.append(" " + say("(a whole number, at least {minimum})", minimum=option.minimum), style="dim")
    if words is not None and words.explanation:
        text.append(f"\n  {words.explanation}", style="dim italic")
    return text


def choice_text(say: Speech, option: Option, words: OptionWords | None, value: object) -> str:
    """A value of an option: its words (the game's; yes or no for a flag) and the value in JSON."""
    code = json.dumps(value, ensure_ascii=False)
    said = next((w for k, w in words.choices.items() if type(k) is type(value) and k == value), None) if words else None
    if said is None and isinstance(value, bool):
        said = say("yes") if value else say("no")
    return code if said is None else f"{said} ({code})"
