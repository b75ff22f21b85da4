"""The bracket's layout to the point (found by mutation testing: the overlap and tree tests
hold for many wrong layouts). Every figure follows from the layout's constants: a first
box's middle is HEADER + ROW * (boxes above it) + ROW / 2 below its section's top, a later
box sits level with the middle of its feeders, columns are BOX_WIDTH + COLUMN_GAP apart,
a round's name stands 10 above the first boxes, and sections are SECTION_GAP apart."""

import pytest

from competitions.drawing import (
    BOX_HEIGHT,
    BOX_WIDTH,
    COLUMN_GAP,
    HEADER,
    NAME_GAP,
    NAME_X,
    ROW,
    SCORE_EDGE,
    SECTION_GAP,
    Entry,
    Line,
    bracket_drawing,
    name_room,
)
from competitions.knockout import bracket_draw
from competitions.results import match_forfeit
from matches.models import Match
from tests.conftest import make_league, make_season
from tournaments.models import Tie

STEP = BOX_WIDTH + COLUMN_GAP


def drawn(teams: int, **options):
    season = make_season(make_league(f"Cup {teams}"), [f"Team {i}" for i in range(teams)])
    bracket_draw(season, **options)
    return bracket_drawing(season.id)


def first_box_y(top: float, above: int) -> float:
    return top + HEADER + ROW * above + ROW / 2 - BOX_HEIGHT / 2


def pending(name: str) -> Entry:
    return Entry(name=name, seed=None, score="", won=False, known=False)


def test_the_room_a_name_has_beside_its_score():
    assert name_room(0) == BOX_WIDTH - NAME_X - NAME_GAP - SCORE_EDGE == 174
    assert name_room(20) == 154


@pytest.mark.django_db
def test_four_teams_and_a_third_place_match_to_the_point():
    drawing = drawn(4, third_place=True)
    bracket, third = drawing.sections
    assert (bracket.title, bracket.top) == ("Bracket", 0)
    assert [(h.x, h.y, h.text) for h in bracket.headers] == [
        (0, HEADER - 10, "Semi-finals"),
        (STEP, HEADER - 10, "Final"),
    ]
    semi_1, semi_2, final = bracket.boxes
    assert [(b.label, b.x, b.y) for b in bracket.boxes] == [
        ("SF 1", 0, first_box_y(0, 0)),
        ("SF 2", 0, first_box_y(0, 1)),
        ("Final", STEP, (first_box_y(0, 0) + first_box_y(0, 1)) / 2),
    ]
    assert (semi_1.y, semi_2.y, final.y) == (45, 95, 70)
    # seeds 1 v 4 and 2 v 3, the higher seed first; the final's teams are still to come
    assert [[e.seed for e in b.entries] for b in (semi_1, semi_2)] == [[1, 4], [2, 3]]
    assert all(e.known and e.score == "" and not e.won for b in (semi_1, semi_2) for e in b.entries)
    assert final.entries == (pending("Winner of SF 1"), pending("Winner of SF 2"))
    assert [name for name, _ in semi_1.reports] == ["match"] and final.reports == ()
    assert semi_1.match_id is not None and final.match_id is None and not final.bye
    # each line leaves the middle of a semi-final's right side and ends on its team's line
    # of the final, turning halfway across the gap
    middle = BOX_WIDTH + COLUMN_GAP / 2
    assert bracket.lines == (
        Line(((BOX_WIDTH, 65), (middle, 65), (middle, final.entry_y(0)), (STEP, final.entry_y(0)))),
        Line(((BOX_WIDTH, 115), (middle, 115), (middle, final.entry_y(1)), (STEP, final.entry_y(1)))),
    )
    assert (final.entry_y(0), final.entry_y(1)) == (80, 100)
    assert bracket.lines[0].svg_points == "212,65 230,65 230,80 248,80"
    # the third-place match: its own section below the bracket
    third_top = semi_2.y + BOX_HEIGHT + SECTION_GAP
    assert (third.title, third.top) == ("Third place", third_top)
    assert [(h.x, h.y, h.text) for h in third.headers] == [(0, third_top + HEADER - 10, "Third place")]
    (box,) = third.boxes
    assert (box.label, box.x, box.y) == ("Third place", 0, first_box_y(third_top, 0))
    assert box.entries == (pending("Loser of SF 1"), pending("Loser of SF 2"))
    assert third.lines == ()
    assert (drawing.width, drawing.height) == (STEP + BOX_WIDTH, box.y + BOX_HEIGHT) == (460, 250)
    assert drawing.title == "Cup 4 2026" and drawing.champion is None


@pytest.mark.django_db
def test_byes_keep_their_place_and_send_their_team_on():
    drawing = drawn(5)
    (bracket,) = drawing.sections
    assert [h.text for h in bracket.headers] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [(b.label, b.x, b.y, b.bye) for b in bracket.boxes] == [
        ("QF 1", 0, 45, True),
        ("QF 2", 0, 95, False),
        ("QF 3", 0, 145, True),
        ("QF 4", 0, 195, True),
        ("SF 1", STEP, 70, False),
        ("SF 2", STEP, 170, False),
        ("Final", 2 * STEP, 120, False),
    ]
    qf_1, qf_2, _, _, semi_1, _, _ = bracket.boxes
    # the top seed went through its bye: named in the semi-final, beside the winner to come
    assert qf_1.entries[1] is None and qf_1.entries[0].won and qf_1.entries[0].seed == 1
    assert qf_1.match_id is None and qf_1.reports == ()
    assert semi_1.entries[0].name == qf_1.entries[0].name and semi_1.entries[0].known
    assert semi_1.entries[1] == pending("Winner of QF 2")
    assert [e.seed for e in qf_2.entries] == [4, 5]
    # a line from every quarter-final, the byes' too, and two into the final
    assert [line.points[0] for line in bracket.lines] == [
        (BOX_WIDTH, 65),
        (BOX_WIDTH, 115),
        (BOX_WIDTH, 165),
        (BOX_WIDTH, 215),
        (STEP + BOX_WIDTH, 90),
        (STEP + BOX_WIDTH, 190),
    ]
    assert [line.points[-1] for line in bracket.lines] == [
        (STEP, 80),
        (STEP, 100),
        (STEP, 180),
        (STEP, 200),
        (2 * STEP, 130),
        (2 * STEP, 150),
    ]
    assert (drawing.width, drawing.height) == (2 * STEP + BOX_WIDTH, 195 + BOX_HEIGHT)


@pytest.mark.django_db
def test_double_elimination_to_the_point():
    drawing = drawn(3, double_elimination=True)
    winners, losers, final = drawing.sections
    assert [s.title for s in drawing.sections] == ["Winners' bracket", "Losers' bracket", "Grand final"]
    assert [h.text for h in winners.headers] == ["Winners R1", "Winners R2"]
    assert [(b.label, b.x, b.y, b.bye) for b in winners.boxes] == [
        ("W1-1", 0, 45, True),
        ("W1-2", 0, 95, False),
        ("W2-1", STEP, 70, False),
    ]
    assert winners.boxes[2].entries[1] == pending("Winner of W1-2")
    losers_top = 95 + BOX_HEIGHT + SECTION_GAP
    assert losers.top == losers_top == 165
    assert [(h.x, h.y, h.text) for h in losers.headers] == [
        (0, losers_top + HEADER - 10, "Losers R1"),
        (STEP, losers_top + HEADER - 10, "Losers R2"),
    ]
    # the losers' bracket: the first round's losers, then its winner against the loser of
    # the winners' final, level with the box that feeds it
    assert [(b.label, b.x, b.y) for b in losers.boxes] == [("L1-1", 0, 210), ("L2-1", STEP, 210)]
    assert losers.boxes[0].entries == (pending("Loser of W1-1"), pending("Loser of W1-2"))
    assert losers.boxes[1].entries == (pending("Winner of L1-1"), pending("Loser of W2-1"))
    assert [line.points for line in losers.lines] == [((212, 230), (230, 230), (230, 220), (248, 220))]
    assert final.top == 210 + BOX_HEIGHT + SECTION_GAP == 280
    (grand_final,) = final.boxes
    assert (grand_final.label, grand_final.x, grand_final.y) == ("Grand final", 0, 325)
    assert grand_final.entries == (pending("Winner of W2-1"), pending("Winner of L2-1"))
    assert (drawing.width, drawing.height) == (460, 365)


@pytest.mark.django_db
def test_a_round_before_the_quarter_finals_is_named_by_its_size():
    (bracket,) = drawn(9).sections
    assert [h.text for h in bracket.headers] == ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    assert [b.label for b in bracket.boxes if b.x == 0] == [f"R16 {slot}" for slot in range(1, 9)]
    assert [b.label for b in bracket.boxes if b.x == STEP] == ["QF 1", "QF 2", "QF 3", "QF 4"]


@pytest.mark.django_db
def test_the_reset_of_a_grand_final_is_its_own_box():
    *_, final = drawn(3, double_elimination=True, bracket_reset=True).sections
    assert [h.text for h in final.headers] == ["Grand final 1", "Grand final 2"]
    first, reset = final.boxes
    assert (first.label, first.x) == ("Grand final", 0)
    assert (reset.label, reset.x, reset.y) == ("Grand final (reset)", STEP, first.y)
    assert reset.entries == (pending("Winner of Grand final"), pending("Loser of Grand final"))


@pytest.mark.django_db
def test_a_losers_bye_with_one_team_is_not_drawn():
    season = make_season(make_league("Cup 3"), [f"Team {i}" for i in range(3)])
    bracket = bracket_draw(season, double_elimination=True)
    opening = Tie.objects.get(bracket=bracket, side="W", round=1, slot=1)
    match_forfeit(opening.match, forfeited_by="away")
    # the loser of W1-2 goes through L1-1 alone (W1-1 was a bye): only L2-1 is drawn, with it
    bye = Tie.objects.get(bracket=bracket, side="L", round=1, slot=0)
    assert bye.bye and bye.home_id is not None
    losers = bracket_drawing(season.id).sections[1]
    assert [b.label for b in losers.boxes] == ["L2-1"]
    assert losers.boxes[0].entries[0].known and losers.lines == ()


@pytest.mark.django_db
def test_the_third_place_match_names_the_semi_finals_losers_once_known():
    season = make_season(make_league("Cup 4"), [f"Team {i}" for i in range(4)])
    bracket = bracket_draw(season, third_place=True)
    losers = []
    for semi in Tie.objects.filter(bracket=bracket, round=1).select_related("match__away").order_by("slot"):
        match_forfeit(semi.match, forfeited_by="away")
        losers.append(semi.match.away.name)
    (third,) = bracket_drawing(season.id).sections[1].boxes
    assert [(e.name, e.known) for e in third.entries] == [(losers[0], True), (losers[1], True)]


def forfeit_semi_finals(season, by: dict[int, str]) -> None:
    """Forfeit the semi-finals of the slots given, each by the side given ("home" or "away")."""
    for slot, side in by.items():
        semi = Tie.objects.select_related("match").get(bracket__season=season, round=1, slot=slot)
        match_forfeit(semi.match, forfeited_by=side)


@pytest.mark.django_db
def test_a_box_reads_its_score_from_its_first_teams_side():
    """The final's home side is the better seed (2, from SF 2), but its box names the winner of
    SF 1 (seed 4) first: the goals, the shoot-out, the seeds and who won follow that order."""
    season = make_season(make_league("Cup 4"), [f"Team {i}" for i in range(4)])
    bracket_draw(season)
    forfeit_semi_finals(season, {0: "home", 1: "away"})
    final = Tie.objects.select_related("match").get(bracket__season=season, round=2)
    assert (final.home_seed, final.away_seed) == (2, 4)
    Match.objects.filter(pk=final.match.id).update(
        home_goals=1, away_goals=1, shootout_home=3, shootout_away=4, decided_by=Match.DecidedBy.PENALTIES
    )
    Tie.objects.filter(pk=final.pk).update(winner_id=final.away_id)
    drawing = bracket_drawing(season.id)
    box = drawing.sections[0].boxes[2]
    assert [(e.seed, e.score, e.won, e.known) for e in box.entries] == [
        (4, "1 (4)", True, True),
        (2, "1 (3)", False, True),
    ]
    assert box.note == "penalties 4-3"
    assert box.match_id == final.match.id and box.reports == (("match", final.match.id),)
    assert drawing.champion == box.entries[0].name == final.away.name


@pytest.mark.django_db
def test_a_final_names_the_team_through_before_the_other_semi_final_is_played():
    season = make_season(make_league("Cup 4"), [f"Team {i}" for i in range(4)])
    bracket_draw(season)
    forfeit_semi_finals(season, {1: "away"})
    semi_2, final = bracket_drawing(season.id).sections[0].boxes[1:]
    assert final.entries[0] == pending("Winner of SF 1")
    assert (final.entries[1].name, final.entries[1].known, final.entries[1].score) == (semi_2.entries[0].name, True, "")


@pytest.mark.django_db
def test_a_settled_two_legged_final_is_drawn_in_three_queries(django_assert_num_queries):
    """The bracket, its ties with their teams, winner and matches, and the seeds: a tie's
    winner, legs or deciding match read one by one would cost a query a box."""
    season = make_season(make_league("Cup 2"), ["Team 0", "Team 1"])
    bracket_draw(season, two_legged_rounds=[1])
    final = Tie.objects.select_related("first_leg", "match").get(bracket__season=season)
    # both legs forfeited by their home sides (3-3 on aggregate), the deciding match by the away side
    match_forfeit(final.first_leg, forfeited_by="home")
    match_forfeit(final.match, forfeited_by="home")
    final.refresh_from_db()
    match_forfeit(final.decider, forfeited_by="away")
    with django_assert_num_queries(3):
        drawing = bracket_drawing(season.id)
    (box,) = drawing.sections[0].boxes
    assert [name for name, _ in box.reports] == ["first leg", "second leg", "deciding match"]
    assert box.match_id == final.decider_id
    assert drawing.champion == final.home.name


@pytest.mark.django_db
def test_the_drawing_carries_the_leagues_time_zone_for_the_printed_time():
    season = make_season(make_league("Cup 2", time_zone="Europe/Rome"), ["Team 0", "Team 1"])
    bracket_draw(season)
    assert bracket_drawing(season.id).time_zone == "Europe/Rome"
