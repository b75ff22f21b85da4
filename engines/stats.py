"""Player counters as engines keep them in a match, read as ``MatchResult.player_stats``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence


class StatTable(Mapping[str, dict[str, int]]):
    """Every player's counters as an engine keeps them in the match, one list of counts per
    player in the order of ``names``, read as ``MatchResult.player_stats`` (player id -> stat
    -> count): the dicts are made when first read and kept. A list is cheaper than a dict to
    copy fresh for every player and to add to, and a caller that does not read the stats
    (a benchmark, a replay checking the score) makes none."""

    __slots__ = ("ids", "names", "counts", "_dicts")

    def __init__(self, ids: Sequence[str], names: Sequence[str], counts: Sequence[Sequence[int]]) -> None:
        self.ids = ids
        self.names = names
        self.counts = counts
        self._dicts: dict[str, dict[str, int]] | None = None

    def dicts(self) -> dict[str, dict[str, int]]:
        """The stats as plain dicts, made once."""
        if self._dicts is None:
            names = self.names
            self._dicts = {
                player: dict(zip(names, counts, strict=True))
                for player, counts in zip(self.ids, self.counts, strict=True)
            }
        return self._dicts

    def __getitem__(self, player_id: str) -> dict[str, int]:
        return self.dicts()[player_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self.dicts())

    def __len__(self) -> int:
        return len(self.ids)

    def __repr__(self) -> str:
        return f"StatTable({self.dicts()!r})"


def stat_dicts(stats: Mapping[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """``MatchResult.player_stats`` as plain dicts, the stored ones of a ``StatTable``."""
    if isinstance(stats, StatTable):
        return stats.dicts()
    return stats if isinstance(stats, dict) else dict(stats)
