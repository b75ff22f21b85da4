"""Helpers shared by the tournament tests: play every due match until none is left, and
play matches on two threads at once (what two workers finishing together do)."""

import threading

import pytest
from django.db import connection

from competitions.results import due_matches_play, match_play


@pytest.fixture
def play_out():
    def play(limit=20):
        for _ in range(limit):
            if not due_matches_play():
                return
        raise AssertionError("the tournament did not finish")

    return play


@pytest.fixture
def play_at_once():
    """Store the given matches' results at the same moment, one thread each."""

    def play(match_ids):
        barrier = threading.Barrier(len(match_ids))
        errors = []

        def one(match_id):
            try:
                barrier.wait(timeout=10)
                match_play(match_id=match_id)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
            finally:
                connection.close()

        threads = [threading.Thread(target=one, args=(i,)) for i in match_ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors and connection.vendor == "sqlite":
            # SQLite serialises writers and may refuse one; the task's retry plays it again
            for match_id in match_ids:
                match_play(match_id=match_id)
        else:
            assert not errors

    return play
