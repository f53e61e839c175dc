"""Keep the catalogs in step with the code: find every message, add the new ones, drop the old.

    python -m kartaros.words.catalogs          # update every sr.po (new messages untranslated)
    python -m kartaros.words.catalogs --check  # only say what is out of step (for tests and CI)

Each game's folder has its own catalog for the messages of its modules; the shared catalog
(``kartaros/words/sr.po``) has those of every other module and of the pages. A message is found
by the keywords of :data:`kartaros.words.speech.KEYWORDS` (``say``, ``say.plural``, ``say.noun``,
``N_``, ``mark`` …); in the pages' scripts by ``t("…")``, in their HTML by ``data-t="…"``.
"""

from __future__ import annotations

import argparse
import html
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from kartaros.words.speech import KEYWORDS

ROOT = Path(__file__).resolve().parent.parent  # the kartaros package
JS_KEYWORDS = {"t": None}
JS_OPTIONS = {"parse_template_string": True}  # t("…") inside a `template ${literal}` is a message too
SOURCES = (".py", ".js", ".html")  # the code, the pages' scripts and the pages
_DATA_T = re.compile(r'\bdata-t="([^"]*)"')  # a page's element whose text is a message
CREATED = datetime(2026, 12, 1, tzinfo=UTC)  # a fixed date in the header, so a catalog changes only with its words
HEADER = "Serbian (Latin script) words of kartaros"


@dataclass(frozen=True)
class Part:
    """One catalog and the sources its messages come from."""

    package: str
    folder: Path

    @property
    def po(self) -> Path:
        return self.folder / "sr.po"

    def sources(self) -> Iterator[Path]:
        if self.package == "kartaros.words":  # everything outside the games' folders
            games = ROOT / "games"
            for path in sorted(ROOT.rglob("*")):
                if games in path.parents or path.suffix not in SOURCES:
                    continue
                yield path
        else:  # the game's code and its own page files (its table module)
            yield from sorted(p for p in self.folder.iterdir() if p.suffix in (".py", ".js"))


def parts() -> list[Part]:
    found = [Part("kartaros.words", ROOT / "words")]
    for folder in sorted((ROOT / "games").iterdir()):
        if (folder / "__init__.py").exists():
            found.append(Part(f"kartaros.games.{folder.name}", folder))
    return found


def extract_html(source: Any, keywords: object, comment_tags: object, options: object) -> Iterator[Any]:
    """Babel's extraction method for the pages: the message of each ``data-t="…"`` attribute, as
    (line, keyword, message, comments) like Babel's own methods."""
    for line, text in enumerate(source.read().decode("utf-8").splitlines(), 1):
        for found in _DATA_T.finditer(text):
            yield line, "t", html.unescape(found.group(1)), []


def messages_of(path: Path) -> Iterator[tuple[int, str | tuple[str, ...], list[str], str | None]]:
    """(line, message, comments, context) of every message in one source file."""
    with path.open("rb") as source:
        if path.suffix == ".py":
            yield from extract("python", source, keywords=KEYWORDS)
        elif path.suffix == ".js":
            yield from extract("javascript", source, keywords=JS_KEYWORDS, options=JS_OPTIONS)
        else:
            yield from extract(extract_html, source, keywords=JS_KEYWORDS)


def extracted(part: Part) -> BabelCatalog:
    """Every message the part's sources use, as a template."""
    template = BabelCatalog(locale=None, project="kartaros", creation_date=CREATED)
    for path in part.sources():
        for line, message, comments, context in messages_of(path):
            where = (path.relative_to(ROOT.parent).as_posix(), line)
            template.add(message, locations=[where], auto_comments=comments, context=context)
    return template


def current(part: Part) -> BabelCatalog:
    if not part.po.exists():
        return BabelCatalog(
            locale="sr", project="kartaros", header_comment=f"# {HEADER}.", creation_date=CREATED,
            revision_date=CREATED, fuzzy=False,
        )
    with part.po.open("rb") as po:
        return read_po(po, locale="sr")


def updated(part: Part) -> tuple[BabelCatalog, list[str]]:
    """The part's catalog brought in step with its sources, and what changed in words."""
    catalog = current(part)
    template = extracted(part)
    before = {(m.context, m.id) for m in catalog if m.id}
    after = {(m.context, m.id) for m in template if m.id}
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    changes = [f"{part.po.relative_to(ROOT.parent)}: new {_key(k)}" for k in sorted(after - before, key=str)]
    changes += [f"{part.po.relative_to(ROOT.parent)}: unused {_key(k)}" for k in sorted(before - after, key=str)]
    return catalog, changes


def _key(key: tuple[object, object]) -> str:
    context, message = key
    return f"{context}: {message!r}" if context else repr(message)


def untranslated(catalog: BabelCatalog) -> list[str]:
    """The messages of ``catalog`` that have no Serbian yet."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            missing.append(_key((message.context, message.id)))
    return missing


def write(part: Part, catalog: BabelCatalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=False, include_lineno=False)
    part.po.write_bytes(buffer.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="change nothing; fail if a catalog is out of step")
    args = parser.parse_args(argv)
    problems: list[str] = []
    for part in parts():
        catalog, changes = updated(part)
        problems += changes
        problems += [f"{part.po.relative_to(ROOT.parent)}: untranslated {m}" for m in untranslated(catalog)]
        if changes and not args.check:
            write(part, catalog)
    for line in problems:
        print(line)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
