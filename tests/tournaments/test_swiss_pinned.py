"""Swiss rounds after the first: paired on the scores, hosted by the side at home less
often, kicked off a round interval apart (weekly ones at the league's wall-clock time); and the
table's goal-difference tie-break."""

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from competitions.pairing import SwissResult, swiss_table
from competitions.results import match_forfeit
from competitions.swiss import swiss_draw, swiss_lines, swiss_standings, venue_history
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Swiss, SwissBye

pytestmark = pytest.mark.django_db


def win(match: Match, winner_id: int) -> None:
    """Store a result won by ``winner_id`` (a forfeit by the other side) and advance the Swiss."""
    match_forfeit(match, forfeited_by="away" if winner_id == match.home_id else "home")


def pairs_of(season, number):
    return {(m.home_id, m.away_id) for m in season.matches.filter(round=number)}


@pytest.fixture
def eight():
    """Eight teams seeded in id order, round one drawn: 1 v 5, 2 v 6, 3 v 7, 4 v 8."""
    season = demo_season_create(engine="futti", teams=8, seed=41)
    teams = list(season.teams.order_by("id").values_list("id", flat=True))
    swiss = swiss_draw(season, rounds=3, ranking=list(season.teams.order_by("id")))
    return season, swiss, dict(enumerate(teams, start=1))


def test_round_two_pairs_the_winners_and_the_losers_among_themselves(eight):
    season, _, t = eight
    assert pairs_of(season, 1) == {(t[1], t[5]), (t[2], t[6]), (t[3], t[7]), (t[4], t[8])}
    winners = {t[5], t[2], t[7], t[4]}
    for match in season.matches.filter(round=1):
        win(match, match.home_id if match.home_id in winners else match.away_id)
    # ranked on score, then seeding: 2, 4, 5, 7 on one win; 1, 3, 6, 8 on none. Each score
    # group folds (2 v 5, 4 v 7; 1 v 6, 3 v 8) and whoever was away in round one hosts.
    assert pairs_of(season, 2) == {(t[5], t[2]), (t[7], t[4]), (t[6], t[1]), (t[8], t[3])}


def test_later_rounds_kick_off_a_round_interval_apart(eight):
    season, _, t = eight
    for number in (1, 2):
        for match in season.matches.filter(round=number):
            win(match, match.home_id)
    kickoffs = {m.round: m.kickoff for m in season.matches.all()}
    assert set(season.matches.filter(round=3).values_list("kickoff", flat=True)) == {kickoffs[3]}
    assert kickoffs == {n: season.first_kickoff + season.round_interval * (n - 1) for n in (1, 2, 3)}


def test_the_last_round_draws_nothing_more(eight):
    season, swiss, t = eight
    for number in (1, 2, 3):
        for match in season.matches.filter(round=number):
            win(match, match.home_id)
    assert season.matches.count() == 12
    assert sorted(set(season.matches.values_list("round", flat=True))) == [1, 2, 3]
    rows = swiss_standings(swiss)
    assert sum(r.score for r in rows) == 12 and all(len(r.opponents) == 3 for r in rows)


def test_a_round_is_drawn_only_once_its_last_result_is_in(eight):
    season, _, t = eight
    first, *rest = season.matches.filter(round=1)
    win(first, first.home_id)
    assert not season.matches.filter(round=2).exists()
    for match in rest:
        win(match, match.home_id)
    assert season.matches.filter(round=2).count() == 4


def test_with_an_odd_number_the_bye_counts_as_a_win_for_the_next_pairing():
    season = demo_season_create(engine="futti", teams=5, seed=42)
    t = dict(enumerate(season.teams.order_by("id").values_list("id", flat=True), start=1))
    swiss = swiss_draw(season, rounds=3, ranking=list(season.teams.order_by("id")))
    # five teams: the lowest seed sits out, 1 v 3 and 2 v 4 (the fold of the other four)
    assert SwissBye.objects.get(swiss=swiss, round=1).team_id == t[5]
    assert pairs_of(season, 1) == {(t[1], t[3]), (t[2], t[4])}
    for match in season.matches.filter(round=1):
        win(match, match.away_id)
    # 3, 4 and 5 (the bye) on one win; 1 and 2 on none. 2, the lowest ranked without a bye,
    # sits out; 3 v 4 fold in the top group and its odd one, 5, floats down to meet 1.
    assert SwissBye.objects.get(swiss=swiss, round=2).team_id == t[2]
    assert pairs_of(season, 2) == {(t[3], t[4]), (t[5], t[1])}


def test_goal_difference_breaks_a_level_score_and_buchholz():
    # 1 and 2 both beat 3 and lost to 4 (so equal score and Buchholz); 1 by more goals.
    results = [
        SwissResult(1, 1, 3, 4, 0, 1),
        SwissResult(1, 2, 4, 0, 1, 4),
        SwissResult(2, 4, 1, 1, 0, 4),
        SwissResult(2, 3, 2, 0, 1, 2),
    ]
    rows = swiss_table([4, 2, 3, 1], results, [])
    by_team = {r.team: r for r in rows}
    assert (by_team[1].score, by_team[1].buchholz) == (by_team[2].score, by_team[2].buchholz)
    assert (by_team[1].goal_difference, by_team[2].goal_difference) == (3, 0)
    assert [r.team for r in rows] == [4, 1, 2, 3]
    assert [(r.goals_for, r.goals_against) for r in rows] == [(2, 0), (4, 1), (1, 1), (0, 5)]


def test_each_side_gets_its_due_venue_and_nobody_hosts_three_in_a_row(eight):
    season, _, t = eight
    for match in season.matches.filter(round=1):
        win(match, match.home_id)
    # round two: 1 v 3 and 2 v 4 were all at home, so all are due away: the higher-ranked
    # side gets its due venue (FIDE's rule for colours; before, the higher ranked hosted).
    # 5 v 7 and 6 v 8 were all away: the higher-ranked side hosts.
    assert pairs_of(season, 2) == {(t[3], t[1]), (t[4], t[2]), (t[5], t[7]), (t[6], t[8])}
    winners = {t[1], t[4], t[5], t[8]}
    for match in season.matches.filter(round=2):
        win(match, match.home_id if match.home_id in winners else match.away_id)
    # 1 (home, away) and 4 (home, home) lead on two wins: 4 must play away after two at
    # home, so 1 hosts. On one win 2, 3, 5, 8 fold 2 v 5, 3 v 8: 3 (home twice) must go
    # away and 8 (away twice) must host; 2 is due home after an away match. On none,
    # 7 (away twice) must host 6.
    assert pairs_of(season, 3) == {(t[1], t[4]), (t[2], t[5]), (t[8], t[3]), (t[7], t[6])}


def test_the_draw_refuses_each_bad_setting_by_name():
    season = demo_season_create(engine="futti", teams=4, seed=43)
    season.first_kickoff = None
    stranger = demo_season_create(engine="futti", teams=2, seed=44).teams.first()
    with pytest.raises(ValidationError) as refused:
        swiss_draw(season, rounds=0, ranking=[*season.teams.all()[:3], stranger])
    assert refused.value.message_dict == {
        "rounds": ["0 rounds: between 1 and 3 for 4 teams, as many as a round robin has."],
        "first_kickoff": ["Set the season's first kickoff and round interval first."],
        "ranking": ["The ranking must list every team of the season once."],
    }
    season.first_kickoff, season.round_interval = timezone.now(), None
    with pytest.raises(ValidationError, match="Set the season's first kickoff"):
        swiss_draw(season, rounds=1)
    lonely = demo_season_create(engine="futti", teams=2, seed=45)
    lonely.teams.remove(lonely.teams.first())
    with pytest.raises(ValidationError) as refused:
        swiss_draw(lonely, rounds=1)
    assert refused.value.message_dict == {"teams": ["A Swiss tournament needs at least two teams."]}


def test_two_teams_play_a_one_round_swiss():
    season = demo_season_create(engine="futti", teams=2, seed=46)
    swiss = swiss_draw(season, rounds=1)
    assert season.matches.count() == 1 and swiss.rounds == 1 and swiss.drawn_at is not None


def test_without_a_ranking_the_seeding_is_the_seasons_lot_and_a_redraw_repeats_it():
    season = demo_season_create(engine="futti", teams=6, seed=47)
    ids = list(season.teams.order_by("id").values_list("id", flat=True))
    swiss = swiss_draw(season, rounds=3)
    lot = list(ids)
    random.Random(f"{season.seed}:swiss").shuffle(lot)
    assert swiss.ranking == lot
    first = sorted(season.matches.values_list("home_id", "away_id", "seed"))
    assert len({seed for _, _, seed in first}) == 3 and all(62 <= seed < 2**31 for _, _, seed in first)
    again = swiss_draw(season, rounds=2)
    assert Swiss.objects.filter(season=season).get().pk == again.pk and again.rounds == 2
    assert sorted(season.matches.values_list("home_id", "away_id", "seed")) == first


def test_a_result_in_another_season_does_not_stop_a_redraw():
    season = demo_season_create(engine="futti", teams=4, seed=48)
    other = demo_season_create(engine="futti", teams=4, seed=49)
    swiss_draw(other, rounds=2)
    win(other.matches.first(), other.matches.first().home_id)
    swiss_draw(season, rounds=2)
    assert swiss_draw(season, rounds=3).rounds == 3


def test_a_match_that_lost_its_result_leaves_the_table(eight):
    season, swiss, t = eight
    for match in season.matches.filter(round=1):
        win(match, match.home_id)
    voided = season.matches.get(round=1, home_id=t[1])
    Match.objects.filter(id=voided.id).update(status=Match.Status.CANCELLED)
    rows = {r.team: r for r in swiss_standings(swiss)}
    assert (rows[t[1]].score, rows[t[1]].opponents, rows[t[5]].opponents) == (0, [], [])


def test_the_text_table_has_its_header_and_a_line_a_team(eight):
    season, swiss, t = eight
    win(season.matches.get(round=1, home_id=t[1]), t[1])
    lines = swiss_lines(swiss)
    assert lines[0] == "Pos  Team                       W Bye Buch   GD"
    name = season.teams.get(id=t[1]).name
    assert lines[1] == f"  1  {name:<24}   1   0    0   +3"
    assert len(lines) == 9


def test_a_redraw_after_a_result_is_refused_on_the_season():
    season = demo_season_create(engine="futti", teams=4, seed=50)
    swiss_draw(season, rounds=2)
    match = season.matches.first()
    win(match, match.home_id)
    with pytest.raises(ValidationError) as refused:
        swiss_draw(season, rounds=2)
    assert refused.value.message_dict == {"season": ["The Swiss cannot be drawn again once a match has been played."]}


def test_weekly_rounds_keep_the_leagues_wall_clock_time_across_summer_time():
    season = demo_season_create(engine="futti", teams=4, seed=43)
    season.league.time_zone = "Europe/Berlin"
    season.league.save()
    # Wednesdays at 19:30 in Berlin: 18:30 UTC in winter time, 17:30 UTC from 29 March
    season.first_kickoff, season.round_interval = datetime(2026, 3, 25, 18, 30, tzinfo=UTC), timedelta(days=7)
    season.save()
    swiss_draw(season, rounds=2, ranking=list(season.teams.order_by("id")))
    for match in season.matches.filter(round=1):
        win(match, match.home_id)
    assert set(season.matches.values_list("round", "kickoff")) == {
        (1, datetime(2026, 3, 25, 18, 30, tzinfo=UTC)),
        (2, datetime(2026, 4, 1, 17, 30, tzinfo=UTC)),
    }


def test_venue_history_is_each_teams_venues_in_round_order():
    matches = [Match(round=2, home_id=2, away_id=1), Match(round=1, home_id=1, away_id=3)]
    # 4 has played nobody yet (a bye, say): nothing, which pairs as no venue due
    assert venue_history([1, 2, 3, 4], matches) == {1: "HA", 2: "H", 3: "A", 4: ""}
