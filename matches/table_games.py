"""What a scoresheet records for each game: the timed events, the per-player counts, the clock.

Result entry offers exactly these, so a table result reads like one the engine wrote:
the event kinds are the engine's own (``engines/<key>/README.md``), and every kind
adds to the same ``PlayerMatchStat`` column the engine's stats fill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TableGame:
    """One game's scoresheet.

    ``timed`` maps an event kind entered with its minute to the stat it adds one to
    (None: an event without a stat, e.g. a substitution or an own goal, which is no goal of
    the scorer's); ``counted`` are the stats the sheet tallies per player without minutes;
    ``sent_off`` are the kinds after which a player takes no further part; ``second_yellow``
    is the kind that books a player a second time and sends him off (stored as the engine
    stores it: a ``yellow_card`` and a ``red_card``, both with ``second_yellow``), empty where
    the game has none; ``booked_before`` says how many earlier bookings (``booking`` events)
    a kind needs (a second yellow one, Calciotto's expulsion two cautions); ``length`` is
    regulation time and ``extra`` the last minute extra time or sudden death can reach
    (knockouts only).
    """

    length: int
    extra: int
    timed: dict[str, str | None]
    counted: tuple[str, ...]
    sent_off: tuple[str, ...] = ()
    second_yellow: str = ""
    booking: str = ""
    booked_before: dict[str, int] = field(default_factory=dict)
    length_setting: str = ""  # an engine setting that changes the length (Calciotto's "minutes")
    decided_by: tuple[str, ...] = field(default=("regulation", "penalties"))

    def length_for(self, engine_settings: dict[str, Any] | None) -> int:
        """Regulation minutes, as the league's engine settings may set them."""
        if self.length_setting and engine_settings and engine_settings.get(self.length_setting):
            return int(engine_settings[self.length_setting])
        return self.length


#: A goal a player puts into his own net: it counts for the other side, and is no goal of his.
OWN_GOAL = "own_goal"
SECOND_YELLOW = "second_yellow"

TABLE_GAMES: dict[str, TableGame] = {
    # Two halves of 20 minutes; sudden death from minute 41, penalties after 60 more minutes.
    "futti": TableGame(
        length=40,
        extra=100,
        timed={
            "goal": "goals",
            "yellow_card": "yellow_cards",
            SECOND_YELLOW: "yellow_cards",
            "red_card": "red_cards",
            "injury": "injuries",
            "substitution": None,
            OWN_GOAL: None,
        },
        counted=("shots", "saves", "steals"),
        sent_off=("red_card", SECOND_YELLOW),
        second_yellow=SECOND_YELLOW,
        booking="yellow_card",
        booked_before={SECOND_YELLOW: 1},
        decided_by=("regulation", "sudden_death", "penalties"),
    ),
    # 90 minutes; extra time is minutes 91-120.
    "flexdeck": TableGame(
        length=90,
        extra=120,
        timed={
            "goal": "goals",
            "yellow_card": "yellow_cards",
            SECOND_YELLOW: "yellow_cards",
            "red_card": "red_cards",
            "substitution": None,
            OWN_GOAL: None,
        },
        counted=("shots", "saves"),
        sent_off=("red_card", SECOND_YELLOW),
        second_yellow=SECOND_YELLOW,
        booking="yellow_card",
        booked_before={SECOND_YELLOW: 1},
        decided_by=("regulation", "extra_time", "penalties"),
    ),
    # Minutes are turns; the engine stops a match at 200 turns.
    "mutant": TableGame(
        length=200,
        extra=200,
        timed={"goal": "goals", "serious_injury": "injuries", "substitution": None, OWN_GOAL: None},
        counted=("shots", "saves"),
        decided_by=("regulation", "sudden_death", "penalties"),
    ),
    # Two halves of 20 minutes; extra time 2 x 5 minutes. No cards, injuries or substitutions.
    "eleven": TableGame(
        length=40,
        extra=50,
        timed={"goal": "goals", OWN_GOAL: None},
        counted=("shots", "saves"),
        decided_by=("regulation", "extra_time", "penalties"),
    ),
    # 45, 60 or 90 minutes (the league's "minutes" setting); two cautions are an expulsion.
    "calciotto": TableGame(
        length=90,
        extra=90,
        timed={
            "goal": "goals",
            "caution": "yellow_cards",
            "expulsion": "red_cards",
            "substitution": None,
            OWN_GOAL: None,
        },
        counted=("shots", "saves"),
        sent_off=("expulsion",),
        booking="caution",
        booked_before={"expulsion": 2},
        length_setting="minutes",
        decided_by=("regulation", "penalties"),
    ),
}


def table_game(engine: str) -> TableGame:
    """The scoresheet of a league's game."""
    return TABLE_GAMES[engine]
