"""The Mutant Soccer engine object: card validation, the sample pool, team sheets, simulate."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engines.core import CardError, DecidedBy, Dice, Engine, MatchOptions, MatchResult, SquadRules, TeamSheet
from engines.mutant import cards as C
from engines.mutant import coach, market
from engines.mutant import tactics as T
from engines.mutant.events import VOCABULARY
from engines.mutant.match import SHOOTOUT_ROUNDS, SUDDEN_DEATH_TURNS, TURN_CAP, Match, Player, Team
from engines.mutant.schema import MAX_EXTRA_CARDS, SETTINGS_SCHEMA, TACTICS_SCHEMA
from engines.mutant.sheet import CARD_FACE, SHEET, TABLE_ENTRY
from engines.mutant.styles import CAREFUL, STYLES
from engines.published import Clock
from engines.sheets import refuse_shared_players

_RATINGS = ("attack", "defence", "mutant_attack", "mutant_defence")
_ATTRIBUTES = ("role", *_RATINGS, "trigger", "power")
_IGNORED = ("id", "name", "price")
_KNOWN_KEYS = frozenset(_ATTRIBUTES) | frozenset(_IGNORED)
#: One period of turns (``turn_cap``); with a winner required sudden death, then the shoot-out.
CLOCK = Clock(
    regulation=TURN_CAP,
    periods=1,
    unit="turn",
    extra="sudden_death",
    extra_minutes=SUDDEN_DEATH_TURNS,
    shootout_kicks=SHOOTOUT_ROUNDS,
    decided_by=("regulation", "sudden_death", "penalties"),
    length_setting="turn_cap",
)


def _whole_number(field: str, value: Any) -> int:
    if isinstance(value, bool):
        raise CardError(f"{field}: {value!r} is not a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    raise CardError(f"{field}: {value!r} is not a whole number")


_validated: dict[tuple[Any, ...], dict[str, Any]] = {}


def validate_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """The card's game attributes, normalised; CardError names the field, value and what is allowed."""
    return dict(_known_card(data))


def _known_card(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``validate_card`` without the copy, for a match that only reads it.

    Valid cards are remembered by their attributes: a league plays the same cards
    every match, and checking them again cost a tenth of a simulation.
    """
    try:
        if not _KNOWN_KEYS.issuperset(data):
            return _check_card(data)  # raises: an unknown field
        key = tuple(map(data.get, _ATTRIBUTES))
        known = _validated.get(key)
    except (AttributeError, TypeError):
        return _check_card(data)
    if known is None:
        known = _check_card(data)
        if len(_validated) < 10_000:
            _validated[key] = known
    return known


def _check_card(data: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise CardError(f"card: expected an object with {', '.join(_ATTRIBUTES)}")
    unknown = sorted(set(data) - set(_ATTRIBUTES) - set(_IGNORED))
    if unknown:
        raise CardError(f"{unknown[0]}: unknown field; a Mutant Soccer card has {', '.join(_ATTRIBUTES)}")
    for field in _ATTRIBUTES:
        if field not in data:
            raise CardError(f"{field}: missing; a Mutant Soccer card has {', '.join(_ATTRIBUTES)}")
    role = str(data["role"]).strip().lower()
    if role not in C.ROLES:
        raise CardError(f"role: {data['role']!r} is not a role; allowed: {', '.join(C.ROLES)}")
    card: dict[str, Any] = {"role": role}
    for field in _RATINGS:
        value = _whole_number(field, data[field])
        if not C.MIN_RATING <= value <= C.MAX_RATING:
            raise CardError(f"{field}: {value} is out of range; allowed {C.MIN_RATING}-{C.MAX_RATING}")
        card[field] = value
    trigger = str(data["trigger"]).strip().lower()
    if trigger not in C.TRIGGERS:
        raise CardError(f"trigger: {data['trigger']!r} is not a trigger; allowed: {', '.join(C.TRIGGERS)}")
    power = str(data["power"]).strip().lower()
    if power not in C.POWERS:
        raise CardError(f"power: {data['power']!r} is not a mutant power; allowed: {', '.join(C.POWERS)}")
    fitting = C.POWER_TRIGGERS.get(power)
    if fitting is not None and trigger not in fitting:
        raise CardError(f"trigger: {trigger!r} cannot fire power {power!r}; allowed: {', '.join(sorted(fitting))}")
    card["trigger"] = trigger
    card["power"] = power
    return card


def _sheet_extras(sheet: TeamSheet | Mapping[str, Any]) -> dict[str, Any]:
    """Coach, extra tactical cards, style and starters: top-level keys of a dict sheet or its lineup."""
    extras: dict[str, Any] = {}
    if isinstance(sheet, Mapping):
        extras.update({k: sheet[k] for k in ("coach", "extra_tactical_cards", "style") if k in sheet})
        lineup = sheet.get("lineup")
    else:
        lineup = sheet.lineup
    if isinstance(lineup, Mapping):
        extras.update(lineup)
    return extras


def build_team(side: int, sheet: TeamSheet, extras: Mapping[str, Any], coach_key: str, style: str) -> Team:
    """Validate a sheet and turn it into a Team with starters, keeper and bench."""
    label = "home" if side == 0 else "away"
    players: list[Player] = []
    for index, raw in enumerate(sheet.players):
        try:
            card = _known_card(raw)
        except CardError as exc:
            raise CardError(f"{label} team, player {raw.get('id')!r} (#{index + 1}): {exc}") from None
        players.append(Player({**card, "id": str(raw["id"]), "name": raw.get("name") or raw["id"]}, side))
    keepers = [p for p in players if p.keeper_card]
    field = [p for p in players if not p.keeper_card]
    if len(field) < 5 or not keepers:
        raise CardError(
            f"{label} team: {len(field)} field players and {len(keepers)} goalkeepers; "
            "a team needs 5 field players and 1 goalkeeper"
        )
    if len(players) > market.MAX_SQUAD:
        raise CardError(f"{label} team: {len(players)} cards; at most {market.MAX_SQUAD} (6 + substitutes)")
    starters_ids = extras.get("starters")
    if starters_ids is not None and not isinstance(starters_ids, list | tuple):
        raise CardError(f"{label} team lineup 'starters': {starters_ids!r}; expected a list of 6 player ids")
    if starters_ids:
        by_id = {p.id: p for p in players}
        missing = [i for i in starters_ids if str(i) not in by_id]
        named = [str(i) for i in starters_ids]
        twice = sorted({i for i in named if named.count(i) > 1})
        if twice:
            raise CardError(f"{label} team lineup 'starters': player {twice[0]!r} is named twice")
        if missing:
            raise CardError(f"{label} team lineup 'starters': unknown player id {missing[0]!r}")
        chosen = [by_id[str(i)] for i in starters_ids]
        starters = [p for p in chosen if not p.keeper_card]
        keeper_list = [p for p in chosen if p.keeper_card]
        if len(starters) != 5 or len(keeper_list) != 1:
            raise CardError(f"{label} team lineup 'starters': needs 5 field players and 1 goalkeeper")
        keeper = keeper_list[0]
    else:
        starters = sorted(field, key=lambda p: -p.side_value(False))[:5]
        keeper = max(keepers, key=lambda p: p.defence)
    bench = [p for p in players if p is not keeper and p not in starters]
    extra = _whole_number(f"{label} team 'extra_tactical_cards'", extras.get("extra_tactical_cards", 0))
    if not 0 <= extra <= MAX_EXTRA_CARDS:
        raise CardError(f"{label} team 'extra_tactical_cards': {extra}; allowed 0-{MAX_EXTRA_CARDS}")
    refuse_over_budget(label, sheet, extra)
    team = Team(side, sheet.name, starters, keeper, bench, coach_key, style, extra)
    team.players = players
    return team


def sheet_cost(label: str, sheet: TeamSheet, extra_cards: int) -> tuple[int, int]:
    """What a sheet spends of the budget: its cards' prices (a card without a price counts 0 BC:
    a league charges its squads through its own ledger) and its extra tactical cards."""
    prices = 0
    for raw in sheet.players:
        price = raw.get("price", 0)
        value = 0 if price in (None, "") else _whole_number(f"{label} team, player {raw.get('id')!r} 'price'", price)
        if value < 0:
            raise CardError(f"{label} team, player {raw.get('id')!r} 'price': {value} BC; a price is 0 BC or more")
        prices += value
    return prices, extra_cards * T.TACTICAL_CARD_PRICE


def refuse_over_budget(label: str, sheet: TeamSheet, extra_cards: int) -> None:
    """The rule book: "Your budget is 15 BC ... If you do not spend all your BCs, you can
    purchase extra tactical cards (2 BC = 1 Tactical card)". A sheet whose cards and extra
    tactical cards cost more is refused, naming the team and the cost."""
    cards, tactical = sheet_cost(label, sheet, extra_cards)
    if cards + tactical > market.BUDGET:
        bought = (
            f" + {extra_cards} extra tactical cards at {T.TACTICAL_CARD_PRICE} BC ({tactical} BC)"
            if extra_cards
            else ""
        )
        raise CardError(
            f"{label} team {sheet.name!r}: costs {cards + tactical} BC (cards {cards} BC{bought}); "
            f"the budget is {market.BUDGET} BC"
        )


def _style(settings: Mapping[str, Any], extras: Mapping[str, Any], side: str) -> str:
    style = extras.get("style") or settings.get(f"{side}_style") or settings.get("coach_style") or CAREFUL
    if not isinstance(style, str) or style not in STYLES:
        raise CardError(f"{side} coach style: {style!r}; allowed: {', '.join(STYLES)}")
    return str(style)


def _coaches(dice: Dice, wanted: list[Any]) -> list[str]:
    """The coach cards: as given on the sheets, the rest drawn from the four."""
    for index, key in enumerate(wanted):
        if key is not None and (not isinstance(key, str) or key not in C.COACHES):
            side = "home" if index == 0 else "away"
            raise CardError(f"{side} team 'coach': {key!r}; allowed: {', '.join(C.COACH_KEYS)}")
    chosen = list(wanted)
    for index, key in enumerate(chosen):
        if key is None:
            left = [k for k in C.COACH_KEYS if k not in chosen]
            chosen[index] = dice.choice(left)
    return chosen


class MutantSoccerEngine(Engine):
    """Mutant Soccer (giraffentoast, print & play prototype #ONE, March 2020)."""

    key = "mutant"
    name = "Mutant Soccer"
    #: 1.2: shoot-out kicks are the standard ``penalty_kick`` (``shootout`` set), no longer ``penalty``.
    version = "1.2"
    event_vocabulary = VOCABULARY
    squad_rules = SquadRules(roles={C.FIELD: 5, C.GOALKEEPER: 1}, reserves=0)
    settings_schema = SETTINGS_SCHEMA
    tactics_schema = TACTICS_SCHEMA
    clock = CLOCK
    sheet = SHEET
    table_entry = TABLE_ENTRY
    card_face = CARD_FACE
    market = market
    #: LEAVING THE FIELD (SERIOUSLY INJURED): the card goes to the injured pile. One reanimated
    #: in the same match still counts: it was seriously injured, and comes back mutated.
    serious_injuries = MappingProxyType({"serious_injury": MappingProxyType({})})

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return validate_card(data)

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The schema, and a replacement tactical deck built as a match builds it."""
        checked = super().validate_settings(settings)
        if "tactical_deck" in checked:
            T.build_deck(checked["tactical_deck"])
        return checked

    def tactics_cost(self, tactics: Mapping[str, Any]) -> int:
        """Extra tactical cards are bought with unspent BootCoins, 2 BC each."""
        return int(tactics.get("extra_tactical_cards", 0)) * T.TACTICAL_CARD_PRICE

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        """The 23 cards of the box, then generated cards (ids ``gen-NN``) for twelve teams."""
        return C.league_pool(seed)

    def sample_team(self, seed: int = 0, name: str | None = None) -> dict[str, Any]:
        """A legal team of ``squad_rules.size`` cards within 15 BC; leftovers become extra tactical cards.

        Card ids carry the prefix ``s<seed>-`` so two sample teams never share an id.
        """
        dice = Dice(seed)
        pool = self.sample_pool(seed)
        squad = market.random_squad(pool, dice)
        for card in squad:
            # Two sample teams may draw the same box card: the prefix keeps ids apart.
            card["id"] = f"s{seed}-{card['id']}"
        coach_key = dice.choice(C.COACH_KEYS)
        spent = sum(card["price"] for card in squad)
        return {
            "name": name or f"{self.name} XI {seed}",
            "players": squad,
            "lineup": {
                "coach": coach_key,
                "extra_tactical_cards": market.extra_tactical_cards(market.BUDGET - spent),
            },
        }

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        options = MatchOptions.coerce(options)
        settings = options.settings or {}
        extras = [_sheet_extras(home), _sheet_extras(away)]
        sheets = [TeamSheet.coerce(home), TeamSheet.coerce(away)]
        styles = [_style(settings, extras[0], "home"), _style(settings, extras[1], "away")]
        dice = Dice(seed)
        coaches = _coaches(dice, [extras[0].get("coach"), extras[1].get("coach")])
        refuse_shared_players(*sheets)
        teams = [build_team(side, sheets[side], extras[side], coaches[side], styles[side]) for side in (0, 1)]
        match = Match(teams[0], teams[1], dice, coach, settings)
        return run_match(self, match, seed, options.winner_required)


def run_match(engine: Engine, match: Match, seed: int, winner_required: bool) -> MatchResult:
    """Play a prepared match to the end, settle a required winner, and build the result."""
    match.start()
    match.play()
    home, away = match.teams
    decided_by: DecidedBy = "regulation"
    shoot: tuple[int | None, int | None] = (None, None)
    if winner_required and home.goals == away.goals:
        if match.ended_by is None:
            match.goals_to_win = home.goals + 1
            match.turn_cap += SUDDEN_DEATH_TURNS
            match.play()
            if home.goals != away.goals:
                decided_by = "sudden_death"
        if home.goals == away.goals:
            shoot = match.shootout()
            decided_by = "penalties"
    match.finish()
    stats = {p.id: p.stats for team in match.teams for p in team.players if p.id is not None}
    return MatchResult(
        engine=engine.key,
        version=engine.version,
        seed=seed,
        home_goals=home.goals,
        away_goals=away.goals,
        decided_by=decided_by,
        shootout_home=shoot[0],
        shootout_away=shoot[1],
        events=match.events,
        player_stats=stats,
    )
