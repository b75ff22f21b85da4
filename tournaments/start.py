"""Starting a tournament with a season's teams, in any format: what the admin's "Start a
tournament" page and the demo both call, so each format is set up one way.

The season's teams, first kickoff and round interval are the tournament's. What a format
leaves to later is done by the worker that stores the result before it: a knockout's
next round, a Swiss round, the knockout after the groups, the play-offs after the league.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q

from engines import ENGINES, CardError, get_engine
from leagues.models import Season
from leagues.scheduling import generate_fixtures
from leagues.validation import schedule_errors, team_count_errors
from matches.models import Match
from rosters.models import SquadMember

logger = logging.getLogger(__name__)

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
    groups_by_hand: Sequence[str] = (),
    advance: int = 2,
    double: bool = False,
    rounds: int | None = None,
    top: int = 4,
    tie_break: str = "",
) -> str:
    """Set the season up as a tournament of ``tournament_format`` and schedule its first
    round; returns a line saying what was made. Options a format does not use are ignored;
    a bad one is a ValidationError naming it. ``groups_by_hand``: the groups, one line each
    (``tournaments.groups.groups_from_lines``), instead of ``groups`` drawn from seeded pots."""
    from tournaments.groups import draw_groups, groups_from_lines
    from tournaments.services import draw_bracket
    from tournaments.swiss import draw_swiss

    if tournament_format not in FORMATS:
        raise ValidationError({"format": f"{tournament_format!r} is not a format; choose from {', '.join(FORMATS)}."})
    check_season_can_start(season)
    with transaction.atomic():  # a refused option leaves the season as it was, its tie-break too
        if tie_break:
            set_tie_break(season, tie_break)
        if tournament_format == "knockout":
            bracket = draw_bracket(
                season, third_place=third_place, two_legged_rounds=two_legged_rounds, away_goals=away_goals
            )
            return f"{season}: a bracket of {bracket.entrants.count()} teams; round one is scheduled."
        if tournament_format == "double_elimination":
            bracket = draw_bracket(season, double_elimination=True, bracket_reset=bracket_reset)
            return f"{season}: a bracket of {bracket.entrants.count()} teams; round one is scheduled."
        if tournament_format == "groups":
            by_hand = groups_from_lines(season, groups_by_hand, field="groups_by_hand") if groups_by_hand else None
            stage = draw_groups(
                season,
                groups=groups,
                by_hand=by_hand,
                advance=advance,
                double=double,
                third_place=third_place,
                two_legged_rounds=two_legged_rounds,
                away_goals=away_goals,
            )
            return f"{season}: {stage.group_count} groups drawn; their round robins are scheduled."
        if tournament_format == "swiss":
            teams = season.teams.count()
            swiss = draw_swiss(season, rounds=rounds or max(1, (teams - 1).bit_length()))
            return f"{season}: a Swiss of {swiss.rounds} rounds; round one is scheduled."
        return plan_playoffs(
            season,
            top=top,
            third_place=third_place,
            double=double,
            two_legged_rounds=two_legged_rounds,
            away_goals=away_goals,
        )


def check_season_can_start(season: Season) -> None:
    """Refuse a season whose first round could not be played or scheduled: a team without a
    complete squad (every one of its matches would fail at kickoff), more teams than
    ``MAX_TEAMS_PER_SEASON``, engine settings the game refuses (saved before they were
    checked), or a first kickoff or interval past the calendar's limits."""
    errors = schedule_errors(season.first_kickoff, season.round_interval)
    errors |= team_count_errors(season.teams.count())
    try:
        get_engine(season.league.engine).validate_settings(season.match_settings)
    except CardError as exc:
        raise ValidationError({**errors, "season": f"{season}: {exc}"}) from exc
    incomplete = incomplete_squads(season)
    if incomplete:
        rules = get_engine(season.league.engine).squad_rules_for(season.match_settings)
        needed = ", ".join(f"{count} {role}" for role, count in rules.roles.items())
        reserves = f" and {rules.reserves} reserves" if rules.reserves else ""
        errors["season"] = (
            f"Teams without a complete squad for {season}: {', '.join(incomplete)}. A squad of "
            f"{season.league.get_engine_display()} is {rules.size} cards ({needed}{reserves}); draft them first."
        )
    if errors:
        raise ValidationError(errors)


def incomplete_squads(season: Season) -> list[str]:
    """The names of the season's teams whose squad breaks the engine's squad rules under the
    season's settings: at least each role's count, and the squad's size exactly (one query
    for the squads, one for the teams)."""
    rules = get_engine(season.league.engine).squad_rules_for(season.match_settings)
    counts: dict[int, dict[str, int]] = {}
    rows = SquadMember.objects.filter(season=season).values("team_id", "player__role").annotate(cards=Count("id"))
    for row in rows:
        counts.setdefault(row["team_id"], {})[row["player__role"]] = row["cards"]
    incomplete = []
    for team_id, name in season.teams.order_by("name").values_list("id", "name"):
        roles = counts.get(team_id, {})
        complete = sum(roles.values()) == rules.size and all(
            roles.get(role, 0) >= count for role, count in rules.roles.items()
        )
        if not complete:
            incomplete.append(name)
    return incomplete


def set_tie_break(season: Season, tie_break: str) -> None:
    """A game whose settings have a ``tie_break`` (Fütti: sudden death or penalties) settles a
    level knockout match the tournament's way: the choice goes in the season's engine settings,
    over the league's, and every later stage inherits it (``stage_season``). Other games have
    one procedure of their own, so the option is refused for them."""
    league = season.league
    setting = get_engine(league.engine).settings_schema["properties"].get("tie_break")
    if setting is None:
        games = [get_engine(key) for key in ENGINES]
        choosing = " and ".join(g.name for g in games if "tie_break" in g.settings_schema["properties"])
        plays = league.get_engine_display()
        raise ValidationError({"tie_break": f"Only {choosing} has a choice of tie-break; {league} plays {plays}."})
    if tie_break not in setting["enum"]:
        name = get_engine(league.engine).name
        allowed = ", ".join(setting["enum"])
        raise ValidationError({"tie_break": f"{tie_break!r} is not a {name} tie-break; choose from {allowed}."})
    season.engine_settings = {**(season.engine_settings or {}), "tie_break": tie_break}
    season.save(update_fields=["engine_settings"])


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
    from tournaments.models import Playoffs
    from tournaments.services import knockout_option_errors

    teams = season.teams.count()
    errors = {}
    other = [name for name in ("bracket", "swiss", "group_stage", "group") if hasattr(season, name)]
    if other:
        errors["season"] = f"{season} is already a {other[0].replace('_', ' ')}, not a league."
    if not 2 <= top <= teams:
        errors["top"] = f"{top} is not between 2 and the {teams} teams of the season."
    else:
        errors |= knockout_option_errors(top, two_legged_rounds=two_legged_rounds)
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        Season.objects.select_for_update().get(id=season.id)
        if Playoffs.objects.filter(season=season, knockout__isnull=False).exists():
            raise ValidationError({"season": f"The play-offs of {season} are already drawn."})
        if not season.matches.exists():
            season.double_round_robin = double
            season.save(update_fields=["double_round_robin"])
            generate_fixtures(season)
        planned = {
            "top": top,
            "third_place": third_place,
            "two_legged_rounds": sorted(set(two_legged_rounds)),
            "away_goals": away_goals,
        }
        playoffs, _ = Playoffs.objects.update_or_create(season=season, defaults=planned)
        if not _unfinished_league(season):
            knockout = draw_planned_playoffs(playoffs.id)
            return f"{season} is over: its top {top} go to {knockout}, whose round one is scheduled."
    return f"{season}: {season.matches.count()} league matches scheduled; the top {top} go to the play-offs."


def league_result_stored(match: Match) -> None:
    """What a stored result of a match without ``winner_required`` may set off, in the
    worker's transaction: the knockout after the last group match, the play-offs after the
    last league match, and for a first leg whose second leg already counts (stored before it:
    a first leg played late or at the table, or corrected once its tie was decided) the bracket
    moved on again. Never for a first leg stored before its second: the second leg's worker may
    be waiting for it while holding the bracket. The worker reads the season's group and
    play-offs with the match."""
    from tournaments.groups import draw_knockout_when_groups_finish
    from tournaments.models import Tie
    from tournaments.services import advance_bracket

    second_leg_counts = Q(match__status__in=Match.RESULT_STATUSES)  # committed, so no worker holds it
    tie = Tie.objects.filter(second_leg_counts, first_leg=match).values_list("id", "bracket_id").first()
    if tie is not None:  # this leg may decide the tie, or change who won it
        advance_bracket(tie[1], recheck=tie[0])
    season = match.season
    if hasattr(season, "group"):
        _draw_keeping_the_result(draw_knockout_when_groups_finish, season.group.stage_id)
    if hasattr(season, "playoffs"):
        _draw_keeping_the_result(draw_playoffs_when_league_finishes, season.playoffs.id)


def _draw_keeping_the_result(draw: Callable[[int], None], object_id: int) -> None:
    """Run a draw in a savepoint of the worker's transaction: if it fails, the result that
    set it off stays stored, the error is logged, and the commissioner draws from the admin."""
    try:
        with transaction.atomic():
            draw(object_id)
    except Exception:
        logger.exception("%s(%s) failed; the result is kept, draw it from the admin", draw.__name__, object_id)


def _unfinished_league(season: Season) -> bool:
    return season.matches.exclude(status__in=Match.CLOSED_STATUSES).exists()


def draw_playoffs_when_league_finishes(playoffs_id: int) -> None:
    """Lock the play-offs row; if this result finished the league, draw them (once)."""
    from tournaments.models import Playoffs

    playoffs = Playoffs.objects.select_for_update(of=("self",)).select_related("season").get(id=playoffs_id)
    if playoffs.knockout_id is None and not _unfinished_league(playoffs.season):
        draw_planned_playoffs(playoffs_id)


def draw_planned_playoffs(playoffs_id: int) -> Season:
    """Draw the play-offs of a finished league (the admin's action, and the worker's when
    the last league match is stored); refused while a match is unfinished and once drawn."""
    from tournaments.models import Playoffs
    from tournaments.services import draw_playoffs

    with transaction.atomic():
        playoffs = Playoffs.objects.select_for_update(of=("self",)).select_related("season").get(id=playoffs_id)
        if playoffs.knockout_id is not None:
            raise ValidationError({"knockout": f"The play-offs of {playoffs.season} are already drawn."})
        playoffs.knockout = draw_playoffs(
            playoffs.season,
            top=playoffs.top,
            third_place=playoffs.third_place,
            two_legged_rounds=playoffs.two_legged_rounds,
            away_goals=playoffs.away_goals,
        )
        playoffs.save(update_fields=["knockout"])
    return playoffs.knockout
