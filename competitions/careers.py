"""A player card's career: its figures season by season and team by team, from its stat lines."""

from __future__ import annotations

from dataclasses import dataclass, field

from matches.models import Match, PlayerMatchStat
from rosters.models import Player

#: The stat line's columns a career adds up.
FIGURES = ("goals", "shots", "saves", "steals", "yellow_cards", "red_cards", "injuries")


@dataclass
class CareerLine:
    """A card's figures in one season for one team (or, with ``season_id`` None, its whole career)."""

    season_id: int | None
    season: str
    team_id: int | None
    team: str
    matches: int = 0
    goals: int = 0
    shots: int = 0
    saves: int = 0
    steals: int = 0
    yellow_cards: int = 0
    red_cards: int = 0
    injuries: int = 0
    extra: dict[str, int] = field(default_factory=dict)
    #: ``extra`` in the order of the career's columns, for the page
    extra_values: list[int] = field(default_factory=list)

    def add(self, figures: tuple[int, ...], extra: dict | None) -> None:
        """One stat line: its figures in the order of ``FIGURES``, and its ``extra``."""
        self.matches += 1
        for name, value in zip(FIGURES, figures, strict=True):
            setattr(self, name, getattr(self, name) + value)
        for key, value in (extra or {}).items():
            if isinstance(value, int) and not isinstance(value, bool):
                self.extra[key] = self.extra.get(key, 0) + value

    def to_dict(self) -> dict:
        return {
            "season": self.season_id,
            "season_name": self.season,
            "team": self.team_id,
            "team_name": self.team,
            "matches": self.matches,
            "goals": self.goals,
            "shots": self.shots,
            "saves": self.saves,
            "steals": self.steals,
            "yellow_cards": self.yellow_cards,
            "red_cards": self.red_cards,
            "injuries": self.injuries,
            "extra": self.extra,
        }


@dataclass
class Career:
    player: Player
    lines: list[CareerLine]
    total: CareerLine
    extra_columns: list[str]

    def to_dict(self) -> dict:
        return {
            "player": self.player.id,
            "name": self.player.name,
            "role": self.player.role,
            "league": self.player.league_id,
            "seasons": [line.to_dict() for line in self.lines],
            "total": self.total.to_dict(),
        }


def career(player_id: int) -> Career:
    """A card's results season by season and team by team, oldest first, and the totals (two queries).

    The game's own counters (the stat line's ``extra``) are added up where they are whole
    numbers, so each engine's figures show without a column of their own. The lines are read
    as tuples (a card of ten seasons has hundreds), not as rows with their match and season."""
    player = Player.objects.select_related("league").get(id=player_id)
    lines = (
        PlayerMatchStat.objects.filter(player=player, match__status__in=Match.RESULT_STATUSES)
        .order_by("match__season__created_at", "match__season_id", "match__kickoff", "match_id")
        .values_list("match__season_id", "match__season__name", "team_id", "team__name", *FIGURES, "extra")
    )
    by_stint: dict[tuple[int, int], CareerLine] = {}
    total = CareerLine(None, "Career", None, "")
    for season_id, season_name, team_id, team_name, *figures, extra in lines:
        stint = by_stint.get((season_id, team_id))
        if stint is None:
            stint = by_stint[season_id, team_id] = CareerLine(season_id, season_name, team_id, team_name)
        stint.add(tuple(figures), extra)
        total.add(tuple(figures), extra)
    columns = sorted({key for stint in by_stint.values() for key in stint.extra})
    for stint in [*by_stint.values(), total]:
        stint.extra_values = [stint.extra.get(key, 0) for key in columns]
    return Career(
        player=player,
        lines=list(by_stint.values()),
        total=total,
        extra_columns=columns,
    )
