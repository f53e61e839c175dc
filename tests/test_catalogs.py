"""The words catalogs: in step with the code, every message translated, the translations
well-formed, and Serbian Cyrillic the standard transliteration of the Latin."""

from __future__ import annotations

import string

import pytest

from kartaros.words import CASES, Catalog, to_cyrillic
from kartaros.words.catalogs import current, main, parts

PARTS = parts()


def test_every_catalog_is_in_step_with_its_code_and_translated(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--check"])
    said = capsys.readouterr().out
    assert status == 0, f"run `python -m kartaros.words.catalogs`, then translate what it lists:\n{said}"


def _fields(text: str) -> dict[str, str]:
    """Each ``str.format`` field of ``text`` with its spec."""
    return {name: spec for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("part", PARTS, ids=lambda part: part.package)
def test_translations_keep_the_fields_and_decline_by_case(part: object) -> None:
    catalog = current(part)  # type: ignore[arg-type]
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        where = f"{message.context or ''} {ids[0]!r}"
        wanted = set(_fields(ids[0])) | ({"n"} if len(ids) > 1 else set())
        for text in strings:
            forms = text.split("|") if message.context else [text]
            if message.context:  # a noun: one form, or one per case
                assert len(forms) in (1, 4, 5), f"{where}: {len(forms)} forms in {text!r}"
            for form in forms:
                fields = _fields(form)
                assert set(fields) == wanted or (len(ids) > 1 and set(fields) == wanted - {"n"}), (
                    f"{where}: fields {sorted(fields)} in {form!r}, the English has {sorted(wanted)}"
                )
                for spec in fields.values():
                    assert spec in ("", *CASES), f"{where}: {spec!r} is no Serbian case (in {form!r})"


def test_a_message_no_catalog_has_is_noticed_in_serbian_only() -> None:
    from kartaros.words import MISSING

    say = Catalog("kartaros.words").speech("sr")
    MISSING.clear()
    assert say("Nobody wrote this down") == "Nobody wrote this down"  # English, the fallback
    assert {("kartaros.words", None, "Nobody wrote this down")} == MISSING
    MISSING.clear()
    Catalog("kartaros.words").speech("en")("Nobody wrote this down")
    assert not MISSING


def test_serbian_cyrillic_is_the_latin_letter_for_letter() -> None:
    assert to_cyrillic("Ljubica, Njegoš i Džoni: đak, ćevap, čaša, šal, žaba") == (
        "Љубица, Његош и Џони: ђак, ћевап, чаша, шал, жаба"
    )
    assert to_cyrillic("LJUBAV NJIVA DŽEP") == "ЉУБАВ ЊИВА ЏЕП"
    assert to_cyrillic("abvgdđežzijklljmnnjoprstćufhcčdžš") == "абвгдђежзијклљмнњопрстћуфхцчџш"
    assert to_cyrillic("◀ 12 (x, y, q, w)") == "◀ 12 (x, y, q, w)"


def test_cyrillic_keeps_names_and_fields_as_they_are() -> None:
    say = Catalog("kartaros.words").speech("sr-Cyrl")
    assert say.you("Milan") == "Milan (ти)"
    assert say.listed(["Ana", "Bora", "Jelena"]) == "Ana, Bora и Jelena"
    assert format(say.card("KH"), "acc") == "краља херц"
    assert [str(say.count(n)) for n in (1, 3, 5)] == ["1 карта", "3 карте", "5 карата"]


def test_serbian_counts_take_three_plural_forms_and_cases() -> None:
    say = Catalog("kartaros.words").speech("sr")
    assert [str(say.count(n)) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)] == [
        "1 karta", "2 karte", "4 karte", "5 karata", "11 karata", "12 karata", "14 karata", "21 karta", "22 karte",
        "25 karata", "101 karta", "111 karata",
    ]
    assert format(say.count(1), "acc") == "1 kartu" and format(say.count(21), "acc") == "21 kartu"
    en = Catalog("kartaros.words").speech("en")
    assert [str(en.count(n)) for n in (1, 2, 21)] == ["1 card", "2 cards", "21 cards"]
