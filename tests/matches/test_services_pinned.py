"""What is due, what cannot be played, and what a stored match records it was played with."""

from dataclasses import replace
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from competitions import results
from engines import CardError, MatchResult, TeamSheet, get_engine
from engines.core import Event, EventLog
from leagues.models import PlayMode, SeasonTeam
from matches import services
from matches.models import Match, PlayByPlay, PlayerMatchStat, played_events
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return demo_season_create(engine="futti", teams=4, seed=11, double=True)


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
    assert results.match_play(match_id=own.id).status == Match.Status.SCHEDULED
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
        results.match_play(match_id=match.id)
    [failed] = results.matches_play([match.id])
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
    match = results.match_play(match_id=Match.objects.filter(season=demo_season).first().id)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED and match.error == "" and match.played_at is not None
    assert match.decided_by and match.engine_version
    team_of = dict(SquadMember.objects.filter(season=demo_season).values_list("player_id", "team_id"))
    stats = list(PlayerMatchStat.objects.filter(match=match).values_list("player_id", "team_id", "goals"))
    assert stats and all(team_of[player] == team for player, team, _ in stats)
    named = [e for e in played_events(match.id) if e.player_id is not None]
    assert named
    assert all(team_of[e.player_id] == (match.home_id if e.side == "home" else match.away_id) for e in named)


def test_failing_a_match_bumps_its_seasons_table_once_it_commits(demo_season, django_capture_on_commit_callbacks):
    match = Match.objects.filter(season=demo_season).order_by("-id").first()
    assert match.id != demo_season.id  # a bump keyed by the wrong id would miss the season
    with django_capture_on_commit_callbacks(execute=True):
        services.match_fail(match_id=match.id, error="boom")
    demo_season.refresh_from_db()
    assert demo_season.standings_version == 1
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.match_fail(match_id=match.id, error="again")  # no longer scheduled: nothing changes
    assert callbacks == []


def test_simulate_due_plays_what_is_due_at_the_time_given(demo_season):
    later = timezone.now() + timedelta(days=3)
    future = Match.objects.filter(season=demo_season).order_by("id").first()
    Match.objects.filter(id=future.id).update(kickoff=later - timedelta(hours=1))
    assert future.id not in {m.id for m in results.due_matches_play()}
    assert [m.id for m in results.due_matches_play(later)] == [future.id]


def test_a_failure_is_logged_with_its_match(demo_season, caplog):
    match = Match.objects.filter(season=demo_season).first()
    SquadMember.objects.filter(season=demo_season, team=match.home).delete()
    results.matches_play([match.id])
    [record] = [r for r in caplog.records if r.name == "competitions.results"]
    assert record.getMessage() == f"match {match.id} failed" and record.exc_info


@pytest.mark.parametrize("side, score", [("home", (0, 3)), ("away", (3, 0))])
def test_forfeiting_a_played_match_replaces_its_result(demo_season, side, score):
    match = results.match_play(match_id=Match.objects.filter(season=demo_season).first().id)
    other = results.match_play(match_id=Match.objects.filter(season=demo_season).order_by("-id").first().id)
    assert played_events(match.id)
    forfeited = results.match_forfeit(match, forfeited_by=side)
    match.refresh_from_db()
    assert (match.status, match.forfeited_by, match.decided_by) == (Match.Status.FORFEITED, side, "forfeit")
    assert (match.home_goals, match.away_goals) == (forfeited.home_goals, forfeited.away_goals) == score
    assert (match.shootout_home, match.shootout_away) == (None, None)
    assert not PlayByPlay.objects.filter(match=match).exists()
    assert not PlayerMatchStat.objects.filter(match=match).exists()
    assert played_events(other.id) and PlayerMatchStat.objects.filter(match=other).exists()


def played_as_made_up(monkeypatch, match, score, events, player_stats) -> None:
    """Play the match with Fütti's engine answering a result made up for the test."""
    result = MatchResult(
        engine="futti",
        version="test",
        seed=match.seed,
        home_goals=score[0],
        away_goals=score[1],
        events=events,
        player_stats=player_stats,
    )
    monkeypatch.setattr(get_engine("futti"), "simulate", lambda *args, **kwargs: result)
    results.match_play(match_id=match.id)


def test_what_the_engine_leaves_unsaid_is_stored_plainly(demo_season, monkeypatch):
    """Events with no side or with a player outside both squads, and stats with missing or
    extra counters, from a result made up for the test."""
    match = Match.objects.filter(season=demo_season).select_related("season__league", "home", "away").first()
    home, _ = services.team_sheets(match)
    player = home.players[0]["id"]
    events = [
        Event(seq=1, minute=0, kind="kickoff", side=None),
        Event(seq=2, minute=5, kind="goal", side="home", player_id=player),
        Event(seq=3, minute=9, kind="foul", side="away", player_id="999999"),
    ]
    stats = {player: {"goals": 1, "headers": 2}, "999999": {"goals": 4}}
    played_as_made_up(monkeypatch, match, (1, 0), events, stats)
    stored = [(e.side, e.player_id) for e in played_events(match.id)]
    assert stored == [("", None), ("home", int(player)), ("away", None)]
    [stat] = PlayerMatchStat.objects.filter(match=match)
    assert (stat.player_id, stat.team_id, stat.goals, stat.shots, stat.minutes, stat.extra) == (
        int(player),
        match.home_id,
        1,
        0,
        0,
        {"headers": 2},
    )


def test_a_stored_result_counts_each_players_serious_injuries_on_his_stat_line(demo_season, monkeypatch):
    """Fütti's major injuries (not its minor ones) are counted on the injured player's stat
    line, one made for a player the engine gave none; a player outside the squads counts none."""
    match = Match.objects.filter(season=demo_season).select_related("season__league", "home", "away").first()
    home, away = services.team_sheets(match)
    hurt, twice, lineless = home.players[0]["id"], away.players[0]["id"], away.players[1]["id"]
    major = {"severity": "major", "roll": 12, "cause": "foul"}
    events = [
        Event(seq=1, minute=3, kind="injury", side="home", player_id=hurt, detail=major),
        Event(seq=2, minute=4, kind="injury", side="away", player_id=twice, detail={**major, "severity": "minor"}),
        Event(seq=3, minute=5, kind="injury", side="away", player_id=twice, detail=major),
        Event(seq=4, minute=6, kind="injury", side="away", player_id=twice, detail=major),
        Event(seq=5, minute=7, kind="injury", side="away", player_id=lineless, detail=major),
        Event(seq=6, minute=8, kind="injury", side="away", player_id="999999", detail=major),
        Event(seq=7, minute=9, kind="shot", side="home", player_id=hurt, detail={"severity": "major"}),
    ]
    played_as_made_up(monkeypatch, match, (0, 0), events, {hurt: {"injuries": 1}, twice: {"injuries": 3}})
    lines = PlayerMatchStat.objects.filter(match=match).values_list(
        "player_id", "team_id", "injuries", "serious_injuries"
    )
    assert sorted(lines) == sorted(
        [
            (int(hurt), match.home_id, 1, 1),
            (int(twice), match.away_id, 3, 2),
            (int(lineless), match.away_id, 0, 1),
        ]
    )


@pytest.fixture
def refusing_engine(monkeypatch):
    """The futti engine, refusing any lineup a team's tactics name as {"refuse": True}; each
    call is recorded as (home lineup, away lineup, seed, options)."""
    engine = get_engine("futti")
    real = engine.simulate
    calls = []

    def simulate(home, away, *, seed, options=None):
        calls.append((home.lineup, away.lineup, seed, options))
        if {"refuse": True} in (home.lineup, away.lineup):
            raise CardError("that lineup is not in the squad")
        return real(replace(home, lineup=None), replace(away, lineup=None), seed=seed, options=options)

    monkeypatch.setattr(engine, "simulate", simulate)
    return calls


def test_refused_tactics_are_dropped_the_offending_sides_first(demo_season, refusing_engine, caplog):
    match = Match.objects.filter(season=demo_season).select_related("home", "away").first()
    demo_season.engine_settings = {"pitch": "wet"}
    demo_season.save(update_fields=["engine_settings"])
    SeasonTeam.objects.filter(season=demo_season, team_id=match.home_id).update(tactics={"refuse": True})
    SeasonTeam.objects.filter(season=demo_season, team_id=match.away_id).update(tactics={"press": "high"})
    Match.objects.filter(id=match.id).update(winner_required=True)
    played = results.match_play(match_id=match.id)
    assert [(home, away, seed) for home, away, seed, _ in refusing_engine] == [
        ({"refuse": True}, {"press": "high"}, match.seed),
        (None, {"press": "high"}, match.seed),
    ]
    assert all(options.winner_required and options.settings == {"pitch": "wet"} for *_, options in refusing_engine)
    assert played.played_with == {
        "settings": {"pitch": "wet"},
        "lineups": {"away": {"press": "high"}},
        "dropped": {"home": "that lineup is not in the squad"},
    }
    [warning] = [r for r in caplog.records if r.name == "matches.services"]
    assert warning.getMessage() == (
        f"match {match.id}: tactics refused (that lineup is not in the squad); played without them"
    )


def test_refused_away_tactics_are_dropped_alone_and_the_warning_names_the_match(demo_season, refusing_engine, caplog):
    match = Match.objects.filter(season=demo_season).first()
    SeasonTeam.objects.filter(season=demo_season, team_id=match.home_id).update(tactics={"press": "high"})
    SeasonTeam.objects.filter(season=demo_season, team_id=match.away_id).update(tactics={"refuse": True})
    played = results.match_play(match_id=match.id)
    assert [(home, away) for home, away, *_ in refusing_engine] == [
        ({"press": "high"}, {"refuse": True}),
        (None, {"refuse": True}),
        ({"press": "high"}, None),
    ]
    assert played.played_with == {
        "lineups": {"home": {"press": "high"}},
        "dropped": {"away": "that lineup is not in the squad"},
    }
    [warning] = [r for r in caplog.records if r.name == "matches.services"]
    assert warning.getMessage() == (
        f"match {match.id}: tactics refused (that lineup is not in the squad); played without them"
    )


def test_when_both_sides_tactics_are_refused_the_match_is_played_without_either(demo_season, refusing_engine, caplog):
    match = Match.objects.filter(season=demo_season).first()
    SeasonTeam.objects.filter(season=demo_season).update(tactics={"refuse": True})
    played = results.match_play(match_id=match.id)
    assert [(home, away) for home, away, *_ in refusing_engine] == [
        ({"refuse": True}, {"refuse": True}),
        (None, {"refuse": True}),
        ({"refuse": True}, None),
        (None, None),
    ]
    assert played.status == Match.Status.PLAYED
    reason = "that lineup is not in the squad"
    assert played.played_with == {"dropped": {"home": reason, "away": reason}}
    [warning] = [r for r in caplog.records if r.name == "matches.services"]
    assert warning.getMessage() == f"match {match.id}: tactics refused ({reason}); played without them"


def test_queueing_at_a_given_time_claims_what_is_due_then(demo_season, monkeypatch):
    monkeypatch.setattr(services, "play_tasks_send", lambda ids: None)
    later = timezone.now() + timedelta(minutes=2)  # the other claims are not stale yet
    future = Match.objects.filter(season=demo_season).order_by("id").first()
    Match.objects.filter(id=future.id).update(kickoff=later - timedelta(minutes=1))
    assert future.id not in services.queue_due_matches()
    assert services.queue_due_matches(later) == [future.id]
    future.refresh_from_db()
    assert future.queued_at == later


def test_a_side_without_tactics_is_never_retried_as_the_fallback(demo_season, refusing_engine):
    match = Match.objects.filter(season=demo_season).first()
    SeasonTeam.objects.filter(season=demo_season, team_id=match.away_id).update(tactics={"refuse": True})
    played = results.match_play(match_id=match.id)
    # (plain home, away) is the match as it was: skipped, the away side's orders are dropped next
    assert [(home, away) for home, away, *_ in refusing_engine] == [(None, {"refuse": True}), (None, None)]
    assert played.status == Match.Status.PLAYED


def test_the_team_sheets_use_this_seasons_squads_only(demo_season):
    match = Match.objects.filter(season=demo_season).select_related("home", "away").first()
    later = make_season(demo_season.league, [match.home.name, match.away.name], name="later")
    moved = SquadMember.objects.filter(season=demo_season, team=match.home).first()
    SquadMember.objects.create(season=later, team=match.home, player=moved.player, price=moved.price)
    home, _ = services.team_sheets(match)
    assert len(home.players) == SquadMember.objects.filter(season=demo_season, team=match.home).count()


def test_a_stored_match_takes_its_events_from_the_log_without_event_objects(demo_season, monkeypatch):
    def refuse(log):
        raise AssertionError("the stored events were made as Event objects")

    monkeypatch.setattr(EventLog, "events", refuse)
    match = results.match_play(match_id=Match.objects.filter(season=demo_season).first().id)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYED and match.error == ""
    stored = [(e.seq, e.kind) for e in played_events(match.id)]
    assert stored[0] == (1, "lineup") and stored[-1][1] == "full_time" and len(stored) == stored[-1][0]
