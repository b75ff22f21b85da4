"""Starting a tournament with a season's teams, in any format: what the admin's "Start a
tournament" page and the demo both call, so each format is set up one way.

The season's teams, first kickoff and round interval are the tournament's. What a format
leaves to later is done by the worker that stores the result before it: a knockout's
next round, a Swiss round, the knockout after the groups, the play-offs after the league.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from leagues.models import Season
from leagues.scheduling import generate_fixtures
from matches.models import Match

FORMATS = {
    "knockout": "Single elimination",
    "double_elimination": "Double elimination",
    "groups": "Groups then knockout",
    "swiss": "Swiss",
    "league_playoffs": "League then play-offs",
}


def start_tournament(
    season: Season,
    tournament_format: str,
    *,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
    bracket_reset: bool = False,
    groups: int = 2,
    advance: int = 2,
    double: bool = False,
    rounds: int | None = None,
    top: int = 4,
) -> str:
    """Set the season up as a tournament of ``tournament_format`` and schedule its first
    round; returns a line saying what was made. Options a format does not use are ignored;
    a bad one is a ValidationError naming it."""
    from tournaments.groups import draw_groups
    from tournaments.services import draw_bracket
    from tournaments.swiss import draw_swiss

    if tournament_format == "knockout":
        bracket = draw_bracket(
            season, third_place=third_place, two_legged_rounds=two_legged_rounds, away_goals=away_goals
        )
        return f"{season}: a bracket of {bracket.entrants.count()} teams; round one is scheduled."
    if tournament_format == "double_elimination":
        bracket = draw_bracket(season, double_elimination=True, bracket_reset=bracket_reset)
        return f"{season}: a bracket of {bracket.entrants.count()} teams; round one is scheduled."
    if tournament_format == "groups":
        stage = draw_groups(season, groups=groups, advance=advance, double=double, third_place=third_place)
        return f"{season}: {stage.group_count} groups drawn; their round robins are scheduled."
    if tournament_format == "swiss":
        teams = season.teams.count()
        swiss = draw_swiss(season, rounds=rounds or max(1, (teams - 1).bit_length()))
        return f"{season}: a Swiss of {swiss.rounds} rounds; round one is scheduled."
    if tournament_format == "league_playoffs":
        return plan_playoffs(season, top=top, third_place=third_place, double=double)
    raise ValidationError({"format": f"{tournament_format!r} is not a format; choose from {', '.join(FORMATS)}."})


def plan_playoffs(season: Season, *, top: int, third_place: bool = False, double: bool = False) -> str:
    """The season's round robin (made now unless it has one) and its play-offs, which the
    worker draws when the last league match is stored."""
    from tournaments.models import Playoffs

    teams = season.teams.count()
    if not 2 <= top <= teams:
        raise ValidationError({"top": f"{top} is not between 2 and the {teams} teams of the season."})
    with transaction.atomic():
        if not season.matches.exists():
            season.double_round_robin = double
            season.save(update_fields=["double_round_robin"])
            generate_fixtures(season)
        Playoffs.objects.update_or_create(season=season, defaults={"top": top, "third_place": third_place})
    return f"{season}: {season.matches.count()} league matches scheduled; the top {top} go to the play-offs."


def league_result_stored(match: Match) -> None:
    """What a stored result of a match without ``winner_required`` may set off, in the
    worker's transaction: the knockout after the last group match, the play-offs after the
    last league match. The worker reads the season's group and play-offs with the match."""
    from tournaments.groups import draw_knockout_when_groups_finish

    season = match.season
    if hasattr(season, "group"):
        draw_knockout_when_groups_finish(season.group.stage_id)
    if hasattr(season, "playoffs"):
        draw_playoffs_when_league_finishes(season.playoffs.id)


def draw_playoffs_when_league_finishes(playoffs_id: int) -> None:
    """Lock the play-offs row; if this result finished the league, draw them (once)."""
    from tournaments.models import Playoffs
    from tournaments.services import draw_playoffs

    playoffs = Playoffs.objects.select_for_update().select_related("season").get(id=playoffs_id)
    season = playoffs.season
    unfinished = season.matches.exclude(
        status__in=[Match.Status.PLAYED, Match.Status.FORFEITED, Match.Status.CANCELLED]
    ).exists()
    if playoffs.knockout_id is None and not unfinished:
        playoffs.knockout = draw_playoffs(season, top=playoffs.top, third_place=playoffs.third_place)
        playoffs.save(update_fields=["knockout"])
