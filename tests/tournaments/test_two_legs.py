"""Two-legged ties: aggregate, away goals, the second leg's shoot-out, and a deciding match."""

import pytest
from django.core.exceptions import ValidationError

from api.brackets import bracket_of
from competitions.bracket import aggregate_winner
from competitions.drawing import bracket_drawing
from competitions.knockout import bracket_advance, bracket_draw, bracket_lines, champion
from competitions.results import match_forfeit, match_play
from competitions.two_legs import tie_aggregate, tie_score
from matches.models import Match
from matches.services import due_matches
from ops.demo import demo_season_create
from tournaments.models import Tie


def test_aggregate_goals_decide_first():
    # first leg 2-1 to the lower seed at home, second leg 2-0 to the higher seed: 3-2 on aggregate
    assert aggregate_winner((2, 1), (2, 0)) == "home"
    assert aggregate_winner((0, 0), (0, 1)) == "away"


def test_away_goals_only_when_the_bracket_uses_them():
    # 1-2 away at the first leg, 0-1 at home: 2-2, two away goals against one
    assert aggregate_winner((1, 2), (0, 1), away_goals=True) == "home"
    assert aggregate_winner((1, 2), (0, 1)) is None
    assert aggregate_winner((1, 1), (1, 1), away_goals=True) is None


def test_the_second_legs_shootout_breaks_a_level_aggregate():
    assert aggregate_winner((1, 1), (1, 1), shootout=(3, 4)) == "away"
    # a shoot-out after a drawn second leg does not undo an aggregate already won
    assert aggregate_winner((0, 2), (1, 1), shootout=(2, 4)) == "home"


def two_legged(teams, seed, **options):
    season = demo_season_create(engine="futti", teams=teams, seed=seed, knockout=True)
    return bracket_draw(season, **options)


@pytest.mark.django_db
@pytest.mark.parametrize("away_goals", [False, True])
def test_a_two_legged_knockout_is_decided_on_aggregate(away_goals, play_out):
    bracket = two_legged(8, 11, two_legged_rounds=[1, 2], away_goals=away_goals, third_place=True)
    first_round = Tie.objects.filter(bracket=bracket, round=1)
    for tie in first_round:
        # the higher seed plays the second leg at home, a round interval after the first
        assert (tie.first_leg.home_id, tie.first_leg.away_id) == (tie.away_id, tie.home_id)
        assert not tie.first_leg.winner_required and tie.match.winner_required
        assert tie.match.kickoff - tie.first_leg.kickoff == bracket.season.round_interval
    play_out()
    for tie in Tie.objects.filter(bracket=bracket, round__lt=3).select_related("first_leg", "match", "decider"):
        first, second = tie.first_leg, tie.match
        assert first.status == second.status == "played"
        side = aggregate_winner(
            (first.home_goals, first.away_goals),
            (second.home_goals, second.away_goals),
            away_goals=away_goals,
            shootout=(second.shootout_home, second.shootout_away) if second.shootout_home is not None else None,
        )
        if side is None:
            assert tie.winner_id == tie.decider.winner_id
        else:
            assert tie.decider is None
            assert tie.winner_id == (second.home_id if side == "home" else second.away_id)
    final = Tie.objects.get(bracket=bracket, round=3, third_place=False)
    assert final.first_leg is None and final.match.kickoff == bracket.season.first_kickoff + 4 * (
        bracket.season.round_interval
    )
    assert champion(bracket) is not None
    assert any("; legs " not in line and "(legs " in line for line in bracket_lines(bracket))


@pytest.mark.django_db
def test_a_level_tie_no_engine_decider_settled_gets_a_deciding_match():
    bracket = two_legged(4, 4, two_legged_rounds=[1], away_goals=True)
    tie = Tie.objects.filter(bracket=bracket, round=1).first()
    # both legs forfeited by the home side: 0-3 and 0-3, level on goals and on away goals
    match_forfeit(tie.first_leg, forfeited_by="home")
    match_forfeit(tie.match, forfeited_by="home")
    tie.refresh_from_db()
    assert tie.winner is None
    decider = tie.decider
    assert decider.winner_required and decider.kickoff == tie.match.kickoff
    match_play(match_id=decider.id)
    match_play(match_id=decider.id)  # delivered twice: one result
    tie.refresh_from_db()
    assert tie.winner_id == Match.objects.get(id=decider.id).winner_id is not None
    assert Tie.objects.filter(decider__isnull=False).count() == 1
    # the aggregate is the two legs' (3-3), the same on the page, in the API and in the text;
    # the deciding match is shown beside it
    decider.refresh_from_db()
    assert tie_aggregate(tie) == (3, 3)
    box = next(b for s in bracket_drawing(bracket.season_id).sections for b in s.boxes if b.match_id == decider.id)
    assert [e.score.split()[0] for e in box.entries] == ["3", "3"]
    home_goals, away_goals = (
        (decider.home_goals, decider.away_goals)
        if decider.home_id == tie.home_id
        else (decider.away_goals, decider.home_goals)
    )
    assert box.note.startswith("legs 3-0 (walkover), 0-3 (walkover); level; deciding match ")
    assert f"deciding match {home_goals}-{away_goals}" in box.note


@pytest.mark.django_db
def test_a_second_leg_is_not_due_while_its_first_leg_is_open():
    """The bracket never plays a match itself: a second leg waits for its first leg, so its
    result always finds the first leg's in."""
    bracket = two_legged(4, 8, two_legged_rounds=[1])
    tie = Tie.objects.filter(bracket=bracket, round=1).select_related("first_leg", "match").first()
    due = set(due_matches().values_list("id", flat=True))
    assert tie.first_leg_id in due and tie.match_id not in due
    assert match_play(match_id=tie.match_id).status == Match.Status.SCHEDULED
    tie.first_leg.refresh_from_db()
    assert tie.first_leg.status == Match.Status.SCHEDULED
    match_play(match_id=tie.first_leg_id)
    assert tie.match_id in set(due_matches().values_list("id", flat=True))


@pytest.mark.django_db(transaction=True)
def test_both_legs_taken_by_two_workers_at_once_play_the_first_leg_first(play_at_once, play_out):
    bracket = two_legged(4, 8, two_legged_rounds=[1])
    tie = Tie.objects.filter(bracket=bracket, round=1).first()
    play_at_once([tie.first_leg_id, tie.match_id])
    first = Match.objects.get(id=tie.first_leg_id)
    assert first.status == Match.Status.PLAYED
    play_out()
    tie.refresh_from_db()
    second = Match.objects.get(id=tie.match_id)
    assert second.status == Match.Status.PLAYED and second.played_at >= first.played_at
    assert tie.winner_id is not None or tie.decider is not None


@pytest.mark.django_db
def test_the_final_and_the_third_place_match_can_be_two_legged(play_out):
    bracket = two_legged(4, 2, two_legged_rounds=[2], third_place=True)
    season = bracket.season
    play_out()
    for tie in Tie.objects.filter(bracket=bracket, round=2).select_related("first_leg", "match"):
        # the final's round starts a round after the semi-finals; the second leg an interval later
        assert tie.first_leg.kickoff == season.first_kickoff + season.round_interval
        assert tie.match.kickoff == tie.first_leg.kickoff + season.round_interval
        assert (tie.first_leg.home_id, tie.first_leg.away_id) == (tie.away_id, tie.home_id)
        assert tie.winner_id is not None
    assert champion(bracket) is not None
    assert any(line.startswith("Final") and "(legs " in line for line in bracket_lines(bracket))
    assert any(line.startswith("Third place") and "(legs " in line for line in bracket_lines(bracket))


@pytest.mark.django_db
def test_two_legged_rounds_beyond_the_final_and_in_double_elimination_are_refused():
    season = demo_season_create(engine="futti", teams=4, seed=2, knockout=True)
    with pytest.raises(ValidationError, match="among 1 to 2: a knockout of 4 teams has 2 rounds"):
        bracket_draw(season, two_legged_rounds=[3])
    with pytest.raises(ValidationError, match="one-legged ties"):
        bracket_draw(season, two_legged_rounds=[1], double_elimination=True)


def _result(match, home_goals, away_goals, decided_by="regulation", shootout=None):
    """Store a result as a table entry would, then move the bracket on."""
    match.home_goals, match.away_goals, match.status, match.decided_by = home_goals, away_goals, "played", decided_by
    match.shootout_home, match.shootout_away = shootout or (None, None)
    match.save()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first_leg", "second_leg", "away_goals", "text", "winner"),
    [
        # the first leg at the lower seed's ground 2-0, the second 6-4: 6-6, four away goals to none
        ((2, 0), (6, 4, "regulation", None), True, "legs 0-2, 6-4; through on away goals", 2),
        ((1, 1), (1, 1, "penalties", (4, 3)), False, "legs 1-1, 1-1; through on the second leg's penalties 4-3", 1),
        ((0, 1), (0, 1, "regulation", None), False, "legs 1-0, 0-1; level: a deciding match to come", None),
        ((1, 0), (3, 0, "regulation", None), False, "legs 0-1, 3-0", 1),
    ],
)
def test_every_leg_is_read_from_the_ties_side_everywhere(first_leg, second_leg, away_goals, text, winner, client):
    bracket = two_legged(4, 4, two_legged_rounds=[1], away_goals=away_goals)
    tie = Tie.objects.filter(bracket=bracket, round=1).select_related("home", "away").first()
    _result(tie.first_leg, *first_leg)
    _result(tie.match, *second_leg)
    bracket_advance(bracket.id)
    tie.refresh_from_db()
    assert tie.winner_id == {1: tie.home_id, 2: tie.away_id, None: None}[winner]  # the tie's first or second team
    score = tie_score(bracket, tie)
    assert score.text == text
    assert score.goals == (first_leg[1] + second_leg[0], first_leg[0] + second_leg[1]) == tie_aggregate(tie)
    # read from the other team's side, every leg turns round
    other = tie_score(bracket, tie, first_id=tie.away_id)
    assert other.legs == tuple(leg[::-1] for leg in score.legs) and other.goals == score.goals[::-1]
    line = next(line for line in bracket_lines(bracket) if str(tie.home) in line and str(tie.away) in line)
    assert f"{score.goals[0]}-{score.goals[1]} ({tie.away_seed}) {tie.away} ({text})" in line
    boxes = [b for s in bracket_drawing(bracket.season_id).sections for b in s.boxes]
    box = next(b for b in boxes if ("second leg", tie.match_id) in b.reports)
    assert box.entries[0].name == tie.home.name and box.note == text
    shown = next(t for r in bracket_of(bracket.season_id)["rounds"] for t in r["ties"] if t["id"] == tie.id)
    assert shown["score"]["text"] == text and shown["score"]["legs"] == [list(leg) for leg in score.legs]
    page = client.get(f"/seasons/{bracket.season_id}/bracket/").content.decode()
    assert f"({text.replace(chr(39), '&#x27;')})" in page
    assert f'href="/matches/{tie.first_leg_id}/">first leg</a>' in page
    assert f'href="/matches/{tie.match_id}/">second leg</a>' in page
