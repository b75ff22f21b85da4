"""The BootCoin market: six on display, picks in turn, 15 BC, checks and redeals, leftovers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engines import CardError, get_engine
from engines.mutant import cards as C
from engines.mutant import market as M

BOX = C.box_cards()


def test_market_opens_with_six_on_display_and_a_coin_toss():
    firsts = set()
    for seed in range(12):
        m = M.open_market(BOX, seed)
        assert len(m.display) == 6 and len(m.pile) == 17 and m.budgets == {"home": 15, "away": 15}
        firsts.add(m.to_act)
    assert firsts == {"home", "away"}


def test_a_pick_pays_refills_the_display_and_passes_the_turn():
    m = M.open_market(BOX, 1)
    coach = m.to_act
    card_id = M.legal_picks(m, coach)[0]
    price = m.cards[card_id]["price"]
    after = M.pick(m, coach, card_id)
    assert after.squads[coach] == (card_id,) and after.budgets[coach] == 15 - price
    assert len(after.display) == 6 and card_id not in after.display and after.to_act != coach


def test_picks_out_of_turn_off_display_or_over_budget_are_refused():
    m = M.open_market(BOX, 1)
    other = "away" if m.to_act == "home" else "home"
    with pytest.raises(CardError, match="turn"):
        M.pick(m, other, m.display[0])
    with pytest.raises(CardError, match="not on display"):
        M.pick(m, m.to_act, m.pile[0])
    poor = M.Market(**{**m.__dict__, "budgets": {"home": 0, "away": 0}})
    dear = next(i for i in poor.display if poor.cards[i]["price"] > 0)
    with pytest.raises(CardError, match="cannot buy"):
        M.pick(poor, poor.to_act, dear)


def test_a_pick_that_leaves_the_team_uncompletable_is_refused():
    assert M.completion_cost([], BOX) == 3  # the five cheapest field players and keeper
    refused = 0
    for seed in range(10):
        m = M.open_market(BOX, seed)
        coach = m.to_act
        tight = M.Market(**{**m.__dict__, "budgets": {**m.budgets, coach: 3}})
        legal = M.legal_picks(tight, coach)
        for card_id in tight.display:
            card = tight.cards[card_id]
            rest = [c for c in tight.unsold() if c["id"] != card_id]
            fits = card["price"] + M.completion_cost([card], rest) <= 3
            assert (card_id in legal) == fits
            refused += not fits
    assert refused


def test_when_every_coach_checks_six_new_cards_come_and_the_first_to_check_begins():
    m = M.open_market(BOX, 3)
    first = m.to_act
    shown = set(m.display)
    m = M.check(m, first)
    m = M.check(m, m.to_act)
    assert not shown & set(m.display) and set(m.discards) == shown and m.to_act == first


def test_an_empty_pile_is_refilled_from_the_shuffled_discards():
    m = M.open_market(BOX, 4)
    for _ in range(4):
        m = M.check(m, m.to_act)
        m = M.check(m, m.to_act)
    assert len(m.display) == 6
    assert len(m.display) + len(m.pile) + len(m.discards) == 23


def test_finish_needs_a_complete_team():
    m = M.open_market(BOX, 5)
    with pytest.raises(CardError, match="not complete"):
        M.finish(m, m.to_act)


def test_leftover_coins_buy_tactical_cards_at_two_each():
    assert [M.extra_tactical_cards(n) for n in (0, 1, 2, 3, 7, 15)] == [0, 0, 1, 1, 3, 7]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
@example(seed=295)  # one coach took the last keeper the other could afford
@example(seed=4435)  # a coach filled all ten places with field players
def test_auto_draft_completes_two_teams_within_budget_from_the_box(seed):
    m = M.auto_draft(BOX, seed)
    assert m.over
    for coach in m.coaches:
        squad = m.squad(coach)
        assert M.is_complete(squad)
        assert sum(c["price"] for c in squad) + m.budgets[coach] == M.BUDGET and m.budgets[coach] >= 0


def test_auto_draft_fills_a_twelve_team_league_from_the_sample_pool():
    coaches = [f"club{i}" for i in range(12)]
    m = M.auto_draft(get_engine("mutant").sample_pool(0), 9, coaches)
    assert all(M.is_complete(m.squad(c)) for c in coaches)


def test_drafted_squads_play_a_match_with_their_leftovers():
    m = M.auto_draft(BOX, 11)
    sheets = [
        {
            "name": coach,
            "players": list(m.squad(coach)),
            "lineup": {"coach": key, "extra_tactical_cards": M.extra_tactical_cards(m.budgets[coach])},
        }
        for coach, key in zip(m.coaches, ("alter_hase", "choleriker"), strict=True)
    ]
    result = get_engine("mutant").simulate(sheets[0], sheets[1], seed=1)
    assert result.events[-1].kind == "full_time"


def _card(card_id, role, price):
    return {
        "id": card_id,
        "role": role,
        "price": price,
        "attack": 1,
        "defence": 1,
        "mutant_attack": 0,
        "mutant_defence": 0,
    }


def test_a_coach_may_not_take_the_keeper_another_coach_needs_to_finish():
    fields = [_card(f"f{i}", C.FIELD, 0) for i in range(10)]
    cards = [*fields, _card("cheap", C.GOALKEEPER, 0), _card("dear", C.GOALKEEPER, 3)]
    m = M.open_market(cards, 1)
    # home has a full field and one coin left; away has its field and all its coins
    m = replace(
        m,
        squads={"home": tuple(f"f{i}" for i in range(5)), "away": tuple(f"f{i}" for i in range(5, 10))},
        budgets={"home": 1, "away": 15},
        display=("cheap", "dear"),
        pile=(),
        to_act="away",
    )
    assert M.legal_picks(m, "away") == ["dear"]  # the cheap one is home's only way to finish
    assert M.legal_picks(replace(m, to_act="home"), "home") == ["cheap"]


def test_a_squad_keeps_room_for_the_players_it_needs():
    fields = [_card(f"f{i}", C.FIELD, 0) for i in range(12)]
    m = M.open_market([*fields, _card("keeper", C.GOALKEEPER, 0)], 1, coaches=("home",))
    m = replace(m, squads={"home": tuple(f"f{i}" for i in range(9))}, display=("f9", "keeper"), pile=())
    assert M.legal_picks(m, "home") == ["keeper"]  # a tenth field player would leave no place for a keeper
