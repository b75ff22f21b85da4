"""Replacing a team that withdraws before its first match, in any format: a bracket, a
group stage or a Swiss. The replacement takes the withdrawn
team's place as it stands (its seed, its group, its ranking, its scheduled matches and a
bye it was given), so nothing already drawn is drawn again. It must be a team of the league
with a squad for the tournament's season, not in the tournament already; a team that has
played (a match with a result, or a Swiss bye already counted) cannot be replaced.

Each locks the withdrawn team's matches first and then the tournament's row: the order a
worker storing one of those matches takes its locks in, so the check sees a result that was
being stored while it waited.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from audit import services as audit
from audit.context import recorded_by_caller
from leagues.cache import standings_changed
from leagues.models import Season, Team
from matches.models import Match
from matches.services import revision_update
from rosters.models import SquadMember
from tournaments.models import Bracket, Group, GroupStage, Swiss

PLAYED = gettext_lazy("has played a match already: only a team that has not played can be replaced.")


def tournament_of(season: Season) -> Bracket | GroupStage | Swiss:
    """The tournament a season is (or whose group it is), for replacing a team in it."""
    for model in (Bracket, GroupStage, Swiss):
        found = model.objects.filter(season=season).select_related("season__league").first()
        if found is not None:
            return found
    group = Group.objects.filter(season=season).select_related("stage__season__league").first()
    if group is not None:
        return group.stage
    raise ValidationError(
        {"season": _("%(season)s is not a bracket, a group stage or a Swiss tournament.") % {"season": season}}
    )


def tournament_team_replace(season: Season, withdrawn: Team, replacement: Team) -> None:
    """Put ``replacement`` in the place of ``withdrawn`` in the season's tournament, whatever
    its format (what ``manage.py replace_team`` and the admin call)."""
    tournament = tournament_of(season)
    if isinstance(tournament, Bracket):
        bracket_team_replace(tournament, withdrawn, replacement)
    elif isinstance(tournament, GroupStage):
        groups_team_replace(tournament, withdrawn, replacement)
    else:
        swiss_team_replace(tournament, withdrawn, replacement)


def withdrawal_errors(tournament: Bracket | GroupStage | Swiss, withdrawn: Team, replacement: Team) -> dict[str, str]:
    """Why the replacement is refused, by field (``team``, ``replacement``); empty when it is not."""
    if isinstance(tournament, Bracket):
        return bracket_replacement_errors(tournament, withdrawn, replacement)
    if isinstance(tournament, GroupStage):
        return group_replacement_errors(tournament, withdrawn, replacement)
    return swiss_replacement_errors(tournament, withdrawn, replacement)


def _raise(errors: dict[str, str]) -> None:
    if errors:
        raise ValidationError(errors)


def _lock_matches(team: Team, seasons) -> None:
    list(Match.objects.select_for_update().filter(Q(home=team) | Q(away=team), season__in=list(seasons)))


def _swap_in_matches(seasons, withdrawn: Team, replacement: Team) -> dict[int, str]:
    """The withdrawn team's scheduled matches are the replacement's (none has a result); returns
    the side it took in each match, by match id."""
    swapped: dict[int, str] = {}
    for field in ("home", "away"):
        scheduled = Match.objects.filter(season__in=list(seasons), status=Match.Status.SCHEDULED)
        mine = scheduled.filter(**{field: withdrawn})
        swapped |= dict.fromkeys(mine.values_list("id", flat=True), field)
        mine.update(**{field: replacement}, **revision_update())  # calendars show the new team
    return swapped


def _record_replacement(tournament, withdrawn: Team, replacement: Team, swapped: dict[int, str]) -> None:
    """One audit entry for the tournament and one per match whose team changed (update() sends no
    signal), in one insert."""
    matches = Match.objects.filter(id__in=swapped).select_related("home", "away")
    audit.record_all(
        [
            audit.entry(
                "tournament.team_replaced",
                tournament,
                before={"team": withdrawn.id},
                after={"team": replacement.id},
                season=tournament.season_id,
                team=withdrawn.id,
                opponent=replacement.id,
            ),
            *(
                audit.entry(
                    "match.team_replaced",
                    match,
                    before={swapped[match.id]: withdrawn.id},
                    after={swapped[match.id]: replacement.id},
                    **match.audit_scope(),
                )
                for match in matches
            ),
        ]
    )


def _swap_in_season(season: Season, withdrawn: Team, replacement: Team) -> None:
    season.teams.remove(withdrawn)
    season.teams.add(replacement)


def has_played(team: Team, seasons) -> bool:
    """Whether ``team`` has a match in ``seasons`` that is no longer simply scheduled."""
    matches = Match.objects.filter(Q(home=team) | Q(away=team), season__in=list(seasons))
    return matches.exclude(status=Match.Status.SCHEDULED).exists()


def replacement_team_errors(season: Season, replacement: Team, *, taken: bool, where: str) -> dict[str, str]:
    """Why ``replacement`` cannot come into a tournament of ``season``: it must be a team of the
    league with a squad for the season (its squad is what it plays with), not in it already."""
    if replacement.league_id != season.league_id:
        return {
            "replacement": _("%(replacement)s is not a team of %(season_league)s.")
            % {"replacement": replacement, "season_league": season.league}
        }
    if taken:
        return {
            "replacement": _("%(replacement)s is in %(where)s already.") % {"replacement": replacement, "where": where}
        }
    if not replacement.squad_members.filter(season=season).exists():
        return {
            "replacement": _("%(replacement)s has no squad for %(season_name)s: add its squad to the season first.")
            % {"replacement": replacement, "season_name": season.name}
        }
    return {}


# --- brackets ----------------------------------------------------------------------------


def bracket_replacement_errors(bracket: Bracket, withdrawn: Team, replacement: Team) -> dict[str, str]:
    """The withdrawn team must be in the bracket with no match played."""
    season = bracket.season
    errors = {}
    if not bracket.entrants.filter(team=withdrawn).exists():
        errors["team"] = _("%(withdrawn)s is not in the bracket.") % {"withdrawn": withdrawn}
    elif has_played(withdrawn, [season]):
        errors["team"] = f"{withdrawn} {PLAYED}"
    taken = bracket.entrants.filter(team=replacement).exists()
    return errors | replacement_team_errors(season, replacement, taken=taken, where="the bracket")


def bracket_team_replace(bracket: Bracket, withdrawn: Team, replacement: Team) -> None:
    """The replacement takes the withdrawn team's seed, its ties and its scheduled matches."""
    with transaction.atomic():
        _lock_matches(withdrawn, [bracket.season])
        bracket = Bracket.objects.select_for_update().select_related("season__league").get(id=bracket.id)
        _raise(bracket_replacement_errors(bracket, withdrawn, replacement))
        bracket.entrants.filter(team=withdrawn).update(team=replacement)
        for field in ("home", "away", "winner"):
            bracket.ties.filter(**{field: withdrawn}).update(**{field: replacement})
        swapped = _swap_in_matches([bracket.season], withdrawn, replacement)
        _swap_in_season(bracket.season, withdrawn, replacement)
        _record_replacement(bracket, withdrawn, replacement, swapped)


# --- groups ------------------------------------------------------------------------------


def group_replacement_errors(stage: GroupStage, withdrawn: Team, replacement: Team) -> dict[str, str]:
    """The withdrawn team must be in a group and not have played; the knockout after the groups
    has only teams that played, so it is never replaced here."""
    season = stage.season
    errors = {}
    group = Group.objects.filter(stage=stage, season__teams=withdrawn).first()
    if group is None:
        errors["team"] = _("%(withdrawn)s is not in a group of %(season)s.") % {
            "withdrawn": withdrawn,
            "season": season,
        }
    elif has_played(withdrawn, [group.season]):
        errors["team"] = f"{withdrawn} {PLAYED}"
    taken = season.teams.filter(id=replacement.id).exists()
    return errors | replacement_team_errors(season, replacement, taken=taken, where=str(season))


def groups_team_replace(stage: GroupStage, withdrawn: Team, replacement: Team) -> None:
    """The replacement takes the withdrawn team's group: its place in the tournament season and
    the group's season, its scheduled group matches, and its squad in the group (copied from the
    tournament season's, as ``stage_season`` copies every squad). Its group table follows."""
    with transaction.atomic():
        _lock_matches(withdrawn, Season.objects.filter(group__stage=stage))
        stage = GroupStage.objects.select_for_update().select_related("season__league").get(id=stage.id)
        _raise(group_replacement_errors(stage, withdrawn, replacement))
        group_season = Season.objects.get(group__stage=stage, teams=withdrawn)
        swapped = _swap_in_matches([group_season], withdrawn, replacement)
        _swap_in_season(stage.season, withdrawn, replacement)
        _swap_in_season(group_season, withdrawn, replacement)
        with recorded_by_caller():  # the group's squads follow the replacement: part of its entry
            SquadMember.objects.filter(season=group_season, team=withdrawn).delete()
        SquadMember.objects.bulk_create(
            SquadMember(season=group_season, team_id=m.team_id, player_id=m.player_id, price=m.price)
            for m in SquadMember.objects.filter(season=stage.season, team=replacement)
        )
        _record_replacement(stage, withdrawn, replacement, swapped)
        standings_changed([group_season.id, stage.season_id])


# --- Swiss -------------------------------------------------------------------------------


def swiss_replacement_errors(swiss: Swiss, withdrawn: Team, replacement: Team) -> dict[str, str]:
    """The withdrawn team must be in the Swiss and not have played: no result, and no bye in a
    round already complete (a bye counts as a win, which the replacement did not earn)."""
    season = swiss.season
    errors = {}
    last_round = max(season.matches.values_list("round", flat=True), default=0)
    if withdrawn.id not in swiss.ranking:
        errors["team"] = _("%(withdrawn)s is not in the Swiss of %(season)s.") % {
            "withdrawn": withdrawn,
            "season": season,
        }
    elif has_played(withdrawn, [season]) or swiss.byes.filter(team=withdrawn, round__lt=last_round).exists():
        errors["team"] = f"{withdrawn} {PLAYED}"
    taken = replacement.id in swiss.ranking
    return errors | replacement_team_errors(season, replacement, taken=taken, where="the Swiss")


def swiss_team_replace(swiss: Swiss, withdrawn: Team, replacement: Team) -> None:
    """The replacement takes the withdrawn team's place in the ranking (its seeding), its
    pairing of the current round and a bye it was given in that round."""
    with transaction.atomic():
        _lock_matches(withdrawn, [swiss.season])
        swiss = Swiss.objects.select_for_update().select_related("season__league").get(id=swiss.id)
        _raise(swiss_replacement_errors(swiss, withdrawn, replacement))
        swiss.ranking = [replacement.id if team == withdrawn.id else team for team in swiss.ranking]
        swiss.save(update_fields=["ranking"])
        swiss.byes.filter(team=withdrawn).update(team=replacement)
        swapped = _swap_in_matches([swiss.season], withdrawn, replacement)
        _swap_in_season(swiss.season, withdrawn, replacement)
        _record_replacement(swiss, withdrawn, replacement, swapped)
        standings_changed([swiss.season_id])
