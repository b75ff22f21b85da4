"""Double elimination corrected by hand: a place's new winner is taken while nothing it feeds
has its teams, refused word for word after (found by mutation testing)."""

import pytest

from competitions.bracket import EVERY_TIE, WinnerMovedOn
from competitions.knockout import bracket_advance, bracket_draw
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Tie


def place(bracket, side, round_number, slot):
    return Tie.objects.select_related("home", "away").get(bracket=bracket, side=side, round=round_number, slot=slot)


def result(bracket, tie, home_goals, away_goals, *, recheck=None):
    """Store (or correct) a place's result by hand and move the bracket on."""
    Match.objects.filter(id=tie.match_id).update(home_goals=home_goals, away_goals=away_goals, status="played")
    bracket_advance(bracket.id, recheck=recheck)


@pytest.mark.django_db
def test_a_corrected_winner_is_taken_until_the_places_it_feeds_are_drawn():
    season = demo_season_create(engine="futti", teams=4, seed=44, knockout=True)
    bracket = bracket_draw(season, seeds=list(season.teams.order_by("name")), double_elimination=True)
    first = place(bracket, "W", 1, 0)
    result(bracket, first, 2, 1)
    assert place(bracket, "W", 1, 0).winner_id == first.home_id

    result(bracket, first, 2, 3)  # corrected, but not rechecked: the winner stands
    assert place(bracket, "W", 1, 0).winner_id == first.home_id
    result(bracket, first, 2, 3, recheck=first.id)
    assert place(bracket, "W", 1, 0).winner_id == first.away_id
    result(bracket, first, 4, 3, recheck=EVERY_TIE)
    assert place(bracket, "W", 1, 0).winner_id == first.home_id

    result(bracket, place(bracket, "W", 1, 1), 1, 0)  # the winners' final and losers' round one are drawn
    assert place(bracket, "L", 1, 0).home_id is not None and place(bracket, "L", 1, 0).winner_id is None
    with pytest.raises(WinnerMovedOn) as refused:
        result(bracket, first, 0, 3, recheck=first.id)
    assert refused.value.message_dict == {
        "winner": [
            f"This result changes who wins {first.home} v {first.away}, but in double elimination both teams "
            "have been sent on already: the result stays as it was."
        ]
    }
    assert place(bracket, "W", 1, 0).winner_id == first.home_id


@pytest.mark.django_db
def test_a_correction_is_refused_by_the_places_its_winner_or_its_loser_went_to_and_no_others():
    season = demo_season_create(engine="futti", teams=4, seed=44, knockout=True)
    bracket = bracket_draw(season, seeds=list(season.teams.order_by("name")), double_elimination=True)
    result(bracket, place(bracket, "W", 1, 0), 1, 0)
    result(bracket, place(bracket, "W", 1, 1), 1, 0)
    losers_first = place(bracket, "L", 1, 0)
    result(bracket, losers_first, 1, 0)
    # the winners' final is drawn, but the losers' round one sends its winner to round two, not there
    result(bracket, losers_first, 0, 1, recheck=losers_first.id)
    assert place(bracket, "L", 1, 0).winner_id == losers_first.away_id
    winners_final = place(bracket, "W", 2, 0)
    result(bracket, winners_final, 1, 0)  # its loser goes to losers' round two; the grand final waits
    assert place(bracket, "L", 2, 0).home_id is not None and place(bracket, "F", 1, 0).home_id is None
    with pytest.raises(WinnerMovedOn):
        result(bracket, winners_final, 0, 1, recheck=winners_final.id)  # its loser was sent on
    with pytest.raises(WinnerMovedOn):
        result(bracket, losers_first, 1, 0, recheck=losers_first.id)  # its winner was sent on
    assert place(bracket, "L", 1, 0).winner_id == losers_first.away_id
    assert place(bracket, "W", 2, 0).winner_id == winners_final.home_id
