"""Swiss pairing and ranking as plain data (team ids, results as tuples), no database.

Ranking: score first (a win is 1, a bye is a win, every Swiss match has a winner),
then Buchholz, then goal difference, then the seeding. Buchholz is the sum of the
final scores of every opponent a team met, so of two teams on the same score the
one that beat stronger sides ranks higher; a bye adds nothing to it (the team met
nobody), which keeps a bye from being worth more than a real win over a weak side.

Pairing a round: teams in ranking order are cut into score groups, and in each
group the top half meets the bottom half (1 v 5, 2 v 6 ... of a group of eight,
the Dutch system's fold), an odd one out floating down to the next group. That
order is only a preference: the search walks it depth-first and takes the first
complete pairing with no rematch, so a rematch happens only when no pairing of
the round can avoid one (and then with as few as possible). With an odd number of
teams the bye goes to the lowest-ranked team that has not had one, unless every
such choice forces a rematch that another choice avoids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SwissResult:
    round: int
    home: int
    away: int
    home_goals: int
    away_goals: int
    winner: int


@dataclass
class SwissRow:
    team: int
    score: int = 0
    buchholz: int = 0
    goals_for: int = 0
    goals_against: int = 0
    opponents: list[int] = field(default_factory=list)
    byes: int = 0

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against


def swiss_table(ranking: Sequence[int], results: Iterable[SwissResult], byes: Iterable[int]) -> list[SwissRow]:
    """Rows best first; ``ranking`` is the seeding (best first), ``byes`` one team id per bye."""
    rows = {team: SwissRow(team) for team in ranking}
    for r in results:
        home, away = rows[r.home], rows[r.away]
        home.opponents.append(r.away)
        away.opponents.append(r.home)
        home.goals_for += r.home_goals
        home.goals_against += r.away_goals
        away.goals_for += r.away_goals
        away.goals_against += r.home_goals
        rows[r.winner].score += 1
    for team in byes:
        rows[team].score += 1
        rows[team].byes += 1
    for row in rows.values():
        row.buchholz = sum(rows[o].score for o in row.opponents)
    seed = {team: i for i, team in enumerate(ranking)}
    return sorted(rows.values(), key=lambda r: (-r.score, -r.buchholz, -r.goal_difference, seed[r.team]))


def pair_round(
    ranked: Sequence[int], scores: dict[int, int], met: set[frozenset[int]], had_bye: set[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """The next round's pairs (higher-ranked first) and the team with the bye, if any.

    ``ranked`` is the current order (score, then seeding: not Buchholz, which moves
    with every result and would make pairings jump about); ``met`` the pairs that
    have played. See the module docstring for the rules.
    """
    if len(ranked) % 2:
        fresh = [t for t in reversed(ranked) if t not in had_bye]
        candidates = fresh + [t for t in reversed(ranked) if t in had_bye]
    else:
        candidates = [None]
    for rematches in range(len(ranked) // 2 + 1):
        for bye in candidates:
            order = _preference([t for t in ranked if t != bye], scores)
            pairs = _search(order, met, rematches)
            if pairs is not None:
                return pairs, bye
    raise AssertionError("unreachable: with rematches allowed every round can be paired")


def _preference(ranked: list[int], scores: dict[int, int]) -> list[int]:
    """Each score group folded, top half against bottom half, in ranking order; the odd one
    out of a group floats down to meet the best of the next."""
    order: list[int] = []
    carry: list[int] = []
    groups: dict[int, list[int]] = {}
    for team in ranked:
        groups.setdefault(scores[team], []).append(team)
    for score in sorted(groups, reverse=True):
        group = groups[score]
        if carry:  # the one left over from the group above meets the best of this one
            order += [*carry, group[0]]
            group = group[1:]
        half = len(group) // 2
        top, bottom = group[:half], group[half : 2 * half]
        order += [t for pair in zip(top, bottom, strict=True) for t in pair]
        carry = group[2 * half :]
    return order + carry


def _search(order: list[int], met: set[frozenset[int]], rematches: int) -> list[tuple[int, int]] | None:
    if not order:
        return []
    if rematches == 0 and any(all(frozenset((t, o)) in met for o in order if o != t) for t in order):
        return None  # someone has met everyone left: no need to walk every pairing to find out
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        repeat = frozenset((first, other)) in met
        if repeat and rematches == 0:
            continue
        pairs = _search(rest[:i] + rest[i + 1 :], met, rematches - repeat)
        if pairs is not None:
            return [(first, other), *pairs]
    return None
