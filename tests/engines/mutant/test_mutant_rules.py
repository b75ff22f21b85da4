"""Every rule of the Mutant Soccer rule book, each forced with scripted dice and stacked cards.

Board squares are (row, col); home attacks towards row 3, the away keeper stands
behind row 3. ``kit`` (conftest.py) builds the scene.
"""

from __future__ import annotations

import pytest

from engines.mutant import board, coach
from engines.mutant import tactics as T
from engines.mutant.cards import TRIGGERS, trigger_fires
from engines.mutant.match import IllegalPlay


def sq(row: int, col: int) -> int:
    return board.square(row, col)


# ---------------------------------------------------------------- the rule book's examples


def test_pass_example_receiver_defends_with_card_and_keeps_ball_then_they_swap(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_PLUS2, kit.D_PLUS3])
    a = kit.place(m, "h1", 1, 2)
    b = kit.place(m, "h2", 2, 2, defence=3)
    c = kit.place(m, "a1", 3, 2, attack=4)
    kit.place(m, "a2", 3, 3, attack=2)
    kit.ready(m)
    m.holder = a
    kit.force_cards(m, monkeypatch, home=["defence+3"], away=[])
    m.pass_ball(b)
    assert m.holder is b  # a pass always arrives
    m.react(1)  # the coach attacks with C, the higher attack power
    duel = next(e for e in m.events if e.kind == "duel")
    assert duel.player_id == "a1" and duel.detail["kind"] == "attack"
    assert duel.detail["attack"]["total"] == 6  # 4 + die +2
    assert duel.detail["defence"]["total"] == 9  # 3 + card +3 + die +3
    assert m.holder is b and b.sq == sq(3, 2) and c.sq == sq(2, 2)


def test_dribble_example_fails_foul_mutates_dribbler_injury_removes_mutated_defender(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_MINUS2, kit.D_INJURY])
    a = kit.place(m, "h1", 1, 2, attack=3)
    b = kit.place(m, "a1", 2, 2, mutant_defence=1, mutated=True)
    kit.place(m, "a2", 3, 0)
    kit.ready(m)
    m.holder = a
    kit.force_cards(m, monkeypatch, home=["attack+2"], away=["defence+3", "foul"])
    m.duel("dribble", a, b)
    duel = next(e for e in m.events if e.kind == "duel")
    assert duel.detail["attack"]["total"] == 3 and duel.detail["defence"]["total"] == 4
    assert a.mutated  # fouled: flipped after the evaluation
    assert b in m.teams[1].injured and b.sq is None  # already mutated + injury = seriously injured
    assert m.holder is None and m.loose == sq(1, 2)  # the ball stays on the square B vacated
    assert a.sq == sq(2, 2)  # the two cards swapped before B left
    assert m.acting == 1  # the winner's side announces the next action
    assert kit.kinds(m).count("serious_injury") == 1


def test_long_range_shot_example_goal_with_strike_duo_against_defensive_chain(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_SPECIAL, kit.D_SPECIAL])
    kit.stack(m, "foul")  # the keeper's SPECIAL draws a FOUL and plays it at once
    a = kit.place(m, "h1", 2, 2, mutant_attack=5, mutated=True, trigger="successful_defence")
    kit.place(m, "h2", 2, 1)  # strike duo
    kit.place(m, "a1", 3, 2)  # on the line of sight
    kit.place(m, "a2", 3, 1)  # beside him: a defensive chain
    kit.ready(m)
    m.teams[1].keeper.defence = 3
    m.holder = a
    kit.force_cards(m, monkeypatch, home=["shot+2"], away=[])
    m.duel("shot", a, m.teams[1].keeper)
    duel = next(e for e in m.events if e.kind == "duel")
    assert duel.detail["attack"]["total"] == 8  # 5 + shot +2 + strike duo +1
    assert duel.detail["defence"]["total"] == 5  # 3 + defensive row +2
    assert duel.detail["defence"]["cards"] == ["foul"]
    assert m.teams[0].goals == 1
    powers = [e for e in m.events if e.kind == "mutant_power"]
    assert [e.detail["stage"] for e in powers] == ["activated"]  # no effect on a shot at goal
    assert a in m.teams[0].injured  # scored, but fouled while mutated


# ---------------------------------------------------------------- shots


def test_shot_at_goal_from_the_front_row_has_at_most_one_defender_bonus(kit):
    m = kit.match()
    shooter = kit.place(m, "h1", 3, 0)
    kit.place(m, "a1", 3, 1)
    kit.place(m, "a2", 3, 2)
    kit.ready(m)
    assert m.shot_bonuses(shooter) == (0, 1)


def test_long_range_blocker_gives_one_and_free_sight_gives_none(kit):
    m = kit.match()
    shooter = kit.place(m, "h1", 2, 0)
    kit.place(m, "h2", 2, 1)
    blocker = kit.place(m, "a1", 3, 1)
    kit.ready(m)
    assert m.shot_bonuses(shooter) == (1, 1)
    m.board[blocker.sq] = None
    blocker.sq = None
    assert m.shot_bonuses(shooter) == (1, 0)


def test_tie_on_a_shot_is_a_goal(kit):
    m = kit.match(rolls=[kit.A_BLANK, kit.D_BLANK])
    shooter = kit.place(m, "h1", 3, 2)
    kit.place(m, "a1", 0, 0)
    kit.ready(m)
    m.holder = shooter
    m.duel("shot", shooter, m.teams[1].keeper)
    assert m.teams[0].goals == 1


def test_keeper_who_wins_the_duel_saves_and_gets_the_ball(kit):
    m = kit.match(rolls=[kit.A_BLANK, kit.D_PLUS3])
    shooter = kit.place(m, "h1", 3, 2)
    kit.place(m, "a1", 0, 0)
    kit.ready(m)
    keeper = m.teams[1].keeper
    m.holder = shooter
    m.duel("shot", shooter, keeper)
    assert m.teams[0].goals == 0 and m.holder is keeper and keeper.stats["saves"] == 1
    assert "save" in kit.kinds(m) and m.acting == 1


def test_long_range_shots_need_the_opponents_half_and_the_player_coach_one_row_more(kit):
    m = kit.match()
    p = kit.place(m, "h1", 1, 2)
    kit.ready(m)
    assert not coach.may_shoot(p)
    p.player_coach = True
    assert coach.may_shoot(p)
    p.player_coach = False
    m.board[p.sq] = None
    kit.place(m, "h1", 2, 2)
    assert coach.may_shoot(p)


# ---------------------------------------------------------------- moves


def test_run_to_an_adjacent_empty_square_keeps_the_ball(kit):
    m = kit.match()
    p = kit.place(m, "h1", 1, 1)
    kit.place(m, "a1", 3, 3)
    kit.ready(m)
    m.holder = p
    m.run(p, sq(2, 2))
    assert p.sq == sq(2, 2) and m.holder is p and m.board[sq(1, 1)] is None


def test_run_may_swap_with_a_team_mate_but_not_enter_an_opponent(kit):
    m = kit.match()
    p = kit.place(m, "h1", 1, 1)
    mate = kit.place(m, "h2", 2, 1)
    kit.place(m, "a1", 1, 2)
    kit.ready(m)
    m.run(p, sq(2, 1))
    assert p.sq == sq(2, 1) and mate.sq == sq(1, 1)
    with pytest.raises(AssertionError):
        m.run(p, sq(1, 2))
    with pytest.raises(AssertionError):
        m.run(p, sq(3, 4))  # not adjacent


def test_running_onto_a_loose_ball_picks_it_up(kit):
    m = kit.match()
    p = kit.place(m, "a1", 1, 1)
    kit.place(m, "h1", 3, 3)
    kit.ready(m)
    m.holder, m.loose, m.acting = None, sq(1, 2), 0
    m.run(p, sq(1, 2))
    assert m.holder is p and m.loose is None and m.acting == 1


def test_dribble_won_passes_the_defender_and_keeps_the_ball(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_PLUS2, kit.D_BLANK])
    m.duel("dribble", a, b)
    assert m.holder is a and a.sq == sq(2, 2) and b.sq == sq(1, 2) and m.acting == 0


def test_tie_in_a_duel_goes_to_the_ball_carrier(kit, monkeypatch):
    m, carrier, chaser = kit.one_on_one(monkeypatch, [kit.A_BLANK, kit.D_BLANK])
    assert m.duel("attack", chaser, carrier) is carrier


def test_a_pass_reaches_at_most_two_rows_and_a_keeper_passes_into_the_own_half(kit):
    m = kit.match()
    passer = kit.place(m, "h1", 0, 2)
    near = kit.place(m, "h2", 2, 2)
    far = kit.place(m, "h3", 3, 2)
    kit.ready(m)
    m.holder = passer
    with pytest.raises(AssertionError, match="two rows"):
        m.pass_ball(far)
    m.pass_ball(near)
    m.holder = m.teams[0].keeper
    with pytest.raises(AssertionError, match="own half"):
        m.pass_ball(near)


def test_dribbles_and_attacks_need_adjacent_cards(kit):
    m = kit.match()
    a = kit.place(m, "h1", 0, 0)
    b = kit.place(m, "a1", 2, 2)
    kit.ready(m)
    m.holder = a
    with pytest.raises(AssertionError, match="next to each other"):
        m.duel("dribble", a, b)


def test_the_side_with_the_ball_uses_its_tokens_first(kit, monkeypatch):
    m = kit.match()
    holder = kit.place(m, "a1", 2, 0)
    kit.place(m, "h1", 0, 4)
    kit.ready(m)
    for team in m.teams:
        team.tokens.append("+")
    m.holder, m.acting = holder, 1
    order = []

    def record(match, team):
        order.append(team.side)
        match.over = len(order) == 2  # stop the turn once both coaches had their say

    monkeypatch.setattr(coach, "use_tokens", record)
    m.play_turn()
    assert order == [1, 0]


def test_after_a_goal_a_weak_hand_is_swapped_for_five_new_cards(kit):
    m = kit.match()
    team = m.teams[0]
    team.hand = ["mutation", "anti_mutant_power"]
    coach.refresh_hand(m, team)
    assert len(team.hand) == 5 and "mutation" not in team.hand


def test_pass_reaction_can_also_be_positional_play(kit):
    m = kit.match()
    passer = kit.place(m, "h1", 0, 2)
    receiver = kit.place(m, "h2", 2, 2, defence=6)
    kit.place(m, "a1", 3, 0, attack=1)
    kit.ready(m)
    m.holder = passer
    m.pass_ball(receiver)
    m.react(1)  # 1 attack against 6 defence: the careful coach covers instead
    assert kit.kinds(m)[-1] == "run"


# ---------------------------------------------------------------- dice results


def test_bonus_faces_are_plus_two_or_minus_two_attacking_and_plus_three_or_minus_two_defending():
    assert sorted({v for k, v in T.ATTACK_DIE if k == T.BONUS}) == [-2, 2]
    assert sorted({v for k, v in T.DEFENCE_DIE if k == T.BONUS}) == [-2, 3]
    for die in (T.ATTACK_DIE, T.DEFENCE_DIE):
        kinds = [k for k, _ in die]
        assert kinds.count(T.SPECIAL) == 1 and kinds.count(T.INJURY) == 1 and T.BLANK in kinds


def test_special_on_the_standard_side_draws_a_tactical_card(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_SPECIAL, kit.D_BLANK])
    kit.stack(m, "heal")  # a flash card cannot be placed in the duel: it stays in hand
    m.duel("dribble", a, b)
    assert "heal" in m.teams[0].hand


def test_special_drawn_card_may_join_the_duel_at_once(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_SPECIAL, kit.D_BLANK], h1=dict(attack=1), a1=dict(defence=3))
    kit.stack(m, "attack+3")
    assert m.duel("dribble", a, b) is a  # 1 + 3 = 4 beats 3


def test_special_on_the_mutated_side_activates_the_mutant_power(kit, monkeypatch):
    m, a, b = kit.one_on_one(
        monkeypatch,
        [kit.A_SPECIAL, kit.D_BLANK],
        h1=dict(mutated=True, power="draw_two", trigger="you_succeed", mutant_attack=5),
    )
    m.duel("dribble", a, b)
    stages = [e.detail["stage"] for e in m.events if e.kind == "mutant_power"]
    assert stages == ["activated", "effect"]
    assert len(m.teams[0].hand) == 2 and a.stats["mutant_powers"] == 1


def test_injury_flips_to_the_mutated_side_after_the_duel(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_INJURY, kit.D_INJURY])
    m.duel("dribble", a, b)
    assert a.mutated and b.mutated and a.stats["mutations"] == 1
    assert not m.teams[0].injured and not m.teams[1].injured


# ---------------------------------------------------------------- tactical cards


def test_foul_mutates_and_a_second_hit_seriously_injures(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_BLANK, kit.D_BLANK], home=["foul"])
    m.duel("dribble", a, b)
    assert b.mutated and a.stats["fouls"] == 1 and b.stats["fouled"] == 1
    m.hurt(b, "foul")
    assert b in m.teams[1].injured and b.stats["injuries"] == 1


def test_heal_in_hand_prevents_a_serious_injury(kit):
    m = kit.match()
    b = kit.place(m, "a1", 2, 2, mutated=True)
    kit.ready(m)
    m.teams[1].hand.append("heal")
    m.hurt(b, "foul")
    assert not b.mutated and b.sq == sq(2, 2) and "heal" not in m.teams[1].hand
    assert "heal" in kit.kinds(m)


def test_several_hits_in_one_duel_flip_a_card_only_once(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_BLANK, kit.D_INJURY], home=["foul"])
    m.duel("dribble", a, b)
    assert b.mutated and b.sq is not None


@pytest.mark.parametrize(
    ("home", "away", "winner"),
    [
        (["successful_attack"], ["defence+3"], "h1"),
        ([], ["successful_defence"], "a1"),
        (["successful_attack"], ["successful_defence"], "h1"),  # they cancel; 3 + 2 beats 3
    ],
)
def test_successful_attack_and_defence_decide_the_duel(kit, monkeypatch, home, away, winner):
    m = kit.match(rolls=[kit.A_PLUS2, kit.D_BLANK])
    a = kit.place(m, "h1", 1, 2)
    b = kit.place(m, "a1", 2, 2)
    kit.ready(m)
    m.holder = a
    kit.force_cards(m, monkeypatch, home=home, away=away)
    assert m.duel("dribble", a, b).id == winner


def test_card_types_are_restricted_to_their_duels():
    assert not T.usable_in_duel("attack+2", True, True)  # attacking power cannot shoot
    assert not T.usable_in_duel("successful_attack", True, True)
    assert not T.usable_in_duel("shot+2", True, False)  # shot on goal cannot duel
    assert T.usable_in_duel("shot+2", True, True)
    assert T.usable_in_duel("successful_defence", False, True)
    assert not T.usable_in_duel("defence+2", True, False)
    assert all(not T.usable_in_duel(c, a, s) for c in T.FLASH_CARDS for a in (0, 1) for s in (0, 1))


def test_destructive_tactics_cancels_the_best_card_of_the_other_side(kit, monkeypatch):
    m, a, b = kit.one_on_one(
        monkeypatch, [kit.A_BLANK, kit.D_BLANK], home=["destructive_tactics", "attack+1"], away=["successful_defence"]
    )
    assert m.duel("dribble", a, b) is a  # 3 + 1 beats 3 once the defence card is gone
    duel = next(e for e in m.events if e.kind == "duel")
    assert duel.detail["cancelled"] == ["successful_defence"]


def test_dummy_card_has_no_effect_and_returns_to_the_hand(kit, monkeypatch):
    m, a, b = kit.one_on_one(monkeypatch, [kit.A_BLANK, kit.D_BLANK], home=["dummy"], a1=dict(defence=4))
    assert m.duel("dribble", a, b) is b
    assert "dummy" not in m.discards


def test_mutation_card_flips_an_own_player_before_a_duel_when_it_helps(kit):
    m = kit.match()
    a = kit.place(m, "h1", 1, 2, attack=2, mutant_attack=5)
    kit.ready(m)
    m.teams[0].hand.append("mutation")
    coach.flip_before_duel(m, m.teams[0], a, True)
    assert a.mutated and a.att == 5 and "mutation" in kit.kinds(m)


def test_heal_card_flips_back_before_a_duel_when_the_standard_side_is_better(kit):
    m = kit.match()
    a = kit.place(m, "h1", 1, 2, defence=5, mutant_defence=1, mutated=True)
    kit.ready(m)
    m.teams[0].hand.append("heal")
    coach.flip_before_duel(m, m.teams[0], a, False)
    assert not a.mutated and a.dfn == 5


def test_mutant_power_card_activates_a_mutated_player_and_cycles_on_the_standard_side(kit):
    m = kit.match()
    mutated = kit.place(m, "h1", 1, 2, mutated=True)
    standard = kit.place(m, "h2", 1, 3)
    kit.ready(m)
    team = m.teams[0]
    active: set = set()
    team.hand.extend(["mutant_power", "mutant_power"])
    m.mutant_power_card(team, mutated, active)
    assert mutated in active
    m.mutant_power_card(team, standard, active)
    assert standard not in active and team.hand == ["attack+1"]


def test_anti_mutant_power_stops_a_harmful_power(kit):
    m = kit.match()
    rival = kit.place(m, "a1", 2, 2, mutated=True, power="foul_opponent")
    kit.ready(m)
    active = {rival}
    m.teams[0].hand.append("anti_mutant_power")
    coach.anti_mutant(m, m.teams[0], None, active)
    assert not active and m.teams[0].hand == []


def test_a_mutant_power_activates_once_per_player_and_turn(kit):
    m = kit.match()
    p = kit.place(m, "h1", 1, 2, mutated=True)
    kit.ready(m)
    active: set = set()
    m.activate_power(p, active)
    m.activate_power(p, active)
    assert kit.kinds(m).count("mutant_power") == 1


# ---------------------------------------------------------------- mutant powers


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_trigger_icons(trigger):
    expected = {
        "successful_defence": {(False, True)},
        "successful_attack": {(True, True)},
        "defence_fails": {(False, False)},
        "attack_fails": {(True, False)},
        "you_fail": {(True, False), (False, False)},
        "you_succeed": {(True, True), (False, True)},
    }[trigger]
    fired = {(a, w) for a in (True, False) for w in (True, False) if trigger_fires(trigger, a, w)}
    assert fired == expected


def _power_duel(kit, monkeypatch, power, trigger, rolls, **attrs):
    return kit.one_on_one(monkeypatch, rolls, h1=dict(mutated=True, power=power, trigger=trigger, **attrs))


def test_power_foul_opponent(kit, monkeypatch):
    m, a, b = _power_duel(
        kit, monkeypatch, "foul_opponent", "you_succeed", [kit.A_SPECIAL, kit.D_BLANK], mutant_attack=6
    )
    m.duel("dribble", a, b)
    assert b.mutated


def test_power_shrug_off_ignores_the_injury_roll(kit, monkeypatch):
    m, a, b = _power_duel(kit, monkeypatch, "shrug_off", "you_fail", [kit.A_SPECIAL, kit.D_INJURY], mutant_attack=1)
    m.teams[1].hand.clear()
    m.duel("dribble", a, b)
    assert a.sq is not None and a.mutated  # still on the field


def test_power_hold_ball_keeps_the_ball_after_a_lost_duel(kit, monkeypatch):
    m, a, b = _power_duel(kit, monkeypatch, "hold_ball", "attack_fails", [kit.A_SPECIAL, kit.D_PLUS3], mutant_attack=1)
    m.duel("dribble", a, b)
    assert m.holder is a and a.sq == sq(1, 2) and b.sq == sq(2, 2)


def test_power_advance_runs_on_after_a_won_duel(kit, monkeypatch):
    m, a, b = _power_duel(
        kit, monkeypatch, "advance", "successful_attack", [kit.A_SPECIAL, kit.D_BLANK], mutant_attack=6
    )
    m.duel("dribble", a, b)
    assert m.holder is a and board.row_of(a.sq) == 3


def test_power_coaching_token_and_steal_card(kit, monkeypatch):
    m, a, b = _power_duel(
        kit, monkeypatch, "coaching_token", "you_succeed", [kit.A_SPECIAL, kit.D_BLANK], mutant_attack=6
    )
    m.duel("dribble", a, b)
    assert len(m.teams[0].tokens) == 1
    m, a, b = _power_duel(
        kit, monkeypatch, "steal_card", "you_succeed", [kit.A_SPECIAL, kit.D_BLANK, 1], mutant_attack=6
    )
    m.teams[1].hand.extend(["foul", "heal"])
    m.duel("dribble", a, b)
    assert "foul" in m.teams[0].hand and "foul" not in m.teams[1].hand and "heal" in m.teams[1].hand


def test_power_reanimate_brings_back_the_top_of_the_pile(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_SPECIAL, kit.D_BLANK])
    a = kit.place(m, "h1", 1, 2, mutated=True, power="reanimate", trigger="you_succeed", mutant_attack=6)
    gone = kit.place(m, "h2", 0, 0, mutated=True)
    b = kit.place(m, "a1", 2, 2)
    kit.ready(m)
    m.hurt(gone, "foul")
    assert gone in m.teams[0].injured
    m.holder = a
    kit.force_cards(m, monkeypatch, home=[], away=[])
    m.duel("dribble", a, b)
    assert gone in m.teams[0].field and gone.mutated and board.rank(0, gone.sq) <= 1


# ---------------------------------------------------------------- coaches and tokens


def test_every_coach_starts_with_one_token_and_the_supply_holds_nine(kit):
    m = kit.match(rolls=[1] * 200)
    for i, (row, col) in enumerate([(1, 0), (1, 2), (1, 4), (0, 1), (0, 3)]):
        kit.place(m, f"h{i + 1}", row, col)
        kit.place(m, f"a{i + 1}", 3 - row, col)
    m.start()
    assert [len(t.tokens) for t in m.teams] == [1, 1] and m.tokens_left == 7
    for _ in range(10):
        m.give_token(m.teams[0])
    assert m.tokens_left == 0 and len(m.teams[0].tokens) == 8


def test_alter_hase_t_heals_a_player_who_would_leave(kit):
    m = kit.match(coaches=("alter_hase", "taktikerin"))
    p = kit.place(m, "h1", 1, 1, mutated=True)
    kit.ready(m)
    m.teams[0].tokens.append("T")
    m.hurt(p, "injury")
    assert not p.mutated and p.sq is not None and m.teams[0].tokens == []


def test_taktikerin_t_draws_six_and_keeps_three(kit):
    m = kit.match()
    kit.place(m, "h1", 1, 1)
    kit.ready(m)
    kit.stack(m, "foul", "heal", "attack+3", "defence+1", "shot+1", "mutation")
    team = m.teams[0]
    team.tokens.append("T")
    coach.use_tokens(m, team)
    assert sorted(team.hand) == ["attack+3", "foul", "heal"] and team.tokens == []
    assert len(m.discards) == 3


def test_choleriker_t_fouls_a_mutated_opponent_off_the_field(kit):
    m = kit.match(coaches=("choleriker", "taktikerin"))
    kit.place(m, "h1", 1, 1)
    victim = kit.place(m, "a1", 2, 2, mutated=True)
    kit.place(m, "a2", 2, 3)
    kit.ready(m)
    m.teams[0].tokens.append("T")
    coach.use_tokens(m, m.teams[0])
    assert victim in m.teams[1].injured


def test_spielertrainer_t_brings_the_player_coach_who_has_no_mutant_side(kit):
    m = kit.match(coaches=("spielertrainer", "taktikerin"))
    weak = kit.place(m, "h1", 1, 1, attack=1, defence=1)
    kit.place(m, "h2", 1, 3)
    kit.place(m, "a1", 3, 3)
    kit.ready(m)
    m.holder = weak
    m.teams[0].tokens.append("T")
    coach.use_tokens(m, m.teams[0])
    pc = m.teams[0].player_coach
    assert pc is not None and pc.sq == sq(1, 1) and m.holder is pc and weak in m.teams[0].bench
    assert coach.may_shoot(pc)  # from the 3rd row
    m.hurt(pc, "foul")
    assert pc in m.teams[0].bench and not pc.mutated and pc.sq is None


def test_plus_token_reanimates_the_top_of_the_pile_still_mutated(kit):
    m = kit.match()
    kit.place(m, "h1", 1, 1)
    first = kit.place(m, "h2", 1, 2, mutated=True)
    second = kit.place(m, "h3", 1, 3, mutated=True)
    kit.ready(m)
    m.hurt(first, "foul")
    m.hurt(second, "foul")
    m.teams[0].tokens.append("+")
    coach.use_tokens(m, m.teams[0])
    assert second in m.teams[0].field and second.mutated and first in m.teams[0].injured
    assert "reanimation" in kit.kinds(m)


def test_alter_hase_plus_may_reanimate_any_player(kit):
    m = kit.match(coaches=("alter_hase", "taktikerin"))
    kit.place(m, "h1", 1, 1)
    strong = kit.place(m, "h2", 1, 2, mutated=True, mutant_attack=6, mutant_defence=6)
    weak = kit.place(m, "h3", 1, 3, mutated=True, mutant_attack=1, mutant_defence=1)
    kit.ready(m)
    m.hurt(strong, "foul")
    m.hurt(weak, "foul")
    m.teams[0].tokens.append("+")
    coach.use_tokens(m, m.teams[0])
    assert strong in m.teams[0].field and weak in m.teams[0].injured


def test_token_face_is_chosen_on_receipt(kit):
    m = kit.match()
    kit.place(m, "h1", 1, 1)
    kit.ready(m)
    m.give_token(m.teams[0])
    assert m.teams[0].tokens in (["T"], ["+"])
    assert next(e for e in m.events if e.kind == "coaching_token").detail["face"] == m.teams[0].tokens[0]


# ---------------------------------------------------------------- injuries, keepers, substitutes


def test_injured_keeper_is_replaced_by_a_keeper_from_the_bench(kit):
    spare = kit.card("hk2", role="goalkeeper", defence=5)
    m = kit.match(bench=([spare], []))
    kit.place(m, "h1", 1, 1)
    kit.ready(m)
    keeper = m.teams[0].keeper
    keeper.mutated = True
    m.hurt(keeper, "injury")
    assert m.teams[0].keeper.id == "hk2" and keeper in m.teams[0].injured


def test_injured_keeper_without_a_spare_makes_a_field_player_keep_at_minus_two_never_below_one(kit):
    m = kit.match()
    kit.place(m, "h1", 1, 1, attack=2, defence=4)
    kit.place(m, "h2", 1, 2, attack=2, defence=2)
    kit.ready(m)
    keeper = m.teams[0].keeper
    keeper.mutated = True
    m.hurt(keeper, "injury")
    stand_in = m.teams[0].keeper
    assert stand_in.id == "h1" and stand_in.dfn == 2 and stand_in.att == 1
    assert stand_in.sq is None and len(m.teams[0].field) == 1


def test_seriously_injured_player_is_replaced_from_the_bench_in_the_own_half(kit):
    m = kit.match(bench=([kit.card("h9")], []))
    p = kit.place(m, "h1", 2, 2, mutated=True)
    kit.place(m, "h2", 1, 1)
    kit.ready(m)
    m.hurt(p, "injury")
    sub = kit.player(m, "h9")
    assert sub in m.teams[0].field and board.rank(0, sub.sq) <= 1


def test_no_field_players_left_ends_the_game(kit):
    m = kit.match()
    p = kit.place(m, "h1", 1, 1, mutated=True)
    kit.place(m, "a1", 2, 2)
    kit.ready(m)
    m.hurt(p, "injury")
    assert m.over and m.ended_by == "no_players"


# ---------------------------------------------------------------- hands


def test_hand_holds_five_cards_plus_the_dummy_and_a_sixth_draw_discards_one(kit):
    m = kit.match()
    team = m.teams[0]
    team.hand = ["foul", "heal", "attack+3", "defence+2", "shot+3"]
    kit.stack(m, "attack+1")
    m.draw(team)
    assert len(team.hand) == 5 and "attack+1" in m.discards


def test_bought_cards_ignore_the_limit_at_the_start(kit):
    m = kit.match(rolls=[1] * 200)
    m.teams[0].extra_cards = 3
    for i, (row, col) in enumerate([(1, 0), (1, 2), (1, 4), (0, 1), (0, 3)]):
        kit.place(m, f"h{i + 1}", row, col)
        kit.place(m, f"a{i + 1}", 3 - row, col)
    m.start()
    assert len(m.teams[0].hand) == 8 and len(m.teams[1].hand) == 5


def test_after_a_duel_a_coach_with_one_card_left_draws_one(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_BLANK, kit.D_BLANK])
    a = kit.place(m, "h1", 1, 2)
    b = kit.place(m, "a1", 2, 2)
    kit.ready(m)
    m.holder = a
    m.teams[0].hand = ["heal", "foul", "mutation"]
    m.teams[1].hand = ["heal"]
    kit.force_cards(m, monkeypatch, home=[], away=[])
    m.duel("dribble", a, b)
    assert len(m.teams[0].hand) == 3 and len(m.teams[1].hand) == 2


# ---------------------------------------------------------------- kick-off, goals, the end


def test_kick_off_coin_toss_puts_the_ball_in_the_winners_forward_line(kit):
    m = kit.match(rolls=[1] * 19 + [2])  # 19 rolls shuffle the 20-card deck, then the coin: away
    for i, (row, col) in enumerate([(1, 0), (1, 2), (1, 4), (0, 1), (0, 3)]):
        kit.place(m, f"h{i + 1}", row, col)
        kit.place(m, f"a{i + 1}", 3 - row, col)
    m.start()
    assert m.acting == 1 and m.holder.side == 1 and m.holder.sq in board.FORWARD_LINE[1]


def test_after_a_goal_token_to_scorers_lineup_reset_refill_and_the_others_kick_off(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_PLUS2, kit.D_BLANK])
    shooter = kit.place(m, "h1", 3, 2, mutated=True, mutant_attack=4)
    kit.place(m, "h2", 2, 0)
    kit.place(m, "a1", 1, 1)
    kit.place(m, "a2", 1, 3)
    kit.ready(m)
    m.holder = shooter
    m.teams[1].hand = ["foul"]
    kit.force_cards(m, monkeypatch, home=[], away=[])
    m.duel("shot", shooter, m.teams[1].keeper)
    assert m.teams[0].goals == 1 and len(m.teams[0].tokens) == 1
    assert shooter.mutated  # the card keeps its state
    assert all(p.sq in board.FORMATION[p.side] for t in m.teams for p in t.field)
    assert len(m.teams[1].hand) == 5 and m.acting == 1 and m.holder.side == 1


def test_three_goals_end_the_game(kit, monkeypatch):
    m = kit.match(rolls=[kit.A_PLUS2, kit.D_BLANK])
    shooter = kit.place(m, "h1", 3, 2)
    kit.place(m, "a1", 1, 1)
    kit.ready(m)
    m.teams[0].goals = 2
    m.holder = shooter
    kit.force_cards(m, monkeypatch, home=[], away=[])
    m.duel("shot", shooter, m.teams[1].keeper)
    assert m.over and m.ended_by == "goals" and m.teams[0].goals == 3


def test_turn_cap_stops_a_match(kit):
    m = kit.match(rolls=[1] * 5000)
    for i, (row, col) in enumerate([(1, 0), (1, 2), (1, 4), (0, 1), (0, 3)]):
        kit.place(m, f"h{i + 1}", row, col)
        kit.place(m, f"a{i + 1}", 3 - row, col)
    m.turn_cap = 3
    m.start()
    m.play()
    assert m.turn <= 3


def test_after_a_goal_a_keeper_from_the_bench_relieves_the_field_player_in_goal(kit):
    m = kit.match(bench=([], [kit.card("ak2", role="goalkeeper", defence=5)]))
    kit.place(m, "h1", 1, 1)
    kit.place(m, "a1", 2, 2, defence=4)
    kit.place(m, "a2", 2, 3)
    kit.ready(m)
    keeper = m.teams[1].keeper
    m.teams[1].bench.clear()  # the spare keeper is not on the bench yet ...
    keeper.mutated = True
    m.hurt(keeper, "injury")
    stand_in = m.teams[1].keeper
    assert stand_in.id == "a1"
    m.teams[1].bench.append(kit.player(m, "ak2"))  # ... until after the goal
    m.restart_after_goal(0)
    assert m.teams[1].keeper.id == "ak2" and stand_in in m.teams[1].field and not stand_in.in_goal


def test_a_reanimated_keeper_goes_back_in_goal_and_the_stand_in_back_on_the_field(kit):
    m = kit.match()
    kit.place(m, "h1", 1, 1, defence=4)
    kit.place(m, "h2", 1, 3)
    kit.ready(m)
    keeper = m.teams[0].keeper
    keeper.mutated = True
    m.hurt(keeper, "injury")
    stand_in = m.teams[0].keeper
    assert stand_in.id == "h1"
    m.teams[0].tokens.append("+")
    coach.use_tokens(m, m.teams[0])
    assert m.teams[0].keeper is keeper and keeper.mutated and keeper.in_goal
    assert stand_in in m.teams[0].field and not stand_in.in_goal and stand_in.dfn == 4


@pytest.mark.parametrize(
    ("home", "message"),
    [
        (["attack+1", "attack+2", "successful_attack"], "home put 3 cards down in a duel; at most 2"),
        (["defence+3"], "home cannot play 'defence\\+3' as the attacker of a duel"),
        (["shot+2"], "home cannot play 'shot\\+2' as the attacker of a duel"),
        (["foul", "foul"], "home played 2 FOUL cards in one duel; one per coach"),
    ],
)
def test_the_match_refuses_an_illegal_card_play_whatever_the_coach_asks(kit, monkeypatch, home, message):
    """The two-card limit and the card types were the coach's alone: a forced play went through."""
    m, carrier, rival = kit.one_on_one(monkeypatch, [6, 6], home=home)
    with pytest.raises(IllegalPlay, match=message):
        m.duel("dribble", carrier, rival)


def test_the_match_refuses_a_card_not_in_the_hand(kit, monkeypatch):
    m, carrier, rival = kit.one_on_one(monkeypatch, [6, 6], home=["attack+2"])
    m.teams[0].hand.remove("attack+2")
    with pytest.raises(IllegalPlay, match="home played 'attack\\+2', which is not in its hand"):
        m.duel("dribble", carrier, rival)
