"""The Flexdeck Futbol engine object: the contract between the platform and the game."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from typing import Any

from engines.core import CardError, Dice, Engine, MatchOptions, MatchResult, SquadRules, TeamSheet
from engines.flexdeck import cards
from engines.flexdeck.coach import COACH_STYLES, Coach
from engines.flexdeck.deck import SHADE, SIDE_COLOURS, SPECIALS, deck_specials, load_deck
from engines.flexdeck.events import VOCABULARY
from engines.flexdeck.match import BLANK_STATS, SPECIAL_CODES, Match, Rules, Squad, card_rows
from engines.flexdeck.pitch import AWAY, HOME, RETREAT_RULES, SIDE_NAMES
from engines.flexdeck.schema import DEFAULT_RETREAT, SETTINGS_SCHEMA, TACTICS_SCHEMA
from engines.flexdeck.sheet import CARD_FACE, CLOCK, SHEET, TABLE_ENTRY
from engines.settings import flag_setting, whole_setting
from engines.sheets import FrozenTeamSheet

#: Every key a card may carry; anything else goes through the full validation,
#: which names the unknown field.
_CARD_KEYS = frozenset(cards.CARD_FIELDS + cards.IGNORED_FIELDS)


def card_colour_and_strength(card: Mapping[str, Any]) -> tuple[str, int]:
    """A sheet card's colour and strength, validated.

    Cards as the platform stores them (a known colour, a list of two int pips)
    take a quick path; anything else goes through ``validate_card``, which
    normalises CSV strings and names what is wrong.
    """
    colour = card.get("colour")
    pips = card.get("pips")
    if type(colour) is str and colour in SHADE and type(pips) is list and len(pips) == 2:
        low, high = pips
        if (
            type(low) is int
            and type(high) is int
            and 0 <= low <= 9
            and 0 <= high <= 9
            and card.get("role", cards.ROLE) == cards.ROLE
            and card.keys() <= _CARD_KEYS
        ):
            return colour, low + high
    attributes = cards.validate_card(card)
    return attributes["colour"], sum(attributes["pips"])


def _choice_setting(settings: Mapping[str, Any], key: str, default: str, allowed: Sequence[str]) -> str:
    value = str(settings.get(key, default)).strip().lower()
    if value not in allowed:
        raise CardError(f"setting {key}: {settings.get(key)!r} is not allowed; allowed: {', '.join(allowed)}")
    return value


@lru_cache(maxsize=32)
def _specials_of(deck_json: str) -> tuple[int, ...]:
    return tuple(SPECIAL_CODES[special] for special in deck_specials(load_deck(deck_json)))


def read_options(options: MatchOptions | Mapping[str, Any] | None) -> MatchOptions:
    """The match options, with ``winner_required`` a true flag: the text "false" (which
    ``bool`` reads as yes) or any other non-flag is a ``CardError`` naming the key."""
    if isinstance(options, Mapping):
        flag_setting(options, "winner_required", False)
    match_options = MatchOptions.coerce(options)
    flag_setting({"winner_required": match_options.winner_required}, "winner_required", False)
    return match_options


_DEFAULT_RULES = {flag: Rules(winner_required=flag) for flag in (False, True)}


def read_settings(options: MatchOptions) -> tuple[Rules, int]:
    """The match rules and squad size from a league's settings (see README)."""
    settings = options.settings
    if not settings:
        return _DEFAULT_RULES[bool(options.winner_required)], cards.DEFAULT_SQUAD_SIZE
    squad_size = whole_setting(settings, "squad_size", cards.DEFAULT_SQUAD_SIZE, cards.MIN_SQUAD_SIZE, 26)
    style = _choice_setting(settings, "coach_style", "careful", COACH_STYLES)
    styles = (
        _choice_setting(settings, "home_coach_style", style, COACH_STYLES),
        _choice_setting(settings, "away_coach_style", style, COACH_STYLES),
    )
    retreat = _choice_setting(settings, "penalty_retreat", DEFAULT_RETREAT, tuple(RETREAT_RULES))
    rules = Rules(
        retreat=RETREAT_RULES[retreat],
        red_card_bonus_on_shots=flag_setting(settings, "red_card_bonus_on_shots", True),
        coach_styles=styles,
        winner_required=options.winner_required,
    )
    deck = settings.get("deck")
    if deck is not None:
        deck_json = deck if isinstance(deck, str) else json.dumps(deck, sort_keys=True)
        rules = Rules(**{**rules.__dict__, "specials": _specials_of(deck_json)})
    return rules, squad_size


def blank_counters(count: int) -> list[list[int]]:
    """``count`` fresh counters, copies of ``BLANK_STATS`` made by one C-level loop
    (a third cheaper than a comprehension calling ``copy`` 26 times; a list copies in
    half the time of the dict it replaced)."""
    return list(map(list.copy, repeat(BLANK_STATS, count)))


def build_squad(side: int, sheet: TeamSheet, squad_size: int) -> Squad:
    """The match's view of a team sheet, checked against the squad rules."""
    where = f"{SIDE_NAMES[side]} team sheet"
    if len(sheet.players) != squad_size:
        raise CardError(
            f"{where} '{sheet.name}': {len(sheet.players)} cards; a Flexdeck squad holds exactly "
            f"{squad_size} (league setting squad_size, default {cards.DEFAULT_SQUAD_SIZE})"
        )
    played = {colour: SIDE_COLOURS[side][shade] for colour, shade in SHADE.items()}
    ids, colours, strengths = [], [], []
    for player in sheet.players:
        try:
            colour, strength = card_colour_and_strength(player)
        except CardError as exc:
            raise CardError(f"{where} '{sheet.name}', player {player['id']}: {exc}") from None
        ids.append(player["id"])
        colours.append(played[colour])
        strengths.append(strength)
    return Squad(ids, colours, strengths, blank_counters(len(ids)), card_rows(side, ids, colours, strengths))


class SquadCache:
    """Validated squads by the team sheet object they were built from.

    A league plays the same sheet objects many times (a season, ``stats``,
    ``bench``); checking that a sheet still holds what it held, a C-level
    comparison with a copy (``_snapshot``), costs a fraction of coercing and
    validating 26 cards again. A sheet changed in place, even a pip, misses and
    is validated afresh; a ``FrozenTeamSheet`` cannot change, so the object alone
    is enough.
    """

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._entries: dict[tuple[int, int, int], tuple[Any, list[Any], Squad]] = {}

    def get(self, sheet: TeamSheet | Mapping[str, Any], side: int, squad_size: int) -> Squad:
        """A fresh ``Squad`` (own counters) for ``sheet`` playing on ``side``."""
        key = (id(sheet), side, squad_size)
        entry = self._entries.get(key)
        if entry is not None and entry[0] is sheet and type(sheet) is FrozenTeamSheet:
            return self._fresh(entry[2])
        players = _players_of(sheet)
        if entry is None or entry[0] is not sheet or entry[1] != players:
            squad = build_squad(side, TeamSheet.coerce(sheet), squad_size)
            try:
                snapshot = [] if type(sheet) is FrozenTeamSheet else _snapshot(players)
            except (TypeError, copy.Error):  # cards that cannot be copied are not cached
                return self._fresh(squad)
            if len(self._entries) >= self._size:
                self._entries.clear()
            # Keep the sheet itself too, so its id cannot be reused while cached.
            entry = self._entries[key] = (sheet, snapshot, squad)
        return self._fresh(entry[2])

    @staticmethod
    def _fresh(template: Squad) -> Squad:
        """The template's cards with counters of their own."""
        return Squad(
            template.ids, template.colours, template.strengths, blank_counters(len(template.ids)), template.rows
        )


def _snapshot(players: list[Any]) -> list[Any]:
    """A copy of the cards deep enough to see every change the engine would read.

    The engine reads a card's own values and its pips, so a card is copied with a
    copy of its pips list (a tenth of ``deepcopy``'s cost, which the platform, with
    fresh sheets for every match, would pay every time); other shapes are deep-copied.
    """
    return [
        {**card, "pips": list(card["pips"])}
        if type(card) is dict and type(card.get("pips")) is list
        else copy.deepcopy(card)
        for card in players
    ]


def _players_of(sheet: TeamSheet | Mapping[str, Any]) -> list[Any]:
    """The sheet's cards as a list, whatever shape the sheet comes in."""
    if type(sheet) is dict and type(sheet.get("players")) is list:  # the usual shape, without ABC checks
        return sheet["players"]  # type: ignore[no-any-return]
    if isinstance(sheet, TeamSheet):
        players: Any = sheet.players
    else:
        players = sheet.get("players") if isinstance(sheet, Mapping) else None
    return list(players) if isinstance(players, list | tuple) else [players]


_squads = SquadCache()

#: The last pair of id lists ``_shared_players`` checked, and its answer.
_last_checked: list[Any] = [None, None, set()]


def _shared_players(home_ids: list[str], away_ids: list[str]) -> set[str]:
    """The player ids on both sides.

    Cached squads share their id lists, so the same two teams playing again (a
    ``bench`` or ``stats`` run, a play-off series) skip the check by identity.
    """
    if _last_checked[0] is not home_ids or _last_checked[1] is not away_ids:
        _last_checked[:] = home_ids, away_ids, set(home_ids) & set(away_ids)
    return _last_checked[2]  # type: ignore[no-any-return]


#: Per thread (which plays one match at a time): the computer coaches by their styles.
_idle_coaches = threading.local()


def match_coaches(styles: tuple[str, str]) -> tuple[Coach, Coach]:
    """Computer coaches of these styles for a new match, home's first.

    A coach's only state is its plans, made for one match's pitches: the thread's coaches
    of the same styles, their plans forgotten, play the next match too, which saves making
    two coaches and their plans every match.
    """
    by_styles: dict[tuple[str, str], tuple[Coach, Coach]] | None = getattr(_idle_coaches, "by_styles", None)
    if by_styles is None:
        by_styles = _idle_coaches.by_styles = {}
    coaches = by_styles.get(styles)
    if coaches is None:
        coaches = by_styles[styles] = (Coach(styles[HOME]), Coach(styles[AWAY]))
    home, away = coaches
    home.forget()
    away.forget()
    return coaches


class FlexdeckEngine(Engine):
    """Flexdeck Futbol: two colour decks, one draw pile, the ball moved card by card."""

    key = "flexdeck"
    name = "Flexdeck Futbol"
    version = "1.2"
    event_vocabulary = VOCABULARY
    squad_rules: SquadRules = cards.SQUAD_RULES
    special_cards = SPECIALS
    settings_schema = SETTINGS_SCHEMA
    tactics_schema = TACTICS_SCHEMA
    clock = CLOCK
    sheet = SHEET
    table_entry = TABLE_ENTRY
    card_face = CARD_FACE

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return cards.validate_card(data)

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The schema, then every value (the deck list too) read as a match reads it."""
        checked = super().validate_settings(settings)
        read_settings(MatchOptions(settings=checked))
        return checked

    def squad_rules_for(self, settings: Mapping[str, Any] | None = None) -> SquadRules:
        """The squad rules under a league's settings: ``squad_size`` cards of role
        ``player`` (``squad_rules`` is the default of 26), for a draft to follow."""
        _, squad_size = read_settings(MatchOptions(settings=settings or {}))
        return SquadRules(roles={cards.ROLE: squad_size}, reserves=0)

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        return cards.sample_pool(seed)

    def sample_pool_for(self, settings: Mapping[str, Any] | None = None, seed: int = 0) -> list[dict[str, Any]]:
        """The sample pool drawn from a league's own deck list (``settings["deck"]``)."""
        deck = (settings or {}).get("deck")
        if deck is None:
            return cards.sample_pool(seed)
        return cards.sample_pool(seed, load_deck(deck if isinstance(deck, str) else list(deck)))

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        return self.play(home, away, Dice(seed), options, seed=seed)

    def play(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        dice: Dice,
        options: MatchOptions | Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        coaches: Sequence[Any] | None = None,
    ) -> MatchResult:
        """The match with the given dice (tests pass ``ScriptedDice``) and,
        optionally, coaches of their own (one per side, home first)."""
        match_options = read_options(options)
        rules, squad_size = read_settings(match_options)
        squads = [_squads.get(sheet, side, squad_size) for side, sheet in ((HOME, home), (AWAY, away))]
        shared = _shared_players(squads[HOME].ids, squads[AWAY].ids)
        if shared:
            raise CardError(f"player {sorted(shared)[0]} is on both team sheets; a card plays for one side")
        if not coaches:
            coaches = match_coaches(rules.coach_styles)
        result = Match(squads[HOME], squads[AWAY], dice, rules, coaches).play()
        result.engine, result.version, result.seed = self.key, self.version, seed
        return result
