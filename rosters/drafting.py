"""Player pools and the automatic draft that fills squads within a budget."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from engines import CardError, get_engine
from rosters.models import Player, SquadMember


def load_pool(league, cards: Iterable[Mapping[str, Any]], *, source: str = "") -> list[Player]:
    """Validate every card with the league's engine and add them to its pool.

    All or nothing: one bad card raises a ValidationError naming it, and no card is stored.
    """
    engine = get_engine(league.engine)
    players = []
    for number, card in enumerate(cards, start=1):
        label = card.get("name") or f"card {number}"
        try:
            attributes = engine.validate_card(card)
        except CardError as exc:
            raise ValidationError(f"card {number} ({label}): {exc}") from exc
        try:
            price = int(card.get("price", 0))
        except (TypeError, ValueError):
            price = -1
        if price < 0:
            raise ValidationError(f"card {number} ({label}): price: {card.get('price')!r} is not a whole number >= 0")
        players.append(
            Player(
                league=league,
                name=str(card.get("name") or label)[:100],
                role=attributes.get("role", ""),
                attributes=attributes,
                price=price,
                external_id=f"{source}{card.get('id', number)}"[:50],
            )
        )
    with transaction.atomic():
        return Player.objects.bulk_create(players)


def load_sample_pool(league, *, teams: int, seed: int) -> list[Player]:
    """Load the engine's sample pool, as many times as it takes to fill ``teams`` squads."""
    engine = get_engine(league.engine)
    needed = {role: count * teams for role, count in engine.squad_rules.roles.items()}
    total_needed = engine.squad_rules.size * teams
    loaded: list[Player] = []
    have: Counter[str] = Counter()
    copy = 0
    while copy == 0 or len(loaded) < total_needed or any(have[r] < n for r, n in needed.items()):
        cards = engine.sample_pool(seed + copy)
        loaded += load_pool(league, cards, source=f"sample{seed + copy}:")
        have.update(card.get("role", "") for card in cards)
        copy += 1
        if copy > 50:
            raise ValidationError("the engine's sample pool cannot fill that many squads")
    return loaded


def autodraft(season, *, seed: int | None = None) -> dict[int, list[SquadMember]]:
    """Fill every empty squad of the season from the league's free cards, in snake order.

    Each pick takes the dearest card the team can afford while still being able
    to complete a legal squad with the cheapest cards left, so no team ever
    goes over the league's budget. Ties between equal prices are drawn with
    the seed, so a demo replays.
    """
    league = season.league
    rules = get_engine(league.engine).squad_rules
    rng = random.Random(season.seed if seed is None else seed)
    taken = set(SquadMember.objects.filter(season=season).values_list("player_id", flat=True))
    teams = [t for t in season.teams.order_by("id") if not SquadMember.objects.filter(season=season, team=t).exists()]
    free = [p for p in Player.objects.filter(league=league).order_by("id") if p.id not in taken]
    rng.shuffle(free)
    free.sort(key=lambda p: -p.price)  # stable: equal prices stay in shuffled order
    needs = {t.id: Counter(rules.roles) for t in teams}
    reserves = {t.id: rules.reserves for t in teams}
    budget = {t.id: league.budget for t in teams}
    picks: dict[int, list[Player]] = {t.id: [] for t in teams}

    for round_number in range(rules.size):
        order = teams if round_number % 2 == 0 else teams[::-1]
        for team in order:
            player = _best_affordable(free, needs[team.id], reserves[team.id], budget[team.id])
            if player is None:
                raise ValidationError(
                    {"budget": f"{team} cannot complete a squad within {league.budget} BC from the free cards."}
                )
            free.remove(player)
            if needs[team.id][player.role] > 0:
                needs[team.id][player.role] -= 1
            else:
                reserves[team.id] -= 1
            budget[team.id] -= player.price
            picks[team.id].append(player)

    members = [
        SquadMember(season=season, team_id=team_id, player=player, price=player.price)
        for team_id, players in picks.items()
        for player in players
    ]
    with transaction.atomic():
        SquadMember.objects.bulk_create(members)
    squads: dict[int, list[SquadMember]] = {}
    for member in members:
        squads.setdefault(member.team_id, []).append(member)
    return squads


def _best_affordable(free: list[Player], needs: Counter, reserves: int, budget: int) -> Player | None:
    """The dearest free card that leaves enough coins to finish the squad with the cheapest ones."""
    for candidate in free:  # dearest first
        if candidate.price > budget:
            continue
        if needs[candidate.role] <= 0 and reserves <= 0:
            continue
        rest = needs.copy()
        rest_reserves = reserves
        if rest[candidate.role] > 0:
            rest[candidate.role] -= 1
        else:
            rest_reserves -= 1
        if _cheapest_completion(free, candidate, rest, rest_reserves) <= budget - candidate.price:
            return candidate
    return None


def _cheapest_completion(free: list[Player], exclude: Player, needs: Counter, reserves: int) -> float:
    """Coins needed to fill the remaining slots with the cheapest free cards (inf if impossible)."""
    cost = 0
    remaining = needs.copy()
    spare = reserves
    for player in reversed(free):  # cheapest first
        if player is exclude:
            continue
        if remaining[player.role] > 0:
            remaining[player.role] -= 1
            cost += player.price
        elif spare > 0:
            spare -= 1
            cost += player.price
        if spare == 0 and not +remaining:
            return cost
    return float("inf")


def squad_spent(season, team) -> int:
    return sum(SquadMember.objects.filter(season=season, team=team).values_list("price", flat=True))
