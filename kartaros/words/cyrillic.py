"""Serbian in Cyrillic script, from the Latin: the standard one-to-one transliteration.

Serbian is written in both scripts, letter for letter: the Latin digraphs ``lj``, ``nj`` and
``dž`` are one letter each (``љ``, ``њ``, ``џ``). Letters Serbian does not use (``q``, ``w``,
``x``, ``y``), digits and signs stay as they are.

    >>> to_cyrillic("Džoker lomi gušenje; Ljubica i Njegoš")
    'Џокер ломи гушење; Љубица и Његош'
"""

from __future__ import annotations

import re

_LETTERS = dict(
    zip(
        "ABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠabvgdđežzijklmnoprstćufhcčš",
        "АБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШабвгдђежзијклмнопрстћуфхцчш",
        strict=True,
    )
)
_DIGRAPHS = {
    "LJ": "Љ", "Lj": "Љ", "lj": "љ", "NJ": "Њ", "Nj": "Њ", "nj": "њ", "DŽ": "Џ", "Dž": "Џ", "dž": "џ",
}
_LETTER = re.compile("|".join(_DIGRAPHS) + "|.", re.DOTALL)


def _one(match: re.Match[str]) -> str:
    text = match.group(0)
    return _DIGRAPHS.get(text) or _LETTERS.get(text, text)


def to_cyrillic(latin: str) -> str:
    """Serbian Latin text in Cyrillic script."""
    return _LETTER.sub(_one, latin)
