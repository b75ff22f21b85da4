"""Knockout brackets as plain data: the standard seeding order and where byes fall."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def bracket_size(teams: int) -> int:
    """The smallest power of two that holds ``teams``."""
    if teams < 2:
        raise ValueError(_("a knockout needs at least two teams"))
    size = 1
    while size < teams:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Seeds in bracket order, so that 1 v 16, 8 v 9 ... and seeds 1 and 2 can only meet in the final.

    Built by doubling: each seed s of the smaller bracket is followed by the
    seed that makes its pair sum to size + 1.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def first_round(teams: int) -> list[tuple[int, int | None]]:
    """Pairs of seeds for round one; ``None`` is a bye, which only the top seeds get."""
    order = seed_order(bracket_size(teams))
    pairs = []
    for i in range(0, len(order), 2):
        a, b = order[i], order[i + 1]
        high, low = min(a, b), max(a, b)
        pairs.append((high, low if low <= teams else None))
    return pairs


def round_name(round_number: int, rounds: int) -> str:
    left = rounds - round_number
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(left, f"Round of {2 ** (left + 1)}")


def parse_rounds(text: str) -> list[int]:
    """Round numbers as a commissioner types them ("1, 2" or "1 2"); ValueError names a bad one."""
    parts = text.replace(",", " ").split()
    bad = [part for part in parts if not part.isdigit()]
    if bad:
        raise ValueError(_("%(bad_0)r is not a round number. Give round numbers, e.g. 1, 2.") % {"bad_0": bad[0]})
    return [int(part) for part in parts]


def aggregate_winner(
    first_leg: tuple[int, int],
    second_leg: tuple[int, int],
    *,
    away_goals: bool = False,
    shootout: tuple[int, int] | None = None,
) -> str | None:
    """Who wins a two-legged tie: ``"home"`` or ``"away"`` of the second leg, or None if still level
    (``aggregate_decision`` says how)."""
    return aggregate_decision(first_leg, second_leg, away_goals=away_goals, shootout=shootout)[0]


def aggregate_decision(
    first_leg: tuple[int, int],
    second_leg: tuple[int, int],
    *,
    away_goals: bool = False,
    shootout: tuple[int, int] | None = None,
) -> tuple[str | None, str]:
    """Who wins a two-legged tie and how: (``"home"`` or ``"away"`` of the second leg, or None
    if still level; ``"aggregate"``, ``"away goals"``, ``"shoot-out"``, or ``""`` when level).

    Scores are (home goals, away goals) of each leg; the second leg's home side
    (the higher seed) was the away side of the first. Aggregate goals first,
    then, with ``away_goals``, goals scored away from home, then the second
    leg's shoot-out if it had one. None means no engine decider settled it and
    the tie needs its deciding match.
    """
    home = second_leg[0] + first_leg[1]
    away = second_leg[1] + first_leg[0]
    if home != away:
        return ("home" if home > away else "away"), "aggregate"
    if away_goals and first_leg[1] != second_leg[1]:
        return ("home" if first_leg[1] > second_leg[1] else "away"), "away goals"
    if shootout is not None and shootout[0] != shootout[1]:
        return ("home" if shootout[0] > shootout[1] else "away"), "shoot-out"
    return None, ""


def group_crossing(groups: int, advance: int) -> list[tuple[int, int]]:
    """Who takes each seed of the knockout after a group stage: ``(group index, place)``
    for seeds 1, 2 ..., places counted from 1.

    Group winners take seeds 1 to ``groups`` in group order. Each runner-up takes the
    seed that meets, in round one, the winner of its partner group (A with B, C with D
    ...; with an odd number of groups each group's winner meets the next group's
    runner-up, the last meeting A's), so a winner never meets a runner-up of its own
    group first. Where a winner has a bye, the runners-up left over fill the remaining
    seeds in group order, as do third places and lower.
    """
    seeds: dict[int, tuple[int, int]] = {g + 1: (g, 1) for g in range(groups)}
    if advance >= 2:

        def partner(g: int) -> int:
            return g ^ 1 if groups % 2 == 0 else (g + 1) % groups

        placed = set()
        for high, low in first_round(groups * advance):
            if high <= groups and low is not None and groups < low <= 2 * groups:
                seeds[low] = (partner(high - 1), 2)
                placed.add(partner(high - 1))
        free = [s for s in range(groups + 1, 2 * groups + 1) if s not in seeds]
        for seed, g in zip(free, [g for g in range(groups) if g not in placed], strict=True):
            seeds[seed] = (g, 2)
    for place in range(3, advance + 1):
        for g in range(groups):
            seeds[(place - 1) * groups + g + 1] = (g, place)
    return [seeds[s] for s in range(1, groups * advance + 1)]


#: ``recheck`` of ``advance_bracket`` for the admin's "Advance": every decided tie is judged
#: again from its results (a stored result rechecks only its own tie).
EVERY_TIE = -1


class WinnerMovedOn(ValidationError):
    """A corrected result would change who goes through a tie whose teams have played on."""
