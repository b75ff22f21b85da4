"""Player counters kept as lists in the match and read as ``MatchResult.player_stats``."""

from __future__ import annotations

from engines.core import MatchResult
from engines.stats import StatTable, stat_dicts


def sample_table() -> StatTable:
    return StatTable(["a", "b"], ("goals", "minutes"), [[1, 40], [0, 12]])


def test_a_table_reads_as_the_stat_dicts_made_once():
    table = sample_table()
    assert len(table) == 2 and table._dicts is None
    assert table == {"a": {"goals": 1, "minutes": 40}, "b": {"goals": 0, "minutes": 12}}
    assert table["a"] is table["a"] and list(table) == ["a", "b"]
    assert stat_dicts(table) is table.dicts()


def test_a_result_serialises_a_table_as_the_dicts_it_holds():
    def result(stats):
        return MatchResult("x", "1", 7, 1, 0, player_stats=stats)

    plain = {"a": {"goals": 1, "minutes": 40}, "b": {"goals": 0, "minutes": 12}}
    assert result(sample_table()).to_json() == result(plain).to_json()
    assert stat_dicts(plain) is plain
