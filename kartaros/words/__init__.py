"""Words for people: message catalogs in English and Serbian (Latin and Cyrillic), and the
helpers every game shares.

See :mod:`kartaros.words.speech` for how sentences are written and translated. Serbian names a
card by its words (``sedmica herc``, ``kralj pik``, ``crveni džoker``), declined for the
sentence: ``vuče kralja herc`` (accusative), ``lomi gušenje kraljem`` (instrumental). Player
names are never declined: sentences put them where the nominative fits (``Milan vuče …``) or
after ``igrača`` (``gomila igrača Milan``).
"""

from kartaros.words.cyrillic import to_cyrillic
from kartaros.words.game import game_words, seat_names
from kartaros.words.speech import (
    CASES,
    LANGUAGES,
    MISSING,
    N_,
    Catalog,
    Speech,
    Word,
    check_lang,
    mark,
    shared,
)

__all__ = [
    "CASES", "LANGUAGES", "MISSING", "N_", "Catalog", "Speech", "Word", "check_lang", "game_words", "mark",
    "seat_names", "shared", "to_cyrillic",
]
