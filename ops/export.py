"""A season as plain data, for ``export_season --json`` and anything that reads it back."""

from __future__ import annotations

from collections import defaultdict

from competitions.stages import NO_PLACE, match_places
from competitions.standings import compute_standings
from leagues.models import Season
from matches.models import Match
from rosters.models import SquadMember


def season_export(season: Season) -> dict:
    league = season.league
    squads: dict[int, list[dict]] = defaultdict(list)
    for member in SquadMember.objects.filter(season=season).select_related("player").order_by("team_id", "id"):
        squads[member.team_id].append(
            {"player_id": member.player_id, "name": member.player.name, "price": member.price}
        )
    teams = [
        {
            "id": team.id,
            "name": team.name,
            "budget": league.budget,
            "spent": sum(p["price"] for p in squads[team.id]),
            "squad": squads[team.id],
        }
        for team in season.teams.order_by("id")
    ]
    stage, places = match_places(season)
    matches = [
        {
            "id": m.id,
            "round": m.round,
            "home": m.home_id,
            "away": m.away_id,
            "kickoff": m.kickoff.isoformat(),
            "status": m.status,
            "home_goals": m.home_goals,
            "away_goals": m.away_goals,
            "decided_by": m.decided_by or None,
            "shootout_home": m.shootout_home,
            "shootout_away": m.shootout_away,
            "stage": stage,
            **places.get(m.id, NO_PLACE),
            "seed": m.seed,
            "engine_version": m.engine_version or None,
        }
        for m in Match.objects.filter(season=season).order_by("round", "id")
    ]
    standings = [
        {key: row[key] for key in ("team", "played", "won", "drawn", "lost", "goals_for", "goals_against", "points")}
        for row in compute_standings(season).to_list()
    ]
    return {
        "season": {"id": season.id, "name": season.name, "seed": season.seed},
        "league": {
            "id": league.id,
            "name": league.name,
            "engine": league.engine,
            "points": {"win": league.points_win, "draw": league.points_draw, "loss": league.points_loss},
            "tiebreakers": league.tiebreakers,
            "budget": league.budget,
        },
        "teams": teams,
        "matches": matches,
        "standings": standings,
    }
