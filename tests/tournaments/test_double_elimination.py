"""Double elimination: the drop-down routing, byes through the losers' bracket, the grand
final and its reset, and a whole tournament in which nobody goes out before two defeats."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from competitions.double import double_plan
from competitions.knockout import bracket_draw, bracket_lines, champion
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Tie


def test_eight_teams_route_the_losers_down():
    plan = double_plan(8)
    assert plan[("L", 1, 0)].sources == (("loser", ("W", 1, 0)), ("loser", ("W", 1, 1)))
    # winners' round 2 losers drop in reversed order, so they do not meet their last opponents' feeders
    assert plan[("L", 2, 0)].sources == (("winner", ("L", 1, 0)), ("loser", ("W", 2, 1)))
    assert plan[("L", 2, 1)].sources == (("winner", ("L", 1, 1)), ("loser", ("W", 2, 0)))
    assert plan[("L", 3, 0)].sources == (("winner", ("L", 2, 0)), ("winner", ("L", 2, 1)))
    assert plan[("L", 4, 0)].sources == (("winner", ("L", 3, 0)), ("loser", ("W", 3, 0)))
    assert plan[("F", 1, 0)].sources == (("winner", ("W", 3, 0)), ("winner", ("L", 4, 0)))
    assert len([k for k in plan if k[0] == "L"]) == 6


@given(teams=st.integers(min_value=3, max_value=33), reset=st.booleans())
def test_every_loser_of_the_winners_bracket_drops_once(teams, reset):
    plan = double_plan(teams, reset=reset)
    dropped = Counter(s[1] for p in plan.values() for s in p.sources if s[0] == "loser" and s[1][0] == "W")
    assert set(dropped) == {k for k in plan if k[0] == "W"} and set(dropped.values()) == {1}
    fed = Counter(s[1] for p in plan.values() for s in p.sources if s[0] == "winner")
    assert all(n == 1 for n in fed.values())  # each winner goes one way
    # a place is played only after every place that feeds it
    for place in plan.values():
        for s in place.sources:
            if s[0] in ("winner", "loser"):
                assert plan[s[1]].depth < place.depth


@pytest.mark.django_db
@pytest.mark.parametrize(("teams", "reset"), [(3, False), (6, True), (8, True), (11, False)])
def test_a_whole_double_elimination_nobody_out_before_two_defeats(teams, reset, play_out):
    season = demo_season_create(engine="futti", teams=teams, seed=40 + teams, knockout=True)
    bracket = bracket_draw(season, double_elimination=True, bracket_reset=reset)
    play_out(limit=40)
    matches = list(Match.objects.filter(season=season))
    assert all(m.status == "played" and m.winner_id for m in matches)
    defeats = Counter(m.home_id if m.winner_id == m.away_id else m.away_id for m in matches)
    winner = champion(bracket)
    assert winner is not None
    assert defeats[winner.id] <= 1
    # everyone else lost twice, except the grand-final loser when the reset was not needed or not played
    twice = [team for team, n in defeats.items() if n == 2]
    assert len(twice) >= teams - 2 and all(n <= 2 for n in defeats.values())
    final = Tie.objects.get(bracket=bracket, side="F", round=1)
    if reset and final.winner_id != final.home_id:
        assert Tie.objects.get(bracket=bracket, side="F", round=2).match is not None
    # 2n - 2 matches, one more with a reset played
    assert len(matches) in (2 * teams - 2, 2 * teams - 1)
    assert any("Grand final" in line for line in bracket_lines(bracket))


@pytest.mark.django_db(transaction=True)
def test_two_first_round_results_at_once_make_each_next_match_once(play_at_once):
    season = demo_season_create(engine="futti", teams=4, seed=44, knockout=True)
    bracket = bracket_draw(season, double_elimination=True)
    first = list(Match.objects.filter(season=season).values_list("id", flat=True))
    assert len(first) == 2
    play_at_once(first)
    made = Tie.objects.filter(bracket=bracket, match__isnull=False)
    assert sorted((t.side, t.round) for t in made) == [("L", 1), ("W", 1), ("W", 1), ("W", 2)]
    assert Match.objects.filter(season=season).count() == 4
