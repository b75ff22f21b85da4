"""The Calciotto engine object: squad rules, settings, sheet and lineup checks, simulate."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.calciotto import field as F
from engines.calciotto import players
from engines.calciotto.coach import DEFAULT_REPLACEMENTS, STYLES, Coach, validate_replacements
from engines.calciotto.events import VOCABULARY
from engines.calciotto.match import Match, play, to_result
from engines.calciotto.schema import DEFAULT_STYLE, SETTINGS_SCHEMA, TACTICS_SCHEMA
from engines.calciotto.sheet import CARD_FACE, CLOCK, SHEET, TABLE_ENTRY
from engines.core import CardError, Dice, Engine, MatchOptions, MatchResult, SquadRules, TeamSheet
from engines.sheets import refuse_shared_players

#: The eight on the field (one goalkeeper and a piece for each formation slot);
#: the five reserves may be of any role.
SQUAD = SquadRules(roles={"P": 1, "D": 2, "T": 2, "C": 2, "A": 1}, reserves=5)
ON_FIELD = 8


class CalciottoEngine(Engine):
    key = "calciotto"
    name = "Calciotto"
    #: 1.4: a match is 60 minutes unless the league says otherwise (was 90, not a book option).
    #: 1.5: free kicks and penalties by the book (any taker, the ball always moves, a wall of two, the
    #: penalty area cleared behind the taker) and a strong coach that shoots and defends like a person.
    version = "1.5"
    event_vocabulary = VOCABULARY
    squad_rules = SQUAD
    settings_schema = SETTINGS_SCHEMA
    tactics_schema = TACTICS_SCHEMA
    clock = CLOCK
    sheet = SHEET
    table_entry = TABLE_ENTRY
    card_face = CARD_FACE

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return players.validate_card(data)

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        return players.sample_pool(seed)

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The schema, and a replacement table read as a match reads it."""
        checked = super().validate_settings(settings)
        if "replacements" in checked:
            validate_replacements(checked["replacements"])
        return checked

    def validate_sheet(self, sheet: TeamSheet, label: str) -> dict[str, Any]:
        """The sheet as plain data with normalised cards; CardError says what breaks the squad rules."""
        if len(sheet.players) != SQUAD.size:
            raise CardError(f"{label} team sheet: {len(sheet.players)} players; a calciotto squad has {SQUAD.size}")
        cards = []
        for card in sheet.players:
            try:
                attributes = self.validate_card(card)
            except CardError as exc:
                raise CardError(f"{label} player {card['id']}: {exc}") from exc
            cards.append({"id": card["id"], "name": card.get("name", card["id"]), **attributes})
        for role, count in SQUAD.roles.items():
            have = sum(1 for c in cards if c["role"] == role)
            if have < count:
                raise CardError(f"{label} team sheet: {have} players with role {role}; at least {count} needed")
        return {"name": sheet.name, "players": cards, "lineup": validate_lineup(sheet.lineup, cards, label)}

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        opts = MatchOptions.coerce(options)
        home_sheet, away_sheet = TeamSheet.coerce(home), TeamSheet.coerce(away)
        refuse_shared_players(home_sheet, away_sheet)
        sheets = [self.validate_sheet(home_sheet, "home"), self.validate_sheet(away_sheet, "away")]
        match = self.play(sheets[0], sheets[1], Dice(seed), opts)
        result = to_result(match, self.key, self.version, seed)
        if opts.winner_required and match.score[0] == match.score[1]:
            result.decided_by = "penalties"
            result.shootout_home, result.shootout_away = match.shootout()
        return result

    def play(self, home: Mapping[str, Any], away: Mapping[str, Any], dice: Dice, options: MatchOptions) -> Match:
        """Play validated sheets with the given dice (tests pass ScriptedDice here)."""
        settings = options.settings or {}
        styles = [coach_style(settings, side) for side in ("home", "away")]
        table = validate_replacements(settings["replacements"]) if "replacements" in settings else DEFAULT_REPLACEMENTS
        lineups = [home.get("lineup"), away.get("lineup")]
        return play(home, away, dice, options, lambda side, _: Coach(styles[side], lineups[side], table))


def coach_style(settings: Mapping[str, Any], side: str) -> str:
    """``settings["<side>_coach"]`` or ``settings["coach"]``, default "strong"."""
    style = settings.get(f"{side}_coach", settings.get("coach", DEFAULT_STYLE))
    if not isinstance(style, str) or style not in STYLES:
        raise CardError(f"settings {side}_coach: {style!r}; allowed {', '.join(STYLES)}")
    return str(style)


def validate_lineup(
    lineup: Mapping[str, Any] | None, cards: list[dict[str, Any]], label: str
) -> dict[str, tuple[int, int]] | None:
    """A sheet's own starting eight: ``{"positions": {player_id: [col, row]}}`` in the side's own frame.

    Exactly eight players, one goalkeeper in the goal area, everybody on a
    free square of the own half outside the centre circle, defenders out of
    the small area.
    """
    if lineup is None:
        return None
    positions = lineup.get("positions") if isinstance(lineup, Mapping) else None
    if not isinstance(positions, Mapping):
        raise CardError(f"{label} lineup: expected {{'positions': {{player_id: [col, row]}}}}")
    roles = {c["id"]: c["role"] for c in cards}
    if len(positions) != ON_FIELD:
        raise CardError(f"{label} lineup: {len(positions)} players placed; exactly {ON_FIELD} start")
    seen: set[tuple[int, int]] = set()
    checked: dict[str, tuple[int, int]] = {}
    for player_id, square in positions.items():
        if player_id not in roles:
            raise CardError(f"{label} lineup: {player_id!r} is not on the team sheet")
        try:
            col, row = (int(v) for v in square)
        except (TypeError, ValueError) as exc:
            raise CardError(f"{label} lineup {player_id}: {square!r} is not a [col, row] pair") from exc
        keeper = roles[player_id] == "P"
        index = F.to_absolute(F.HOME, col, row) if 0 <= col < F.WIDTH and -1 <= row < F.LENGTH else -1
        legal = (
            index >= 0
            and F.EXISTS[index]
            and F.OWN_HALF[F.HOME][index]
            and not F.CENTRE_CIRCLE[F.HOME][index]
            and (F.GOAL_OF[index] == F.HOME) == keeper
            and not F.SMALL_AREA[F.HOME][index]
        )
        if not legal:
            where = "its goal area" if keeper else "its own half, outside the centre circle and small area"
            raise CardError(f"{label} lineup {player_id}: {[col, row]} is not allowed; it must stand in {where}")
        if (col, row) in seen:
            raise CardError(f"{label} lineup {player_id}: square {[col, row]} is already taken")
        seen.add((col, row))
        checked[player_id] = (col, row)
    keepers = sum(1 for pid in checked if roles[pid] == "P")
    if keepers != 1:
        raise CardError(f"{label} lineup: {keepers} goalkeepers placed; exactly one starts")
    return checked
