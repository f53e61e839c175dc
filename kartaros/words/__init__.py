"""Words for people: message catalogs in English and Serbian, and the helpers every game shares.

See :mod:`kartaros.words.speech` for how sentences are written and translated. Serbian names a
card by its words (``sedmica herc``, ``kralj pik``, ``crveni džoker``), declined for the
sentence: ``vuče kralja herc`` (accusative), ``lomi gušenje kraljem`` (instrumental). Player
names are never declined: sentences put them where the nominative fits (``Milan vuče …``) or
after ``igrača`` (``gomila igrača Milan``).
"""

from kartaros.words.cyrillic import to_cyrillic
from kartaros.words.legacy import (
    RANK_NAMES_EN,
    card_name,
    card_names,
    cards_count,
    listed,
    rank_name,
    sr_number,
    to_move,
    you,
)
from kartaros.words.speech import (
    CASES,
    LANGUAGES,
    MISSING,
    N_,
    SCRIPTS,
    Catalog,
    Speech,
    Word,
    check_lang,
    mark,
    shared,
)

__all__ = [
    "CASES", "LANGUAGES", "MISSING", "N_", "RANK_NAMES_EN", "SCRIPTS", "Catalog", "Speech", "Word", "card_name",
    "card_names", "cards_count", "check_lang", "listed", "mark", "rank_name", "shared", "sr_number", "to_cyrillic",
    "to_move", "you",
]
