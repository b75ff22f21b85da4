"""What a table result leaves, as the match page shows it: a substitution names who went off,
an own goal which side it counted for, a player's counts his line, a shoot-out its score."""

import pytest

from competitions.table_results import result_decide
from matches.models import Match, PlayerMatchStat, played_events

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


def test_a_substitution_in_the_play_by_play_names_who_went_off(match, commissioner):
    home = players(match, "home")
    data = scoresheet(match, 0, 0)
    data["events"].append({"minute": 20, "kind": "substitution", "player": home[5], "out": home[1]})
    result_decide(match_id=match.id, user=commissioner, data=data)
    [substitution] = [e for e in played_events(match.id) if e.kind == "substitution"]
    assert (substitution.player_id, substitution.detail) == (home[5], {"source": "table", "out": str(home[1])})


def test_a_home_players_own_goal_counts_for_the_away_side(match, commissioner):
    unlucky = players(match, "home")[0]
    data = scoresheet(match, 0, 0) | {"away_goals": 1}
    data["events"].append({"minute": 12, "kind": "own_goal", "player": unlucky})
    result_decide(match_id=match.id, user=commissioner, data=data)
    [own_goal] = [e for e in played_events(match.id) if e.kind == "own_goal"]
    assert (own_goal.side, own_goal.detail) == ("home", {"source": "table", "for": "away"})


def test_a_player_with_counts_only_has_nothing_else_on_his_line(match, commissioner):
    result_decide(match_id=match.id, user=commissioner, data=scoresheet(match, 2, 1))
    goaltender = players(match, "away", "goalkeeper")[0]
    line = PlayerMatchStat.objects.get(match=match, player_id=goaltender)
    assert (line.saves, line.goals, line.shots, line.yellow_cards) == (3, 0, 0, 0)


def test_a_knockout_decided_on_penalties_keeps_its_shoot_out(match, commissioner):
    Match.objects.filter(id=match.id).update(winner_required=True)
    match.refresh_from_db()
    data = scoresheet(match, 1, 1, decided_by="penalties", shootout_home=4, shootout_away=3)
    result_decide(match_id=match.id, user=commissioner, data=data)
    match.refresh_from_db()
    assert (match.home_goals, match.away_goals, match.decided_by) == (1, 1, "penalties")
    assert (match.shootout_home, match.shootout_away) == (4, 3)
