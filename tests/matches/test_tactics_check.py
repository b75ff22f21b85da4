"""Which squad a team's tactics are judged with when they are set (``check_tactics``).

A team keeps a squad per season: the engine judges its orders with the squad of every
season it still has a match to play in, else with its latest squad, else (no squad yet)
with a sample one, and always under the settings those matches are played with.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from engines import CardError, get_engine
from engines.flexdeck import cards as flexdeck_cards
from leagues.models import Season, Team
from matches.models import Match
from matches.services import check_tactics
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
    both teams' other squads, their meeting played and only Gamma v Delta left."""
    league = make_league()
    names = ("Alpha", "Beta", "Gamma", "Delta")
    alpha, beta, gamma, delta = (Team.objects.create(league=league, name=name) for name in names)
    league_season = Season.objects.create(league=league, name="2026")
    cup = Season.objects.create(league=league, name="Cup")
    Season.objects.filter(id=cup.id).update(created_at=league_season.created_at + timedelta(days=1))
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


def test_tactics_are_judged_with_the_squad_of_the_season_still_to_play(two_seasons):
    league, league_season, cup, squads, league_match = two_seasons
    refused = rf"is not a field player of this sheet \(with the squad of {league_season}\)$"
    for team in (league_match.home, league_match.away):
        check_tactics(league, lineup_of(squads[league_season, team]), team_id=team.id)
        with pytest.raises(CardError, match=refused):
            check_tactics(league, lineup_of(squads[cup, team]), team_id=team.id)


def test_a_team_with_nothing_left_to_play_is_judged_with_its_latest_squad(two_seasons):
    league, league_season, cup, squads, league_match = two_seasons
    Match.objects.filter(id=league_match.id).update(status=Match.Status.PLAYED)
    alpha = Team.objects.get(name="Alpha")
    check_tactics(league, lineup_of(squads[cup, alpha]), team_id=alpha.id)
    with pytest.raises(CardError, match=rf"\(with the squad of {cup}\)$"):
        check_tactics(league, lineup_of(squads[league_season, alpha]), team_id=alpha.id)


def test_a_team_without_a_squad_is_told_its_orders_wait_for_one(two_seasons):
    league = two_seasons[0]
    newcomer = Team.objects.create(league=league, name="Epsilon")
    with pytest.raises(CardError) as refused:
        check_tactics(
            league, {"attackers": ["1", "2"], "defenders": ["3", "4"], "goalkeeper": "5"}, team_id=newcomer.id
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
    check_tactics(league, {}, team_id=alpha.id)


def test_a_league_with_its_own_squad_size_takes_orders_before_the_draft():
    """In a Flexdeck league of 12-card squads a team not drafted yet is judged with a sample
    squad of that size, not refused for the sample's size."""
    league = make_league(engine="flexdeck", engine_settings={"squad_size": 12})
    newcomer = Team.objects.create(league=league, name="Alpha")
    check_tactics(league, {}, team_id=newcomer.id)
