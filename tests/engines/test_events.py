"""The compact event log and the event vocabulary of ``engines.core``."""

from __future__ import annotations

import json

import pytest

from engines.core import (
    STANDARD_EVENTS,
    Event,
    EventKind,
    EventLayout,
    EventLog,
    EventVocabulary,
    MatchResult,
    event_records,
)

VOCABULARY = EventVocabulary(
    EventKind("goal", keys=("rating",)),
    EventKind("lineup", "a side takes the pitch", ("roll", "control")),
)
GOAL = VOCABULARY.layout("goal", "score", "rating")
LINEUP = VOCABULARY.layout("lineup", "roll")
LINEUP_WITH_DETAIL = VOCABULARY.mapping("lineup")
FULL_TIME = VOCABULARY.layout("full_time", "score")


def sample_log() -> EventLog:
    log = EventLog()
    log.add((0, LINEUP, "home", "g1", 4))
    log.add((12, GOAL, "away", "a9", [0, 1], 44))
    log.add((40, FULL_TIME, None, None, (0, 1)))
    return log


SAMPLE_EVENTS = [
    Event(1, 0, "lineup", "home", "g1", {"roll": 4}),
    Event(2, 12, "goal", "away", "a9", {"score": [0, 1], "rating": 44}),
    Event(3, 40, "full_time", None, None, {"score": (0, 1)}),
]


def test_rows_read_as_events_numbered_from_one():
    log = sample_log()
    assert len(log) == 3
    assert list(log) == SAMPLE_EVENTS
    assert log[1] == SAMPLE_EVENTS[1] and log[-1].kind == "full_time" and log[:2] == SAMPLE_EVENTS[:2]
    assert log == SAMPLE_EVENTS and log == sample_log()
    assert all(type(event) is Event for event in log)


def test_events_are_made_once_and_rows_added_later_are_read_too():
    log = sample_log()
    first = log[0]
    log.add((41, LINEUP_WITH_DETAIL, "away", "g2", {"roll": 6, "control": {"advantage": 1}}))
    assert log[0] is first
    assert log[-1] == Event(4, 41, "lineup", "away", "g2", {"roll": 6, "control": {"advantage": 1}})


def test_counting_the_events_makes_none():
    log = sample_log()
    assert len(log) == 3 and log._events == []


def test_serialised_without_events_as_the_events_serialise():
    log = sample_log()
    assert log.to_dicts() == [event.to_dict() for event in SAMPLE_EVENTS]
    assert log._events == []


def test_a_result_serialises_a_log_as_the_events_it_holds():
    def result(events):
        return MatchResult("x", "1", 7, 0, 1, events=events)

    assert result(sample_log()).to_json() == result(list(SAMPLE_EVENTS)).to_json()
    assert json.loads(result(sample_log()).to_json())["events"][1]["detail"] == {"score": [0, 1], "rating": 44}


def test_a_row_with_more_or_fewer_values_than_its_layout_is_refused_when_read():
    log = EventLog()
    log.add((3, GOAL, "home", "p", [1, 0]))
    with pytest.raises(ValueError):
        log.to_dicts()


def test_standard_kinds_take_the_engines_keys_beside_their_own():
    assert VOCABULARY.keys_of("goal") == {*STANDARD_EVENTS["goal"].keys, "rating"}
    assert VOCABULARY.kinds["goal"].doc == STANDARD_EVENTS["goal"].doc
    assert VOCABULARY.keys_of("substitution") == {"in", "out"}
    assert "lineup" not in EventVocabulary().kinds


def test_layouts_and_checks_name_what_is_not_declared():
    with pytest.raises(ValueError, match="'penalty'"):
        VOCABULARY.layout("penalty", "scored")
    with pytest.raises(ValueError, match="'minute'"):
        VOCABULARY.layout("goal", "score", "minute")
    with pytest.raises(ValueError, match="'penalty' is not declared"):
        VOCABULARY.check(Event(1, 3, "penalty", "home", "p", {}))
    with pytest.raises(ValueError, match="detail key 'assist'"):
        VOCABULARY.check(Event(1, 3, "goal", "home", "p", {"score": [1, 0], "assist": "q"}))
    VOCABULARY.check(Event(1, 3, "goal", "home", "p", {"score": [1, 0], "rating": 41}))


def test_a_kind_declared_twice_or_without_a_doc_is_refused():
    with pytest.raises(ValueError, match="declared twice"):
        EventVocabulary(EventKind("run", "runs"), EventKind("run", "runs again"))
    with pytest.raises(ValueError, match="one-line doc"):
        EventVocabulary(EventKind("run"))


def test_events_read_from_rows_are_frozen_events():
    event = sample_log()[1]
    assert type(event) is Event
    with pytest.raises(AttributeError):
        event.kind = "save"  # type: ignore[misc]


def test_a_layout_takes_only_string_keys():
    with pytest.raises(TypeError, match="strings"):
        EventLayout("goal", ("score", 3))  # type: ignore[arg-type]


def test_a_layout_without_detail_keys_makes_an_empty_detail():
    log = EventLog()
    log.add((5, VOCABULARY.layout("half_time"), None, None))
    assert log[0] == Event(1, 5, "half_time", None) and log[0].detail == {} and log.to_dicts()[0]["detail"] == {}


def test_records_are_the_events_fields_as_plain_tuples():
    log = sample_log()
    assert log.records() == [tuple(event) for event in SAMPLE_EVENTS]
    assert all(type(record) is tuple for record in log.records()) and log._events == []
    assert event_records(SAMPLE_EVENTS) is SAMPLE_EVENTS
