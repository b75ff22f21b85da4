"""The "11" engine object: cards, the sample pool and ``simulate``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CardError, Dice, Engine, MatchOptions, MatchResult, SquadRules, TeamSheet
from engines.eleven.coach import STRENGTHS, STYLES, coach_for
from engines.eleven.events import VOCABULARY
from engines.eleven.match import ClockSettings, play
from engines.eleven.schema import SETTINGS_SCHEMA, TACTICS_SCHEMA
from engines.eleven.sheet import CARD_FACE, CLOCK, SHEET, TABLE_ENTRY
from engines.sheets import refuse_shared_players

ROLES = ("goalie", "player")
#: BootCoins per card. Pieces of "11" have no ratings, so every card of a role
#: costs the same: ten field players at 1 and a goalie at 5 make the league's
#: default budget of 15 exactly, and no card is cheaper than another.
PRICES = {"player": 1, "goalie": 5}
#: A sample pool holds twelve squads: 12 goalies and 120 field players.
POOL_TEAMS = 12
NAME_PARTS = (
    ("Ada", "Bo", "Cas", "Dee", "Eli", "Fen", "Gus", "Hal", "Ines", "Jo", "Kit", "Lou"),
    ("Amsel", "Brink", "Claes", "Dorn", "Eick", "Falk", "Grau", "Hess", "Imhof", "Jahn", "Kolb", "Lenz"),
)


class ElevenEngine(Engine):
    """The board game "11": pieces without ratings, so each team's coach is its difference."""

    key = "eleven"
    name = "11"
    version = "1.3"
    event_vocabulary = VOCABULARY
    squad_rules = SquadRules(roles={"goalie": 1, "player": 10}, reserves=0)
    settings_schema = SETTINGS_SCHEMA
    tactics_schema = TACTICS_SCHEMA
    clock = CLOCK
    sheet = SHEET
    table_entry = TABLE_ENTRY
    card_face = CARD_FACE

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A card of "11" has a role and nothing else: the pieces are all alike."""
        unknown = sorted(set(data) - {"id", "name", "price", "role"})
        if unknown:
            raise CardError(f"{unknown[0]}: unknown field for an '11' card; allowed are role (goalie or player)")
        role = data.get("role")
        if role not in ROLES:
            raise CardError(f"role: {role!r} is not a role of '11'; allowed are goalie and player")
        return {"role": role}

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The schema, then the clock and both coaches read as a match reads them."""
        checked = super().validate_settings(settings)
        try:
            ClockSettings.from_settings(checked)
            for side in ("home", "away"):
                coach_for(checked, None, side)
        except ValueError as exc:
            raise CardError(str(exc)) from exc
        return checked

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        """Twelve goalies and 120 field players with names shuffled by the seed.

        Ids carry the seed ("e7-001"), so teams drawn from different pools (as
        the command line does for home and away) never share a player id.
        """
        dice = Dice(seed)
        names = [f"{first} {last}" for first in NAME_PARTS[0] for last in NAME_PARTS[1]]
        dice.shuffle(names)
        pool = []
        for index in range(POOL_TEAMS * 11):
            role = "goalie" if index < POOL_TEAMS else "player"
            pool.append({"id": f"e{seed}-{index + 1:03d}", "name": names[index], "role": role, "price": PRICES[role]})
        return pool

    def check_sheet(self, sheet: TeamSheet, side: str) -> None:
        """Squad size and roles, every card valid, a known coach in the lineup."""
        roles = [self.validate_card(card)["role"] for card in sheet.players]
        needed = self.squad_rules.roles
        for role, count in needed.items():
            if roles.count(role) != count:
                raise CardError(
                    f"{side} team sheet: {roles.count(role)} '{role}' cards; a squad of '11' needs "
                    f"{needed['goalie']} goalie and {needed['player']} players"
                )
        lineup = {} if sheet.lineup is None else sheet.lineup
        if not isinstance(lineup, Mapping):
            raise CardError(f"{side} lineup: {lineup!r}; expected an object with 'coach' and 'style'")
        for key, allowed in (("coach", STRENGTHS), ("style", tuple(STYLES))):
            value = lineup.get(key)
            if value is not None and value not in allowed:
                raise CardError(f"{side} lineup {key}: {value!r}; allowed are {', '.join(allowed)}")

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        home_sheet, away_sheet = TeamSheet.coerce(home), TeamSheet.coerce(away)
        self.check_sheet(home_sheet, "home")
        self.check_sheet(away_sheet, "away")
        refuse_shared_players(home_sheet, away_sheet)
        match_options = MatchOptions.coerce(options)
        try:
            ClockSettings.from_settings(match_options.settings)
            for sheet, side in ((home_sheet, "home"), (away_sheet, "away")):
                coach_for(match_options.settings, sheet.lineup, side)
        except ValueError as exc:
            raise CardError(f"settings: {exc}") from exc
        return play(home_sheet, away_sheet, Dice(seed), match_options, seed=seed, version=self.version)
