"""Double elimination corrected by hand: a place's new winner is taken while nothing it feeds
has its teams, refused word for word after (found by mutation testing)."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from competitions.bracket import EVERY_TIE, WinnerMovedOn
from competitions.double import double_plan
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


def test_two_teams_are_too_few_for_double_elimination():
    with pytest.raises(ValueError) as refused:
        double_plan(2)
    assert str(refused.value) == "double elimination needs at least three teams"
    assert len(double_plan(3)) == 6  # three places in the winners' bracket, two in the losers', the grand final


@pytest.mark.django_db
def test_the_winners_final_is_drawn_while_the_losers_bracket_is_behind():
    season = demo_season_create(engine="futti", teams=8, seed=46, knockout=True)
    bracket = bracket_draw(season, seeds=list(season.teams.order_by("name")), double_elimination=True)
    for key in [("W", 1, 0), ("W", 1, 1), ("W", 1, 2), ("W", 1, 3), ("W", 2, 0), ("W", 2, 1)]:
        result(bracket, place(bracket, *key), 1, 0)
    assert place(bracket, "L", 1, 0).winner_id is None  # losers' round two waits for it
    assert place(bracket, "W", 3, 0).match_id is not None


@pytest.mark.django_db
@pytest.mark.parametrize("grand_final", [(1, 0), (0, 1)])
def test_the_reset_is_played_only_when_the_losers_bracket_champion_wins_the_grand_final(grand_final):
    season = demo_season_create(engine="futti", teams=4, seed=45, knockout=True)
    seeding = list(season.teams.order_by("name"))
    bracket = bracket_draw(season, seeds=seeding, double_elimination=True, bracket_reset=True)
    for key in [("W", 1, 0), ("W", 1, 1), ("L", 1, 0), ("W", 2, 0), ("L", 2, 0)]:
        result(bracket, place(bracket, *key), 1, 0)  # the home side, the better seed, wins each
    losers_first = place(bracket, "L", 1, 0)  # the losers of 1 v 4 and 2 v 3: the better seed at home
    assert (losers_first.home_seed, losers_first.away_seed, losers_first.home_id) == (3, 4, seeding[2].id)
    final = place(bracket, "F", 1, 0)
    assert (final.home_id, final.away_id) == (seeding[0].id, seeding[1].id)
    result(bracket, final, *grand_final)
    reset = place(bracket, "F", 2, 0)
    if grand_final == (1, 0):  # the winners' bracket champion won: no reset, it is the champion
        assert (reset.home_id, reset.home_seed, reset.bye, reset.winner_id, reset.match_id) == (
            seeding[0].id,
            1,
            True,
            seeding[0].id,
            None,
        )
    else:
        assert (reset.home_id, reset.away_id, reset.bye, reset.winner_id) == (seeding[1].id, seeding[0].id, False, None)
        assert (reset.match.home_id, reset.match.away_id) == (seeding[1].id, seeding[0].id)


@pytest.mark.django_db
def test_a_place_with_one_team_sends_it_on_with_its_seed():
    season = demo_season_create(engine="futti", teams=3, seed=47, knockout=True)
    seeding = list(season.teams.order_by("name"))
    bracket = bracket_draw(season, seeds=seeding, double_elimination=True)
    bye = place(bracket, "W", 1, 0)
    assert (bye.home_id, bye.home_seed, bye.bye, bye.winner_id) == (seeding[0].id, 1, True, seeding[0].id)
    result(bracket, place(bracket, "W", 1, 1), 1, 0)  # 2 beats 3, who drops alone into the losers' bracket
    alone = place(bracket, "L", 1, 0)
    assert (alone.home_id, alone.home_seed, alone.bye, alone.winner_id) == (seeding[2].id, 3, True, seeding[2].id)


@pytest.mark.django_db
def test_each_place_is_played_a_round_after_its_feeders_the_better_seed_at_home_from_a_seed_of_its_own():
    season = demo_season_create(engine="futti", teams=4, seed=48, knockout=True)
    season.first_kickoff = datetime(2026, 10, 18, 18, 0, tzinfo=UTC)  # 20:00 in Berlin, summer time
    season.round_interval = timedelta(days=7)
    season.save(update_fields=["first_kickoff", "round_interval"])
    season.league.time_zone = "Europe/Berlin"
    season.league.save(update_fields=["time_zone"])
    seeding = list(season.teams.order_by("-id"))  # seeds the other way round from the teams' ids
    bracket = bracket_draw(season, seeds=seeding, double_elimination=True)
    first = place(bracket, "W", 1, 1)
    Match.objects.filter(id=first.match_id).update(home_goals=1, away_goals=0, status="postponed")
    bracket_advance(bracket.id)
    assert place(bracket, "W", 1, 1).winner_id is None  # a score on a match not closed decides nothing
    result(bracket, place(bracket, "W", 1, 0), 1, 0)
    result(bracket, first, 1, 0)
    losers_first = place(bracket, "L", 1, 0)  # the losers of 1 v 4 and 2 v 3: the better seed at home
    assert (losers_first.home_seed, losers_first.away_seed, losers_first.home_id) == (3, 4, seeding[2].id)
    second_round = datetime(2026, 10, 25, 19, 0, tzinfo=UTC)  # 20:00 in Berlin again, in winter time
    for key, kickoff in [(("W", 1, 0), season.first_kickoff), (("L", 1, 0), second_round), (("W", 2, 0), second_round)]:
        match = place(bracket, *key).match
        assert match.kickoff == kickoff
        assert match.seed == random.Random(f"{season.seed}:{key[0]}:{key[1]}:{key[2]}").randrange(2**31)


def test_sixteen_teams_drop_in_reversed_order_every_other_round_and_the_reset_replays_the_grand_final():
    plan = double_plan(16, reset=True)
    assert all(place.key == key for key, place in plan.items())
    # winners' round 2 drops reversed into losers' round 2, winners' round 3 in order into round 4
    assert [plan[("L", 2, j)].sources[1] for j in range(4)] == [("loser", ("W", 2, 3 - j)) for j in range(4)]
    assert [plan[("L", 4, j)].sources for j in range(2)] == [
        (("winner", ("L", 3, j)), ("loser", ("W", 3, j))) for j in range(2)
    ]
    assert plan[("F", 2, 0)].sources == (("winner", ("F", 1, 0)), ("loser", ("F", 1, 0)))
    assert [plan[key].depth for key in [("W", 1, 0), ("W", 4, 0), ("L", 6, 0), ("F", 1, 0), ("F", 2, 0)]] == [
        1, 4, 7, 8, 9,
    ]  # fmt: skip
    assert max(key[1] for key in plan if key[0] == "W") == 4
