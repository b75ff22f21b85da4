"""A season's divisions: which teams play in which, one table each, and the order of the
whole league (best first, division by division from the top tier).

A season whose teams have no division is the league's single division: its one table is the
season's, exactly as before divisions existed. A team plays in one division of a season
(``SeasonTeam`` holds one row per season and team)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from competitions.standings import Table, cached_standings, compute_standings
from leagues.models import Division, Season, SeasonTeam, Team


@dataclass
class DivisionTable:
    """One division's table in a season; ``division`` is None for a season without divisions."""

    division: Division | None
    table: Table

    @property
    def title(self) -> str:
        return self.division.name if self.division else ""


def season_divisions(season: Season) -> list[Division]:
    """The divisions the season's teams play in, top tier first (none: a single division)."""
    return list(Division.objects.filter(season_teams__season=season).distinct().order_by("tier"))


def team_groups(season: Season, teams: Sequence[Team]) -> list[list[Team]]:
    """``teams`` of the season by division, top tier first, in the order given; one group when
    the season has no divisions. Refused (naming ``teams``) when some teams have a division
    and others none, or a division has fewer than two teams for its round robin."""
    division_of = dict(SeasonTeam.objects.filter(season=season).values_list("team_id", "division_id"))
    if not any(division_of.values()):
        return [list(teams)]
    missing = [t.name for t in teams if division_of.get(t.pk) is None]
    if missing:
        raise ValidationError(
            {
                "teams": _("In no division of %(season)s: %(join_missing)s. Put every team in a division, or none.")
                % {"season": season, "join_missing": ", ".join(missing)}
            }
        )
    divisions = {d.pk: d for d in Division.objects.filter(pk__in=set(division_of.values()))}
    groups: dict[int, list[Team]] = defaultdict(list)
    for team in teams:
        groups[division_of[team.pk]].append(team)
    small = [f"{divisions[d].name} has {len(g)}" for d, g in groups.items() if len(g) < 2]
    if small:
        raise ValidationError(
            {"teams": _("A division needs at least two teams: %(join_small)s.") % {"join_small": ", ".join(small)}}
        )
    return [groups[d] for d in sorted(groups, key=lambda d: divisions[d].tier)]


def division_tables(season: Season, *, cache: bool = False) -> list[DivisionTable]:
    """One table per division, top tier first (through the standings cache with ``cache``)."""
    standings = cached_standings if cache else compute_standings
    divisions = season_divisions(season)
    if not divisions:
        return [DivisionTable(None, standings(season))]
    return [DivisionTable(d, standings(season, d.pk)) for d in divisions]


def final_order(season: Season) -> list[int]:
    """The season's team ids best first: the top division's table, then the next tier's (a
    reverse-table draft's order, ``settings.DRAFT_TABLE_ORDER``)."""
    return [row.team_id for part in division_tables(season) for row in part.table.rows]


def current_order(season: Season) -> list[int]:
    """The season's team ids best first as its table stands now, or [] while no team has played
    (the waiver order of ``rosters.free_agents`` reverses it, ``settings.WAIVER_TABLE_ORDER``)."""
    rows = [row for part in division_tables(season) for row in part.table.rows]
    return [row.team_id for row in rows] if any(row.played for row in rows) else []
