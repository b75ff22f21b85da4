"""The Fütti engine object: the contract around ``match.Match``.

League settings read from ``options.settings`` (``validate_settings`` refuses unknown keys
when a league saves them; at kickoff they are ignored):

* ``tie_break``: ``"sudden_death"`` (default) or ``"penalties"``, how a level
  match is settled when ``winner_required`` is set;
* ``doubles_chart``, ``control_ranges``, ``die_indicators``: replacement
  tables as JSON (see ``engines.futti.charts``).

Measured over 6,000 matches of sample teams (version 1.3): 3.85 goals a match
(home 2.02, away 1.83), home wins 47.5 %, draws 15.9 %, 1.21 yellow and 0.15
red cards, 0.76 injuries, 9.5 shots, 65 events; 17 % of matches end at 30
minutes, 45 % at 35. With ``winner_required`` 15.9 % go to sudden death.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engines.core import CardError, Dice, Engine, MatchOptions, MatchResult, SquadRules, TeamSheet
from engines.futti.cards import sample_pool, validate_card
from engines.futti.charts import DEFAULT_CHARTS, Charts, load_charts
from engines.futti.coach import build_team
from engines.futti.events import VOCABULARY
from engines.futti.match import Match
from engines.futti.schema import SETTINGS_SCHEMA, TACTICS_SCHEMA, TIE_BREAKS
from engines.futti.sheet import CARD_FACE, CLOCK, SHEET, TABLE_ENTRY
from engines.futti.team import SQUAD, Team, TeamCache

NO_OPTIONS = MatchOptions()


class FuttiEngine(Engine):
    """Five-on-five fictional soccer by Bob Hansen, played by the rule book."""

    key = "futti"
    name = "Fütti"
    version = "1.3"
    squad_rules = SquadRules(roles=dict(SQUAD), reserves=0)
    settings_schema = SETTINGS_SCHEMA
    tactics_schema = TACTICS_SCHEMA
    clock = CLOCK
    sheet = SHEET
    table_entry = TABLE_ENTRY
    card_face = CARD_FACE
    event_vocabulary = VOCABULARY
    #: "Major injuries will take the player out of the rest of the game" (the rule book's INJURY
    #: CHECK); the rule book has none lasting longer, a league may (``injury_matches``).
    serious_injuries = MappingProxyType({"injury": MappingProxyType({"severity": "major"})})

    def __init__(self) -> None:
        self._teams = TeamCache(build_team)

    def validate_card(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return validate_card(data)

    def sample_pool(self, seed: int = 0) -> list[dict[str, Any]]:
        return sample_pool(seed)

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The schema, and any replacement chart read as a match would read it."""
        checked = super().validate_settings(settings)
        load_charts(checked)
        return checked

    def sample_team(self, seed: int = 0, name: str | None = None) -> dict[str, Any]:
        """A random draw from the generic set, with at least one star player, as
        the rule book asks of a random draw (the last field card drawn makes
        way for the first starred card of the pool)."""
        team = super().sample_team(seed, name)
        players = team["players"]
        if not any(card.get("stars") for card in players):
            field = [index for index, card in enumerate(players) if card["role"] == "field"]
            star = next(card for card in self.sample_pool(seed) if card.get("stars"))
            players[field[-1]] = star
        return team

    def prepare(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        charts: Charts = DEFAULT_CHARTS,
    ) -> tuple[Team, Team]:
        """Both sides validated and coached for these charts; the same player id
        on both sheets is refused."""
        weights = charts.box_weights
        home_team = self._teams.get(home, 0, weights)
        away_team = self._teams.get(away, 1, weights)
        if not home_team.ids.isdisjoint(away_team.ids):
            shared = home_team.ids & away_team.ids
            raise CardError(f"player id {sorted(shared)[0]!r} is on both team sheets; ids must be unique in a match")
        return home_team, away_team

    def play(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        dice: Dice,
        options: MatchOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> MatchResult:
        """A match on the given dice: ``ScriptedDice`` in tests, ``Dice(seed)`` in ``simulate``."""
        options = NO_OPTIONS if options is None else MatchOptions.coerce(options)
        settings = options.settings
        tie_break = settings.get("tie_break") or "sudden_death"
        if tie_break not in TIE_BREAKS:
            raise CardError(f"tie_break: {tie_break!r} is not a Fütti tie-break; allowed: {', '.join(TIE_BREAKS)}")
        charts = load_charts(settings)
        home_team, away_team = self.prepare(home, away, charts)
        match = Match(home_team, away_team, dice, charts, options.winner_required, tie_break)
        result = match.run()
        result.engine, result.version, result.seed = self.key, self.version, seed
        return result

    def simulate(
        self,
        home: TeamSheet | Mapping[str, Any],
        away: TeamSheet | Mapping[str, Any],
        *,
        seed: int,
        options: MatchOptions | Mapping[str, Any] | None = None,
    ) -> MatchResult:
        return self.play(home, away, Dice(seed), options, seed)
