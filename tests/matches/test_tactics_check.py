"""Tactics are a team's in one season (``SeasonTeam.tactics``), judged with that season's
squad (``check_tactics``) and played in that season's matches (``team_sheets``).

A team playing a league and a cup at once has a squad in each: its orders in each name the
cards of that squad, and neither is refused for not naming the other's (issue #27). Before
the team has a squad a sample one stands in; the season's settings always apply.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from competitions.results import match_play
from engines import CardError, get_engine
from engines.flexdeck import cards as flexdeck_cards
from leagues.models import Season, SeasonTeam, Team
from matches.models import Match
from matches.services import check_tactics
from matches.tactics import season_tactics_set
from rosters.drafting import load_pool
from rosters.models import SquadMember
from tests.conftest import make_league

pytestmark = pytest.mark.django_db

FUTTI = get_engine("futti")


def give_squad(season: Season, team: Team, cards: list[dict]) -> list[SquadMember]:
    players = load_pool(season.league, cards)
    return SquadMember.objects.bulk_create(SquadMember(season=season, team=team, player=p) for p in players)


def schedule(season: Season, home: Team, away: Team, status=Match.Status.SCHEDULED) -> Match:
    return Match.objects.create(
        season=season, round=1, home=home, away=away, kickoff=timezone.now() + timedelta(days=1), status=status
    )


def lineup_of(squad: list[SquadMember]) -> dict:
    """Fütti orders naming four field players and a goaltender of the squad."""
    field = [str(member.player_id) for member in squad if member.player.role == "field"]
    keeper = next(str(member.player_id) for member in squad if member.player.role == "goalkeeper")
    return {"attackers": field[:2], "defenders": field[2:4], "goalkeeper": keeper}


@pytest.fixture
def two_seasons():
    """Alpha hosts Beta in the league season, still to play; the cup (created later) has
    both teams' other squads, one meeting played and Gamma v Delta left."""
    league = make_league()
    names = ("Alpha", "Beta", "Gamma", "Delta")
    alpha, beta, gamma, delta = (Team.objects.create(league=league, name=name) for name in names)
    league_season = Season.objects.create(league=league, name="2026")
    cup = Season.objects.create(league=league, name="Cup")
    Season.objects.filter(id=cup.id).update(created_at=league_season.created_at + timedelta(days=1))
    league_season.teams.set([alpha, beta])
    cup.teams.set([alpha, beta, gamma, delta])
    squads = {
        (season, team): give_squad(season, team, FUTTI.sample_team(seed)["players"])
        for seed, (season, team) in enumerate(
            [(league_season, alpha), (league_season, beta), (cup, alpha), (cup, beta)], start=1
        )
    }
    league_match = schedule(league_season, alpha, beta)
    schedule(cup, alpha, beta, status=Match.Status.PLAYED)
    schedule(cup, gamma, delta)
    return league, league_season, cup, squads, league_match


def test_tactics_are_judged_with_the_squad_of_their_own_season(two_seasons):
    league, league_season, cup, squads, league_match = two_seasons
    schedule(cup, league_match.away, league_match.home)  # the cup is still being played too
    for team in (league_match.home, league_match.away):
        check_tactics(league_season, lineup_of(squads[league_season, team]), team_id=team.id)
        check_tactics(cup, lineup_of(squads[cup, team]), team_id=team.id)
        with pytest.raises(CardError, match=rf"is not a field player of this sheet \(with the squad of {cup}\)$"):
            check_tactics(cup, lineup_of(squads[league_season, team]), team_id=team.id)
        with pytest.raises(CardError, match=rf"\(with the squad of {league_season}\)$"):
            check_tactics(league_season, lineup_of(squads[cup, team]), team_id=team.id)


def test_a_team_in_a_league_and_a_cup_at_once_plays_each_with_its_own_lineup(two_seasons):
    """The same team, two seasons at once, two lineups: each match is played with its
    season's orders, none is dropped (on main one set of orders served both, and was refused
    in one of them)."""
    league, league_season, cup, squads, league_match = two_seasons
    alpha, beta = league_match.home, league_match.away
    cup_match = schedule(cup, beta, alpha)
    orders = {season: lineup_of(squads[season, alpha]) for season in (league_season, cup)}
    for season, lineup in orders.items():
        season_tactics_set(SeasonTeam.objects.get(season=season, team=alpha), lineup)
    for match, season in ((league_match, league_season), (cup_match, cup)):
        match_play(match_id=match.id)
        match.refresh_from_db()
        side = "home" if match.home_id == alpha.id else "away"
        assert match.status == Match.Status.PLAYED
        assert match.played_with == {"lineups": {side: orders[season]}}


def test_a_team_with_no_squad_in_the_season_is_judged_with_a_sample(two_seasons):
    league, league_season, cup, squads, league_match = two_seasons
    later = Season.objects.create(league=league, name="2027")
    alpha = Team.objects.get(name="Alpha")
    with pytest.raises(CardError, match="with a sample squad: the team has none yet"):
        check_tactics(later, lineup_of(squads[cup, alpha]), team_id=alpha.id)


def test_a_team_without_a_squad_is_told_its_orders_wait_for_one(two_seasons):
    league = two_seasons[0]
    newcomer = Team.objects.create(league=league, name="Epsilon")
    with pytest.raises(CardError) as refused:
        check_tactics(
            two_seasons[1], {"attackers": ["1", "2"], "defenders": ["3", "4"], "goalkeeper": "5"}, team_id=newcomer.id
        )
    assert str(refused.value) == (
        "lineup.attackers: '1' is not a field player of this sheet (with a sample squad: the team has none yet)"
    )


def test_a_tournament_with_its_own_squad_size_judges_tactics_under_it():
    """A Flexdeck cup drafted 12-card squads (its own setting): the league's default of 26 must
    not make its teams' squads look wrong (Flexdeck takes no orders, so the squad alone is judged)."""
    league = make_league(engine="flexdeck")
    alpha, beta = (Team.objects.create(league=league, name=n) for n in ("Alpha", "Beta"))
    cup = Season.objects.create(league=league, name="Cup", engine_settings={"squad_size": 12})
    pool = flexdeck_cards.sample_pool(1)
    give_squad(cup, alpha, pool[:12])
    give_squad(cup, beta, pool[12:24])
    schedule(cup, alpha, beta)
    check_tactics(cup, {}, team_id=alpha.id)


def test_a_league_with_its_own_squad_size_takes_orders_before_the_draft():
    """In a Flexdeck league of 12-card squads a team not drafted yet is judged with a sample
    squad of that size, not refused for the sample's size."""
    league = make_league(engine="flexdeck", engine_settings={"squad_size": 12})
    newcomer = Team.objects.create(league=league, name="Alpha")
    check_tactics(Season.objects.create(league=league, name="2026"), {}, team_id=newcomer.id)
