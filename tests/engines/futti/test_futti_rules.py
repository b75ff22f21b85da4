"""Every rule of the Fütti rule book outside the DOUBLES CHART, with forced dice.

Rolls per minute: key black, key white, black, white, d12 (see conftest for
the cast and the board slots). Side 0 is home, 1 is away.
"""

from __future__ import annotations

import pytest

from engines import ScriptedDice
from engines.futti.charts import DEFAULT_CHARTS
from engines.futti.match import BREAKAWAYS, GOALS, GOALS_AGAINST, MINUTES, RED_CARDS, SAVES, SHOTS, STEALS, YELLOW_CARDS
from engines.futti.team import check_table, save_table

HOME, AWAY = 0, 1


# --- setup --------------------------------------------------------------------


def test_control_indicator_counts_starting_stars_plus_one_for_home(futti):
    match = futti.start()
    assert match.control_detail == {"advantage": 2, "home_range": (6, 12)}


def test_control_ranges_follow_the_rule_book_examples():
    assert DEFAULT_CHARTS.home_range(0) == (7, 12)  # a tie: home 7-12
    assert DEFAULT_CHARTS.home_range(1) == (6, 12)  # home +1-2: 6-12
    assert DEFAULT_CHARTS.home_range(2) == (6, 12)
    assert DEFAULT_CHARTS.home_range(-1) == (8, 12)  # visitors +1-2: their range 1-7, the home side's 8-12
    assert DEFAULT_CHARTS.home_range(-2) == (8, 12)
    assert DEFAULT_CHARTS.home_range(-3) == (9, 12)  # visitors +3-4: their range 1-8
    assert DEFAULT_CHARTS.home_range(-9) == (11, 12)  # visitors +7 or more: ten faces, 1-10


def test_visitors_with_more_stars_own_the_low_faces(futti):
    away = {**futti.away, "players": [futti.field("aA1", 4, 2, stars=3), *futti.away["players"][1:]]}
    match = futti.start(
        home={**futti.home, "players": [futti.field("hA1", 4, 2), *futti.home["players"][1:]]}, away=away
    )
    assert match.control_detail == {"advantage": -2, "home_range": (8, 12)}


def test_visitors_ahead_on_stars_win_a_loose_ball_on_the_low_faces(futti):
    # visitors +2 (three stars against one plus home): their range is 1-7, as the rule book says
    away = {**futti.away, "players": [futti.field("aA1", 4, 2, stars=3), *futti.away["players"][1:]]}
    home = {**futti.home, "players": [futti.field("hA1", 4, 2), *futti.home["players"][1:]]}
    for d12, side in ((1, AWAY), (7, AWAY), (8, HOME), (12, HOME)):
        match = futti.start(1, 1, 1, 2, d12, home=home, away=away)  # both checks made: a loose ball
        futti.play(match, 1)
        assert match.possession == side, d12


def test_chosen_goaltender_starts_on_1_to_5(futti):
    match = futti.start(goaltender_rolls=(5, 1))
    assert futti.on_field(match, HOME)[4] == "hG1"
    assert futti.details(match, "lineup")[0]["goaltender_roll"] == 5


def test_a_goaltender_roll_of_6_starts_the_other_goaltender(futti):
    match = futti.start(goaltender_rolls=(6, 2))
    assert futti.on_field(match, HOME)[4] == "hG2"
    assert futti.on_field(match, AWAY)[4] == "aG1"


def test_coach_puts_offence_up_front_and_defence_at_the_back(futti):
    sheet = {key: value for key, value in futti.home.items() if key != "lineup"}
    match = futti.start(home=sheet)
    # hR1 (5/1) and hA1 (4/2) attack, hD1 (2/5) and hD2 (2/4) defend, hG1 (44) keeps goal
    assert futti.on_field(match, HOME) == ["hR1", "hA1", "hD1", "hD2", "hG1"]


def test_die_indicators_follow_the_bell_example():
    # Bell in the first attacker box: key offensive player on black 1-2, key defender on white 5
    assert [DEFAULT_CHARTS.offence_slot[face] for face in range(1, 7)] == [0, 0, 1, 1, 2, 3]
    assert [DEFAULT_CHARTS.defence_slot[face] for face in range(1, 7)] == [2, 2, 3, 3, 0, 1]


# --- checks -------------------------------------------------------------------


def test_a_six_always_fails_and_a_one_always_succeeds():
    assert check_table(8)[6] is False  # a breakaway 6 + 2 still fails on a six
    assert check_table(1)[1] is True
    assert check_table(0)[1] is True
    assert [check_table(3)[face] for face in range(1, 7)] == [True, True, True, False, False, False]


def test_goaltending_saves_at_or_under_the_rating_black_tens_white_ones():
    saves = save_table(44)
    assert saves[(4 - 1) * 6 + 3] is True  # 44 saved
    assert saves[(4 - 1) * 6 + 4] is False  # 45 scores
    assert saves[(5 - 1) * 6] is False  # 51 scores
    assert all(save_table(66))  # a 66 saves every normal shot


def test_minus_ten_is_a_base_six_minus_ten():
    assert save_table(44 - 10) == save_table(34)
    minus_ten = save_table(34)
    assert minus_ten[(3 - 1) * 6 + 3] is True and minus_ten[(3 - 1) * 6 + 4] is False
    assert not any(save_table(16 - 10))  # a 1x goaltender saves nothing minus ten


# --- normal plays -----------------------------------------------------------------


def test_offence_beats_defence_shot_and_goal(futti):
    # hA1 (offence 4) rolls 3, aD1 (defence 5) rolls 6: shot; goaltending 51 beats 44
    match = futti.start(1, 1, 3, 6, 4, 5, 1)
    futti.play(match, 1)
    assert futti.log(match) == [("shot", "home", "hA1"), ("goal", "home", "hA1")]
    assert match.score == [1, 0]
    assert match.possession == AWAY  # the side that conceded kicks off
    assert match.stats[0][SHOTS] == match.stats[0][GOALS] == 1 and match.stats[8 + 6][GOALS_AGAINST] == 1


def test_saved_shot_then_control_check_with_the_minutes_d12(futti):
    match = futti.start(1, 1, 3, 6, 4, 4, 4)
    futti.play(match, 1)
    assert futti.log(match) == [("shot", "home", "hA1"), ("save", "away", "aG1"), ("possession", "away", None)]
    assert match.stats[8 + 6][SAVES] == 1 and match.possession == AWAY  # d12 4 is outside the home range 6-12


def test_both_checks_made_is_a_loose_ball(futti):
    match = futti.start(1, 1, 1, 2, 6)
    futti.play(match, 1, possession=AWAY)
    # away attacker aA1 and home defender hD1 both succeed; d12 6 is in the home range
    assert futti.log(match) == [("possession", "home", None)]
    assert futti.details(match, "possession")[0]["reason"] == "loose_ball"


def test_both_checks_missed_is_a_loose_ball(futti):
    match = futti.start(1, 1, 5, 6, 5)
    futti.play(match, 1)
    assert futti.log(match) == [("possession", "away", None)] and match.possession == AWAY


def test_steal_gives_the_ball_and_a_breakaway_threat(futti):
    # hA1 misses (5 > 4), aD1 makes it (2 <= 5): steal; next minute aD1 is the key
    # offensive player (black 5): breakaway at offence 2 + 2, roll 4 succeeds,
    # goaltending 35 beats hG1 44 minus ten (34)
    match = futti.start(1, 1, 5, 2, 9, 5, 1, 4, 2, 9, 3, 5)
    futti.play(match, 1, last=2)
    assert futti.log(match) == [
        ("steal", "away", "aD1"),
        ("breakaway", "away", "aD1"),
        ("shot", "away", "aD1"),
        ("goal", "away", "aD1"),
    ]
    assert futti.details(match, "breakaway")[0]["rating"] == 4
    assert match.stats[8 + 2][STEALS] == 1 and match.stats[8 + 2][BREAKAWAYS] == 1
    assert match.possession == HOME


def test_breakaway_save_keeps_the_ball(futti):
    match = futti.start(1, 1, 5, 2, 9, 5, 1, 4, 2, 9, 3, 4)
    futti.play(match, 1, last=2)
    assert futti.log(match)[-1] == ("save", "home", "hG1") and match.possession == AWAY


def test_breakaway_missed_check_keeps_the_ball_and_six_fails(futti):
    # aA1 (defence 2) steals on a white 5 with a 1; next minute aA1 (offence 4 + 2) rolls a 6
    match = futti.start(1, 5, 5, 1, 9, 1, 1, 6, 2, 2)
    futti.play(match, 1, last=2)
    assert futti.log(match) == [("steal", "away", "aA1"), ("breakaway", "away", "aA1")]
    assert futti.details(match, "breakaway")[0]["success"] is False and match.possession == AWAY


def test_no_breakaway_when_the_stealer_is_not_the_key_player(futti):
    # after aD1's steal, black 1 picks aA1: a normal loose-ball minute
    match = futti.start(1, 1, 5, 2, 9, 1, 1, 1, 2, 9)
    futti.play(match, 1, last=2)
    assert [kind for kind, _, _ in futti.log(match)] == ["steal", "possession"]


def test_steal_in_the_last_minute_of_the_half_rolls_again_for_a_breakaway(futti):
    match = futti.start(1, 1, 5, 2, 7, 5, 1, 1, 2, 3, 6, 6)
    futti.play(match, 20)
    assert futti.log(match) == [
        ("steal", "away", "aD1"),
        ("breakaway", "away", "aD1"),
        ("shot", "away", "aD1"),
        ("goal", "away", "aD1"),
        ("half_time", None, None),
    ]
    assert futti.details(match, "breakaway")[0]["cause"] == "last_minute_steal"
    assert match.possession == AWAY  # the visitors kick off the second half


def test_steal_in_the_last_minute_ends_the_half_when_the_stealer_is_not_picked(futti):
    match = futti.start(1, 1, 5, 2, 7, 1, 1, 1, 2, 3)
    futti.play(match, 20)
    assert futti.log(match) == [("steal", "away", "aD1"), ("half_time", None, None)]


@pytest.mark.parametrize(
    ("minute", "score", "goes_on"), [(35, [1, 0], True), (35, [0, 2], False), (30, [0, 3], False), (30, [3, 0], True)]
)
def test_a_steal_in_the_minute_the_game_ends_early_rolls_again_for_a_breakaway(futti, minute, score, goes_on):
    # the lead ends the game after this minute; aD1 steals, the extra key roll picks him
    # (black 5): breakaway, 66 beats hG1 44 - 10
    next_minute = futti.quiet if goes_on else ()
    match = futti.start(1, 1, 5, 2, 7, 5, 1, 1, 2, 3, 6, 6, *next_minute)
    match.score[:] = score
    last = futti.play(match, minute, last=minute + 1)
    assert futti.log(match, minute)[:4] == [
        ("steal", "away", "aD1"),
        ("breakaway", "away", "aD1"),
        ("shot", "away", "aD1"),
        ("goal", "away", "aD1"),
    ]
    assert futti.details(match, "breakaway")[0]["cause"] == "last_minute_steal"
    # the lead is judged after the minute: a goal that undoes it plays on
    assert last == (minute + 1 if goes_on else minute)


def test_a_steal_in_the_minute_the_game_ends_early_ends_it_when_the_stealer_is_not_picked(futti):
    match = futti.start(1, 1, 5, 2, 7, 1, 1, 1, 2, 3)
    match.score[:] = [1, 0]
    assert futti.play(match, 35, last=40) == 35
    assert futti.log(match) == [("steal", "away", "aD1")]


def test_a_steal_at_thirty_five_when_the_game_goes_on_is_a_threat_for_the_next_minute(futti):
    match = futti.start(1, 1, 5, 2, 7, 1, 1, 1, 2, 3)
    match.score[:] = [1, 1]
    futti.play(match, 35, last=36)  # no extra roll in minute 35; minute 36 picks aA1, not the stealer
    assert [kind for kind, _, _ in futti.log(match)] == ["steal", "possession"]


def test_empty_key_position_fails_its_checks(futti):
    match = futti.start(1, 1, 1, 2, 7)
    match.on[HOME][0] = None  # playing short in attacker 1's box
    futti.play(match, 1)
    assert futti.log(match) == [("steal", "away", "aD1")]  # a roll of 1 still fails


# --- penalty kicks, cards, injuries, hard timeouts ------------------------------------


def test_penalty_kick_fails_only_on_a_six_and_faces_minus_ten(futti):
    match = futti.start(5, 3, 4)
    match.penalty_kick(1, HOME, match.on[HOME][3], "test")  # hD2, offence 2, rolls 5: still on target
    assert futti.log(match) == [("penalty_kick", "home", "hD2"), ("shot", "home", "hD2"), ("save", "away", "aG1")]
    assert futti.details(match, "save")[0]["rating"] == 34
    match = futti.start(6)
    match.penalty_kick(1, HOME, match.on[HOME][0], "test")
    assert futti.log(match) == [("penalty_kick", "home", "hA1")]


def test_yellow_card_player_returns_at_the_next_hard_timeout_but_one(futti):
    # 2-2 d12 1: ATTACKER CARDED. hA1 off, reserve hR1 (best offence) on.
    # minute 2: away scores (a hard timeout): hA1 comes back for hR1.
    match = futti.start(1, 1, 2, 2, 1, 1, 1, 3, 6, 1, 5, 1)
    futti.play(match, 1, last=2)
    assert futti.log(match) == [
        ("attacker_carded", "home", "hA1"),
        ("yellow_card", "home", "hA1"),
        ("substitution", "home", "hR1"),
        ("shot", "away", "aA1"),
        ("goal", "away", "aA1"),
        ("substitution", "home", "hA1"),
    ]
    assert futti.details(match, "substitution")[1] == {"position": 0, "out": "hR1", "reason": "return"}
    assert match.stats[0][MINUTES] == 1  # hA1 played minute 1, is back from minute 3 on
    match.result(3, "regulation", None)
    assert match.stats[0][MINUTES] == 2 and match.stats[4][MINUTES] == 1


def test_second_yellow_is_a_red_card_and_a_penalty(futti):
    match = futti.start(1, 1, 2, 2, 1, 2, 1, 1)
    match.stats[0][YELLOW_CARDS] = 1  # hA1 already booked
    futti.play(match, 1)
    assert futti.log(match) == [
        ("attacker_carded", "home", "hA1"),
        ("yellow_card", "home", "hA1"),
        ("red_card", "home", "hA1"),
        ("substitution", "home", "hR1"),
        ("penalty_kick", "away", "aD1"),  # the fouled player kicks
        ("shot", "away", "aD1"),
        ("save", "home", "hG1"),
    ]
    assert match.removed[0] and match.stats[0][RED_CARDS] == 1
    assert match.possession == AWAY  # the kicking side keeps the ball after a red-card penalty


def test_red_carded_and_major_injured_players_never_come_back(futti):
    # 1-1 d12 1: ATTACKER FLATTENED, hA1 fails the injury check (5 > 4): major
    # injury and a red card for aD1; hR1 (fouled player's stand-in) kicks: 3, 41 scores
    match = futti.start(1, 1, 1, 1, 1, 5, 3, 4, 1)
    futti.play(match, 1)
    assert futti.log(match) == [
        ("attacker_flattened", "home", "hA1"),
        ("injury", "home", "hA1"),
        ("red_card", "away", "aD1"),
        ("substitution", "home", "hR1"),
        ("substitution", "away", "aR2"),
        ("penalty_kick", "home", "hR1"),
        ("shot", "home", "hR1"),
        ("goal", "home", "hR1"),
    ]
    assert match.possession == HOME  # red-card penalty: the kicking side keeps the ball, goal or not
    for _ in range(3):
        match.hard_timeout(2)
    assert futti.on_field(match, HOME)[0] == "hR1" and futti.on_field(match, AWAY)[2] == "aR2"


def test_a_player_hurt_in_the_incident_of_a_red_card_penalty_stays_off_when_it_is_scored(futti):
    # 1-1 d12 1: ATTACKER FLATTENED; hA1 makes the injury check (2): minor injury; aD1 fails
    # SP (5): red card and a penalty, which hR1 (in for hA1) scores: 1, 51 beats 44 - 10
    match = futti.start(1, 1, 1, 1, 1, 2, 5, 1, 5, 1)
    futti.play(match, 1)
    assert [kind for kind, _, _ in futti.log(match)][-3:] == ["penalty_kick", "shot", "goal"]
    # the kick is taken in the card's own hard timeout: its goal is no new one for hA1
    assert futti.on_field(match, HOME)[0] == "hR1"
    assert [e.detail["reason"] for e in match.events if e.kind == "substitution" and e.side == "home"] == ["reserve"]
    match.hard_timeout(2)  # the next hard timeout: hA1 comes back
    assert futti.on_field(match, HOME)[0] == "hA1"


def test_a_foul_without_a_card_is_a_hard_timeout(futti):
    # minute 1: 2-2 d12 1, ATTACKER CARDED: hA1 off, hR1 on, the visitors' ball.
    # minute 2: 1-1 d12 4, ATTACKER HARD CHECKED: aA1 unhurt (1), hD1 passes SP (3): a
    # warning, no card, but a foul stops play: a hard timeout, and hA1 comes back
    match = futti.start(1, 1, 2, 2, 1, 1, 1, 1, 1, 4, 1, 3)
    futti.play(match, 1, last=2)
    assert futti.log(match, 2) == [
        ("attacker_hard_checked", "away", "aA1"),
        ("substitution", "home", "hA1"),
    ]
    assert futti.on_field(match, HOME)[0] == "hA1" and match.possession == AWAY


def test_a_player_who_goes_down_unhurt_stops_nothing(futti):
    # minute 2: 3-3 d12 1, ATTACKER GOES DOWN: aA1 unhurt (1), new d12 9: no foul, no injury, no timeout
    match = futti.start(1, 1, 2, 2, 1, 1, 1, 3, 3, 1, 1, 9)
    futti.play(match, 1, last=2)
    assert futti.log(match, 2) == [("attacker_goes_down", "away", "aA1"), ("possession", "home", None)]
    assert futti.on_field(match, HOME)[0] == "hR1"


def test_playing_short_until_a_player_can_come_back(futti):
    match = futti.start(1, 1, 2, 2, 1)
    for card in {card for box in match.bench[HOME] for card in box}:
        match.removed[card.slot] = True  # no reserve left
    futti.play(match, 1)
    # hA1 is booked in the card's own hard timeout: nobody can replace him
    assert futti.on_field(match, HOME)[0] is None
    match.hard_timeout(2)  # the next hard timeout: hA1 may come back
    assert futti.on_field(match, HOME)[0] == "hA1"


def test_doubles_result_aimed_at_an_empty_position_is_a_momentum_shift(futti):
    match = futti.start(1, 1, 2, 2, 1)
    match.on[HOME][0] = None
    futti.play(match, 1)
    assert futti.log(match) == [("momentum_shift", "home", None)]
    assert futti.details(match, "momentum_shift")[0]["instead_of"] == "attacker_carded"
    assert match.possession == AWAY


# --- the clock ----------------------------------------------------------------------


def test_home_kicks_off_and_the_visitors_start_the_second_half(futti):
    steal_minute = (1, 1, 5, 2, 7)  # the side with the ball loses it to the key defender
    rolls = [*steal_minute, *futti.quiet * 19, *steal_minute, *futti.quiet * 19]
    result = futti.engine.play(futti.home, futti.away, ScriptedDice([1, 1, *rolls]))
    steals = [(e.minute, e.side) for e in result.events if e.kind == "steal"]
    assert steals == [(1, "away"), (21, "home")]
    assert [(e.kind, e.minute) for e in result.events if e.side is None] == [("half_time", 20), ("full_time", 40)]
    assert result.home_goals == result.away_goals == 0 and result.decided_by == "regulation"
    assert all(stats["minutes"] in (0, 40) for stats in result.player_stats.values())


def test_a_three_goal_lead_ends_the_match_at_thirty(futti):
    match = futti.start(*futti.quiet)
    match.score[:] = [0, 3]
    assert futti.play(match, 30, last=40) == 30
    match = futti.start(*futti.quiet, *futti.quiet)
    match.score[:] = [2, 0]
    assert futti.play(match, 30, last=31) == 31


def test_early_endings_at_thirty_five(futti):
    match = futti.start()
    for score, ends in (([1, 0], True), ([0, 1], False), ([0, 2], True), ([3, 3], False)):
        match.score[:] = score
        assert match.ends_early(35) is ends


def test_an_empty_goal_concedes_without_a_goaltending_roll(futti):
    match = futti.start(1, 1, 3, 6, 4)
    match.on[AWAY][4] = None  # both goaltenders gone
    futti.play(match, 1)
    assert futti.log(match) == [("shot", "home", "hA1"), ("goal", "home", "hA1")]
    assert futti.details(match, "goal")[0] == {"empty_goal": True}
