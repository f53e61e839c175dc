"""Every guided first game replays as it says (kartaros.lessons): each expected move is legal at
its step, the scripted opponents' moves are legal, every other try is refused with its
explanation and changes nothing, the lesson ends as declared; its words are all in Serbian; and
the server runs it on the table's socket."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import kartaros
from kartaros.errors import IllegalAction
from kartaros.info import GameInfo
from kartaros.lesson_runs import WELL_DONE, LessonRun
from kartaros.lessons import Lesson, Step
from kartaros.words import Catalog
from kartaros.words.speech import LANGUAGES

from .test_server_api import client, db_url  # noqa: F401  (fixtures)

LESSONS = [info for info in kartaros.GAMES.values() if info.lesson is not None]
IDS = [info.name for info in LESSONS]


def lesson_of(info: GameInfo) -> Lesson:
    assert info.lesson is not None
    return info.lesson


def walk(info: GameInfo) -> Iterator[tuple[LessonRun, Step]]:
    """The lesson step by step: yields the run at each step, then makes the step's move."""
    run = LessonRun(lesson_of(info), "Mila")
    while (step := run.step) is not None:
        yield run, step
        refused = run.go_on() if step.read else run.try_move(step.expect[0])
        assert refused is None, f"step {run.step_index}: {refused.message}"


def test_there_are_lessons() -> None:
    assert "tac" in IDS  # the first lesson written; the others follow the same shape


@pytest.mark.parametrize("info", LESSONS, ids=IDS)
def test_every_expected_move_is_legal_and_the_lesson_ends_as_declared(info: GameInfo) -> None:
    lesson = lesson_of(info)
    learner = lesson.learner
    for run, step in walk(info):
        if step.read:
            assert not step.instead, "a step that is read has no move to refuse"
            continue
        assert run.state.current_player == learner, f"step {run.step_index} asks for a move out of turn"
        legal = run.state.legal_actions()
        assert set(step.expect) <= set(legal), f"step {run.step_index}: {step.expect} not all in {legal}"
    # the opponents' script is used up, no move of it left unplayed, and the end is the one declared
    assert run.done
    assert run.scripted == len(lesson.bot)
    if lesson.returns is None:
        assert not run.state.is_over
    else:
        assert run.state.is_over and tuple(run.state.returns()) == lesson.returns


@pytest.mark.parametrize("info", LESSONS, ids=IDS)
def test_a_wrong_try_gets_its_explanation_and_changes_nothing(info: GameInfo) -> None:
    tried_illegal = tried_other = 0
    # what a person may try: the table's offers, and the moves the lesson asks for elsewhere
    # (a draw out of turn, a tie-break's turn in an exchange …), which are often not legal now
    elsewhere = sorted({move for step in lesson_of(info).steps for move in step.expect})
    for run, step in walk(info):
        if step.read:
            refused = run.try_move("turn")  # nothing is played while a step is read
            assert refused is not None and refused.words("sr")
            continue
        for try_ in dict.fromkeys([*info.offers(run.state), *elsewhere]):
            played = info.as_played(try_, run.state.legal_actions())
            if played in step.expect:
                continue
            before = run.state.record()
            at = run.step_index
            refused = run.try_move(try_)
            assert refused is not None, f"step {at}: {try_!r} was taken"
            assert run.state.record() == before and run.step_index == at  # the state unchanged
            if played is None:  # not legal: the rules' own words of why
                with pytest.raises(IllegalAction) as err:
                    run.state.clone().apply(try_)
                for lang in LANGUAGES:
                    assert refused.words(lang) == err.value.words(run.names, lang)
                tried_illegal += 1
            else:  # legal, but not this lesson's move: the step's own sentence, players by name
                assert step.instead, f"step {at}: {played!r} is legal here, and the step says nothing of it"
                assert refused.words("en") == run.say(step.instead, "en")
                assert "{" not in refused.words("sr")
                tried_other += 1
    assert tried_illegal and tried_other  # the lesson lets both kinds of wrong move be made


@pytest.mark.parametrize("info", LESSONS, ids=IDS)
def test_every_step_is_said_in_serbian_with_the_players_by_name(info: GameInfo) -> None:
    lesson = lesson_of(info)
    known = Catalog(info.package).messages()
    messages = [lesson.done or WELL_DONE] + [m for s in lesson.steps for m in (s.text, s.instead) if m]
    missing = [m for m in messages if (None, m) not in known]
    assert not missing, f"not in {info.package}'s sr.po: {missing}"
    run = LessonRun(lesson, "Mila")
    for message in messages:
        for lang in LANGUAGES:
            said = run.say(message, lang)
            assert "{" not in said and said.strip()
    bots = [n for p, n in enumerate(run.names) if p != lesson.learner]
    assert any(name in run.say(m, "sr") for m in messages for name in bots)  # the opponent by name


def test_T5_tac_the_king_before_the_first_ace_is_refused_in_the_rules_words() -> None:
    """Tač's second step: the King cannot go onto the central pile before the first Ace (T4, T5)."""
    run = LessonRun(lesson_of(kartaros.GAMES["tac"]), "Mila")
    assert run.go_on() is None and run.try_move("turn") is None
    refused = run.try_move("KH>C")
    assert refused is not None and "Ace" in refused.words("en")
    refused = run.try_move("KH>1")
    assert refused is not None and "Ace" in refused.words("en")
    assert run.try_move("KH>0") is None


# ---- the server runs a lesson on the table's socket ----------------------------------------


def receive_view(ws: Any) -> dict[str, Any]:
    """The next view, the views of the moves shown on the way skipped."""
    while True:
        message = ws.receive_json()
        assert "error" not in message, message
        if not message["lesson"]["moving"]:
            return message


@pytest.mark.parametrize("info", LESSONS, ids=IDS)
def test_the_server_runs_the_lesson_on_a_socket(client: TestClient, info: GameInfo) -> None:  # noqa: F811
    lesson = lesson_of(info)
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games[info.name]["lesson"] is True
    assert client.get(f"/learn/{info.name}").status_code == 200
    with client.websocket_connect(f"/api/learn/{info.name}/ws?lang=sr&name=Mila") as ws:
        ws.send_json({})
        view = ws.receive_json()
        assert view["names"][lesson.learner] == "Mila" and view["seat"] == lesson.learner
        refused_once = False
        beside = LessonRun(lesson, "Mila")  # the same lesson, run here step by step
        for index, step in enumerate(lesson.steps):
            assert view["lesson"]["step"] == index and view["lesson"]["steps"] == len(lesson.steps)
            assert view["view"] == observed(beside)  # the learner is shown his observation, no more
            if step.read:
                assert view["offers"] == [] and view["lesson"]["read"]
                ws.send_json({"next": True})
            else:
                assert set(step.expect) <= set(view["legal"])
                wrong = [o for o in view["offers"] if info.as_played(o, view["legal"]) not in step.expect]
                if wrong and not refused_once:
                    ws.send_json({"action": wrong[0], "seq": view["seq"]})
                    refusal = ws.receive_json()
                    assert refusal["lesson"] is True and refusal["words"] and "{" not in refusal["words"]
                    refused_once = True
                ws.send_json({"action": step.expect[0], "seq": view["seq"]})
            assert (beside.go_on() if step.read else beside.try_move(step.expect[0])) is None
            view = receive_view(ws)
        assert view["lesson"]["done"] and view["offers"] == []
        assert refused_once
        if lesson.returns is not None:
            assert view["over"] and tuple(view["returns"]) == lesson.returns


def observed(run: LessonRun) -> Any:
    """The learner's observation in ``run``, as JSON carries it."""
    return json.loads(json.dumps(run.state.observation(run.lesson.learner)))


def test_a_game_without_a_lesson_has_no_lesson_page(client: TestClient) -> None:  # noqa: F811
    missing = [name for name, info in kartaros.GAMES.items() if info.lesson is None]
    if missing:
        assert client.get(f"/learn/{missing[0]}").status_code == 404
    assert client.get("/learn/nope").status_code == 404
    with client.websocket_connect("/api/learn/nope/ws") as ws:
        assert "error" in ws.receive_json()


def test_T4_T5_the_lesson_socket_explains_refuses_and_switches_language(client: TestClient) -> None:  # noqa: F811
    """Tač's lesson on its socket: a "why not" is answered in the rules' words, Next on a step
    that asks for a move and a wrong try are refused with the lesson's flag and change nothing,
    and the words follow the page's language."""
    with client.websocket_connect("/api/learn/tac/ws?lang=sr") as ws:  # no name: named in Serbian
        assert ws.receive_json()["names"] == ["Igrač 1", "Ana"]
    with client.websocket_connect("/api/learn/tac/ws?lang=en") as ws:
        first = ws.receive_json()
        assert first["names"] == ["Player 1", "Ana"]
        assert first["lesson"]["read"] and first["offers"] == []
        ws.send_json({"action": "turn", "seq": first["seq"]})  # a step that is read takes no move
        refused = ws.receive_json()
        assert refused["lesson"] is True and "Next" in refused["words"]
        ws.send_json({"next": True})
        view = receive_view(ws)
        assert view["lesson"]["step"] == 1 and view["offers"] == ["turn"]
        ws.send_json({"action": "turn", "seq": view["seq"]})
        view = receive_view(ws)
        assert view["lesson"]["step"] == 2 and set(view["offers"]) == {"KH>C", "KH>1", "KH>0"}
        ws.send_json({"explain": "KH>C"})  # a hover on the central pile
        explained = ws.receive_json()
        assert explained["explain"] == "KH>C" and "Ace" in explained["words"]
        ws.send_json({"next": True})  # this step asks for a move
        assert ws.receive_json()["lesson"] is True
        ws.send_json({"action": "KH>1", "seq": view["seq"]})
        refused = ws.receive_json()
        assert refused["lesson"] is True and "Ace" in refused["words"]
        ws.send_text("not json")
        assert "error" in ws.receive_json()
        ws.send_json({"lang": "sr"})
        again = ws.receive_json()
        assert again["seq"] == view["seq"] and again["view"] == view["view"]  # nothing moved
        assert again["lesson"]["text"] != view["lesson"]["text"] and "kralj" in again["lesson"]["text"].lower()
        ws.send_json({"action": "KH>0", "seq": view["seq"]})
        assert receive_view(ws)["lesson"]["step"] == 3


# ---- each lesson shows what its steps say (the rules it teaches, by their ids) ------------------


def finished(game: str) -> tuple[LessonRun, list[dict[str, Any]]]:
    """The game's lesson played through, and the learner's events of it."""
    run = LessonRun(lesson_of(kartaros.GAMES[game]))
    while (step := run.step) is not None:
        assert (run.go_on() if step.read else run.try_move(step.expect[0])) is None
    return run, run.state.observation(run.lesson.learner)["events"]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def test_T5_T6_T8_T10_T11_tac_the_first_ace_a_miss_called_a_turnover_and_going_out() -> None:
    run, events = finished("tac")
    places = of_type(events, "place")
    first_central = next(e for e in places if e["to"] == "central")
    assert first_central["card"] == "AS" and first_central["player"] == 0  # the learner's first Ace (T5)
    assert of_type(events, "miss") == [{"type": "miss", "player": 1, "card": "5D", "kind": "keep"}]  # Ana's (T11)
    assert of_type(events, "call")[0]["player"] == 0  # called by the learner
    assert any(e["card"] == "5S" and e["from"] == "open" and e["to"] == "central" for e in places)  # T6
    assert [e["player"] for e in of_type(events, "turnover")] == [0]  # T8
    assert run.state.outcome() is not None and str(run.state.outcome().reason) == "out"  # T10


def test_P5_P6_P7_P10_P11_puck_an_exchange_from_two_piles_a_tie_broken_and_running_out() -> None:
    run, events = finished("puck")
    exchanges = [e for e in of_type(events, "exchange") if e["player"] == 0]
    assert exchanges[0]["from"] == [0, 1, 1]  # one card from each opponent's pile (P6)
    assert exchanges[1]["from"] == [0, 3, 0]  # all three from Ana's
    assert of_type(events, "tie")[0]["players"] == [0, 1]  # P10
    assert [e["card"] for e in of_type(events, "turn")] == ["AS", "7D"]
    assert {e["player"] for e in of_type(events, "collect")} == {0}  # the learner takes every trick (P8)
    assert str(run.state.outcome().reason) == "out_of_cards"  # Ana runs out (P11)
    assert run.state.observation(0)["pile_sizes"][1] == 0


def test_K4_K8_K10_K11_K12_kec_a_pair_a_throw_a_lever_broken_and_a_choke_that_wins() -> None:
    run, events = finished("kec")
    assert [e["cards"] for e in of_type(events, "pair") if e["player"] == 0][:2] == [["7S", "7H"], ["9S", "9H"]]
    assert of_type(events, "steal")[0]["card"] == "8D"  # the throw's card (K11), left on the discard pile
    assert of_type(events, "discard")[0] == {"type": "discard", "player": 0, "card": "TD"}
    assert of_type(events, "break") == [{"type": "break", "player": 0, "card": "QH", "hold": "lever"}]  # K8
    assert str(run.state.outcome().reason) == "choke" and run.state.returns() == [1.0, 0.0]  # K12


def test_N8_N10_N11_N12_nesalomljiv_the_chooser_a_knockout_and_a_tie() -> None:
    run, events = finished("nesalomljiv")
    duels = of_type(events, "duel")
    assert [(d["role"], d["winner"], d["knockout"]) for d in duels] == [
        ("chooser", 0, False), ("attacker", 0, True), ("attacker", None, False),
    ]
    assert [e["player"] for e in of_type(events, "place")] == [0, 0, 1]  # N10, N11, N12: Ana places after the tie
    assert of_type(events, "take")[0] == {"type": "take", "player": 1, "card": "7S", "role": "attacker"}  # N11
    assert run.state.observation(0)["match_sizes"] == [3, 6]


def test_a_lesson_whose_script_does_not_replay_says_where() -> None:
    """A script the rules refuse, or one that runs out, is the lesson's error, found at once."""
    from dataclasses import replace

    from kartaros.lesson_runs import LessonError

    tac = lesson_of(kartaros.GAMES["tac"])
    with pytest.raises(LessonError, match="ran out"):
        run = LessonRun(replace(tac, bot=()))
        assert run.go_on() is None and run.try_move("turn") is None and run.try_move("KH>0") is None
    with pytest.raises(LessonError, match="step 3"):
        run = LessonRun(replace(tac, bot=("turn", "9C>C")))  # the 9 does not go onto the central pile
        assert run.go_on() is None and run.try_move("turn") is None and run.try_move("KH>0") is None
