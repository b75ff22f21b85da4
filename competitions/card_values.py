"""Card values in the draft room: how a free card would change a team's strength, from the engine.

Strength is draft parity's (``competitions.parity``): expected points a match against the league.
During a draft the squads are not complete and the engines play only complete squads, so both
sides are completed from the league's pool, which does not change while the draft runs:

- *The opponent* is the league's average squad: for each role of the game's squad rules, the
  cards whose prices are nearest the median price of that role's cards in the pool (reserve
  places from the whole pool alike).
- *The team* is its squad as it stands, with every role it still needs filled by the
  replacement card: the cheapest card of that role in the pool (the card anyone can still get),
  and its reserve places by the cheapest card of the pool.

A card's *strength* is the team's expected points a match with the card in one of those places
(a reserve place, when its role is full); its *gain* is that minus the team's strength without
it (the place left to the replacement card): the expected points a match the card adds over the
cheapest card of its role. The gain per BootCoin of its price (a free card counts as 1 BC) is
the "EP/BC" of the room and of the clock's autopick by value.

Each figure is ``CARD_VALUE_SAMPLES`` matches, half at home and half away, with the same seeds
for every card and for the team without one (common random numbers: the difference between two
sheets that differ in one card is far less noisy than either), so the gain's standard error is
that of the paired differences. Seeds are in the previews' range (above every match seed).

Each completed sheet's points are cached under a digest of the engine and its version, the
settings, the league's points, both sheets (their cards' attributes, in a canonical order with
ids given by position: who the cards are does not matter to the engine) and the samples, so a
card measured for one squad is reused by any team with the same squad, on any pick, until the
engine's version changes. The values are stored for the draft room and the clock in
``rosters.CardValue`` with the squad they were measured for (a worker's task, ``CARD_VALUES_TASK``,
after each pick; ``manage.py card_values``)."""

from __future__ import annotations

import hashlib
import json
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from competitions.previews import PREVIEW_CACHE_SECONDS, SEED_FLOOR
from engines import Engine, MatchOptions, TeamSheet, get_engine
from engines.core import SquadRules
from engines.sheets import FrozenTeamSheet
from leagues.models import League
from rosters.drafting import open_places
from rosters.drafts.state import board_for
from rosters.drafts.values import squad_key, team_squad_key
from rosters.models import CardValue, Draft, Player, SquadMember

#: Matches per figure (half home, half away). The points of one match vary by about 1.3 (3, 1,
#: 0 for a win, a draw, a loss), so one strength alone has a standard error near 0.16; paired
#: with the same seeds, a card's gain has a fraction of that (its own ``stderr`` says how much).
CARD_VALUE_SAMPLES = 64


@dataclass(frozen=True)
class Measured:
    """One card's figures for one squad."""

    player_id: int
    strength: float
    gain: float
    stderr: float


@dataclass(frozen=True)
class TeamValues:
    """A team's strength without a new card (``base``) and each free card's figures."""

    team_id: int
    squad: str
    base: float
    samples: int
    engine_version: str
    cards: tuple[Measured, ...]


def role_median_cards(pool: list[Player], count: int, median_of: list[Player]) -> list[Player]:
    """``count`` cards of ``pool`` whose prices are nearest the median price of ``median_of``
    (ties: the lower price, then the lower id), repeated if the pool has fewer."""
    if not pool or count <= 0:
        return []
    median = statistics.median(p.price for p in median_of)
    ranked = sorted(pool, key=lambda p: (abs(p.price - median), p.price, p.pk))
    return [ranked[i % len(ranked)] for i in range(count)]


def average_squad(rules: SquadRules, pool: list[Player]) -> list[Player]:
    """The league's average squad: each role's places from the cards priced nearest its median."""
    cards: list[Player] = []
    for role, count in sorted(rules.roles.items()):
        of_role = [p for p in pool if p.role == role]
        cards += role_median_cards(of_role, count, of_role)
    rest = [p for p in pool if p not in cards]
    return cards + role_median_cards(rest, rules.reserves, pool)


def replacement_cards(pool: list[Player]) -> dict[str, Player]:
    """Per role, the cheapest card of the pool (the lower id among equals)."""
    cheapest: dict[str, Player] = {}
    for player in sorted(pool, key=lambda p: (p.price, p.pk)):
        cheapest.setdefault(player.role, player)
    return cheapest


def completed(rules: SquadRules, squad: list[Player], replacement: Mapping[str, Player]) -> list[Player]:
    """The squad with every role it still needs filled by that role's replacement card, and its
    reserve places by the cheapest card of all (some games play only a squad of every place)."""
    needs, reserves = open_places(rules, squad)
    cheapest = min(replacement.values(), key=lambda p: (p.price, p.pk), default=None)
    fill = [replacement[role] for role, count in sorted(needs.items()) if role in replacement for _ in range(count)]
    return squad + fill + ([cheapest] * reserves if cheapest else [])


def canonical_sheet(name: str, cards: Iterable[Player], prefix: str) -> TeamSheet:
    """The sheet of these cards' attributes in a fixed order with ids by position (after
    ``prefix``: ids must differ between the sides), so the same cards make the same sheet (and
    digest) whoever they belong to."""
    ordered = sorted((dict(p.attributes) for p in cards), key=lambda a: json.dumps(a, sort_keys=True))
    players = tuple({**a, "id": f"{prefix}{n}", "name": f"{name} {n}"} for n, a in enumerate(ordered))
    return TeamSheet(name=name, players=players)


def value_seeds(samples: int) -> list[int]:
    """The same seeds for every sheet (common random numbers), in the previews' range."""
    return [
        SEED_FLOOR + int.from_bytes(hashlib.sha256(f"card-value:{i}".encode()).digest()[:8], "big")
        for i in range(samples)
    ]


def sheet_points(
    engine: Engine, options: MatchOptions, league: League, team: TeamSheet, opponent: TeamSheet, samples: int
) -> tuple[float, ...]:
    """The team's points in each of ``samples`` matches against the opponent (even samples at
    home, odd away), from the cache or played and cached."""
    decided_by: dict[str, Any] = {
        "engine": [engine.key, engine.version],
        "settings": dict(options.settings),
        "points": [league.points_win, league.points_draw, league.points_loss],
        "team": team.to_dict(),
        "opponent": opponent.to_dict(),
        "samples": samples,
    }
    text = json.dumps(decided_by, sort_keys=True, separators=(",", ":"), default=str)
    key = "card-value:" + hashlib.sha256(text.encode()).hexdigest()
    points = cache.get(key)
    if points is None:
        home, away = FrozenTeamSheet.coerce(team), FrozenTeamSheet.coerce(opponent)
        played = []
        for index, seed in enumerate(value_seeds(samples)):
            at_home = index % 2 == 0
            result = engine.simulate(*((home, away) if at_home else (away, home)), seed=seed, options=options)
            ours, theirs = (result.home_goals, result.away_goals) if at_home else (result.away_goals, result.home_goals)
            won = league.points_win if ours > theirs else league.points_loss if ours < theirs else league.points_draw
            played.append(float(won))
        points = tuple(played)
        cache.set(key, points, PREVIEW_CACHE_SECONDS)
    return points


def team_card_values(draft: Draft, team_id: int, *, samples: int = CARD_VALUE_SAMPLES) -> TeamValues:
    """Measure every free card the team has a place for (its role still needed, or a reserve
    place left), against the league's average squad; cards of the same attributes once."""
    if samples < 2:
        raise ValueError(f"samples: {samples} is too few to measure a standard error (at least 2)")
    season = draft.season
    league = season.league
    engine = get_engine(league.engine)
    options = MatchOptions(settings=season.match_settings)
    rules = league.squad_rules
    pool = list(Player.objects.filter(league=league).order_by("pk"))
    squad = [m.player for m in SquadMember.objects.filter(season=season, team_id=team_id).select_related("player")]
    free = board_for(draft).free
    replacement = replacement_cards(pool)
    opponent = canonical_sheet("Average", average_squad(rules, pool), "a")
    base = sheet_points(
        engine, options, league, canonical_sheet("Team", completed(rules, squad, replacement), "t"), opponent, samples
    )
    needs, reserves = open_places(rules, squad)
    by_attributes: dict[str, tuple[float, ...]] = {}
    cards = []
    for player in free:
        if needs[player.role] <= 0 and reserves <= 0:
            continue  # no place for it: the room shows why
        digest = json.dumps(player.attributes, sort_keys=True)
        if digest not in by_attributes:
            sheet = canonical_sheet("Team", completed(rules, [*squad, player], replacement), "t")
            by_attributes[digest] = sheet_points(engine, options, league, sheet, opponent, samples)
        points = by_attributes[digest]
        differences = [with_card - without for with_card, without in zip(points, base, strict=True)]
        cards.append(
            Measured(
                player.pk,
                statistics.fmean(points),
                statistics.fmean(differences),
                statistics.stdev(differences) / len(differences) ** 0.5,
            )
        )
    key = squad_key(p.pk for p in squad)
    return TeamValues(team_id, key, statistics.fmean(base), samples, engine.version, tuple(cards))


def card_values_store(draft_id: int, team_id: int, *, samples: int = CARD_VALUE_SAMPLES) -> TeamValues | None:
    """Measure the team's card values and store them (``rosters.CardValue``) in place of its
    older ones; None when the draft is over or the team has nothing left to pick. Values of a
    squad the team no longer holds (a pick made while they were measured) are not stored, so a
    slow task never replaces the values of the squad as it is."""
    draft = Draft.objects.select_related("season__league").get(pk=draft_id)
    if draft.state == Draft.State.DONE or team_id not in draft.order:
        return None
    values = team_card_values(draft, team_id, samples=samples)
    now = timezone.now()
    with transaction.atomic():
        Draft.objects.select_for_update().filter(pk=draft.pk).first()  # picks wait: the squad holds
        if team_squad_key(draft, team_id) != values.squad:
            return None
        CardValue.objects.filter(draft=draft, team_id=team_id).delete()
        CardValue.objects.bulk_create(
            CardValue(
                draft=draft,
                team_id=team_id,
                player_id=card.player_id,
                squad=values.squad,
                strength=card.strength,
                gain=card.gain,
                stderr=card.stderr,
                samples=values.samples,
                engine_version=values.engine_version,
                computed_at=now,
            )
            for card in values.cards
        )
    return values
