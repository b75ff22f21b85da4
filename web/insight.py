"""What the pages show of the previews and the season odds: only what the workers already made
(``competitions.previews``, ``competitions.odds``, the odds kept per round by
``competitions.odds_history``); a page view never plays a match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from competitions.odds import cached_season_odds
from competitions.odds_history import odds_history
from competitions.previews import cached_previews
from leagues.models import Division, Season, Team
from matches.models import Match
from web.charts import OddsChart, odds_chart


def waiting_previews(match_ids: list[int]) -> dict[int, dict]:
    """The previews already cached of these scheduled matches (none is computed on a page view:
    the workers make them), as dicts; two queries when there are any."""
    if not match_ids:
        return {}
    matches = Match.objects.select_related("season__league", "home", "away").filter(id__in=match_ids)
    return {match_id: outlook.to_dict() for match_id, outlook in cached_previews(matches).items()}


@dataclass
class OddsLine:
    team_id: int
    name: str
    division: str
    expected_points: float
    title: float
    positions: list[float]
    #: promotion, relegation, play-offs, the knockout where the season has them, in ``odds_columns`` order
    places: list[float]


def odds_lines(season: Season, names: dict[int, str]) -> tuple[list[OddsLine], int, list[str]]:
    """The season's cached odds as table lines (nothing when the workers have not made them)."""
    odds = cached_season_odds(season)
    if odds is None:
        return [], 0, []
    columns = [
        key for key in ("promotion", "relegation", "playoffs", "knockout") if any(key in team for team in odds["teams"])
    ]
    in_divisions = any("division" in team for team in odds["teams"])
    divisions = dict(Division.objects.filter(league=season.league).values_list("id", "name")) if in_divisions else {}
    lines = [
        OddsLine(
            team_id=team["team"],
            name=names.get(team["team"], ""),
            division=divisions.get(team.get("division"), ""),
            expected_points=team["expected_points"],
            title=team["title"],
            positions=team["positions"],
            places=[team.get(key, 0.0) for key in columns],
        )
        for team in odds["teams"]
    ]
    return lines, odds["completions"], columns


#: The odds charted over the rounds: the title (first place of its division) and relegation.
CHARTED = {"title": gettext_lazy("the title"), "relegation": gettext_lazy("relegation")}


@dataclass
class OddsHistoryChart:
    #: "title" or "relegation"
    kind: str
    #: what the chances are of: "the title" or "relegation"
    subject: str
    #: the division's name, in a season of divisions
    division: str
    chart: OddsChart


def odds_history_charts(season: Season, divisions: Sequence[tuple[int, str]] = ()) -> list[OddsHistoryChart]:
    """The kept odds as charts over the rounds: each team's title chances and, in a division
    that relegates, its relegation chances; one pair per division (``divisions``: id and name,
    top tier first). Nothing until odds were kept after two rounds."""
    rows = odds_history(season.id)
    if len(rows) < 2:
        return []
    per_round = [{team["team"]: team for team in row.teams} for row in rows]
    ids = {team_id for teams in per_round for team_id in teams}
    names = dict(Team.objects.filter(id__in=ids).values_list("id", "name"))
    of_division: dict[int | None, list[int]] = {}
    for teams in per_round:
        for team_id, team in teams.items():
            members = of_division.setdefault(team.get("division"), [])
            if team_id not in members:
                members.append(team_id)
    parts = [(pk, name) for pk, name in divisions if pk in of_division] or [(None, "")]
    charts = []
    for pk, division in parts:
        for kind, subject in CHARTED.items():
            chances = {
                team_id: (
                    names.get(team_id, f"team {team_id}"),
                    [teams.get(team_id, {}).get(kind) for teams in per_round],
                )
                for team_id in of_division.get(pk, [])
            }
            if kind != "title" and not any(v for _, values in chances.values() for v in values):
                continue  # no team had a chance of it: the division does not relegate
            chart = odds_chart([row.round for row in rows], chances)
            if chart is not None:
                charts.append(OddsHistoryChart(kind, subject, division, chart))
    return charts
