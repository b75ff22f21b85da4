"""Knockout brackets read to the letter: the text of a bracket at each step, the final of a
double elimination (the reset when played), a bracket drawn again with its options, and the
options refused (found by mutation testing)."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import DatabaseError

from audit.models import Entry
from competitions import knockout
from competitions.bracket import WinnerMovedOn
from competitions.knockout import (
    bracket_advance,
    bracket_draw,
    bracket_lines,
    champion,
    final_tie,
    knockout_option_errors,
    option_errors,
    redraw_bracket,
    tie_round_name,
)
from competitions.round_robin import schedulable_teams
from matches.models import Match, ResultSubmission
from ops.demo import demo_season_create
from tournaments.models import Bracket, Tie


def drawn(teams, **options):
    """A knockout of ``teams`` demo teams seeded by name (Ashford Rovers first)."""
    season = demo_season_create(engine="futti", teams=teams, seed=43, knockout=True)
    return bracket_draw(season, seeds=list(season.teams.order_by("name")), **options)


def won(bracket, side, round_number, slot, home_goals, away_goals, *, third_place=False, leg="match_id"):
    """Store (or correct) a place's result by hand and move the bracket on, as a stored result
    does; ``leg="first_leg_id"`` for a two-legged tie's first leg."""
    tie = Tie.objects.get(bracket=bracket, side=side, round=round_number, slot=slot, third_place=third_place)
    match_id = getattr(tie, leg)
    Match.objects.filter(id=match_id).update(home_goals=home_goals, away_goals=away_goals, status="played")
    bracket_advance(bracket.id, recheck=tie.id)
    return Tie.objects.select_related("home", "away", "decider").get(id=tie.id)


@pytest.mark.django_db
def test_a_double_elimination_with_its_reset_played_reads_round_by_round():
    bracket = drawn(3, double_elimination=True, bracket_reset=True)
    assert bracket_lines(bracket) == [
        "Winners R1      (1) Ashford Rovers - bye",
        "Winners R1      (2) Bellbrook Athletic v (3) Castlegate United",
        "Winners R2      ? v ?",
        "Losers R1       ? v ?",
        "Losers R2       ? v ?",
        "Grand final 1   ? v ?",
        "Grand final 2   ? v ?",
    ]
    assert champion(bracket) is None
    won(bracket, "W", 1, 1, 0, 1)  # Castlegate; Bellbrook alone in losers' round one: not shown
    won(bracket, "W", 2, 0, 0, 2)  # Castlegate beats Ashford
    won(bracket, "L", 2, 0, 1, 3)  # Bellbrook beats Ashford
    won(bracket, "F", 1, 0, 0, 1)  # the losers' bracket winner takes the first grand final
    won(bracket, "F", 2, 0, 0, 2)  # and loses the reset
    assert bracket_lines(bracket) == [
        "Winners R1      (1) Ashford Rovers - bye",
        "Winners R1      (2) Bellbrook Athletic 0-1 (3) Castlegate United  -> Castlegate United",
        "Winners R2      (1) Ashford Rovers 0-2 (3) Castlegate United  -> Castlegate United",
        "Losers R2       (1) Ashford Rovers 1-3 (2) Bellbrook Athletic  -> Bellbrook Athletic",
        "Grand final 1   (3) Castlegate United 0-1 (2) Bellbrook Athletic  -> Bellbrook Athletic",
        "Grand final 2   (2) Bellbrook Athletic 0-2 (3) Castlegate United  -> Castlegate United",
    ]
    assert champion(bracket).name == "Castlegate United"  # the reset's winner, not the first final's


@pytest.mark.django_db
def test_a_reset_not_needed_is_not_shown_and_the_first_grand_final_decides():
    bracket = drawn(3, double_elimination=True, bracket_reset=True)
    won(bracket, "W", 1, 1, 2, 0)
    won(bracket, "W", 2, 0, 1, 0)
    won(bracket, "L", 2, 0, 0, 1)
    won(bracket, "F", 1, 0, 3, 0)  # the winners' bracket champion wins: no reset
    lines = bracket_lines(bracket)
    assert lines[-1] == "Grand final 1   (1) Ashford Rovers 3-0 (3) Castlegate United  -> Ashford Rovers"
    assert not any(line.startswith("Grand final 2") for line in lines)
    assert champion(bracket).name == "Ashford Rovers"


@pytest.mark.django_db
def test_a_single_elimination_reads_its_round_names_and_pending_ties():
    bracket = drawn(4, third_place=True)
    assert bracket_lines(bracket) == [
        "Semi-finals     (1) Ashford Rovers v (4) Dunmore Wanderers",
        "Semi-finals     (2) Bellbrook Athletic v (3) Castlegate United",
        "Final           ? v ?",
        "Third place     ? v ?",
    ]
    won(bracket, "W", 1, 0, 2, 1)
    won(bracket, "W", 1, 1, 0, 1)
    won(bracket, "W", 2, 0, 1, 0, third_place=True)
    assert bracket_lines(bracket)[2:] == [
        "Final           (1) Ashford Rovers v (3) Castlegate United",
        "Third place     (2) Bellbrook Athletic 1-0 (4) Dunmore Wanderers  -> Bellbrook Athletic",
    ]
    assert champion(bracket) is None
    Tie.objects.filter(bracket=bracket).delete()
    assert champion(bracket) is None  # no final at all


def test_the_final_is_the_last_grand_final_or_the_last_rounds_tie():
    double = Bracket(double_elimination=True, rounds=2)
    first, reset = Tie(side="F", round=1), Tie(side="F", round=2)
    winners, losers = Tie(side="W", round=3), Tie(side="L", round=4)
    assert final_tie(double, [first, reset, winners, losers]) is reset
    assert final_tie(double, [reset, first]) is reset
    assert final_tie(double, [winners, losers, first]) is first
    assert final_tie(double, [winners]) is None
    single = Bracket(double_elimination=False, rounds=2)
    final, third, semi = Tie(side="W", round=2), Tie(side="W", round=2, third_place=True), Tie(side="W", round=1)
    assert final_tie(single, [semi, third, final]) is final
    assert final_tie(single, [semi, third]) is None
    assert tie_round_name(double, Tie(side="F", round=2)) == "Grand final 2"
    assert tie_round_name(double, Tie(side="L", round=3)) == "Losers R3"
    assert tie_round_name(single, third) == "Third place"


@pytest.mark.django_db
def test_a_bracket_drawn_again_keeps_its_options():
    bracket = drawn(4, third_place=True, two_legged_rounds=[1], away_goals=True)
    seeds = list(bracket.season.teams.order_by("-name"))
    again = redraw_bracket(bracket, seeds=seeds)
    assert (again.third_place, again.two_legged_rounds, again.away_goals, again.double_elimination) == (
        True,
        [1],
        True,
        False,
    )
    assert [e.team_id for e in again.entrants.order_by("seed")] == [t.id for t in seeds]
    assert Tie.objects.filter(bracket=again, first_leg__isnull=False).count() == 2
    double = drawn(5, double_elimination=True, bracket_reset=True)
    again = redraw_bracket(double)  # seeds as entered
    assert (again.double_elimination, again.bracket_reset, again.third_place) == (True, True, False)
    assert Tie.objects.filter(bracket=again, side="F", round=2).exists()


def test_each_option_is_checked_against_the_size_of_the_knockout():
    assert option_errors(4, third_place=True, two_legged_rounds=[1, 2], double_elimination=False) == {}
    assert set(option_errors(4, third_place=False, two_legged_rounds=[0], double_elimination=False)) == {
        "two_legged_rounds"
    }
    assert set(option_errors(5, third_place=False, two_legged_rounds=[4], double_elimination=False)) == {
        "two_legged_rounds"
    }
    assert option_errors(5, third_place=False, two_legged_rounds=[3], double_elimination=False) == {}
    assert set(option_errors(4, third_place=False, two_legged_rounds=["1"], double_elimination=False)) == {
        "two_legged_rounds"
    }
    assert option_errors(3, third_place=False, two_legged_rounds=[], double_elimination=True) == {}
    for refused in ({"teams": 2}, {"third_place": True}, {"two_legged_rounds": [1]}):
        options = {"teams": 4, "third_place": False, "two_legged_rounds": [], "double_elimination": True} | refused
        assert set(option_errors(options.pop("teams"), **options)) == {"double_elimination"}


def test_a_later_knockout_of_two_teams_has_its_options_checked_and_one_of_fewer_has_none():
    assert set(knockout_option_errors(2, two_legged_rounds=[2])) == {"two_legged_rounds"}
    assert knockout_option_errors(2, two_legged_rounds=[1]) == {}
    assert knockout_option_errors(1, two_legged_rounds=[5]) == {}


@pytest.mark.django_db
def test_a_corrected_final_gives_the_bracket_another_champion():
    bracket = drawn(4)
    won(bracket, "W", 1, 0, 1, 0)
    won(bracket, "W", 1, 1, 1, 0)
    final = won(bracket, "W", 2, 0, 2, 0)
    assert champion(bracket).name == "Ashford Rovers"
    assert won(bracket, "W", 2, 0, 2, 3).winner_id == final.away_id  # nothing after the final to refuse it
    assert champion(bracket).name == "Bellbrook Athletic"


@pytest.mark.django_db
def test_a_correction_that_levels_a_tie_whose_next_match_was_played_is_refused_in_words():
    bracket = drawn(4, two_legged_rounds=[1])
    won(bracket, "W", 1, 0, 0, 0, leg="first_leg_id")
    semi = won(bracket, "W", 1, 0, 1, 0)
    won(bracket, "W", 1, 1, 0, 0, leg="first_leg_id")
    won(bracket, "W", 1, 1, 1, 0)
    won(bracket, "W", 2, 0, 1, 0)
    with pytest.raises(WinnerMovedOn) as refused:
        won(bracket, "W", 1, 0, 1, 0, leg="first_leg_id")  # 1-1 on aggregate
    assert refused.value.message_dict == {
        "winner": [
            "This result puts the tie level (a deciding match is needed), not Ashford Rovers through, but "
            "Ashford Rovers's next match (Final) has been played (or has a result entered) and later rounds "
            "depend on it: the result stays as it was."
        ]
    }
    assert Tie.objects.get(id=semi.id).winner_id == semi.home_id


def held_by_a_worker(monkeypatch, match: str) -> None:
    """The matches' rows as PostgreSQL has them while a worker stores ``match``: a lock asked with
    NOWAIT is refused at once; one that would wait fails the test (it would wait for the worker)."""

    def locked(*args, nowait=False, **kwargs):
        if not nowait:
            raise AssertionError(f"waited for the worker playing {match}")
        raise DatabaseError("could not obtain lock on row")

    monkeypatch.setattr(Match.objects, "select_for_update", locked)


@pytest.mark.django_db
def test_a_correction_while_the_next_match_is_locked_asks_to_try_again(monkeypatch):
    """What PostgreSQL's NOWAIT raises when a worker holds the final (SQLite has no row locks);
    waiting instead would wait for a worker that waits for the bracket lock held here."""
    bracket = drawn(4)
    won(bracket, "W", 1, 0, 1, 0)
    won(bracket, "W", 1, 1, 1, 0)

    held_by_a_worker(monkeypatch, "the final")
    with pytest.raises(WinnerMovedOn) as refused:
        won(bracket, "W", 1, 0, 0, 1)
    assert refused.value.message_dict == {
        "winner": [
            "This result puts Dunmore Wanderers through instead of Ashford Rovers, but Ashford Rovers's next "
            "match (Final) is being played right now: try again."
        ]
    }


@pytest.mark.django_db
def test_a_team_sent_instead_leaves_the_rest_of_its_next_match_as_it_is(monkeypatch):
    """Only the teams of the next match are written: a postponement made while the correction
    was on its way (before the match's row was locked) stays."""
    bracket = drawn(4)
    won(bracket, "W", 1, 0, 1, 0)
    won(bracket, "W", 1, 1, 1, 0)
    final = Tie.objects.get(bracket=bracket, round=2)
    refuse = knockout._refuse_if_played_on

    def postponed_meanwhile(*args):
        Match.objects.filter(id=final.match_id).update(status=Match.Status.POSTPONED)
        refuse(*args)

    monkeypatch.setattr(knockout, "_refuse_if_played_on", postponed_meanwhile)
    won(bracket, "W", 1, 0, 0, 1)
    match = Match.objects.get(id=final.match_id)
    assert match.status == Match.Status.POSTPONED
    assert (match.home.name, match.away.name) == ("Bellbrook Athletic", "Dunmore Wanderers")


@pytest.mark.django_db
def test_a_deciding_match_with_a_result_entered_stays_when_a_corrected_leg_settles_the_tie():
    bracket = drawn(4, two_legged_rounds=[1])
    won(bracket, "W", 1, 0, 0, 0, leg="first_leg_id")
    semi = won(bracket, "W", 1, 0, 0, 0)
    decider = semi.decider
    assert decider is not None and semi.winner_id is None
    # a seed of its own: not the second leg's, whose key has no part named
    assert decider.seed == random.Random(f"{bracket.season.seed}:1:0:0:decider").randrange(2**31)
    assert decider.seed != semi.match.seed
    Match.objects.filter(id=decider.id).update(home_goals=1, away_goals=0, status="postponed")
    bracket_advance(bracket.id, recheck=semi.id)
    assert Tie.objects.get(id=semi.id).winner_id is None  # a score on a deciding match not closed decides nothing
    Match.objects.filter(id=decider.id).update(home_goals=None, away_goals=None, status="scheduled")
    ResultSubmission.objects.create(match=decider, action=ResultSubmission.Action.SUBMIT, state="pending")
    semi = won(bracket, "W", 1, 0, 0, 1, leg="first_leg_id")  # 1-0 to the higher seed on aggregate
    assert semi.winner_id == semi.home_id and semi.decider_id == decider.id
    assert Match.objects.filter(id=decider.id).exists()
    ResultSubmission.objects.filter(match=decider).delete()
    won(bracket, "W", 1, 0, 0, 0, leg="first_leg_id")  # level again, the same deciding match
    semi = won(bracket, "W", 1, 0, 0, 1, leg="first_leg_id")
    assert semi.decider_id is None and not Match.objects.filter(id=decider.id).exists()


@pytest.mark.django_db
def test_a_tie_whose_teams_are_known_is_drawn_while_the_tie_before_it_waits():
    bracket = drawn(8)
    won(bracket, "W", 1, 2, 1, 0)
    won(bracket, "W", 1, 3, 1, 0)  # the first two ties of round one are still to play
    first, second = Tie.objects.filter(bracket=bracket, round=2).order_by("slot")
    assert first.home_id is None and first.match_id is None
    assert second.home_id is not None and second.match_id is not None


def seed_of(season, key: str) -> int:
    return random.Random(f"{season.seed}:{key}").randrange(2**31)


@pytest.mark.django_db
def test_each_match_has_the_seed_of_its_tie_and_leg_so_old_replays_hold():
    bracket = drawn(4, third_place=True, two_legged_rounds=[2])
    season = bracket.season
    won(bracket, "W", 1, 0, 1, 0)
    won(bracket, "W", 1, 1, 1, 0)
    ties = {(t.round, t.slot, t.third_place): t for t in Tie.objects.filter(bracket=bracket).select_related()}
    # a one-legged tie's match keeps the key it had before two legs existed: no part named
    assert [ties[(1, slot, False)].match.seed for slot in (0, 1)] == [seed_of(season, f"1:{slot}:0") for slot in (0, 1)]
    for third in (False, True):
        tie = ties[(2, 0, third)]
        assert (tie.first_leg.seed, tie.match.seed) == (
            seed_of(season, f"2:0:{int(third)}:leg1"),
            seed_of(season, f"2:0:{int(third)}"),
        )


@pytest.mark.django_db
def test_a_corrected_winner_of_any_slot_goes_to_the_tie_its_slot_feeds():
    bracket = drawn(8)
    for slot in (2, 3):
        won(bracket, "W", 1, slot, 1, 0)
    for slot in (3, 2):  # each corrected in turn: the away side wins after all
        corrected = won(bracket, "W", 1, slot, 0, 1)
        assert corrected.winner_id == corrected.away_id
        fed = Tie.objects.get(bracket=bracket, round=2, slot=1)
        assert corrected.away_id in (fed.home_id, fed.away_id) and corrected.home_id not in (fed.home_id, fed.away_id)


@pytest.mark.django_db
def test_a_bracket_has_no_away_goals_and_no_reset_unless_asked_and_is_not_drawn_again_once_played():
    bracket = drawn(4)
    assert (bracket.away_goals, bracket.bracket_reset) == (False, False)
    assert drawn(4, double_elimination=True).bracket_reset is False
    assert drawn(4, bracket_reset=True).bracket_reset is False  # a reset only in a double elimination
    with pytest.raises(ValidationError) as refused:
        bracket_draw(bracket.season, seeds=list(bracket.season.teams.all())[:3])
    assert refused.value.message_dict == {"seeds": ["The seeding must list every team of the season once."]}
    won(bracket, "W", 1, 0, 1, 0)
    with pytest.raises(ValidationError) as refused:
        bracket_draw(bracket.season)
    assert refused.value.message_dict == {"season": ["The bracket cannot be drawn again once a match has been played."]}


@pytest.mark.django_db
def test_a_bracket_without_seeds_is_drawn_by_lot_from_the_seasons_seed_and_its_options_are_checked():
    season = demo_season_create(engine="futti", teams=8, seed=49)  # a league: no entrants yet
    with pytest.raises(ValidationError) as refused:
        bracket_draw(season, double_elimination=True, third_place=True)
    assert refused.value.message_dict == {
        "double_elimination": ["Double elimination needs three teams, one-legged ties and no third place."]
    }
    expected = list(schedulable_teams(season, first_kickoff=season.first_kickoff, interval=season.round_interval))
    random.Random(f"{season.seed}:seeding").shuffle(expected)
    bracket = bracket_draw(season)
    assert list(bracket.entrants.order_by("seed").values_list("team_id", flat=True)) == [t.id for t in expected]


@pytest.mark.django_db
def test_each_draw_is_audited_with_the_seeds_it_replaced_and_a_first_draw_replaced_none():
    season = demo_season_create(engine="futti", teams=4, seed=50)  # a league: no bracket yet
    by_hand = list(season.teams.order_by("-name"))
    bracket = Bracket.objects.create(season=season)
    for seed, team in enumerate(by_hand, start=1):
        bracket.entrants.create(team=team, seed=seed)
    bracket = bracket_draw(season)  # the entrants set by hand are its seeds
    first = [team.id for team in by_hand]
    assert list(bracket.entrants.order_by("seed").values_list("team_id", flat=True)) == first
    redraw_bracket(bracket, seeds=by_hand[::-1])
    drawn_twice = Entry.objects.filter(action="bracket.drawn").order_by("id")
    assert [(entry.before, entry.after) for entry in drawn_twice] == [
        (None, {"seeds": first}),
        ({"seeds": first}, {"seeds": first[::-1]}),
    ]


@pytest.mark.django_db
def test_entrants_by_hand_that_leave_a_team_out_are_drawn_again_by_lot():
    season = demo_season_create(engine="futti", teams=4, seed=51)
    bracket = Bracket.objects.create(season=season)
    for seed, team in enumerate(season.teams.order_by("name")[:3], start=1):
        bracket.entrants.create(team=team, seed=seed)
    assert bracket_draw(season).entrants.count() == 4


@pytest.mark.django_db
def test_a_deciding_match_being_played_stays_when_a_corrected_leg_settles_the_tie(monkeypatch):
    """What PostgreSQL's NOWAIT raises when a worker holds the deciding match (SQLite has no row
    locks); waiting instead would wait for a worker that waits for the bracket lock held here."""
    bracket = drawn(4, two_legged_rounds=[1])
    won(bracket, "W", 1, 0, 0, 0, leg="first_leg_id")
    decider = won(bracket, "W", 1, 0, 0, 0).decider

    held_by_a_worker(monkeypatch, "the deciding match")
    semi = won(bracket, "W", 1, 0, 0, 1, leg="first_leg_id")  # 1-0 to the higher seed on aggregate
    assert semi.winner_id == semi.home_id and semi.decider_id == decider.id
    assert Match.objects.filter(id=decider.id).exists()
