"""Suspensions and injuries that carry over (``matches.absences``): who is out of a team's next
matches, derived from the season's stored results; the sheets leave them off, a batch plays a
team's later match after its earlier one, and a side too short forfeits with the reason."""

from datetime import timedelta

import pytest
from django.utils import timezone

from competitions import results
from competitions.previews import match_preview
from engines import MatchOptions, get_engine
from matches import absences, services
from matches.models import Match, PlayByPlay, PlayerMatchStat
from matches.services import forfeit_store
from ops.demo import demo_season_create
from ops.json_ids import _played_with
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    """Four Fütti teams, a double round robin: six rounds of two matches, all due; a player
    sent off misses one match (suspensions are off by default)."""
    season = demo_season_create(engine="futti", teams=4, seed=31, double=True)
    set_league(season, suspension_matches=1)
    return season


def team_matches(season, team):
    return list(season.matches.filter(home=team) | season.matches.filter(away=team))


def ordered(season, team) -> list[Match]:
    return sorted(team_matches(season, team), key=lambda m: (m.kickoff, m.id))


def field_players(season, team) -> list[int]:
    rows = SquadMember.objects.filter(season=season, team=team).order_by("player_id")
    return [pid for pid, attrs in rows.values_list("player_id", "player__attributes") if attrs["role"] == "field"]


def result(match: Match, *, team=None, cards=None, injuries=(), status=Match.Status.PLAYED) -> None:
    """Store a result by hand: ``cards`` {player id: (yellows, reds)} for ``team``; ``injuries``
    [(player id, severity)] as the engine's injury events of ``team``'s side."""
    match.status = status
    match.home_goals = match.away_goals = 0
    match.played_at = match.kickoff + timedelta(hours=1) if status == Match.Status.PLAYED else None
    match.save()
    for player_id, (yellow, red) in (cards or {}).items():
        PlayerMatchStat.objects.create(match=match, player_id=player_id, team=team, yellow_cards=yellow, red_cards=red)
    side = Match.Side.HOME if team is not None and match.home_id == team.id else Match.Side.AWAY
    records = [
        (seq, 10, "injury", side, str(player_id), {"severity": severity})
        for seq, (player_id, severity) in enumerate(injuries, start=1)
    ]
    if records:
        PlayByPlay.objects.create(
            match=match,
            events=[
                {"seq": seq, "minute": minute, "kind": kind, "side": side, "player": int(player), "detail": detail}
                for seq, minute, kind, side, player, detail in records
            ],
        )
    # counted on the stat lines as a stored result counts them
    team_of = {player: team.id for _seq, _minute, _kind, _side, player, _detail in records}
    for player, count in absences.serious_injuries(match.season.league.engine, records, team_of).items():
        line, _ = PlayerMatchStat.objects.get_or_create(match=match, player_id=int(player), defaults={"team": team})
        line.serious_injuries = count
        line.save()


def out(season, team) -> dict[int, tuple[int, tuple[str, ...]]]:
    return {a.player_id: (a.matches, a.reasons) for a in absences.season_absences(season).get(team.id, [])}


def set_league(season, **values) -> None:
    for name, value in values.items():
        setattr(season.league, name, value)
    season.league.save()


def test_a_red_card_suspends_for_the_next_match_and_is_served_by_it(season):
    team = season.teams.first()
    first, second, third = ordered(season, team)[:3]
    player = field_players(season, team)[0]
    result(first, team=team, cards={player: (1, 1)})
    assert out(season, team) == {player: (1, (absences.SENT_OFF,))}
    result(second)
    assert out(season, team) == {}
    set_league(season, suspension_matches=2)
    assert out(season, team) == {player: (1, (absences.SENT_OFF,))}
    result(third)
    assert out(season, team) == {}


def test_no_suspension_when_the_league_sets_none(season):
    team = season.teams.first()
    result(ordered(season, team)[0], team=team, cards={field_players(season, team)[0]: (0, 1)})
    set_league(season, suspension_matches=0)
    assert out(season, team) == {}


def test_yellow_cards_give_a_ban_only_when_the_league_counts_them(season):
    team = season.teams.first()
    first, second, third, fourth = ordered(season, team)[:4]
    booked, sent_off = field_players(season, team)[:2]
    result(first, team=team, cards={booked: (1, 0), sent_off: (1, 0)})
    result(second, team=team, cards={booked: (1, 0), sent_off: (1, 1)})  # a second yellow: sent off
    assert out(season, team) == {sent_off: (1, (absences.SENT_OFF,))}  # off by default
    set_league(season, yellow_cards_ban=2)
    # the yellows of the match he was sent off in do not count towards a ban
    assert out(season, team) == {booked: (1, (absences.YELLOW_CARDS,)), sent_off: (1, (absences.SENT_OFF,))}
    result(third, team=team, cards={sent_off: (1, 0)})  # his second counted yellow
    assert out(season, team) == {sent_off: (1, (absences.YELLOW_CARDS,))}
    result(fourth, team=team, cards={sent_off: (0, 0)})
    assert out(season, team) == {}
    set_league(season, yellow_cards_ban=1)  # every yellow: his own two bans, one match each
    assert out(season, team) == {}


def test_suspensions_add_up(season):
    team = season.teams.first()
    set_league(season, yellow_cards_ban=1)
    player = field_players(season, team)[0]
    first, second = ordered(season, team)[:2]
    result(first, team=team, cards={player: (1, 0)})
    result(second, team=team, cards={player: (0, 1)})  # a red card while banned is impossible; as data:
    assert out(season, team) == {player: (1, (absences.SENT_OFF,))}  # the first ban served by the second


def test_a_serious_injury_carries_over_only_when_the_league_says_so(season):
    team = season.teams.first()
    first, second, third = ordered(season, team)[:3]
    hurt, bruised = field_players(season, team)[:2]
    result(first, team=team, injuries=[(hurt, "major"), (bruised, "minor")])
    assert out(season, team) == {}  # injury_matches 0 by default
    set_league(season, injury_matches=2)
    assert out(season, team) == {hurt: (2, (absences.INJURY,))}
    result(second)
    assert out(season, team) == {hurt: (1, (absences.INJURY,))}
    result(third)
    assert out(season, team) == {}


def test_a_game_without_serious_injuries_keeps_nobody_out(season):
    set_league(season, injury_matches=3)
    assert not get_engine("eleven").serious_injuries
    assert get_engine("mutant").serious_injuries and get_engine("futti").serious_injuries


def test_only_a_match_with_a_result_serves_and_a_forfeit_does(season):
    team = season.teams.first()
    first, second, third = ordered(season, team)[:3]
    player = field_players(season, team)[0]
    result(first, team=team, cards={player: (0, 1)})
    result(second, status=Match.Status.POSTPONED)
    second.home_goals = second.away_goals = None
    second.save()
    assert out(season, team) == {player: (1, (absences.SENT_OFF,))}
    result(third, status=Match.Status.CANCELLED)
    assert out(season, team) == {player: (1, (absences.SENT_OFF,))}
    second.status = Match.Status.SCHEDULED
    second.save()
    services.forfeit_store(second, forfeited_by=Match.Side.HOME)
    assert out(season, team) == {}


def test_a_red_card_in_a_result_replaced_by_a_forfeit_is_gone(season):
    team = season.teams.first()
    first = ordered(season, team)[0]
    result(first, team=team, cards={field_players(season, team)[0]: (0, 1)})
    services.forfeit_store(first, forfeited_by=Match.Side.AWAY)
    assert out(season, team) == {}


def test_the_absences_of_a_season_take_a_fixed_number_of_queries(season, django_assert_max_num_queries):
    for match in season.matches.filter(round__lte=4):
        result(match, team=match.home, cards={field_players(season, match.home)[0]: (1, 1)})
    set_league(season, injury_matches=1, yellow_cards_ban=2)
    season.refresh_from_db()
    season.league  # noqa: B018 (read before counting)
    with django_assert_max_num_queries(4):
        absences.season_absences(season)


def test_the_sheet_leaves_the_suspended_off_and_the_match_records_it(season, client):
    team = season.teams.first()
    first, second = ordered(season, team)[:2]
    player = field_players(season, team)[0]
    result(first, team=team, cards={player: (0, 1)})
    for other in season.matches.filter(round=first.round).exclude(id=first.id):
        result(other)
    sheet = services.team_sheets(second)[0 if second.home_id == team.id else 1]
    assert str(player) not in {card["id"] for card in sheet.players}
    assert len(sheet.players) == 7
    results.matches_play([second.id])
    second.refresh_from_db()
    side = "home" if second.home_id == team.id else "away"
    assert second.status == Match.Status.PLAYED, second.error
    assert second.played_with["absent"] == {side: [{"id": str(player), "reasons": ["sent_off"]}]}
    assert not PlayerMatchStat.objects.filter(match=second, player_id=player).exists()
    assert PlayerMatchStat.objects.filter(match=second, team=team).count() == 7
    name = SquadMember.objects.get(season=season, player_id=player).player.name
    page = client.get(f"/matches/{second.id}/").content.decode()
    assert f"<strong>{name}</strong> (sent off)" in page and "Left off the team sheets the engine played" in page
    # a replay plays the same sheets: the result is the engine's for them
    home, away = services.played_sheets(second)
    replayed = get_engine("futti").simulate(home, away, seed=second.seed, options=MatchOptions())
    assert (replayed.home_goals, replayed.away_goals) == (second.home_goals, second.away_goals)


def red_card_seed(match: Match) -> tuple[int, str]:
    """A seed with which the match's engine sends a player off, and the player."""
    engine = get_engine("futti")
    home, away = services.team_sheets(match)
    for seed in range(500):
        played = engine.simulate(home, away, seed=seed)
        sent_off = [player for player, stats in played.player_stats.items() if stats["red_cards"]]
        if sent_off:
            return seed, sent_off[0]
    raise AssertionError("no red card in 500 seeds")


def test_a_batch_plays_a_teams_later_match_after_its_earlier_one(season):
    """Two overdue rounds in one batch: the second match of a team sees the first's red card."""
    first_round = list(season.matches.filter(round=1))
    match = first_round[0]
    match.seed, player = red_card_seed(match)
    match.save()
    team_id = SquadMember.objects.get(season=season, player_id=player).team_id
    later = next(m for m in ordered(season, match.home if match.home_id == team_id else match.away) if m.round == 2)
    results.matches_play([m.id for m in season.matches.filter(round__lte=2)])
    later.refresh_from_db()
    assert later.status == Match.Status.PLAYED, later.error
    side = "home" if later.home_id == team_id else "away"
    assert later.played_with["absent"][side] == [{"id": player, "reasons": ["sent_off"]}]
    assert not PlayerMatchStat.objects.filter(match=later, player_id=int(player)).exists()


def test_a_side_too_short_forfeits_with_the_reason(season):
    team = season.teams.first()
    first, second = ordered(season, team)[:2]
    sent_off = field_players(season, team)[:3]  # six field players, three out: a Fütti side needs four
    result(first, team=team, cards={player: (0, 1) for player in sent_off})
    for other in season.matches.filter(round=first.round).exclude(id=first.id):
        result(other)
    results.matches_play([second.id])
    second.refresh_from_db()
    side = "home" if second.home_id == team.id else "away"
    assert (second.status, second.forfeited_by) == (Match.Status.FORFEITED, side)
    assert second.forfeit_reason.startswith(f"{team.name} cannot field a side without ")
    assert "(sent off)" in second.forfeit_reason and "6 field players and 2 goaltenders" in second.forfeit_reason
    assert out(season, team) == {}  # the forfeit served the bans


def test_a_side_a_few_players_short_plays_on(season):
    team = season.teams.first()
    first, second = ordered(season, team)[:2]
    result(first, team=team, cards={player: (0, 1) for player in field_players(season, team)[:2]})
    for other in season.matches.filter(round=first.round).exclude(id=first.id):
        result(other)
    results.matches_play([second.id])
    second.refresh_from_db()
    assert second.status == Match.Status.PLAYED, second.error
    assert PlayerMatchStat.objects.filter(match=second, team=team).count() == 6


def test_until_when_in_words(season):
    team = season.teams.first()
    first = ordered(season, team)[0]
    player = field_players(season, team)[0]
    result(first, team=team, cards={player: (0, 1)})
    upcoming = absences.upcoming_matches(season, [team.id])[team.id]
    (absence,) = absences.season_absences(season)[team.id]
    nxt = upcoming[0]
    opponent = nxt.away if nxt.home_id == team.id else nxt.home
    assert absences.absence_until(absence, upcoming) == f"misses the next match v {opponent} (round {nxt.round})"
    set_league(season, suspension_matches=2)
    (absence,) = absences.season_absences(season)[team.id]
    assert absences.absence_until(absence, upcoming).startswith(
        f"misses the next 2 matches, until round {upcoming[1].round}"
    )
    assert absences.match_absences(upcoming[1])["home" if upcoming[1].home_id == team.id else "away"] == [absence]
    assert absences.match_absences(upcoming[2])["home" if upcoming[2].home_id == team.id else "away"] == []


def test_the_team_page_match_page_and_api_show_who_is_out(season, client):
    team = season.teams.first()
    first = ordered(season, team)[0]
    player = field_players(season, team)[0]
    name = SquadMember.objects.get(season=season, player_id=player).player.name
    result(first, team=team, cards={player: (0, 1)})
    nxt = absences.upcoming_matches(season, [team.id])[team.id][0]
    opponent = nxt.away if nxt.home_id == team.id else nxt.home

    page = client.get(f"/teams/{team.id}/?season={season.id}").content.decode()
    assert 'id="out"' in page and name in page
    assert f"misses the next match v {opponent} (round {nxt.round})" in page
    assert f'href="/matches/{nxt.id}/"' in page

    page = client.get(f"/matches/{nxt.id}/").content.decode()
    assert 'id="out"' in page and f"<strong>{name}</strong> (sent off)" in page
    later = absences.upcoming_matches(season, [team.id])[team.id][1]
    assert 'id="out"' not in client.get(f"/matches/{later.id}/").content.decode()

    body = client.get(f"/api/teams/{team.id}/absences/?season={season.id}").json()
    assert body["team"] == team.id and body["season"] == season.id
    assert body["absences"] == [
        {
            "player": player,
            "name": name,
            "reasons": ["sent_off"],
            "matches": 1,
            "until": f"misses the next match v {opponent} (round {nxt.round})",
            "until_match": nxt.id,
            "until_round": nxt.round,
        }
    ]
    side = "home" if nxt.home_id == team.id else "away"
    preview = client.get(f"/api/matches/{nxt.id}/preview/").json()
    assert [line["player"] for line in preview["out"][side]] == [player]
    assert preview["out"]["home" if side == "away" else "away"] == []
    # the preview's simulation leaves him out: the sheet it plays has seven cards
    assert len(services.match_setup(nxt)[1 if side == "home" else 2].players) == 7


def test_the_match_page_of_a_forfeit_says_why(season, client):
    team = season.teams.first()
    first, second = ordered(season, team)[:2]
    result(first, team=team, cards={player: (0, 1) for player in field_players(season, team)[:3]})
    for other in season.matches.filter(round=first.round).exclude(id=first.id):
        result(other)
    results.matches_play([second.id])
    page = client.get(f"/matches/{second.id}/").content.decode()
    assert "Why forfeited" in page and f"{team.name} cannot field a side without" in page


def test_a_restore_maps_the_absent_players_ids():
    recorded = {"absent": {"home": [{"id": "12", "reasons": ["sent_off"]}]}, "dropped": {"away": "why"}}
    mapped = _played_with(recorded, lambda kind, old: str(int(old) + 100) if isinstance(old, str) else old + 100)
    assert mapped == {"absent": {"home": [{"id": "112", "reasons": ["sent_off"]}]}, "dropped": {"away": "why"}}


def test_the_preview_of_a_match_a_side_is_too_short_for_is_its_forfeit(season):
    team = season.teams.first()
    first, second = ordered(season, team)[:2]
    result(first, team=team, cards={player: (0, 1) for player in field_players(season, team)[:3]})
    for other in season.matches.filter(round=first.round).exclude(id=first.id):
        result(other)
    second = Match.objects.select_related("season__league", "home", "away").get(id=second.id)
    outlook = match_preview(second, samples=8).to_dict()
    short_home = second.home_id == team.id
    assert (outlook["home_win"], outlook["away_win"]) == ((0.0, 1.0) if short_home else (1.0, 0.0))
    assert outlook["likely_scores"] == [
        {"home": 0 if short_home else 3, "away": 3 if short_home else 0, "probability": 1.0}
    ]


def test_a_forfeit_awarded_after_a_late_result_serves_its_ban(season):
    """Round 1 is stored late (Monday) with a red card; round 2 (Sunday's kickoff) is forfeited
    after it: the forfeit came in after the red card, so it serves the ban."""
    team = season.teams.first()
    first, second, third = ordered(season, team)[:3]
    player = field_players(season, team)[0]
    result(first, team=team, cards={player: (0, 1)})
    Match.objects.filter(pk=first.pk).update(played_at=timezone.now() - timedelta(minutes=5))  # stored late
    assert out(season, team) == {player: (1, ("sent_off",))}
    forfeit_store(second, forfeited_by=Match.Side.HOME if second.home_id == team.id else Match.Side.AWAY)
    assert Match.objects.get(pk=second.pk).played_at > Match.objects.get(pk=first.pk).played_at
    assert out(season, team) == {}  # served: the player is back for the third match


def test_a_backlog_is_claimed_a_round_at_a_time_where_players_can_be_out(season):
    """Every round is due: with suspensions on, only each team's earliest scheduled match is due,
    so parallel batches never play round 2 before round 1's red cards are stored."""
    first_round = set(season.matches.filter(round=1).values_list("id", flat=True))
    assert set(services.due_matches().filter(season=season).values_list("id", flat=True)) == first_round
    results.matches_play(sorted(first_round))
    second_round = set(season.matches.filter(round=2).values_list("id", flat=True))
    assert set(services.due_matches().filter(season=season).values_list("id", flat=True)) == second_round
    set_league(season, suspension_matches=0)  # nobody can be out: the whole backlog is due at once
    assert services.due_matches().filter(season=season).count() == season.matches.filter(status="scheduled").count()
