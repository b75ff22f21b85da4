"""The exact completion check answers in few states where it used to run to its limit
(a calciotto demo of 20 teams took over five minutes, each check stopping at 200,000 states)."""

from collections import Counter
from dataclasses import dataclass

import pytest

from ops.demo import demo_season_create
from rosters import drafting
from rosters.drafting import _search_witness
from rosters.models import SquadMember


@dataclass(eq=False)
class Card:
    role: str
    price: int


def cards(counts: dict[tuple[str, int], int]) -> list[Card]:
    free = [Card(role, price) for (role, price), n in counts.items() for _ in range(n)]
    return sorted(free, key=lambda c: -c.price)


def test_a_reserve_place_does_not_take_a_card_a_need_still_wants(monkeypatch):
    """Twelve calciotto squads late in a draft: 41 free cards for 41 places, all free of charge,
    so only the roles decide. The search used to hand wing-backs to reserve places and backtrack
    for 200,000 states, answering "no completion"; the role count prunes such a branch at once."""
    free = cards({("A", 0): 10, ("C", 0): 10, ("D", 0): 8, ("P", 0): 7, ("T", 0): 6})
    squads = [  # roles still needed, reserve places, coins
        ({"T": 1, "C": 1}, 2, 2), ({"D": 2}, 2, 2), ({}, 4, 2), ({}, 4, 2), ({"P": 1, "T": 1}, 2, 1),
        ({"P": 1}, 2, 1), ({"A": 1}, 2, 1), ({"T": 2, "C": 1}, 0, 1), ({"P": 1}, 2, 2),
        ({"D": 1, "T": 1}, 1, 2), ({"C": 2}, 1, 2), ({"D": 2, "T": 1}, 0, 1),
    ]  # fmt: skip
    needs = {t: Counter(roles) for t, (roles, _, _) in enumerate(squads)}
    reserves = {t: spare for t, (_, spare, _) in enumerate(squads)}
    budget = {t: coins for t, (_, _, coins) in enumerate(squads)}
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 100)
    plan = _search_witness(free, needs, reserves, budget)
    assert plan is not None
    for t, mine in plan.items():
        assert not needs[t] - Counter(c.role for c in mine)
        assert len(mine) == sum(needs[t].values()) + reserves[t]


def test_splits_the_cards_or_coins_cannot_fill_cost_no_states(monkeypatch):
    """Forty reserve places over five roles split 135,751 ways; with no coins only the free
    cards count, and they fill one split. The others used to cost a state each."""
    free = cards({(role, price): 8 if price == 0 else 40 for role in "ABCDE" for price in (0, 1)})
    needs = {t: Counter() for t in range(4)}
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 100)
    plan = _search_witness(free, needs, dict.fromkeys(needs, 10), dict.fromkeys(needs, 0))
    assert plan is not None
    assert all(len(mine) == 10 and not any(c.price for c in mine) for mine in plan.values())


@pytest.mark.django_db
def test_a_calciotto_demo_of_twenty_teams_drafts_without_long_searches(monkeypatch, caplog):
    """No completion check of the whole draft needs more than 1,000 states (it took 200,000 and
    gave up, many times), and every squad is full within the budget."""
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 1_000)
    season = demo_season_create(engine="calciotto", teams=20, seed=1, double=True)
    assert "stopped after" not in caplog.text
    members = SquadMember.objects.filter(season=season)
    per_team = Counter(m.team_id for m in members)
    spent = Counter()
    for m in members:
        spent[m.team_id] += m.price
    assert len(per_team) == 20 and set(per_team.values()) == {season.league.squad_rules.size}
    assert max(spent.values()) <= season.league.budget
