"""Round-robin fixtures by the circle method, and storing them for a season."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from competitions.divisions import team_groups
from leagues.cache import standings_changed
from leagues.validation import LATEST_DATETIME, schedule_errors, team_count_errors
from leagues.zones import round_kickoff
from matches.models import Match

T = TypeVar("T")


@dataclass(frozen=True)
class Fixture:
    round: int
    home: object
    away: object


def round_robin(teams: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T]]]:
    """Rounds of (home, away) pairs in which every team meets every other once.

    The circle method: the first team stays put while the others rotate one
    place each round. An odd field gets a phantom opponent in the fixed slot, so one team rests
    (has a bye) each round and every team rests exactly once per leg. The fixed
    team alternates home and away; every other pair is oriented by the round
    and board number, which keeps each team's home and away counts within one
    of each other. A second leg repeats the first with home and away swapped.

    The rounds of a leg are played from the first round of the circle that lets the
    whole season (both legs, byes skipped) run without a third home or away match in
    a row (``season_start``); with four teams no start does, so the circle's own order
    stands and two teams have three in a row across the legs.
    """
    if len(teams) < 2:
        raise ValueError(_("a round robin needs at least two teams"))
    if len(set(teams)) != len(teams):
        raise ValueError(_("a team is listed twice"))
    circle = _circle(teams)
    start = season_start(teams, circle)
    rounds = circle[start:] + circle[:start]
    if double:
        rounds += _mirror(rounds)
    return rounds


def _circle(teams: Sequence[T]) -> list[list[tuple[T, T]]]:
    """One leg of the circle method, in the circle's own order of rounds."""
    slots: list[T | None] = list(teams)
    if len(slots) % 2:
        slots.insert(0, None)  # the phantom is the fixed slot, so real pairs all rotate
    n = len(slots)
    rounds: list[list[tuple[T, T]]] = []
    for r in range(n - 1):
        pairs = []
        for board in range(n // 2):
            a, b = slots[board], slots[n - 1 - board]
            if a is None or b is None:
                continue
            swap = (r % 2 == 1) if board == 0 else (board % 2 == 1)
            pairs.append((b, a) if swap else (a, b))
        rounds.append(pairs)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


def _mirror(rounds: list[list[tuple[T, T]]]) -> list[list[tuple[T, T]]]:
    return [[(away, home) for home, away in pairs] for pairs in rounds]


def season_start(teams: Sequence[T], circle: list[list[tuple[T, T]]]) -> int:
    """The first round of the circle from which a double round robin (the leg, then its
    mirror) gives nobody three home or three away matches in a row; 0 when none does.

    Only the leg's seam matters: inside the circle's order nobody has three in a row, and
    rotating the order moves the seam. Odd fields pass at 0 (the fixed phantom's bye breaks
    up the seam); even fields of six or more pass from the fourth round; four teams never
    do, since a mirrored leg of three rounds always repeats someone's venue three times.
    """
    for start in range(len(circle)):
        leg = circle[start:] + circle[:start]
        if not three_in_a_row(teams, leg + _mirror(leg)):
            return start
    return 0


def venue_runs(teams: Sequence[T], rounds: list[list[tuple[T, T]]]) -> dict[T, str]:
    """Each team's venues in order, ``H`` or ``A`` per match played; a bye adds nothing, so
    it does not break a run (home, bye, home, home is three home matches in a row)."""
    venues: dict[T, str] = {t: "" for t in teams}
    for pairs in rounds:
        for home, away in pairs:
            venues[home] += "H"
            venues[away] += "A"
    return venues


def three_in_a_row(teams: Sequence[T], rounds: list[list[tuple[T, T]]]) -> list[T]:
    """The teams that play three home (or three away) matches in a row in ``rounds``."""
    return [t for t, runs in venue_runs(teams, rounds).items() if "HHH" in runs or "AAA" in runs]


def byes(teams: Sequence[T], rounds: list[list[tuple[T, T]]]) -> list[list[T]]:
    """Who rests in each round."""
    return [[t for t in teams if not any(t in pair for pair in pairs)] for pairs in rounds]


def merged_rounds(divisions: list[list[list[tuple[T, T]]]]) -> list[list[tuple[T, T]]]:
    """Each division's round robin played side by side: round n holds every division's round n
    (a smaller division has fewer rounds and rests at the end)."""
    return [
        [pair for rounds in divisions if number < len(rounds) for pair in rounds[number]]
        for number in range(max(len(rounds) for rounds in divisions))
    ]


def schedulable_teams(season, *, first_kickoff: datetime | None, interval: timedelta | None) -> list:
    """The season's teams, once its fixtures can be made: a first kickoff, a positive
    interval, both within the calendar's limits (``leagues.validation``), two teams or more
    and at most ``MAX_TEAMS_PER_SEASON``, all of the season's league. Otherwise a
    ValidationError that names each field at fault."""
    errors = schedule_errors(first_kickoff, interval)
    if first_kickoff is None:
        errors["first_kickoff"] = _("Set the season's first kickoff first.")
    if interval is None or interval.total_seconds() <= 0:
        errors["round_interval"] = _("The interval between rounds must be positive.")
    teams = list(season.teams.order_by("id"))
    if len(teams) < 2:
        errors["teams"] = _("A season needs at least two teams.")
    errors |= team_count_errors(len(teams))
    foreign = [t.name for t in teams if t.league_id != season.league_id]
    if foreign:
        errors["teams"] = _("Not in %(season_league)s: %(join_foreign)s.") % {
            "season_league": season.league,
            "join_foreign": ", ".join(foreign),
        }
    if errors:
        raise ValidationError(errors)
    return teams


def fits_in_calendar(first_kickoff: datetime, interval: timedelta, rounds: int) -> bool:
    """Whether ``rounds`` rounds from ``first_kickoff`` end inside ``datetime``'s calendar:
    the limits of ``schedule_errors`` make it so for ``MAX_TEAMS_PER_SEASON`` teams, and this
    keeps it so whatever that setting is raised to."""
    try:
        return first_kickoff + interval * rounds <= LATEST_DATETIME
    except OverflowError:
        return False


def fixtures_generate(
    season,
    *,
    first_kickoff: datetime | None = None,
    interval: timedelta | None = None,
    double: bool | None = None,
):
    """Replace the season's fixtures with a fresh round robin.

    Refused once any match has been played or forfeited, so no result is ever
    lost. Each match gets a seed drawn from the season's seed, so a season
    replays exactly.
    """
    first_kickoff = season.first_kickoff if first_kickoff is None else first_kickoff
    interval = season.round_interval if interval is None else interval
    double = season.double_round_robin if double is None else double
    teams = schedulable_teams(season, first_kickoff=first_kickoff, interval=interval)
    rounds = merged_rounds([round_robin(group, double=double) for group in team_groups(season, teams)])
    if not fits_in_calendar(first_kickoff, interval, len(rounds)):
        raise ValidationError(
            {"round_interval": _("%(count)s rounds at this interval run past the year 9999.") % {"count": len(rounds)}}
        )

    with transaction.atomic():
        existing = Match.objects.select_for_update().filter(season=season)
        if existing.filter(status__in=Match.RESULT_STATUSES).exists():
            raise ValidationError({"season": _("Fixtures cannot be regenerated once a match has been played.")})
        before = {"matches": existing.count(), **audit.snapshot(season, FIXTURE_FIELDS)}
        existing.delete()
        season.first_kickoff, season.round_interval = first_kickoff, interval
        season.double_round_robin = double
        season.save(update_fields=["first_kickoff", "round_interval", "double_round_robin"])
        rng = random.Random(season.seed)
        matches = [
            Match(
                season=season,
                round=number,
                home=home,
                away=away,
                kickoff=round_kickoff(first_kickoff, interval, number - 1, season.league.time_zone),
                seed=rng.randrange(2**31),
            )
            for number, pairs in enumerate(rounds, start=1)
            for home, away in pairs
        ]
        standings_changed([season.id])  # bulk_create sends no signals
        after = {"matches": len(matches), **audit.snapshot(season, FIXTURE_FIELDS)}
        audit.record("season.fixtures_generated", season, before=before, after=after, season=season.id)
        return Match.objects.bulk_create(matches)


#: What the audit log keeps of a season whose fixtures are generated, besides the number of matches.
FIXTURE_FIELDS = ["first_kickoff", "round_interval", "double_round_robin"]
