"""The season odds over the rounds: each computed result kept per (season, round) in
``SeasonOdds``, since the odds themselves (``competitions.odds``) live in the cache for the
current state only.

A row is the odds as they stood once a round was complete: ``round`` is the last complete round
(0 before any match; a finished season's last round holds its final table, title 1 or 0). Odds
computed while a later round is under way (some of its matches closed, not all) are not kept,
so a row never mixes in part of the next round. The same round computed again (a result
corrected, a postponed match of an earlier round played) replaces its row.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from django.utils import timezone

from leagues.models import Season, SeasonOdds
from matches.models import Match

#: What a row keeps of each team's odds (the chance of every place is left to the cache).
KEPT = ("team", "division", "title", "expected_points", "promotion", "relegation", "playoffs", "knockout")


def completed_round(season: Season) -> int | None:
    """The number of the season's last complete round (every match closed: played, forfeited
    or cancelled), 0 before any; None while a later round is under way."""
    rounds = (
        Match.objects.filter(season=season)
        .values_list("round")
        .annotate(total=Count("id"), closed=Count("id", filter=Q(status__in=Match.CLOSED_STATUSES)))
    )
    counts = list(rounds)
    last = max((number for number, total, closed in counts if closed == total), default=0)
    if any(number > last and closed for number, _, closed in counts):
        return None
    return last


def odds_record(season: Season, odds: dict[str, Any]) -> SeasonOdds | None:
    """Keep the season's odds as its row for the last complete round (one row per round: the
    same round again updates it); None, keeping nothing, while a round is under way, or when
    the odds were made from an older table than the season's now (``season`` read before a
    result changed its standings version: a slow task for round 0 finishing after round 1's
    would keep round 0's odds as round 1's; the task the newer table sent keeps its own)."""
    current = Season.objects.filter(id=season.id).values_list("standings_version", flat=True).first()
    if current != season.standings_version:
        return None
    number = completed_round(season)
    if number is None:
        return None
    teams = [{key: team[key] for key in KEPT if key in team} for team in odds["teams"]]
    row, _ = SeasonOdds.objects.update_or_create(
        season=season,
        round=number,
        defaults={"computed_at": timezone.now(), "completions": odds["completions"], "teams": teams},
    )
    return row


def odds_history(season_id: int) -> list[SeasonOdds]:
    """The season's kept odds, round by round."""
    return list(SeasonOdds.objects.filter(season_id=season_id).order_by("round"))
