"""The completion check's parts, each on its own and fast: the exact search without the greedy
try in front of it (which answers most cases first), the greedy try's plans, the splits of the
reserve places, and the states the search spends."""

import itertools
import random
from collections import Counter

import pytest

from rosters import drafting
from rosters.drafting import _greedy_witness, _search_witness, _splits, _witness
from tests.rosters.test_drafting_exact import Card, brute_force


def small_cases(seed: int, count: int):
    """Small random drafts (cards of up to three roles, up to three teams, a few coins):
    ``(cards dearest first, needs, reserves, budget)``."""
    rng = random.Random(seed)
    for _ in range(count):
        cards = [Card(rng.choice("fgk"), rng.randint(0, 4)) for _ in range(rng.randint(2, 6))]
        teams = rng.randint(1, 3)
        needs = {t: Counter({"f": rng.randint(0, 1), "g": rng.randint(0, 1)}) for t in range(teams)}
        reserves = {t: rng.randint(0, 1) for t in range(teams)}
        budget = {t: rng.randint(0, 8) for t in range(teams)}
        yield sorted(cards, key=lambda c: -c.price), needs, reserves, budget


def assert_completes(plan, free, needs, reserves, budget) -> None:
    """Every squad filled from the free cards, each card once, within its team's coins."""
    assert set(plan) == set(needs)
    used = [c for mine in plan.values() for c in mine]
    assert len(used) == len(set(map(id, used))) and {id(c) for c in used} <= {id(c) for c in free}
    for t, mine in plan.items():
        assert not needs[t] - Counter(c.role for c in mine), (t, mine)
        assert len(mine) == sum(needs[t].values()) + reserves[t]
        assert sum(c.price for c in mine) <= budget[t]


def test_the_search_alone_finds_a_completion_exactly_when_one_exists():
    found = 0
    for free, needs, reserves, budget in small_cases(30, 160):
        plan = _search_witness(free, needs, reserves, budget)
        assert (plan is not None) == brute_force(free, needs, reserves, budget), (free, needs, reserves, budget)
        if plan is not None:
            found += 1
            assert_completes(plan, free, needs, reserves, budget)
            assert all([c.price for c in mine] == sorted(c.price for c in mine) for mine in plan.values())
    assert 40 < found < 120  # both answers were put to the test


def test_the_greedy_try_only_gives_completions_and_finds_the_plain_ones():
    found = 0
    for free, needs, reserves, budget in small_cases(31, 160):
        plan = _greedy_witness(free, needs, reserves, budget)
        if plan is not None:
            found += 1
            assert_completes(plan, free, needs, reserves, budget)
    assert found > 40
    # coins to spare: in turns, each team takes the cheapest card of a role it needs, and once
    # it needs none, for a reserve place the cheapest card left of any role (b's reserve place
    # takes the goalkeeper at 1 before a's second turn)
    cards = [Card("f", 5), Card("g", 4), Card("f", 3), Card("k", 2), Card("g", 1), Card("f", 0)]
    needs = {"a": Counter({"f": 1, "g": 1}), "b": Counter({"f": 1})}
    plan = _greedy_witness(cards, needs, {"a": 0, "b": 1}, {"a": 20, "b": 20})
    assert plan == {"a": [cards[5], cards[1]], "b": [cards[2], cards[4]]}


def test_the_greedy_turns_go_to_the_fewest_coins_per_open_place_first():
    """The poorer team (per place) takes the one cheap card first, so the greedy try finds the
    completion without the search: with no search states allowed it still answers."""
    cheap, dear = Card("f", 0), Card("f", 3)
    needs = {"rich": Counter({"f": 1}), "poor": Counter({"f": 1})}
    args = ([dear, cheap], needs, {"rich": 0, "poor": 0}, {"rich": 3, "poor": 0})
    assert _greedy_witness(*args) == {"rich": [dear], "poor": [cheap]}
    # two places at 4 coins (2 each) go before one place at 3 coins
    cards = [Card("f", 2), Card("f", 2), Card("f", 1)]
    needs = {"one": Counter({"f": 1}), "two": Counter({"f": 2})}
    plan = _greedy_witness(cards, needs, {"one": 0, "two": 0}, {"one": 3, "two": 4})
    assert plan is not None and [c.price for c in plan["two"]] == [1, 2]
    # a team with no open place takes no turn, and a draft with none is complete at once
    assert _greedy_witness([cheap], {"full": Counter()}, {"full": 0}, {"full": 0}) == {"full": []}


def test_the_greedy_try_gives_up_where_a_team_has_no_card_or_coins_left():
    needs = {"a": Counter({"f": 1}), "b": Counter({"f": 1})}
    assert _greedy_witness([Card("f", 0)], needs, {"a": 0, "b": 0}, {"a": 5, "b": 5}) is None
    assert _greedy_witness([Card("f", 1), Card("f", 1)], needs, {"a": 0, "b": 0}, {"a": 1, "b": 0}) is None
    keeper = Card("g", 0)
    assert _greedy_witness([keeper], {"a": Counter()}, {"a": 1}, {"a": 0}) == {"a": [keeper]}


def test_the_splits_are_every_one_the_cards_and_coins_allow_in_order():
    caps = [2, 1, 3]
    costs = [list(itertools.accumulate(prices, initial=0)) for prices in ([0, 4], [1], [0, 1, 2])]
    for total, purse in itertools.product(range(5), range(8)):
        expected = [
            split
            for split in itertools.product(*(range(cap + 1) for cap in caps))
            if sum(split) == total and sum(cost[x] for cost, x in zip(costs, split, strict=True)) <= purse
        ]
        assert list(_splits(total, caps, costs, purse)) == expected, (total, purse)
    assert list(_splits(0, [], [], 0)) == [()]
    assert list(_splits(1, [], [], 0)) == []
    assert list(_splits(0, [], [], -1)) == []


def test_the_search_counts_its_states_to_the_limit(monkeypatch, caplog):
    """The greedy turns miss this one (the rich team takes a free card first), so the search
    decides: one state for the split and one for each of the three cards placed."""
    cards = [Card("f", 4), Card("f", 0), Card("f", 0)]
    needs = {"broke": Counter({"f": 2}), "rich": Counter({"f": 1})}
    args = (cards, needs, {"broke": 0, "rich": 0}, {"broke": 0, "rich": 4})
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 4)
    assert _witness(*args) is not None
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 3)
    assert _witness(*args) is None
    assert caplog.messages == ["draft completion check stopped after 3 states: answered no completion"]


TWINS = (  # two teams alike: whichever takes the card at 3 cannot pay a second card
    [Card("f", 3), Card("f", 1), Card("f", 1), Card("f", 1)],
    {"a": Counter({"f": 2}), "b": Counter({"f": 2})},
    {"a": 0, "b": 0},
    {"a": 3, "b": 3},
)
RICHEST_FIRST = (  # the richer team takes the goalkeeper; the poorer one's reserve place the rest
    [Card("g", 4), Card("f", 1), Card("f", 0)],
    {"keeper": Counter({"g": 1}), "reserve": Counter()},
    {"keeper": 0, "reserve": 1},
    {"keeper": 6, "reserve": 5},
)
KNOWN_TO_FAIL = (  # no completion (the first team's three cheapest cost 7): a dead state met twice
    [Card("f", 4), Card("f", 4), Card("f", 2), Card("f", 1)],
    {0: Counter({"f": 2}), 1: Counter(), 2: Counter()},
    {0: 1, 1: 1, 2: 0},
    {0: 6, 1: 7, 2: 3},
)

UNPAID_SPLIT = (  # the reserve place cannot take the second goalkeeper: 6 coins, 8 to pay
    [Card("g", 4), Card("g", 4), Card("f", 1)],
    {0: Counter(), 1: Counter({"g": 1})},
    {0: 1, 1: 0},
    {0: 1, 1: 5},
)


@pytest.mark.parametrize(
    ("draft", "states", "found"),
    [(TWINS, 3, False), (RICHEST_FIRST, 3, True), (KNOWN_TO_FAIL, 7, False), (UNPAID_SPLIT, 3, True)],
)
def test_the_search_tries_alike_teams_once_the_richest_first_and_a_failed_state_once(
    monkeypatch, caplog, draft, states, found
):
    """The states each draft takes to decide: one more would be spent by trying the second of
    two teams alike, the poorer team first, a state already known to fail again, or a split of
    the reserve places the teams' coins together cannot pay."""
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", states)
    assert (_search_witness(*draft) is not None) == found
    assert "stopped after" not in caplog.text
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", states - 1)
    assert _search_witness(*draft) is None
    assert caplog.messages == [f"draft completion check stopped after {states - 1} states: answered no completion"]


def test_a_card_the_search_takes_back_frees_the_place_it_filled():
    """The search backs out of placements here before it finds the completion: a card it takes
    back must free the place it filled (a needed place, not a reserve place), or the plan it
    returns leaves team 1 without its goalkeeper."""
    free = [Card("g", 4), Card("f", 3), Card("f", 3), Card("f", 1), Card("f", 1), Card("f", 0), Card("g", 0)]
    needs = {0: Counter({"g": 1}), 1: Counter({"f": 2, "g": 1}), 2: Counter({"f": 1})}
    reserves, budget = {0: 0, 1: 0, 2: 1}, {0: 4, 1: 6, 2: 1}
    plan = _search_witness(free, needs, reserves, budget)
    assert plan is not None
    assert_completes(plan, free, needs, reserves, budget)


def test_the_search_with_no_cards_completes_only_squads_with_no_places_left():
    assert _search_witness([], {"full": Counter()}, {"full": 0}, {"full": 0}) == {"full": []}
    assert _search_witness([], {"open": Counter()}, {"open": 1}, {"open": 5}) is None
