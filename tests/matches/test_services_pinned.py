"""What is due, what cannot be played, and what a stored match records it was played with."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from engines import TeamSheet
from leagues.demo import create_demo_season
from leagues.models import PlayMode
from matches import services
from matches.models import Match, MatchEvent, PlayerMatchStat
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return create_demo_season(engine="futti", teams=4, seed=11, double=True)


def test_a_claim_keeps_a_match_off_the_due_list_until_it_goes_stale(demo_season):
    now = timezone.now()
    fresh, stale, *_ = Match.objects.filter(season=demo_season).order_by("id")
    wait = timedelta(seconds=settings.MATCH_REQUEUE_AFTER_SECONDS)
    Match.objects.filter(id=fresh.id).update(queued_at=now - wait + timedelta(seconds=5))
    Match.objects.filter(id=stale.id).update(queued_at=now - wait - timedelta(seconds=5))
    due = set(services.due_matches(now).values_list("id", flat=True))
    assert stale.id in due and fresh.id not in due and len(due) == 11


def test_matches_played_at_the_table_are_never_due_nor_simulated(demo_season):
    own, *rest = Match.objects.filter(season=demo_season).order_by("id")
    Match.objects.filter(id=own.id).update(play_mode=PlayMode.TABLE)
    assert own.id not in set(services.due_matches().values_list("id", flat=True))
    assert services.match_play(match_id=own.id).status == Match.Status.SCHEDULED
    league = demo_season.league
    league.play_mode = PlayMode.TABLE
    league.save()
    assert not services.due_matches().exists()
    # a match of a table league can still be set to be simulated on its own
    Match.objects.filter(id=rest[0].id).update(play_mode=PlayMode.SIMULATED)
    assert list(services.due_matches().values_list("id", flat=True)) == [rest[0].id]


def test_a_team_without_a_squad_fails_its_match_by_name(demo_season):
    match = Match.objects.filter(season=demo_season).select_related("home").first()
    SquadMember.objects.filter(season=demo_season, team=match.away).delete()
    with pytest.raises(services.MatchNotPlayable, match=f"^{match.away.name} has no squad for this season$"):
        services.match_play(match_id=match.id)
    [failed] = services.play_matches([match.id])
    assert (failed.status, failed.error) == (
        Match.Status.FAILED,
        f"MatchNotPlayable: {match.away.name} has no squad for this season",
    )


def test_the_team_sheets_hold_each_sides_own_squad(demo_season):
    match = Match.objects.filter(season=demo_season).select_related("home", "away").first()
    home, away = services.team_sheets(match)
    squad = {
        team: {
            str(p)
            for p in SquadMember.objects.filter(season=demo_season, team=team).values_list("player_id", flat=True)
        }
        for team in (match.home_id, match.away_id)
    }
    assert (home.name, away.name) == (match.home.name, match.away.name)
    assert {p["id"] for p in home.players} == squad[match.home_id]
    assert {p["id"] for p in away.players} == squad[match.away_id]
    assert [p["id"] for p in home.players] == sorted(squad[match.home_id], key=int)
    assert all(p["name"] for p in home.players + away.players)


def test_played_with_names_only_what_was_set():
    plain = TeamSheet(name="A", players=())
    coached = TeamSheet(name="B", players=(), lineup={"formation": "2-2"})
    assert services.played_with({}, plain, plain) == {}
    assert services.played_with({"pitch": "wet"}, plain, coached) == {
        "settings": {"pitch": "wet"},
        "lineups": {"away": {"formation": "2-2"}},
    }
    assert services.played_with({}, coached, plain) == {"lineups": {"home": {"formation": "2-2"}}}


def test_a_stored_match_credits_each_stat_to_the_players_own_team(demo_season):
    match = services.match_play(match_id=Match.objects.filter(season=demo_season).first().id)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED and match.error == "" and match.played_at is not None
    assert match.decided_by and match.engine_version
    team_of = dict(SquadMember.objects.filter(season=demo_season).values_list("player_id", "team_id"))
    stats = list(PlayerMatchStat.objects.filter(match=match).values_list("player_id", "team_id", "goals"))
    assert stats and all(team_of[player] == team for player, team, _ in stats)
    scorers = MatchEvent.objects.filter(match=match, kind="goal")
    assert all(team_of[e.player_id] == (match.home_id if e.side == "home" else match.away_id) for e in scorers)
