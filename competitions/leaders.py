"""A season's leaders: its best players in goals, saves, steals, shots, cards and the game's own
counters, for the season page and the printed season summary."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, pgettext

from leagues.models import Season
from matches.models import Match, PlayerMatchStat

#: How many players each board lists.
LEADERBOARD_SIZE = 5
#: The stat columns every engine fills, in the order their leaderboards are shown (titled in the
#: reader's language: the season page is cached per language, the summary printed in the reader's).
BOARDS = (
    ("goals", gettext_noop("Top scorers")),
    ("saves", gettext_noop("Saves")),
    ("steals", gettext_noop("Steals")),
    ("shots", gettext_noop("Shots")),
)


@dataclass
class Leader:
    player_id: int
    name: str
    team: str
    value: int
    detail: str = ""


@dataclass
class Leaderboard:
    title: str
    leaders: list[Leader]


def leaderboards(season: Season) -> list[Leaderboard]:
    """The season's leaders in goals, saves, steals, shots, cards and the game's own counters.

    One query reads every stat line of the season's results and the totals are made
    in Python, because the game's own counters live in a JSON column whose keys
    differ from engine to engine.
    """
    totals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    names: dict[int, tuple[str, str]] = {}
    lines = PlayerMatchStat.objects.filter(match__season=season, match__status__in=Match.RESULT_STATUSES).values_list(
        "player_id", "player__name", "team__name", "goals", "shots", "saves", "steals", "yellow_cards", "red_cards",
        "extra",
    )  # fmt: skip
    for player_id, name, team, goals, shots, saves, steals, yellow, red, extra in lines:
        names[player_id] = (name, team)
        total = totals[player_id]
        for key, value in (("goals", goals), ("shots", shots), ("saves", saves), ("steals", steals)):
            total[key] += value
        total["yellow"] += yellow
        total["red"] += red
        for key, value in (extra or {}).items():
            if isinstance(value, int) and not isinstance(value, bool):
                total[f"extra:{key}"] += value

    def board(title: str, value_of, detail_of=lambda t: "") -> Leaderboard | None:
        ranked = sorted(
            (Leader(pid, *names[pid], value=value_of(t), detail=detail_of(t)) for pid, t in totals.items()),
            key=lambda leader: (-leader.value, leader.name),
        )
        leaders = [leader for leader in ranked if leader.value > 0][:LEADERBOARD_SIZE]
        return Leaderboard(title, leaders) if leaders else None

    boards = [board(gettext(title), lambda t, key=key: t[key]) for key, title in BOARDS]
    boards.append(board(pgettext("leaderboard", "Cards"), lambda t: t["yellow"] + t["red"], cards_detail))
    extras = sorted({key for total in totals.values() for key in total if key.startswith("extra:")})
    boards += [board(label(key[6:]).capitalize(), lambda t, key=key: t[key]) for key in extras]
    return [b for b in boards if b is not None]


def cards_detail(total: dict[str, int]) -> str:
    """ "2 yellow, 1 red", in the active language."""
    return gettext("%(yellow)s yellow, %(red)s red") % {"yellow": total["yellow"], "red": total["red"]}


def label(key: str) -> str:
    """A JSON key as a column heading: ``goals_against`` reads "goals against"."""
    return key.replace("_", " ")
