"""Player pools and the automatic draft that fills squads within a budget."""

from __future__ import annotations

import itertools
import logging
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from audit.context import recorded_by_caller
from engines import get_engine
from rosters import ledger
from rosters.models import Player, SquadMember
from rosters.pools import build_player

logger = logging.getLogger(__name__)


def load_pool(league, cards: Iterable[Mapping[str, Any]], *, source: str = "") -> list[Player]:
    """Validate every card with the league's engine and add them to its pool.

    All or nothing: one bad card raises a ValidationError naming it, and no card is stored.
    """
    engine = get_engine(league.engine)
    players = [
        build_player(
            league,
            engine,
            card,
            label=_("card %(number)s (%(card_get_name_or_f_card_number)s)")
            % {"number": number, "card_get_name_or_f_card_number": card.get("name") or f"card {number}"},
            external_id=f"{source}{card.get('id', number)}",
        )
        for number, card in enumerate(cards, start=1)
    ]
    with transaction.atomic():
        return Player.objects.bulk_create(players)


def load_engine_pool(league, engine_key: str, *, seed: int = 1) -> list[Player]:
    """Add the engine's sample pool for ``seed`` to the league's pool; the league must use that engine."""
    if league is None:
        raise ValidationError({"league": _("no such league")})
    if engine_key != league.engine:
        raise ValidationError(
            {
                "engine": _("%(league_name)s plays %(league_engine)s, not %(engine_key)s")
                % {"league_name": league.name, "league_engine": league.engine, "engine_key": engine_key}
            }
        )
    return load_pool(league, get_engine(engine_key).sample_pool(seed), source=f"sample{seed}:")


def load_sample_pool(league, *, teams: int, seed: int) -> list[Player]:
    """Load the engine's sample pool, as many times as it takes for the automatic
    draft to fill ``teams`` squads within the league's budget."""
    engine = get_engine(league.engine)
    rules = league.squad_rules
    needs = {team: Counter(rules.roles) for team in range(teams)}
    reserves = dict.fromkeys(range(teams), rules.reserves)
    budget = dict.fromkeys(range(teams), league.budget)
    loaded: list[Player] = []
    for copy in range(20):
        loaded += load_pool(league, engine.sample_pool(seed + copy), source=f"sample{seed + copy}:")
        dearest_first = sorted(loaded, key=lambda p: -p.price)
        if _witness(dearest_first, needs, reserves, budget) is not None:
            return loaded
    raise ValidationError(
        {
            "budget": _("the sample pool cannot fill %(teams)s squads within %(league_budget)s BC each")
            % {"teams": teams, "league_budget": league.budget}
        }
    )


def autodraft(season, *, seed: int | None = None) -> dict[int, list[SquadMember]]:
    """Fill the open places of every squad of the season (all of an empty squad's; a card kept
    from last season holds its place) from the league's free cards, in snake order.

    Each pick takes the dearest card that still leaves a way to complete every
    squad within every team's coins (its ledger balance, the league's budget on a
    new season; see ``_pick``), so no team goes over the budget and no late pick
    is stranded. Every pick is charged to the team's BootCoin ledger. Ties
    between equal prices are drawn with the seed, so a demo replays.
    """
    league = season.league
    rules = league.squad_rules
    rng = random.Random(season.seed if seed is None else seed)
    held: dict[int, list[Player]] = {}
    for member in SquadMember.objects.filter(season=season).select_related("player"):
        held.setdefault(member.team_id, []).append(member.player)
    taken = {p.id for squad in held.values() for p in squad}
    places = {t.id: open_places(rules, held.get(t.id, [])) for t in season.teams.all()}
    teams = [t for t in season.teams.order_by("id") if _open_count(*places[t.id])]
    free = [p for p in Player.objects.filter(league=league).order_by("id") if p.id not in taken]
    rng.shuffle(free)
    free.sort(key=lambda p: -p.price)  # stable: equal prices stay in shuffled order
    needs = {t.id: places[t.id][0] for t in teams}
    reserves = {t.id: places[t.id][1] for t in teams}
    budget = ledger.balances(season, [t.id for t in teams])
    picks: dict[int, list[Player]] = {t.id: [] for t in teams}

    plan = _witness(free, needs, reserves, budget)
    if plan is None:
        raise ValidationError(
            {
                "budget": _("the free cards cannot fill %(count)s squads within %(league_budget)s BC")
                % {"count": len(teams), "league_budget": league.budget}
            }
        )
    for round_number in range(rules.size):
        order = teams if round_number % 2 == 0 else teams[::-1]
        for team in order:
            if not _open_count(needs[team.id], reserves[team.id]):
                continue
            player, plan = _pick(team.id, free, needs, reserves, budget, plan)
            free.remove(player)
            _take(team.id, player, needs, reserves, budget)
            picks[team.id].append(player)

    members = [
        SquadMember(season=season, team_id=team_id, player=player, price=player.price)
        for team_id, players in picks.items()
        for player in players
    ]
    note = f"automatic draft of {season}"
    squads: dict[int, list[SquadMember]] = {}
    for member in members:
        squads.setdefault(member.team_id, []).append(member)
    with transaction.atomic():
        SquadMember.objects.bulk_create(members)
        with recorded_by_caller():  # each team's entry below says what it spent
            ledger.post(
                season, [ledger.Posting(m.team_id, -m.price, ledger.Reason.DRAFT_PICK, m.player, note) for m in members]
            )
        audit.record_all(
            audit.entry(
                "squad.autodrafted",
                season,
                after={"players": [m.player_id for m in squad], "spent": sum(m.price for m in squad)},
                season=season.id,
                team=team_id,
            )
            for team_id, squad in squads.items()
        )
    return squads


def _open_count(needs: Counter, reserves: int) -> int:
    """The places a squad has left: cards it needs per role, and reserve places."""
    return sum(n for n in needs.values() if n > 0) + max(reserves, 0)


def _take(team_id, player: Player, needs, reserves, budget) -> None:
    if needs[team_id][player.role] > 0:
        needs[team_id][player.role] -= 1
    else:
        reserves[team_id] -= 1
    budget[team_id] -= player.price


def _pick(team_id, free: list[Player], needs, reserves, budget, plan):
    """The dearest free card the team may take so that every squad can still be completed.

    ``plan`` is a witness that the squads can be completed: the cards each team
    would take if from now on all took the cheapest. A dearer card is taken
    only if a new witness exists after it; otherwise the team takes its next
    card of the plan, which keeps the plan valid. Returns the card and the plan.
    """
    planned = plan[team_id][0]
    for candidate in free:  # dearest first
        if candidate is planned:
            break
        if candidate.price > budget[team_id]:
            continue
        if needs[team_id][candidate.role] <= 0 and reserves[team_id] <= 0:
            continue
        trial_plan = witness_after(team_id, candidate, free, needs, reserves, budget)
        if trial_plan is not None:
            return candidate, trial_plan
    return planned, {**plan, team_id: plan[team_id][1:]}


def witness_after(team_id, candidate: Player, free: list[Player], needs, reserves, budget):
    """The witness (see ``_witness``) once the team has taken ``candidate``, or None if there is none."""
    trial_needs = {**needs, team_id: needs[team_id].copy()}
    trial_reserves, trial_budget = dict(reserves), dict(budget)
    _take(team_id, candidate, trial_needs, trial_reserves, trial_budget)
    return _witness([p for p in free if p is not candidate], trial_needs, trial_reserves, trial_budget)


def open_places(rules, squad: Iterable[Player]) -> tuple[Counter, int]:
    """What a squad still needs: cards per role, and reserve places for any role."""
    needs, reserves, coins = {0: Counter(rules.roles)}, {0: rules.reserves}, {0: 0}
    for player in squad:
        _take(0, player, needs, reserves, coins)
    return needs[0], reserves[0]


def best_pick(team_id, free: list[Player], needs, reserves, budget) -> Player | None:
    """The automatic draft's choice for one team: the dearest free card that keeps every
    squad completable (``free`` dearest first), or None if the squads cannot be completed."""
    plan = _witness(free, needs, reserves, budget)
    if plan is None or not plan[team_id]:
        return None
    return _pick(team_id, free, needs, reserves, budget, plan)[0]


def _witness(free: list[Player], needs, reserves, budget) -> dict[int, list[Player]] | None:
    """One way to finish every squad with the cards left within every team's coins, or None
    when there is none: exact, so a draft is never stopped while the cards allow it.

    A quick greedy try first (``_greedy_witness``); when it finds nothing, a search that
    backtracks (``_search_witness``) decides.
    """
    return _greedy_witness(free, needs, reserves, budget) or _search_witness(free, needs, reserves, budget)


def _greedy_witness(free: list[Player], needs, reserves, budget) -> dict[int, list[Player]] | None:
    """Teams take turns, the one with the fewest coins per open slot first, each taking the
    cheapest card of a role it still needs. Fast, but it can miss a way that exists."""
    by_role: dict[str, list[Player]] = {}
    for player in reversed(free):  # cheapest first
        by_role.setdefault(player.role, []).append(player)
    next_of = dict.fromkeys(by_role, 0)
    rest = {t: +needs[t] for t in needs}
    spare, coins = dict(reserves), dict(budget)
    plan: dict[int, list[Player]] = {t: [] for t in needs}

    def open_slots(t) -> int:
        return sum(rest[t].values()) + spare[t]

    waiting = [t for t in needs if open_slots(t)]
    while waiting:
        waiting.sort(key=lambda t: coins[t] / open_slots(t))
        for t in list(waiting):
            roles = [r for r, n in rest[t].items() if n > 0] or (list(by_role) if spare[t] else [])
            heads = [by_role[r][next_of[r]] for r in roles if next_of.get(r, 0) < len(by_role.get(r, ()))]
            if not heads:
                return None
            card = min(heads, key=lambda p: p.price)
            next_of[card.role] += 1
            if rest[t][card.role] > 0:
                rest[t][card.role] -= 1
            else:
                spare[t] -= 1
            coins[t] -= card.price
            if coins[t] < 0:
                return None
            plan[t].append(card)
            if not open_slots(t):
                waiting.remove(t)
    return plan


#: The most search states the exact check visits (all splits together) before it answers
#: "no completion found", as the greedy check alone did: it runs under the draft's row lock,
#: on the request path, and a search that backtracks is exponential at worst.
SEARCH_LIMIT = 200_000


class _SearchTooLong(Exception):
    pass


def _search_witness(free: list[Player], needs, reserves, budget) -> dict[int, list[Player]] | None:
    """The exact check: a search that backtracks (up to ``SEARCH_LIMIT`` states).

    Within a role a completion can always use the cheapest cards (swapping a dearer card for
    a cheaper unused one of the same role only saves coins), so the cards to place are fixed
    once it is known how many of each role the reserve places take (each split the cards can
    fill and the coins of all teams together can pay is tried). They are placed dearest first,
    each with a team that has a place for its role and the coins; teams in the same state are
    tried once, a state known to fail is not searched again, and a branch stops as soon as some
    team could not pay for the cheapest cards of the roles it still needs, or the cards left of
    a role are fewer than the places that need that role.
    """
    teams = list(needs)
    by_role: dict[str, list[Player]] = {}
    for player in sorted(free, key=lambda p: p.price):
        by_role.setdefault(player.role, []).append(player)
    roles = sorted(set(by_role) | {r for t in teams for r, n in needs[t].items() if n > 0})
    wanted = [sum(needs[t].get(r, 0) for t in teams) for r in roles]
    spare_total = sum(reserves[t] for t in teams)
    room = [len(by_role.get(r, ())) - w for r, w in zip(roles, wanted, strict=True)]
    if min(room, default=0) < 0:
        return None
    # What x more cards of each role than the needs cost at least (its cheapest): a split the
    # teams' coins together cannot pay is not tried.
    extra_costs, purse = [], sum(budget[t] for t in teams)
    for r, w in zip(roles, wanted, strict=True):
        prices = [p.price for p in by_role.get(r, ())]
        extra_costs.append(list(itertools.accumulate(prices[w:], initial=0)))
        purse -= sum(prices[:w])
    visits = [SEARCH_LIMIT]
    try:
        for extra in _splits(spare_total, room, extra_costs, purse):
            visits[0] -= 1
            counts = [w + x for w, x in zip(wanted, extra, strict=True)]
            chosen = [by_role[r][:c] for r, c in zip(roles, counts, strict=True) if c]
            plan = _place(chosen, roles, needs, reserves, budget, visits)
            if plan is not None:
                return plan
    except _SearchTooLong:
        logger.warning("draft completion check stopped after %s states: answered no completion", SEARCH_LIMIT)
    return None


def _splits(total: int, caps: list[int], costs: list[list[int]], purse: int):
    """Every way to write ``total`` as whole numbers from 0, the i-th at most ``caps[i]``, in
    order, whose cost (``costs[i][x]`` for x in the i-th place) is at most ``purse``.

    Only splits the cards can fill and the coins pay: with many reserve places all splits run to
    millions (20 teams of 5 reserves over 5 roles: 4.6 million), each a state of the search.
    """
    if purse < 0:
        return
    if len(caps) <= 1:
        if total <= sum(caps) and (not caps or costs[0][total] <= purse):
            yield (total,) * len(caps)
        return
    least = max(0, total - sum(caps[1:]))
    for first in range(least, min(total, caps[0]) + 1):
        if costs[0][first] > purse:  # prices are never negative: more of this role costs more
            break
        for rest in _splits(total - first, caps[1:], costs[1:], purse - costs[0][first]):
            yield (first, *rest)


def _place(
    chosen: list[list[Player]], roles, needs, reserves, budget, visits: list[int]
) -> dict[int, list[Player]] | None:
    """Give every chosen card (cheapest first per role) to a team within its coins, or None.
    ``visits`` holds the states left to visit; at none ``_SearchTooLong`` ends the search."""
    teams = list(needs)
    role_of = {r: i for i, r in enumerate(roles)}
    cards = sorted((p for group in chosen for p in group), key=lambda p: -p.price)
    # The cheapest cards of each role still to place are the tail of its list: suffix sums.
    by_role = [[] for _ in roles]
    for group in chosen:
        by_role[role_of[group[0].role]] = [p.price for p in group]
    tails = [[0] for _ in roles]
    for r, prices in enumerate(by_role):
        for price in prices:  # cheapest first
            tails[r].append(tails[r][-1] + price)
    # The cards of each role from a position on: a branch whose reserve places took cards its
    # teams' needs of that role still want is dead, however the rest is placed.
    left = [[0] * len(roles)]
    for card in reversed(cards):
        left.append(left[-1].copy())
        left[-1][role_of[card.role]] += 1
    left.reverse()
    need = {t: [needs[t].get(r, 0) for r in roles] for t in teams}
    spare, coins = dict(reserves), dict(budget)
    if sum(coins.values()) < sum(p.price for p in cards):
        return None
    plan: dict[int, list[Player]] = {t: [] for t in teams}
    failed: set = set()

    def affordable(position: int) -> bool:
        for r, cards_left in enumerate(left[position]):
            if sum(need[t][r] for t in teams) > cards_left:
                return False
        for t in teams:
            least = sum(tails[r][n] for r, n in enumerate(need[t]) if n)
            if least > coins[t]:
                return False
        return True

    def take(t: int, card: Player) -> bool:
        r = role_of[card.role]
        from_need = need[t][r] > 0
        if from_need:
            need[t][r] -= 1
        else:
            spare[t] -= 1
        coins[t] -= card.price
        plan[t].append(card)
        return from_need

    def give_back(t: int, card: Player, from_need: bool) -> None:
        r = role_of[card.role]
        plan[t].pop()
        coins[t] += card.price
        if from_need:
            need[t][r] += 1
        else:
            spare[t] += 1

    def options(position: int) -> list[int] | None:
        """The teams to try for the card at ``position`` (one per state), or None if the branch fails."""
        visits[0] -= 1
        if visits[0] < 0:
            raise _SearchTooLong
        if not affordable(position):
            return None
        key = (position, tuple(sorted((tuple(need[t]), spare[t], coins[t]) for t in teams)))
        if key in failed:
            return None
        failed.add(key)  # met again only once its own search is over; a completion ends the search
        card = cards[position]
        r = role_of[card.role]
        takers, shapes = [], set()
        for t in sorted(teams, key=lambda t: -coins[t]):
            shape = (tuple(need[t]), spare[t], coins[t])
            if (need[t][r] or spare[t]) and card.price <= coins[t] and shape not in shapes:
                shapes.add(shape)
                takers.append(t)
        return takers

    def search() -> bool:
        """Depth first, with a stack of its own (a draft of many teams goes deeper than Python's
        recursion): each level is a card and the teams still to try for it."""
        if not cards:
            return True
        first = options(0)
        stack = [[first or [], None, None]]  # teams left to try, the team holding the card, from_need
        while stack:
            level = stack[-1]
            position = len(stack) - 1
            if level[1] is not None:
                give_back(level[1], cards[position], level[2])
                level[1] = None
            if not level[0]:
                stack.pop()
                continue
            t = level[0].pop(0)
            level[1], level[2] = t, take(t, cards[position])
            if position + 1 == len(cards):
                return True
            stack.append([options(position + 1) or [], None, None])
        return False

    if not search():
        return None
    return {t: sorted(cards_of, key=lambda p: p.price) for t, cards_of in plan.items()}
