"""Knockout brackets: seeding order, byes, and a whole tournament played out."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from competitions.bracket import bracket_size, first_round, seed_order
from competitions.knockout import bracket_draw, bracket_lines, champion
from competitions.results import due_matches_play, match_play
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Tie


def test_standard_seed_order():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]


@given(teams=st.integers(min_value=2, max_value=33))
def test_byes_go_to_the_top_seeds_and_only_in_round_one(teams):
    size = bracket_size(teams)
    pairs = first_round(teams)
    assert len(pairs) == size // 2
    byes = sorted(high for high, low in pairs if low is None)
    assert byes == list(range(1, size - teams + 1))
    seeds = sorted(s for pair in pairs for s in pair if s is not None)
    assert seeds == list(range(1, teams + 1))
    # every round-one pair with a bye leaves only real matches from round two on:
    # a bye never meets a bye, since the bye seeds are the top ones and pair with the bottom
    assert all(low is not None or high <= size - teams for high, low in pairs)


@given(exponent=st.integers(min_value=1, max_value=6))
def test_seeds_one_and_two_are_in_opposite_halves(exponent):
    order = seed_order(2**exponent)
    half = len(order) // 2
    assert 1 in order[:half] and 2 in order[half:]
    # and each quarter holds one of the top four
    if len(order) >= 4:
        quarter = len(order) // 4
        tops = [min(order[i * quarter : (i + 1) * quarter]) for i in range(4)]
        assert sorted(tops) == [1, 2, 3, 4]


@pytest.mark.django_db
@pytest.mark.parametrize(("teams", "third_place"), [(2, False), (5, True), (8, True), (13, False)])
def test_a_whole_knockout_is_played_out(teams, third_place, play_out):
    season = demo_season_create(engine="futti", teams=teams, seed=teams, knockout=True, third_place=third_place)
    bracket = season.bracket
    play_out()
    matches = Match.objects.filter(season=season)
    assert matches.count() == teams - 1 + (third_place and teams >= 4)
    assert all(m.status == "played" and m.winner_required and m.winner_id for m in matches)
    winner = champion(bracket)
    assert winner is not None
    final = Tie.objects.get(bracket=bracket, round=bracket.rounds, third_place=False)
    assert final.match.winner_id == winner.id
    # nobody is knocked out twice, the champion never loses
    losers = [m.home_id if m.winner_id == m.away_id else m.away_id for m in matches if not m.tie.third_place]
    assert len(losers) == len(set(losers)) == teams - 1
    assert winner.id not in losers
    assert any("Final" in line for line in bracket_lines(bracket))


@pytest.mark.django_db
def test_top_seeds_get_the_byes_and_meet_at_the_earliest_in_the_final(play_out):
    season = demo_season_create(engine="futti", teams=6, seed=2, knockout=True)
    bracket = season.bracket
    byes = Tie.objects.filter(bracket=bracket, bye=True)
    assert sorted(t.home_seed for t in byes) == [1, 2]
    assert all(t.round == 1 for t in byes)
    assert Match.objects.filter(season=season).count() == 2  # round one: 3 v 6 and 4 v 5
    play_out()
    final = Tie.objects.get(bracket=bracket, round=3, third_place=False)
    semi_of = {t.slot: {t.home_seed, t.away_seed} for t in Tie.objects.filter(bracket=bracket, round=2)}
    assert 1 in semi_of[0] and 2 in semi_of[1]
    assert final.home_seed < final.away_seed


@pytest.mark.django_db
def test_redraw_is_refused_after_a_result():
    season = demo_season_create(engine="futti", teams=4, seed=3, knockout=True)
    match_play(match_id=Match.objects.filter(season=season).first().id)
    with pytest.raises(ValidationError, match="cannot be drawn again"):
        bracket_draw(season)


@pytest.mark.django_db(transaction=True)
def test_two_semi_finals_finishing_at_once_draw_one_final(play_at_once):
    """Two workers store the two semi-finals at the same moment: the final is made once."""
    season = demo_season_create(engine="futti", teams=4, seed=5, knockout=True)
    semis = list(Match.objects.filter(season=season).values_list("id", flat=True))
    assert len(semis) == 2
    play_at_once(semis)
    final = Tie.objects.get(bracket=season.bracket, round=2)
    assert final.match is not None
    assert Match.objects.filter(season=season, round=2).count() == 1


@pytest.mark.django_db
def test_next_round_is_scheduled_at_its_rounds_kickoff():
    season = demo_season_create(engine="futti", teams=4, seed=9, knockout=True)
    season.first_kickoff = timezone.now() - timedelta(hours=1)
    season.round_interval = timedelta(days=7)
    season.save()
    due_matches_play()
    final = Match.objects.get(season=season, round=2)
    assert final.kickoff == season.first_kickoff + timedelta(days=7)
    assert due_matches_play() == []  # not due yet


@pytest.mark.django_db
def test_a_result_elsewhere_in_the_bracket_is_stored_whatever_state_a_decided_tie_was_left_in():
    """Only the tie of the stored match is judged again (the admin's Advance judges them all):
    a semi-final's result undone by hand after the final was played must not hold up the
    third-place match's result."""
    season = demo_season_create(engine="futti", teams=4, seed=5, knockout=True, third_place=True)
    due_matches_play()  # the semi-finals
    final = Tie.objects.get(bracket=season.bracket, round=2, third_place=False)
    third = Tie.objects.get(bracket=season.bracket, round=2, third_place=True)
    match_play(match_id=final.match_id)
    semi = Tie.objects.get(bracket=season.bracket, round=1, slot=0)
    Match.objects.filter(id=semi.match_id).update(status=Match.Status.CANCELLED)  # by hand, in the admin

    match_play(match_id=third.match_id)

    third.refresh_from_db()
    assert third.match.status == Match.Status.PLAYED and third.winner_id == third.match.winner_id
