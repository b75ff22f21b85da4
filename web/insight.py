"""What the pages show of the previews and the season odds: only what the workers already made
(``competitions.previews``, ``competitions.odds``); a page view never plays a match."""

from __future__ import annotations

from dataclasses import dataclass

from competitions.odds import cached_season_odds
from competitions.previews import cached_previews
from leagues.models import Division, Season
from matches.models import Match


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
    #: promotion, relegation, play-offs where the season has them, in ``odds_columns`` order
    places: list[float]


def odds_lines(season: Season, names: dict[int, str]) -> tuple[list[OddsLine], int, list[str]]:
    """The season's cached odds as table lines (nothing when the workers have not made them)."""
    odds = cached_season_odds(season)
    if odds is None:
        return [], 0, []
    columns = [key for key in ("promotion", "relegation", "playoffs") if any(key in team for team in odds["teams"])]
    divisions = dict(Division.objects.filter(league=season.league).values_list("id", "name")) if columns else {}
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
