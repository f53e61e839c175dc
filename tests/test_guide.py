"""The rules for players: every game's guide in English and Serbian renders, has the sections a
player looks for and a cheat sheet last, pictures only real cards, and says no rule id or
notation; its pictures agree with the engine (Keč's holds and breakers, Puck's hand ranking,
Nesalomljiv's sums, Tač's runs); the renderer passes no raw HTML through; the endpoint and the
printable page answer for every game and language."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.cards import CODE, JOKER, RANK, card_id
from kartaros.server import create_app
from kartaros.server.guide import GuideError, game_guide, render
from kartaros.words import LANGUAGES

GAMES = list(kartaros.GAMES)
WRITTEN = ("en", "sr")  # the languages a guide is written in; Cyrillic is the Serbian, transliterated
CARDS = set(CODE[:54])
PICTURE = re.compile(r"\[\[(.*?)\]\]")
# The sections every guide has, in this order (a game may add its own among them), and the
# cheat sheet last; the rule options come before it, from the game's words.
SECTIONS = {
    "en": ["What you need", "The deal", "A turn", "Winning and the end", "An example", "Rule options", "Cheat sheet"],
    "sr": ["Šta vam treba", "Deljenje", "Potez", "Pobeda i kraj igre", "Primer", "Opcije pravila", "Podsetnik"],
}
RULE_ID = re.compile(r"(?<![A-Za-z0-9])[KNPT]\d{1,2}(?![0-9])")
# Notation a player should never read: card codes outside a picture, actions like 9H-9C or
# p1:2, code spans.
CODE_WORD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|RJ|BJ)(?![A-Za-z0-9])")
ACTION = re.compile(r"[2-9TJQKA][SHDC]-[2-9TJQKA][SHDC]|\bp\d:|[a-z]+_[a-z]+")


def guide_text(game: str, lang: str) -> str:
    text = kartaros.GAMES[game].guide_text(lang)
    assert text is not None, f"{game} declares no guide in {lang}"
    return text


def headings(markup: str, level: int = 2) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(rf"<h{level}>(.*?)</h{level}>", markup)]


def codes_in(markup: str) -> list[str]:
    return re.findall(r'data-code="(\w\w)"', markup)


def rows(markup: str) -> Iterator[tuple[str, list[str]]]:
    """Each table body row of some HTML: its text and the cards it pictures."""
    for row in re.findall(r"<tr>\s*<td>(.*?)</tr>", markup, re.DOTALL):
        text = html.unescape(re.sub(r"<[^>]+>", " ", row))
        yield " ".join(text.split()), codes_in(row)


def list_items(markup: str, tag: str = "ol") -> list[list[str]]:
    """The cards of each item of the first list ``tag`` of some HTML."""
    found = re.search(rf"<{tag}>(.*?)</{tag}>", markup, re.DOTALL)
    assert found, f"no <{tag}> list"
    return [codes_in(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1), re.DOTALL)]


# ---- every guide -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", WRITTEN)
@pytest.mark.parametrize("game", GAMES)
def test_the_guide_renders_with_its_sections_and_the_cheat_sheet_last(game: str, lang: str) -> None:
    info = kartaros.GAMES[game]
    guide = game_guide(info, lang)
    assert guide is not None
    assert info.title in guide.title and guide.title != info.title  # "How to play …", not the bare name
    found = headings(guide.html)
    assert [h for h in found if h in SECTIONS[lang]] == SECTIONS[lang], found
    assert found[-1] == SECTIONS[lang][-1]
    last = f'<section class="cheat-sheet"><h2>{SECTIONS[lang][-1]}</h2>\n{guide.cheat_sheet_html}</section>'
    assert guide.html.endswith(last)
    assert "<h2>" not in guide.cheat_sheet_html  # the cheat sheet is one section
    assert len(codes_in(guide.cheat_sheet_html)) >= 4  # it pictures what it says
    assert len(guide.cheat_sheet_html) < len(guide.html) / 3  # and it is short


@pytest.mark.parametrize("lang", WRITTEN)
@pytest.mark.parametrize("game", GAMES)
def test_every_picture_is_of_real_cards_and_each_is_drawn(game: str, lang: str) -> None:
    text = guide_text(game, lang)
    pictured = [code for inside in PICTURE.findall(text) for code in inside.split()]
    assert pictured and set(pictured) <= CARDS, set(pictured) - CARDS
    guide = game_guide(kartaros.GAMES[game], lang)
    assert guide is not None
    assert codes_in(guide.html) == pictured  # one card image per code, in order
    assert "[[" not in guide.html


@pytest.mark.parametrize("lang", WRITTEN)
@pytest.mark.parametrize("game", GAMES)
def test_the_guide_says_no_rule_id_and_no_notation(game: str, lang: str) -> None:
    prose = PICTURE.sub(" ", guide_text(game, lang))
    assert not RULE_ID.findall(prose)
    assert not CODE_WORD.findall(prose)
    assert not ACTION.findall(prose)
    assert "`" not in prose and "<" not in prose


@pytest.mark.parametrize("game", GAMES)
def test_the_serbian_guide_has_no_english_left(game: str) -> None:
    english = game_guide(kartaros.GAMES[game], "en")
    serbian = game_guide(kartaros.GAMES[game], "sr")
    assert english is not None and serbian is not None
    english_headings = set(headings(english.html) + headings(english.html, 3)) | {english.title}
    serbian_headings = set(headings(serbian.html) + headings(serbian.html, 3)) | {serbian.title}
    assert not english_headings & serbian_headings
    assert serbian.title.startswith("Kako se igra")
    text = guide_text(game, "sr")
    assert re.search("[čćšžđ]", text)  # Latin script with its letters
    assert not re.search("[а-яА-Я]", text)  # not Cyrillic: that is made from it
    for word in ("the", "and", "you", "card", "player"):
        assert not re.search(rf"\b{word}\b", PICTURE.sub(" ", text), re.IGNORECASE), word
    assert 'aria-label="kralj' in serbian.html or 'aria-label="kec' in serbian.html  # cards named in Serbian


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_in_cyrillic_is_the_serbian_transliterated(game: str) -> None:
    cyrillic = game_guide(kartaros.GAMES[game], "sr-Cyrl")
    latin = game_guide(kartaros.GAMES[game], "sr")
    assert cyrillic is not None and latin is not None
    assert cyrillic.title.startswith("Како се игра")
    assert codes_in(cyrillic.html) == codes_in(latin.html)  # the cards stay cards
    assert headings(cyrillic.html)[-1] == "Подсетник"


@pytest.mark.parametrize("lang", WRITTEN)
@pytest.mark.parametrize("game", GAMES)
def test_the_rule_options_are_listed_with_the_usual_choice(game: str, lang: str) -> None:
    info = kartaros.GAMES[game]
    guide = game_guide(info, lang)
    assert guide is not None and info.words.options is not None
    options = guide.html.split('<section class="guide-options">')[1].split("</section>")[0]
    for words in info.words.options(lang):
        assert f"<dt>{html.escape(words.label)}</dt>" in options
    usual = "(usual)" if lang == "en" else "(uobičajeno)"
    marked = sum(1 for option in info.options if option.choices is not None)
    assert options.count(usual) == marked  # one usual choice per option with choices


def test_a_game_declares_its_guides_in_its_folder() -> None:
    for name, info in kartaros.GAMES.items():
        assert set(info.guide) == set(WRITTEN)
        for lang, file in info.guide.items():
            assert (Path(kartaros.__file__).parent / "games" / name / file).is_file()
            assert info.guide_text(lang) == (Path(kartaros.__file__).parent / "games" / name / file).read_text("utf-8")
        assert info.guide_text("de") is None


# ---- the pictures agree with the engine ------------------------------------------------------


@pytest.mark.parametrize("lang", WRITTEN)
def test_K7_the_cheat_sheet_lists_each_hold_with_what_breaks_it(lang: str) -> None:
    from kartaros.games.kec.rules import BREAKERS, HOLD_RANKS
    from kartaros.games.kec.words import SPEECH

    guide = game_guide(kartaros.GAMES["kec"], lang)
    assert guide is not None
    say = SPEECH.speech(lang)
    names = {rank: str(say.rank(rank)).lower() for rank in (10, 11, 12, JOKER)}  # J Q K Joker
    found = list(rows(guide.cheat_sheet_html))
    assert len(found) == len(HOLD_RANKS)
    for (text, cards), ranks, breakers in zip(found, HOLD_RANKS, BREAKERS, strict=True):
        assert tuple(RANK[card_id(c)] for c in cards) == ranks, text
        broken_by = text.lower().split("|")[-1]
        for rank, name in names.items():
            assert (name in broken_by) == (rank in breakers), (text, name)


@pytest.mark.parametrize("lang", WRITTEN)
def test_K10_the_pairs_pictured_are_the_moves_and_the_rest_are_not(lang: str) -> None:
    from kartaros.games.kec.rules import EXCHANGE_RANKS, THROW_RANKS

    guide = game_guide(kartaros.GAMES["kec"], lang)
    assert guide is not None
    section = guide.html.split("<h3>")[2].split("<h2>")[0]  # the pairs, up to the next section
    exchanges, throws = re.findall(r"<ul>(.*?)</ul>", section, re.DOTALL)
    after = section.rsplit("</ul>", 1)[1]

    def ranks(part: str) -> list[int]:
        return [RANK[card_id(c)] for c in codes_in(part)]

    for part in (exchanges, throws, after):
        pairs = ranks(part)
        assert pairs[::2] == pairs[1::2]  # each picture is a pair of one rank
    assert set(ranks(exchanges)) == set(EXCHANGE_RANKS)
    assert set(ranks(throws)) == set(THROW_RANKS)
    assert set(ranks(after)) == {0, 1, 2, 11, 12, JOKER}  # A-A, 2-2, 3-3, Q-Q, K-K and the Jokers: no moves


@pytest.mark.parametrize("lang", WRITTEN)
def test_P9_the_cheat_sheet_ranks_the_hands_high_to_low_as_the_engine_does(lang: str) -> None:
    from kartaros.games.puck.rules import CATEGORY_NAMES, hand_value

    guide = game_guide(kartaros.GAMES["puck"], lang)
    assert guide is not None
    hands = list_items(guide.cheat_sheet_html)
    categories = [hand_value([card_id(c) for c in cards]) >> 12 for cards in hands]
    assert categories == list(reversed(range(len(CATEGORY_NAMES))))
    # The straights it names: A-2-3 the lowest, K-A-2 none.
    assert hand_value([card_id(c) for c in ("AS", "2H", "3D")]) >> 12 == CATEGORY_NAMES.index("straight")
    assert hand_value([card_id(c) for c in ("KS", "AH", "2D")]) >> 12 == CATEGORY_NAMES.index("high card")
    full = list(rows(guide.html))[: len(CATEGORY_NAMES)]  # the hands' table, strongest first
    assert [hand_value([card_id(c) for c in cards]) >> 12 for _, cards in full] == categories


@pytest.mark.parametrize("lang", WRITTEN)
def test_N2_N5_every_sum_pictured_adds_up_as_weapons_do(lang: str) -> None:
    text = guide_text("nesalomljiv", lang)
    weapon = {**{r: r + 1 for r in range(10)}, 10: 0, 11: 0, 12: 0}  # A 1, 2-10, faces 0
    sums = re.findall(r"\[\[(\w\w \w\w)\]\] = (\d+)", text)
    assert len(sums) >= 2
    for cards, total in sums:
        assert sum(weapon[RANK[card_id(c)]] for c in cards.split()) == int(total), cards
    spelt = re.findall(r"(\d+) \+ (\d+) = (\d+)", text)
    assert spelt and all(int(a) + int(b) == int(c) for a, b, c in spelt)


@pytest.mark.parametrize("lang", WRITTEN)
def test_T4_every_run_pictured_goes_up_one_rank_and_king_takes_ace(lang: str) -> None:
    text = guide_text("tac", lang)
    word = "then" if lang == "en" else "pa"
    runs = re.findall(rf"\[\[\w\w\]\](?: {word} \[\[\w\w\]\])+", text)
    runs += [m for m in PICTURE.findall(text) if len(m.split()) > 1]
    assert len(runs) >= 3
    for run in runs:
        cards = re.findall(r"\b[2-9TJQKA][SHDC]\b", run)
        steps = [(RANK[card_id(b)] - RANK[card_id(a)]) % 13 for a, b in itertools.pairwise(cards)]
        assert steps and all(step == 1 for step in steps), run


# ---- the renderer ----------------------------------------------------------------------------


def test_raw_html_in_a_guide_is_shown_as_text_never_passed_through() -> None:
    text = (
        "# How to play\n\n<script>alert(1)</script>\n\nA line with <img src=x onerror=alert(2)> and "
        "[a link](javascript:alert(3)).\n\n## Cheat sheet\n\n<b>bold?</b> [[KH]]\n"
    )
    guide = render(text, "en")
    for markup in (guide.html, guide.cheat_sheet_html):
        assert "<script" not in markup and "<img" not in markup and "<b>" not in markup
        assert 'href="javascript' not in markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in guide.html
    assert "&lt;b&gt;bold?&lt;/b&gt;" in guide.cheat_sheet_html


def test_a_picture_draws_cards_labelled_in_the_language() -> None:
    guide = render("# T\n\nA [[KH TS RJ]] here.\n\n## Cheat sheet\n\n[[2C]]\n", "sr")
    assert guide.title == "T"
    assert 'class="card red" data-code="KH" role="img" aria-label="kralj herc"' in guide.html
    assert '<span aria-hidden="true">10</span><span class="suit" aria-hidden="true">♠</span>' in guide.html
    joker = 'class="card joker red" data-code="RJ" role="img" aria-label="crveni džoker" title="crveni džoker">DŽOKER'
    assert joker in guide.html
    assert codes_in(guide.cheat_sheet_html) == ["2C"]


@pytest.mark.parametrize("bad", ["[[KX]]", "[[10H]]", "[[kh]]", "[[ ]]", "[[KH, QH]]"])
def test_a_picture_of_no_card_is_an_error(bad: str) -> None:
    with pytest.raises(GuideError):
        render(f"# T\n\n{bad}\n", "en")


# ---- the endpoint and the page ---------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'kartaros.db'}")) as c:
        yield c


def test_the_guide_endpoint_answers_for_every_game_and_language(client: TestClient) -> None:
    for game in GAMES:
        for lang in LANGUAGES:
            answer = client.get(f"/api/guide/{game}?lang={lang}")
            assert answer.status_code == 200, (game, lang)
            body = answer.json()
            assert set(body) == {"game", "title", "html", "cheat_sheet_html"}
            assert body["game"] == game and body["cheat_sheet_html"] in body["html"]
        page = client.get(f"/rules/{game}?lang=sr")
        assert page.status_code == 200 and 'id="guide-page"' in page.text and '<option value="sr"' in page.text
    assert client.get("/api/rules/kec").text.startswith("# Keč")  # the engine's specification stays


def test_an_unknown_game_has_no_guide_in_words(client: TestClient) -> None:
    answer = client.get("/api/guide/chess?lang=sr")
    assert answer.status_code == 404
    body = answer.json()
    assert body["error"] == "there is no game called chess"
    assert "chess" in body["words"] and body["words"] != body["error"]  # said in Serbian
    assert client.get("/api/guide/kec?lang=de").status_code == 400
    assert client.get("/rules/chess").status_code == 404
