"""History by division: champions per tier, who went up and down at the rollover, titles from
the top tier only, and the chart of places counted down through the tiers."""

from datetime import timedelta

import pytest
from django.db.models import F

from competitions.history import compute_history
from leagues.models import Division, DivisionPlayoff, Season, SeasonTeam, Team
from matches.models import PlayerMatchStat
from rosters.models import Player
from tests.conftest import make_league
from tests.history.conftest import START, play_season
from tournaments.models import Bracket, Playoffs, Tie
from web.charts import history_chart


@pytest.fixture
def two_tiers(db):
    """Season 1: Alpha beat Beta in the first division, Gamma beat Delta in the second; Beta went
    down and Gamma up. Season 2 (rolled over): Gamma beat Alpha on top, Delta beat Beta below."""
    league = make_league("Pyramid")
    top = Division.objects.create(league=league, name="Premier", tier=1, relegated=1)
    second = Division.objects.create(league=league, name="Second", tier=2, promoted=1)
    first, _ = play_season(league, "2025", ["Alpha 2-0 Beta", "Gamma 1-0 Delta"], start=START)
    later, _ = play_season(league, "2026", ["Gamma 2-1 Alpha", "Delta 3-0 Beta"], start=START + timedelta(days=100))
    later.previous = first
    later.save()
    for season, split in ((first, {"Alpha": top, "Beta": top}), (later, {"Alpha": top, "Gamma": top})):
        for entry in SeasonTeam.objects.filter(season=season).select_related("team"):
            entry.division = split.get(entry.team.name, second)
            entry.save()
    return league


def test_each_division_has_its_table_champion_and_movements(two_tiers):
    history = compute_history(two_tiers)
    summary = [
        (e.season_name, e.division.name, e.division.tier, [r.name for r in e.table.rows], e.champion_name)
        for e in history.seasons
    ]
    assert summary == [
        ("2025", "Premier", 1, ["Alpha", "Beta"], "Alpha"),
        ("2025", "Second", 2, ["Gamma", "Delta"], "Gamma"),
        ("2026", "Premier", 1, ["Gamma", "Alpha"], "Gamma"),
        ("2026", "Second", 2, ["Delta", "Beta"], "Delta"),
    ]
    names = {row.team_id: row.name for row in history.all_time}
    moved = [([names[t] for t in e.promoted], [names[t] for t in e.relegated]) for e in history.seasons]
    assert moved == [([], ["Beta"]), (["Gamma"], []), ([], []), ([], [])]


def test_titles_count_the_top_tier_only_and_movements_add_up(two_tiers):
    rows = {
        r.name: (r.seasons, r.played, r.points, r.titles, r.promotions, r.relegations)
        for r in compute_history(two_tiers).all_time
    }
    assert rows == {
        "Alpha": (2, 2, 3, 1, 0, 0),
        "Beta": (2, 2, 0, 0, 0, 1),
        "Gamma": (2, 2, 6, 1, 1, 0),
        "Delta": (2, 2, 3, 0, 0, 0),
    }


def test_the_chart_counts_places_down_through_the_tiers(two_tiers):
    history = compute_history(two_tiers)
    seasons = [("2025", []), ("2026", [])]
    for entry in history.seasons:
        seasons[0 if entry.season_name == "2025" else 1][1].append((entry.division.tier, entry.table))
    chart = history_chart(seasons)
    assert {line.team: line.positions for line in chart.lines} == {
        "Alpha": (1, 2),
        "Beta": (2, 4),
        "Delta": (4, 3),
        "Gamma": (3, 1),
    }
    assert [band.label for band in chart.bands] == ["tier 2"]


def knockout_won_by(league, name, winner, loser):
    """A one-round bracket season whose final ``winner`` won."""
    knockout = Season.objects.create(league=league, name=name)
    knockout.teams.add(winner, loser)
    bracket = Bracket.objects.create(season=knockout, rounds=1)
    Tie.objects.create(bracket=bracket, round=1, slot=1, home=winner, away=loser, winner=winner)
    return knockout


def test_play_off_winners_are_named_per_division_and_their_knockouts_are_no_seasons_of_their_own(two_tiers):
    first = Season.objects.get(league=two_tiers, name="2025")
    teams = {t.name: t for t in Team.objects.filter(league=two_tiers)}
    second = Division.objects.get(league=two_tiers, tier=2)
    DivisionPlayoff.objects.create(
        season=first, division=second, knockout=knockout_won_by(two_tiers, "2025 PO", teams["Delta"], teams["Gamma"])
    )
    history = compute_history(two_tiers)
    assert [(e.season_name, e.division.tier, e.playoff_winner_name) for e in history.seasons] == [
        ("2025", 1, ""),
        ("2025", 2, "Delta"),
        ("2026", 1, ""),
        ("2026", 2, ""),
    ]


def test_the_leagues_play_offs_name_their_winner_in_every_division_of_the_season(past):
    first = past["seasons"][0]
    teams = past["teams"]
    Playoffs.objects.create(season=first, knockout=knockout_won_by(past["league"], "PO", teams["Beta"], teams["Alpha"]))
    history = compute_history(past["league"])
    assert [(e.season_name, e.playoff_winner_name) for e in history.seasons] == [("2025", "Beta"), ("2026", "")]


def test_fair_play_separates_level_teams_in_a_past_table(db):
    league = make_league("Fair", tiebreakers=["points", "fair_play", "lots"])
    season, (match,) = play_season(league, "2025", ["Alpha 1-1 Beta"], start=START)
    beta = Team.objects.get(league=league, name="Beta")
    rough = Player.objects.create(league=league, name="Rough", role="defender", attributes={})
    (entry,) = compute_history(league).seasons
    assert [row.name for row in entry.table.rows] == ["Beta", "Alpha"]  # by lot
    PlayerMatchStat.objects.create(match=match, player=rough, team=beta, yellow_cards=1)
    Season.objects.filter(id=season.id).update(standings_version=F("standings_version") + 1)  # as a result does
    (entry,) = compute_history(league).seasons
    assert [row.name for row in entry.table.rows] == ["Alpha", "Beta"]
