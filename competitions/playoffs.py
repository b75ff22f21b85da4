"""Play-offs: a knockout of a league's top teams, planned before the league ends and drawn by
the worker that stores its last result (``competitions.progress``) or by the commissioner; and
``stage_season``, the new season each later stage of a tournament is played in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.knockout import bracket_draw, knockout_option_errors
from competitions.round_robin import fixtures_generate
from competitions.standings import compute_standings
from leagues.models import Season, SeasonTeam, Team
from matches.models import Match
from rosters.models import SquadMember
from tournaments.models import Playoffs


def playoffs_draw(
    season: Season,
    *,
    top: int,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
    first_kickoff: datetime | None = None,
) -> Season:
    """A knockout of the finished season's top ``top`` teams, seeded by the final table,
    in a new season of the same league with the same squads. It starts a round after the
    season's last match (or now, if that is later), unless ``first_kickoff`` is given.
    The season's ``Playoffs`` row records it, so the season page and the export know the
    knockout for play-offs whether the worker or the commissioner drew it."""

    unfinished = season.matches.exclude(status__in=Match.CLOSED_STATUSES).count()
    errors = {}
    if unfinished:
        errors["season"] = _("%(unfinished)s matches of %(season)s are not finished yet.") % {
            "unfinished": unfinished,
            "season": season,
        }
    if not 2 <= top <= season.teams.count():
        errors["top"] = _("%(top)s is not between 2 and the %(season_teams_count)s teams of the season.") % {
            "top": top,
            "season_teams_count": season.teams.count(),
        }
    drawn = Playoffs.objects.filter(season=season, knockout__isnull=False).values_list("knockout_id", flat=True).first()
    if drawn:
        errors["season"] = _("The play-offs of %(season)s are drawn already (season id %(drawn)s).") % {
            "season": season,
            "drawn": drawn,
        }
    if "top" not in errors:
        errors |= knockout_option_errors(top, two_legged_rounds=two_legged_rounds)
    if errors:
        raise ValidationError(errors)
    rows = compute_standings(season).rows[:top]
    last_kickoff = season.matches.order_by("-kickoff").values_list("kickoff", flat=True).first()
    teams = {t.id: t for t in season.teams.all()}
    seeds = [teams[row.team_id] for row in rows]
    with transaction.atomic():
        knockout = knockout_stage(
            season,
            name=f"{season.name} play-offs",
            key="playoffs",
            seeds=seeds,
            after=last_kickoff,
            first_kickoff=first_kickoff,
            third_place=third_place,
            two_legged_rounds=two_legged_rounds,
            away_goals=away_goals,
        )
        defaults = {
            "top": top,
            "third_place": third_place,
            "two_legged_rounds": sorted(set(two_legged_rounds)),
            "away_goals": away_goals,
            "knockout": knockout,
        }
        Playoffs.objects.update_or_create(season=season, defaults=defaults)
        return knockout


def knockout_stage(
    season: Season,
    *,
    name: str,
    key: str,
    seeds: Sequence[Team],
    after: datetime,
    first_kickoff: datetime | None = None,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
) -> Season:
    """A knockout of ``seeds`` (best first) in a new season of the league, starting a round
    after ``after`` (the earlier stage's last kickoff), or now if that is later, unless
    ``first_kickoff`` is given; its two-legged rounds as a bracket's. The caller holds the
    transaction."""
    knockout = stage_season(
        season,
        name=name,
        key=key,
        teams=seeds,
        first_kickoff=first_kickoff or max(timezone.now(), after + season.round_interval),
    )
    bracket_draw(
        knockout, seeds=seeds, third_place=third_place, two_legged_rounds=two_legged_rounds, away_goals=away_goals
    )
    return knockout


def stage_season(season: Season, *, name: str, key: str, teams: Sequence[Team], first_kickoff: datetime) -> Season:
    """A new season of the same league for a later stage (play-offs, a group, a knockout): the
    given teams with their squads from ``season``, so a stage is played with the squads drafted
    once, a seed derived from the season's so the whole tournament replays, and the season's
    engine settings (a tie-break chosen for the tournament holds in every stage) and the teams'
    tactics (the squads are the same, so are the orders; what they bought was paid in ``season``)."""

    stage = Season.objects.create(
        league=season.league,
        name=name,
        seed=random.Random(f"{season.seed}:{key}").randrange(2**31),
        first_kickoff=first_kickoff,
        round_interval=season.round_interval,
        double_round_robin=False,
        engine_settings=season.engine_settings,
    )
    stage.teams.set(teams)
    # The same squads, so the same orders: each team's tactics of ``season`` hold in the stage.
    for team_id, tactics in (
        SeasonTeam.objects.filter(season=season, team__in=teams).exclude(tactics={}).values_list("team_id", "tactics")
    ):
        SeasonTeam.objects.filter(season=stage, team_id=team_id).update(tactics=tactics)
    SquadMember.objects.bulk_create(
        SquadMember(season=stage, team_id=m.team_id, player_id=m.player_id, price=m.price)
        for m in SquadMember.objects.filter(season=season, team__in=teams)
    )
    return stage


def plan_playoffs(
    season: Season,
    *,
    top: int,
    third_place: bool = False,
    double: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
) -> str:
    """The season's round robin (made now unless it has one) and its play-offs, which the
    worker draws when the last league match is stored, or drawn now if the league is over.
    The play-offs' options are kept on their row for the worker and checked now against
    ``top``. Refused for a season played in another format and once the play-offs are drawn."""

    teams = season.teams.count()
    errors = {}
    other = [name for name in ("bracket", "swiss", "group_stage", "group") if hasattr(season, name)]
    if other:
        errors["season"] = _("%(season)s is already a %(other_0_replace)s, not a league.") % {
            "season": season,
            "other_0_replace": other[0].replace("_", " "),
        }
    if not 2 <= top <= teams:
        errors["top"] = _("%(top)s is not between 2 and the %(teams)s teams of the season.") % {
            "top": top,
            "teams": teams,
        }
    else:
        errors |= knockout_option_errors(top, two_legged_rounds=two_legged_rounds)
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        Season.objects.select_for_update().get(id=season.id)
        if Playoffs.objects.filter(season=season, knockout__isnull=False).exists():
            raise ValidationError({"season": _("The play-offs of %(season)s are already drawn.") % {"season": season}})
        if not season.matches.exists():
            season.double_round_robin = double
            season.save(update_fields=["double_round_robin"])
            fixtures_generate(season)
        planned = {
            "top": top,
            "third_place": third_place,
            "two_legged_rounds": sorted(set(two_legged_rounds)),
            "away_goals": away_goals,
        }
        playoffs, _created = Playoffs.objects.update_or_create(season=season, defaults=planned)
        if not _unfinished_league(season):
            knockout = planned_playoffs_draw(playoffs.id)
            return _("%(season)s is over: its top %(top)s go to %(knockout)s, whose round one is scheduled.") % {
                "season": season,
                "top": top,
                "knockout": knockout,
            }
    return _("%(season)s: %(season_matches_count)s league matches scheduled; the top %(top)s go to the play-offs.") % {
        "season": season,
        "season_matches_count": season.matches.count(),
        "top": top,
    }


def _unfinished_league(season: Season) -> bool:
    return season.matches.exclude(status__in=Match.CLOSED_STATUSES).exists()


def playoffs_draw_when_league_finishes(playoffs_id: int) -> None:
    """Lock the play-offs row; if this result finished the league, draw them (once)."""

    playoffs = Playoffs.objects.select_for_update(of=("self",)).select_related("season").get(id=playoffs_id)
    if playoffs.knockout_id is None and not _unfinished_league(playoffs.season):
        planned_playoffs_draw(playoffs_id)


def planned_playoffs_draw(playoffs_id: int) -> Season:
    """Draw the play-offs of a finished league (the admin's action, and the worker's when
    the last league match is stored); refused while a match is unfinished and once drawn."""

    with transaction.atomic():
        playoffs = Playoffs.objects.select_for_update(of=("self",)).select_related("season").get(id=playoffs_id)
        if playoffs.knockout_id is not None:
            raise ValidationError(
                {
                    "knockout": _("The play-offs of %(playoffs_season)s are already drawn.")
                    % {"playoffs_season": playoffs.season}
                }
            )
        playoffs.knockout = playoffs_draw(
            playoffs.season,
            top=playoffs.top,
            third_place=playoffs.third_place,
            two_legged_rounds=playoffs.two_legged_rounds,
            away_goals=playoffs.away_goals,
        )
        playoffs.save(update_fields=["knockout"])
    return playoffs.knockout
