"""The play-by-play a table result leaves, as the match page shows it: a substitution names who
went off, an own goal which side it counted for."""

import pytest

from matches.models import MatchEvent
from matches.table_results import result_decide

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


def test_a_substitution_in_the_play_by_play_names_who_went_off(match, commissioner):
    home = players(match, "home")
    data = scoresheet(match, 0, 0)
    data["events"].append({"minute": 20, "kind": "substitution", "player": home[5], "out": home[1]})
    result_decide(match_id=match.id, user=commissioner, data=data)
    substitution = MatchEvent.objects.get(match=match, kind="substitution")
    assert (substitution.player_id, substitution.detail) == (home[5], {"source": "table", "out": str(home[1])})


def test_a_home_players_own_goal_counts_for_the_away_side(match, commissioner):
    unlucky = players(match, "home")[0]
    data = scoresheet(match, 0, 0) | {"away_goals": 1}
    data["events"].append({"minute": 12, "kind": "own_goal", "player": unlucky})
    result_decide(match_id=match.id, user=commissioner, data=data)
    own_goal = MatchEvent.objects.get(match=match, kind="own_goal")
    assert (own_goal.side, own_goal.detail) == ("home", {"source": "table", "for": "away"})
