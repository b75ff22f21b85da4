"""Own goals and second yellows entered at the table, and the league's fair-play weights."""

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from competitions.standings import compute_standings, fair_play_points
from competitions.table_results import result_decide
from leagues.models import FAIR_PLAY_BEFORE, FAIR_PLAY_FIELDS, FAIR_PLAY_FIFA, PlayMode
from matches.models import Match, PlayerMatchStat, played_events
from ops.demo import demo_season_create
from rosters.models import Player
from tests.table_results.conftest import players


def decide(match, commissioner, home, away, events):
    return result_decide(
        match_id=match.id, user=commissioner, data={"home_goals": home, "away_goals": away, "events": events}
    )


def name(player_id: int) -> str:
    return Player.objects.get(id=player_id).name


def booked_twice(player: int) -> list[dict]:
    """A yellow card in minute 10 and the second yellow in minute 30."""
    return [
        {"minute": 10, "kind": "yellow_card", "player": player},
        {"minute": 30, "kind": "second_yellow", "player": player},
    ]


def test_an_own_goal_counts_for_the_other_side_and_is_no_goal_of_the_scorer(match, commissioner):
    unlucky = players(match, "away")[0]
    decide(match, commissioner, 1, 0, [{"minute": 12, "kind": "own_goal", "player": unlucky}])
    match.refresh_from_db()
    assert (match.home_goals, match.away_goals) == (1, 0)
    [event] = played_events(match.id)
    assert (event.kind, event.side, event.player_id, event.detail["for"]) == ("own_goal", "away", unlucky, "home")
    assert not PlayerMatchStat.objects.filter(match=match, player_id=unlucky, goals__gt=0).exists()


def test_an_own_goal_credited_to_the_scorers_side_is_refused(match, commissioner):
    unlucky = players(match, "away")[0]
    with pytest.raises(ValidationError) as refused:
        decide(match, commissioner, 0, 1, [{"minute": 12, "kind": "own_goal", "player": unlucky}])
    errors = refused.value.message_dict
    assert "gives" in errors["home_goals"][0] and "own goals" in errors["away_goals"][0]
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_a_second_yellow_is_stored_as_the_engine_stores_it(match, commissioner):
    rough = players(match, "home")[1]
    decide(match, commissioner, 0, 0, booked_twice(rough))
    events = [(e.kind, e.minute, e.detail) for e in played_events(match.id)]
    assert [(kind, minute, detail.get("second_yellow")) for kind, minute, detail in events] == [
        ("yellow_card", 10, None),
        ("yellow_card", 30, True),
        ("red_card", 30, True),
    ]
    line = PlayerMatchStat.objects.get(match=match, player_id=rough)
    assert (line.yellow_cards, line.red_cards) == (2, 1)


def test_a_second_yellow_needs_a_first_and_ends_the_players_match(match, commissioner):
    rough = players(match, "home")[1]
    with pytest.raises(ValidationError) as refused:
        decide(
            match,
            commissioner,
            1,
            0,
            [
                {"minute": 30, "kind": "second_yellow", "player": rough},
                {"minute": 35, "kind": "goal", "player": rough},
            ],
        )
    errors = refused.value.message_dict
    assert errors["events[0].kind"] == [
        f"An event second_yellow needs 1 earlier event yellow_card of {name(rough)} (0 entered): enter it too."
    ]
    assert "sent off in minute 30" in errors["events[1].player"][0]


def test_fair_play_points_per_player_and_match():
    fifa = FAIR_PLAY_FIFA
    assert [fair_play_points(y, r, fifa) for y, r in [(0, 0), (1, 0), (2, 1), (0, 1), (1, 1)]] == [0, 1, 3, 4, 5]
    # Flexdeck's goaltender carries his team's cards: two sending-offs for second yellows and a yellow.
    assert fair_play_points(5, 2, fifa) == 3 + 3 + 1
    # The weights before the setting, a yellow 1 and a red 3, give every line what they gave it.
    for yellows in range(5):
        for reds in range(3):
            assert fair_play_points(yellows, reds, FAIR_PLAY_BEFORE) == yellows + 3 * reds


def test_entered_cards_order_the_table_by_the_leagues_weights(season, commissioner):
    """A second yellow (FIFA 3) against a direct red (FIFA 4): FIFA puts the second yellow's team
    above; the old count (yellow 1, red 3: 5 against 3) put it below."""
    league = season.league
    league.tiebreakers = ["points", "fair_play", "lots"]
    league.save()
    first, second = Match.objects.filter(season=season, round=1)[:2]
    booked, sent_off = first.home, second.home
    rough = players(first, "home")[1]
    decide(first, commissioner, 0, 0, booked_twice(rough))
    decide(second, commissioner, 0, 0, [{"minute": 20, "kind": "red_card", "player": players(second, "home")[1]}])

    def order():
        rows = compute_standings(season).rows
        return [row.team_id for row in rows if row.team_id in (booked.id, sent_off.id)], [r.cards for r in rows]

    assert league.fair_play_weights == FAIR_PLAY_FIFA  # a new league counts as FIFA does
    assert order() == ([booked.id, sent_off.id], [0, 0, 3, 4])
    for kind, name in FAIR_PLAY_FIELDS.items():
        setattr(league, name, FAIR_PLAY_BEFORE[kind])
    league.save()
    season.refresh_from_db()
    assert order() == ([sent_off.id, booked.id], [0, 0, 3, 5])


def test_a_calciotto_expulsion_follows_two_cautions_and_counts_as_a_second_yellow(db):
    """Calciotto sends a player off on his second caution only: the sheet says so, and the table
    reads the caution, caution, expulsion as a second yellow."""
    season = demo_season_create(engine="calciotto", teams=2, seed=1, double=False)
    season.league.play_mode = PlayMode.TABLE
    season.league.tiebreakers = ["points", "fair_play"]
    season.league.save()
    match = Match.objects.get(season=season)
    commissioner = User.objects.create_user("commissioner")
    season.league.commissioners.add(commissioner)
    rough = players(match, "home")[1]
    cautions = [{"minute": m, "kind": "caution", "player": rough} for m in (10, 20)]
    expulsion = {"minute": 30, "kind": "expulsion", "player": rough}
    with pytest.raises(ValidationError) as refused:
        decide(match, commissioner, 0, 0, [cautions[0], expulsion])
    assert refused.value.message_dict == {
        "events[1].kind": [
            f"An event expulsion needs 2 earlier events caution of {name(rough)} (1 entered): enter them too."
        ]
    }
    decide(match, commissioner, 0, 0, [*cautions, expulsion])
    line = PlayerMatchStat.objects.get(match=match, player_id=rough)
    assert (line.yellow_cards, line.red_cards) == (2, 1)
    assert {row.team_id: row.cards for row in compute_standings(season).rows}[match.home_id] == 3
