"""The one drafting algorithm (the demo's automatic draft, ``autodraft``, the clock's autopick):
it fills the squads whenever the cards allow it."""

import io
import itertools
import random
from collections import Counter
from dataclasses import dataclass

import pytest
from django.core.management import call_command

from ops.demo import TEAM_NAMES
from rosters import drafting
from rosters.drafting import _greedy_witness, _witness, autodraft, load_engine_pool
from rosters.models import SquadMember
from tests.conftest import make_league, make_season


@dataclass(eq=False)
class Card:
    role: str
    price: int


def brute_force(cards, needs, reserves, budget) -> bool:
    """Whether some assignment of the cards completes every squad within its coins (tries them all)."""
    teams = list(needs)
    for owners in itertools.product([None, *teams], repeat=len(cards)):
        ok = True
        for t in teams:
            mine = [c for c, o in zip(cards, owners, strict=True) if o == t]
            over = Counter(c.role for c in mine) - needs[t]
            missing = needs[t] - Counter(c.role for c in mine)
            if missing or sum(over.values()) != reserves[t] or sum(c.price for c in mine) > budget[t]:
                ok = False
                break
        if ok:
            return True
    return False


@pytest.mark.slow
def test_the_witness_is_exact_on_small_pools():
    """Against a search of every assignment: a completion is found exactly when one exists, and
    it is one (every place filled with a card of its role, each card once, within the coins)."""
    rng = random.Random(25)
    found = 0
    for _ in range(300):
        cards = [Card(rng.choice("fg"), rng.randint(0, 4)) for _ in range(rng.randint(3, 7))]
        teams = rng.randint(1, 3)
        needs = {t: Counter({"f": rng.randint(0, 2), "g": rng.randint(0, 1)}) for t in range(teams)}
        reserves = {t: rng.randint(0, 1) for t in range(teams)}
        budget = {t: rng.randint(0, 6) for t in range(teams)}
        free = sorted(cards, key=lambda c: -c.price)
        plan = _witness(free, needs, reserves, budget)
        assert (plan is not None) == brute_force(cards, needs, reserves, budget), (cards, needs, reserves, budget)
        if plan is not None:
            found += 1
            used = [c for t in plan for c in plan[t]]
            assert len(used) == len(set(map(id, used)))
            for t, mine in plan.items():
                assert not needs[t] - Counter(c.role for c in mine)
                assert len(mine) == sum(needs[t].values()) + reserves[t]
                assert sum(c.price for c in mine) <= budget[t]
    assert 30 < found < 270  # both answers were put to the test


def test_a_completion_the_greedy_turns_miss_is_found():
    """Taking turns, the rich team takes the second free card the broke team needed."""
    cards = [Card("f", 4), Card("f", 0), Card("f", 0)]
    needs = {"broke": Counter({"f": 2}), "rich": Counter({"f": 1})}
    plan = _witness(cards, needs, {"broke": 0, "rich": 0}, {"broke": 0, "rich": 4})
    assert plan is not None
    assert [c.price for c in plan["broke"]] == [0, 0] and [c.price for c in plan["rich"]] == [4]


def test_the_search_stops_at_its_limit_and_answers_no_completion(monkeypatch, caplog):
    """It runs under the draft's lock on the request path: past SEARCH_LIMIT states it answers as
    the greedy check alone did (no completion found), and says so in the log."""
    cards = [Card("f", 4), Card("f", 0), Card("f", 0)]
    needs = {"broke": Counter({"f": 2}), "rich": Counter({"f": 1})}
    args = (cards, needs, {"broke": 0, "rich": 0}, {"broke": 0, "rich": 4})
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 2)
    assert _witness(*args) is None and "stopped after 2 states" in caplog.text
    monkeypatch.setattr(drafting, "SEARCH_LIMIT", 200)
    assert _witness(*args) is not None


def test_a_draft_deeper_than_pythons_recursion_is_searched():
    """Fifty teams of 25 places: the search keeps its own stack."""
    cards = [Card("f", 4), Card("f", 0), Card("f", 0)] + [Card("f", 1) for _ in range(50 * 25)]
    needs = {"broke": Counter({"f": 2}), "rich": Counter({"f": 1})} | {n: Counter({"f": 25}) for n in range(50)}
    budget = {"broke": 0, "rich": 4} | dict.fromkeys(range(50), 25)
    free = sorted(cards, key=lambda c: -c.price)
    assert _greedy_witness(free, needs, dict.fromkeys(needs, 0), budget) is None  # so the search decides
    plan = _witness(free, needs, dict.fromkeys(needs, 0), budget)
    assert plan is not None and [c.price for c in plan["broke"]] == [0, 0]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_autodraft_fills_eight_futti_squads_wherever_the_demo_does(db, seed):
    """One sample pool (``load_pool futti --seed N``) per league; before the witness was exact the
    ``autodraft`` command stopped on every seed: "... would leave another team unable to complete
    its squad"."""
    demo, command = make_league(f"Demo {seed}"), make_league(f"Command {seed}")
    seasons = []
    for league in (demo, command):
        seasons.append(make_season(league, TEAM_NAMES[:8], seed=seed))
        load_engine_pool(league, "futti", seed=seed)
    autodraft(seasons[0])
    assert SquadMember.objects.filter(season=seasons[0]).count() == 64
    call_command("autodraft", str(seasons[1].id), stdout=io.StringIO())
    assert SquadMember.objects.filter(season=seasons[1]).count() == 64
