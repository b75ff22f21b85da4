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
from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.groups import groups_draw, groups_from_lines
from competitions.knockout import bracket_draw
from competitions.playoffs import plan_playoffs
from competitions.swiss import swiss_draw
from engines import ENGINES, CardError, get_engine
from leagues.models import Season
from leagues.validation import schedule_errors, team_count_errors
from matches.models import Match
from rosters.drafting import autodraft
from rosters.models import Draft, SquadMember
from rosters.squads import squads_copy

FORMATS = {
    "knockout": "Single elimination",
    "double_elimination": "Double elimination",
    "groups": "Groups then knockout",
    "swiss": "Swiss",
    "league_playoffs": "League then play-offs",
}

#: Where the teams' squads come from: the ones drafted already, another season's, or a draft now.
SQUADS = {
    "keep": "Keep the squads drafted for this season",
    "copy": "Copy each team's squad from another season of the league",
    "autodraft": "Autodraft now: fill every squad from the league's free cards",
}


def tournament_start(
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
    squads: str = "keep",
    squads_from: Season | None = None,
    by=None,
) -> str:
    """Set the season up as a tournament of ``tournament_format`` and schedule its first
    round; returns a line saying what was made. Options a format does not use are ignored;
    a bad one is a ValidationError naming it. ``groups_by_hand``: the groups, one line each
    (``competitions.groups.groups_from_lines``), instead of ``groups`` drawn from seeded pots.
    ``squads``: keep the season's squads, ``copy`` them from ``squads_from`` (a season of the
    same league: a cup after the league, ``rosters.squads.squads_copy``) or ``autodraft`` them
    first; a refused option undoes the copy or the draft too."""
    if tournament_format not in FORMATS:
        raise ValidationError(
            {
                "format": _("%(tournament_format)r is not a format; choose from %(join_formats)s.")
                % {"tournament_format": tournament_format, "join_formats": ", ".join(FORMATS)}
            }
        )
    if tournament_format != "league_playoffs":  # play-offs follow a league, results and all
        check_no_results(season, FORMATS[tournament_format])
    with transaction.atomic():  # a refused option leaves the season as it was: its squads, its tie-break
        squads_fill(season, squads, squads_from, by=by)
        check_season_can_start(season)
        if tie_break:
            tie_break_set(season, tie_break)
        if tournament_format == "knockout":
            bracket = bracket_draw(
                season, third_place=third_place, two_legged_rounds=two_legged_rounds, away_goals=away_goals
            )
            return _("%(season)s: a bracket of %(bracket_entrants_count)s teams; round one is scheduled.") % {
                "season": season,
                "bracket_entrants_count": bracket.entrants.count(),
            }
        if tournament_format == "double_elimination":
            bracket = bracket_draw(season, double_elimination=True, bracket_reset=bracket_reset)
            return _("%(season)s: a bracket of %(bracket_entrants_count)s teams; round one is scheduled.") % {
                "season": season,
                "bracket_entrants_count": bracket.entrants.count(),
            }
        if tournament_format == "groups":
            by_hand = groups_from_lines(season, groups_by_hand, field="groups_by_hand") if groups_by_hand else None
            stage = groups_draw(
                season,
                groups=groups,
                by_hand=by_hand,
                advance=advance,
                double=double,
                third_place=third_place,
                two_legged_rounds=two_legged_rounds,
                away_goals=away_goals,
            )
            return _("%(season)s: %(stage_group_count)s groups drawn; their round robins are scheduled.") % {
                "season": season,
                "stage_group_count": stage.group_count,
            }
        if tournament_format == "swiss":
            teams = season.teams.count()
            swiss = swiss_draw(season, rounds=rounds or max(1, (teams - 1).bit_length()))
            return _("%(season)s: a Swiss of %(swiss_rounds)s rounds; round one is scheduled.") % {
                "season": season,
                "swiss_rounds": swiss.rounds,
            }
        return plan_playoffs(
            season,
            top=top,
            third_place=third_place,
            double=double,
            two_legged_rounds=two_legged_rounds,
            away_goals=away_goals,
        )


def squads_fill(season: Season, squads: str, squads_from: Season | None, *, by=None) -> None:
    """The squads a tournament starts with: ``keep`` (as drafted), ``copy`` (from ``squads_from``)
    or ``autodraft`` (the open places of every squad, from the league's free cards)."""
    if squads not in SQUADS:
        raise ValidationError(
            {
                "squads": _("%(squads)r is not a choice; choose from %(join_squads)s.")
                % {"squads": squads, "join_squads": ", ".join(SQUADS)}
            }
        )
    if squads == "copy":
        if squads_from is None:
            raise ValidationError({"squads_from": _("Choose the season to copy the squads from.")})
        squads_copy(squads_from, season, by=by)
    elif squads == "autodraft":
        if Draft.objects.filter(season=season).exclude(state=Draft.State.DONE).exists():
            raise ValidationError(
                {
                    "squads": _(
                        "%(season)s has a draft that is not done: finish it in the draft room, or keep its squads."
                    )
                    % {"season": season}
                }
            )
        autodraft(season)


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
        values = {
            "season": season,
            "join_incomplete": ", ".join(incomplete),
            "season_league_get_engine_displ": season.league.get_engine_display(),
            "rules_size": rules.size,
            "needed": needed,
            "reserves": rules.reserves,
        }
        if rules.reserves:
            text = _(
                "Teams without a complete squad for %(season)s: %(join_incomplete)s. A squad of "
                "%(season_league_get_engine_displ)s is %(rules_size)s cards (%(needed)s and %(reserves)s reserves); "
                "draft them first."
            )
        else:
            text = _(
                "Teams without a complete squad for %(season)s: %(join_incomplete)s. A squad of "
                "%(season_league_get_engine_displ)s is %(rules_size)s cards (%(needed)s); draft them first."
            )
        errors["season"] = text % values
    if errors:
        raise ValidationError(errors)


def check_no_results(season: Season, tournament: str) -> None:
    """A tournament drawn on a season would delete its matches: refused once one has a result,
    saying so (the draws' own "cannot be drawn again" reads wrong when nothing was drawn)."""
    results = season.matches.filter(status__in=Match.RESULT_STATUSES).count()
    if results:
        raise ValidationError(
            {
                "season": ngettext(
                    "%(season)s already has results (%(results)d match), which a new draw would"
                    " delete: start the %(tournament_lower)s on a season of its own, with no match played.",
                    "%(season)s already has results (%(results)d matches), which a new draw would"
                    " delete: start the %(tournament_lower)s on a season of its own, with no match played.",
                    results,
                )
                % {"season": season, "results": results, "tournament_lower": tournament.lower()}
            }
        )


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


def tie_break_set(season: Season, tie_break: str) -> None:
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
        raise ValidationError(
            {
                "tie_break": _("Only %(choosing)s has a choice of tie-break; %(league)s plays %(plays)s.")
                % {"choosing": choosing, "league": league, "plays": plays}
            }
        )
    if tie_break not in setting["enum"]:
        name = get_engine(league.engine).name
        allowed = ", ".join(setting["enum"])
        raise ValidationError(
            {
                "tie_break": _("%(tie_break)r is not a %(name)s tie-break; choose from %(allowed)s.")
                % {"tie_break": tie_break, "name": name, "allowed": allowed}
            }
        )
    season.engine_settings = {**(season.engine_settings or {}), "tie_break": tie_break}
    season.save(update_fields=["engine_settings"])
