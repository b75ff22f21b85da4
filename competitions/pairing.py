"""Swiss pairing and ranking as plain data (team ids, results as tuples), no database.

Ranking: score first (a win is 1, a bye is a win, every Swiss match has a winner),
then Buchholz, then goal difference, then the seeding. Buchholz is the sum of the
final scores of every opponent a team met, so of two teams on the same score the
one that beat stronger sides ranks higher; a bye adds nothing to it (the team met
nobody), which keeps a bye from being worth more than a real win over a weak side.

Pairing a round is one maximum-weight perfect matching (networkx's
``max_weight_matching``, as Tabbycat pairs debates) over every pair of teams, plus a
bye node when the number is odd. A pair's weight holds the criteria below in bands of
integers, each band worth more than every band under it together, so the matching
meets them in this order (what FIDE's Dutch system does with chess colours, with home
and away for colours):

1. no rematch: a rematch is paired only when no pairing of the round avoids one (then
   as few as possible);
2. no second bye while a team has not had one;
3. the bye goes to the lowest-ranked team that has not had one;
4. no pair of teams that must both play at home (or both away): a team must play away
   after two home matches in a row or when it has been at home twice more than away
   (and the other way round), so nobody plays three in a row at one venue and home and
   away counts never drift more than two apart (FIDE's absolute colour criterion, which
   it also ranks above floats);
5. the smallest floats: the largest score difference in a pair is as small as any
   pairing allows, then as few pairs as possible have it, then the next size down;
6. the Dutch fold: in a score group the top half meets the bottom half;
7. each team gets its due venue: the one it has played less, or when level the other
   one from its last match;
8. the fold's exact order, 1 v 5, 2 v 6 ... of a group of eight (then teams close in
   the ranking).

The fold's brackets are the score groups, but the odd one out at the foot of a group
floats down and meets the head of the next group (the Dutch system's floater), so a
group of three above a group of three pairs 1 v 2, 3 v 4, 5 v 6.

Every pair is then oriented by ``host`` with the same rules. The weights are integers,
so the matching is exact, and the graph is built in ranking order, so a seed pairs the
same way every time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx


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


#: A team's venue history: ``H`` or ``A`` per match, in round order (a bye adds nothing).
Venues = dict[int, str]

BYE = -1  # the bye's node in the matching graph; team ids are positive


def pair_round(
    ranked: Sequence[int],
    scores: dict[int, int],
    met: set[frozenset[int]],
    had_bye: set[int],
    venues: Venues | None = None,
) -> tuple[list[tuple[int, int]], int | None]:
    """The next round's (home, away) pairs and the team with the bye, if any.

    ``ranked`` is the current order (score, then seeding: not Buchholz, which moves
    with every result and would make pairings jump about); ``met`` the pairs that
    have played; ``venues`` each team's venues so far. See the module docstring for
    the rules.
    """
    venues = venues or {}
    history = {t: venues.get(t, "") for t in ranked}
    position = {t: i for i, t in enumerate(ranked)}
    place = _brackets(ranked, scores)
    nodes = [*ranked, BYE] if len(ranked) % 2 else list(ranked)
    pairs_count = len(nodes) // 2
    top_score = max(scores.values(), default=0)
    criteria = _Criteria(pairs_count, len(ranked), top_score)
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            if b == BYE:
                bands = criteria.bye(a in had_bye, position[a])
            else:
                bands = criteria.pair(
                    rematch=frozenset((a, b)) in met,
                    difference=abs(scores[a] - scores[b]),
                    clash=_clash(history[a], history[b]),
                    folded=_folded(place[a], place[b]),
                    fold=_fold(place[a], place[b]) if place[a][0] == place[b][0] else abs(position[a] - position[b]),
                    undue=_undue(history[a], history[b]),
                )
            graph.add_edge(a, b, weight=criteria.weight(bands))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    bye = None
    pairs = []
    for a, b in matching:
        if BYE in (a, b):
            bye = a if b == BYE else b
            continue
        higher, lower = (a, b) if position[a] < position[b] else (b, a)
        pairs.append(host(higher, lower, history))
    pairs.sort(key=lambda pair: min(position[pair[0]], position[pair[1]]))
    return pairs, bye


class _Criteria:
    """The bands of a pair's weight, highest first, and the integer that orders them.

    A band's unit is one more than the most all lower bands of a whole round can add up
    to, so no amount of a lower criterion outweighs one unit of a higher one."""

    def __init__(self, pairs: int, teams: int, top_score: int) -> None:
        self.teams = teams
        self.float_base = pairs + 1
        # the most one pair can cost in each band, in the order of ``pair``
        most = [1, 1, teams, 1, self.float_base ** (top_score + 1), 1, 2, teams]
        units = [1] * len(most)
        for k in range(len(most) - 2, -1, -1):
            units[k] = units[k + 1] * (pairs * most[k + 1] + 1)
        self.units = units
        self.ceiling = units[0] * (most[0] + 1)

    def pair(self, *, rematch: bool, difference: int, clash: bool, folded: bool, fold: int, undue: int) -> list[int]:
        # a difference of d costs more than every difference below d in the round together
        floats = self.float_base**difference - 1
        return [int(rematch), 0, 0, int(clash), floats, int(not folded), undue, fold]

    def bye(self, again: bool, position: int) -> list[int]:
        # the lower a team ranks, the cheaper its bye; nothing else is at stake
        return [0, int(again), self.teams - position, 0, 0, 0, 0, 0]

    def weight(self, bands: list[int]) -> int:
        return self.ceiling - sum(unit * cost for unit, cost in zip(self.units, bands, strict=True))


#: Where the Dutch fold puts a team: (its bracket, its place in it, the bracket's size).
Place = tuple[int, int, int]


def _brackets(ranked: Sequence[int], scores: dict[int, int]) -> dict[int, Place]:
    """The fold's brackets, in ranking order: each score group, less the odd one out at its
    foot, who floats down and with the head of the next group makes a bracket of two."""
    groups: dict[int, list[int]] = {}
    for team in ranked:
        groups.setdefault(scores[team], []).append(team)
    brackets: list[list[int]] = []
    carry: list[int] = []
    for score in sorted(groups, reverse=True):
        group = groups[score]
        if carry:
            brackets.append([*carry, group[0]])
            group = group[1:]
        even = len(group) - len(group) % 2
        brackets.append(group[:even])
        carry = group[even:]
    brackets.append(carry)
    return {t: (k, i, len(bracket)) for k, bracket in enumerate(brackets) for i, t in enumerate(bracket)}


def _folded(a: Place, b: Place) -> bool:
    """Whether a pair is the top half against the bottom half of one bracket."""
    return a[0] == b[0] and (a[1] < a[2] // 2) != (b[1] < b[2] // 2)


def _fold(a: Place, b: Place) -> int:
    """How far a pair inside one bracket is from the fold (0 for 1 v 5 of eight)."""
    return abs(abs(a[1] - b[1]) - a[2] // 2)


def _must(history: str) -> str | None:
    """The venue a team must have next, if one: the other one after two in a row at one,
    or the one it trails by two."""
    if history[-2:] == "HH":
        return "A"
    if history[-2:] == "AA":
        return "H"
    lead = history.count("H") - history.count("A")
    if lead >= 2:
        return "A"
    if lead <= -2:
        return "H"
    return None


def _due(history: str) -> tuple[str | None, int]:
    """The venue a team is due and how strongly (2 when it trails, 1 by alternation)."""
    lead = history.count("H") - history.count("A")
    if lead:
        return ("A" if lead > 0 else "H"), 2
    if history:
        return ("A" if history[-1] == "H" else "H"), 1
    return None, 0


def _clash(a: str, b: str) -> bool:
    must = _must(a)
    return must is not None and must == _must(b)


def _undue(a: str, b: str) -> int:
    """What the pair costs in due venues: the weaker of two equal wishes goes unmet."""
    (due_a, strength_a), (due_b, strength_b) = _due(a), _due(b)
    return min(strength_a, strength_b) if due_a is not None and due_a == due_b else 0


def host(higher: int, lower: int, history: Venues) -> tuple[int, int]:
    """(home, away) for a pair, ``higher`` the better ranked: a team that must play at
    one venue gets it, then a team's due venue (the stronger wish when both are due the
    same one, the higher-ranked team's when equally strong); with no history at all the
    higher-ranked team hosts."""
    a, b = history.get(higher, ""), history.get(lower, "")
    must_a, must_b = _must(a), _must(b)
    if must_a != must_b:
        return _give(higher, must_a, lower) if must_a else _give(lower, must_b, higher)
    (due_a, strength_a), (due_b, strength_b) = _due(a), _due(b)
    if due_a is None and due_b is None:
        return higher, lower
    if due_a is not None and (due_a != due_b or strength_a >= strength_b):
        return _give(higher, due_a, lower)
    return _give(lower, due_b, higher)


def _give(team: int, venue: str, other: int) -> tuple[int, int]:
    return (team, other) if venue == "H" else (other, team)


@dataclass(frozen=True)
class DrawnRound:
    pairs: list[tuple[int, int]]
    bye: int | None
    seconds: float


def dry_run(teams: int, rounds: int, winner: Callable[[int, int], int]) -> list[DrawnRound]:
    """A Swiss of teams 1..``teams`` (seeded in that order) paired round by round with
    ``pair_round`` as the tournament does, ``winner(home, away)`` deciding each match:
    what the benchmark times and the tests check whole tournaments with."""
    ranking = list(range(1, teams + 1))
    seed = {t: i for i, t in enumerate(ranking)}
    scores = dict.fromkeys(ranking, 0)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    venues = dict.fromkeys(ranking, "")
    drawn = []
    for _ in range(rounds):
        ranked = sorted(ranking, key=lambda t: (-scores[t], seed[t]))
        started = time.process_time()
        pairs, bye = pair_round(ranked, scores, met, had_bye, venues)
        drawn.append(DrawnRound(pairs, bye, time.process_time() - started))
        if bye is not None:
            had_bye.add(bye)
            scores[bye] += 1
        for home, away in pairs:
            met.add(frozenset((home, away)))
            venues[home] += "H"
            venues[away] += "A"
            scores[winner(home, away)] += 1
    return drawn


def venue_breaks(drawn: Sequence[DrawnRound]) -> tuple[set[int], set[int]]:
    """The teams of a dry run that played three home (or away) matches in a row, and those
    whose home and away counts were ever more than two apart."""
    venues: dict[int, str] = {}
    drift = set()
    for r in drawn:
        for home, away in r.pairs:
            venues[home] = venues.get(home, "") + "H"
            venues[away] = venues.get(away, "") + "A"
            for team in (home, away):
                if abs(venues[team].count("H") - venues[team].count("A")) > 2:
                    drift.add(team)
    runs = {t for t, v in venues.items() if "HHH" in v or "AAA" in v}
    return runs, drift
