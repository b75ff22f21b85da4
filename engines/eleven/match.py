"""A match of "11": halves on a clock of turns, goals, kick-offs, extra time, shoot-out.

``play(home, away, dice, options)`` is the entry point tests drive with
``ScriptedDice``. Rolls are taken in this order, and only here: one d6 at the
start of every turn (its points, or the ace that ends a half once the clock has
run), and for a shot at a goalie in goal the shooter's hidden number (d6) then
the goalie's call (a die of 3: lo, mid, hi); each shoot-out kick takes the same
two. The coaches themselves never roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core import AWAY, HOME, DecidedBy, Dice, EventLog, MatchOptions, MatchResult, Side, TeamSheet, blank_stats
from engines.eleven.board import (
    KICK_OFF,
    LABELS,
    NORTH_GOAL,
    PENALTY_SPACE,
    RAYS,
    SOUTH_GOAL,
)
from engines.eleven.coach import Coach, coach_for
from engines.eleven.events import LAYOUTS
from engines.eleven.rules import (
    END,
    GOALIES,
    OFF,
    PASS,
    RUN,
    SHOT,
    Action,
    Position,
    Turn,
    apply_action,
    goalie_of,
    holds_in_area,
    legal_actions,
    must_pass,
    position_problems,
    side_of,
    side_pieces,
)
from engines.settings import flag_setting, whole_setting

SIDES: tuple[Side, Side] = (HOME, AWAY)
CALLS = ("lo", "mid", "hi")
HALF_MINUTES = 20
EXTRA_HALF_MINUTES = 5
#: The lowest and highest value of each whole-number clock setting (the schema's bounds).
CLOCK_LIMITS = {"turns_per_half": (1, 200), "extra_time_turns_per_half": (1, 100), "shootout_kicks": (1, 50)}


@dataclass(frozen=True)
class ClockSettings:
    """The league options of the clock and the tie-break (see the README)."""

    turns_per_half: int = 30
    extra_turns_per_half: int = 10
    extra_time: bool = True
    shootout_kicks: int = 5

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> ClockSettings:
        """The clock a match plays: a word, a flag, "false" or a number outside ``CLOCK_LIMITS``
        is a ``CardError`` naming the key, whether or not the settings were validated."""

        def whole(key: str, default: int) -> int:
            return whole_setting(settings, key, default, *CLOCK_LIMITS[key])

        return cls(
            turns_per_half=whole("turns_per_half", cls.turns_per_half),
            extra_turns_per_half=whole("extra_time_turns_per_half", cls.extra_turns_per_half),
            extra_time=flag_setting(settings, "extra_time", cls.extra_time),
            shootout_kicks=whole("shootout_kicks", cls.shootout_kicks),
        )


@dataclass
class Period:
    """One half of play: its clock, who kicks off and which end each side keeps."""

    name: str
    number: int
    starter: int
    defends: tuple[int, int]
    first_minute: int
    minutes: int
    turns: int


#: A check run after every turn when validating (tests): raise on a broken position.
TurnCheck = Callable[[Position, Turn], None]


@dataclass
class MatchState:
    """Everything the match loop carries between turns."""

    ids: tuple[list[str], list[str]]
    coaches: tuple[Coach, Coach]
    dice: Dice
    validate: bool
    position: Position = field(default_factory=Position)
    score: list[int] = field(default_factory=lambda: [0, 0])
    events: EventLog = field(default_factory=EventLog)
    stats: dict[str, dict[str, int]] = field(default_factory=dict)
    minute: int = 0

    def player(self, piece: int) -> str:
        return self.ids[side_of(piece)][piece % 11]

    def log(self, kind: str, side: int | None, piece: int | None, detail: dict[str, Any]) -> None:
        self.events.add(
            (
                self.minute,
                LAYOUTS[kind],
                None if side is None else SIDES[side],
                None if piece is None else self.player(piece),
                detail,
            )
        )

    def count(self, piece: int, stat: str, amount: int = 1) -> None:
        self.stats[self.player(piece)][stat] += amount


def piece_ids(sheet: TeamSheet) -> list[str]:
    """Player ids by piece number: the goalie first, then the field players in sheet order."""
    goalies = [str(p["id"]) for p in sheet.players if p["role"] == "goalie"]
    field_players = [str(p["id"]) for p in sheet.players if p["role"] != "goalie"]
    return goalies + field_players


def periods_for(clock: ClockSettings, extra: bool) -> list[Period]:
    """The two halves, or the two halves of extra time, with ends and starters."""
    ends = ((SOUTH_GOAL, NORTH_GOAL), (NORTH_GOAL, SOUTH_GOAL))
    if not extra:
        return [
            Period("first_half", 1, 0, ends[0], 0, HALF_MINUTES, clock.turns_per_half),
            Period("second_half", 2, 1, ends[1], HALF_MINUTES, HALF_MINUTES, clock.turns_per_half),
        ]
    first = 2 * HALF_MINUTES
    return [
        Period("extra_first_half", 3, 0, ends[0], first, EXTRA_HALF_MINUTES, clock.extra_turns_per_half),
        Period(
            "extra_second_half",
            4,
            1,
            ends[1],
            first + EXTRA_HALF_MINUTES,
            EXTRA_HALF_MINUTES,
            clock.extra_turns_per_half,
        ),
    ]


def place_pieces(state: MatchState, kicker: int, first_placer: int) -> None:
    """Kick-off piece with the ball on d6, then the rest placed one by one, alternately."""
    position = state.position
    coach = state.coaches[kicker]
    piece = coach.kick_off_piece(position, kicker)
    position.put(piece, KICK_OFF)
    position.ball = KICK_OFF
    waiting = [[p for p in side_pieces(side) if position.places[p] == OFF] for side in (0, 1)]
    placer = first_placer
    while waiting[0] or waiting[1]:
        if not waiting[placer]:
            placer = 1 - placer
        piece = waiting[placer].pop(0)
        position.put(piece, state.coaches[placer].placement_space(position, placer))
        placer = 1 - placer
    state.log(
        "kick_off",
        kicker,
        piece_on_kick_off := position.occupant[KICK_OFF],
        {
            "space": LABELS[KICK_OFF],
            "placement": {state.player(p): LABELS[position.places[p]] for p in range(22)},
        },
    )
    state.count(piece_on_kick_off, "kick_offs")


def start_period(state: MatchState, period: Period) -> None:
    """All pieces off, goalies in goal, kick-off for the period's starter."""
    position = Position(defends=period.defends)
    state.position = position
    for side in (0, 1):
        position.put(goalie_of(side), period.defends[side])
    state.minute = period.first_minute + 1
    place_pieces(state, period.starter, 1 - period.starter)


def restart_after_goal(state: MatchState, scorer: int) -> None:
    """Pieces in the attacking half or centre come off, goalies go home, the conceding side kicks off."""
    position = state.position
    for piece in range(22):
        if piece in GOALIES:
            continue
        if position.in_attack_half(piece):
            position.put(piece, OFF)
    for side in (0, 1):
        position.put(goalie_of(side), position.defends[side])
    position.ball = OFF
    place_pieces(state, 1 - scorer, scorer)


def resolve_shot(state: MatchState, shooter: int) -> bool:
    """Shot at goal: a goal unless the goalie, in goal, calls the hidden number's third."""
    position = state.position
    side = side_of(shooter)
    goal = position.attacks(side)
    keeper = goalie_of(1 - side)
    state.count(shooter, "shots")
    detail: dict[str, Any] = {"from": LABELS[position.places[shooter]], "goal": LABELS[goal]}
    state.log("shot", side, shooter, dict(detail))
    if position.places[keeper] == goal:
        hidden = state.dice.d6()
        call = state.dice.roll(3)
        detail.update(hidden=hidden, call=CALLS[call - 1])
        if (hidden + 1) // 2 == call:
            state.log("parry", 1 - side, keeper, detail)
            state.count(keeper, "saves")
            position.ball = goal
            return False
    else:
        detail["empty_goal"] = True
    state.score[side] += 1
    detail["score"] = f"{state.score[0]}-{state.score[1]}"
    state.log("goal", side, shooter, detail)
    state.count(shooter, "goals")
    return True


def log_action(state: MatchState, turn: Turn, action: Action) -> None:
    """The event of one action, logged before it is applied (so 'from' is still known)."""
    position = state.position
    kind = action[0]
    if kind == RUN:
        _, piece, direction, steps, push_to = action
        start = position.places[piece]
        target = RAYS[start][direction][steps - 1]
        detail: dict[str, Any] = {"from": LABELS[start], "to": LABELS[target], "roll": turn.roll}
        if push_to == OFF:
            detail["points"] = steps
            state.log("move", turn.side, piece, detail)
            state.count(piece, "spaces_moved", steps)
            return
        took_ball = position.ball == target
        detail.update(
            points=steps + 1 + took_ball,
            pushed=state.player(position.occupant[target]),
            push_to=LABELS[push_to],
            took_ball=took_ball,
        )
        state.log("attack", turn.side, piece, detail)
        state.count(piece, "attacks")
        state.count(piece, "spaces_moved", steps)
        if took_ball:
            state.count(piece, "steals")
    elif kind == PASS:
        holder = position.holder()
        receiver = position.occupant[action[1]]
        state.log(
            "pass",
            turn.side,
            holder,
            {
                "from": LABELS[position.places[holder]],
                "to": LABELS[action[1]],
                "receiver": None if receiver == OFF else state.player(receiver),
            },
        )
        state.count(holder, "passes")


def play_turn(state: MatchState, side: int, roll: int) -> bool:
    """One turn of ``side`` with ``roll`` points; True when it ends in a goal."""
    position = state.position
    turn = Turn(side, roll, roll)
    plan = state.coaches[side].plan_turn(position, turn)
    for action in plan:
        if state.validate:
            legal = legal_actions(position, turn)
            if action not in legal:
                raise AssertionError(f"coach chose an illegal action {action}")
        if action[0] == SHOT:
            shooter = position.holder()
            apply_action(position, turn, action)
            return resolve_shot(state, shooter)
        if action[0] == END:
            break
        log_action(state, turn, action)
        apply_action(position, turn, action)
    if state.validate:
        check_turn_end(position, turn)
    return False


def check_turn_end(position: Position, turn: Turn) -> None:
    """The invariants after a turn: a legal position and no goalie keeping the ball."""
    problems = position_problems(position)
    if must_pass(position, turn):
        problems.append("the goalie kept the ball in his area with a pass open")
    if holds_in_area(position, goalie_of(turn.side)) and not turn.can_pass():
        problems.append("the goalie holds the ball in his area after the shot")
    if problems:
        raise AssertionError("; ".join(problems))


def play_period(state: MatchState, period: Period) -> None:
    """Turns until the clock has run and an ace is thrown."""
    start_period(state, period)
    side = period.starter
    played = 0
    while True:
        roll = state.dice.d6()
        if played >= period.turns and roll == 1:
            break
        state.minute = period.first_minute + min(period.minutes, 1 + played * period.minutes // period.turns)
        if play_turn(state, side, roll):
            restart_after_goal(state, side)
        side = 1 - side
        played += 1
    state.minute = period.first_minute + period.minutes
    state.log("half_time", None, None, {"period": period.name, "turns": played, "roll": 1})


def play_shootout(state: MatchState, kicks: int) -> tuple[int, int]:
    """Five kicks each from the penalty space, then pairs until one side leads by two."""
    goals = [0, 0]
    takers = [state.coaches[side].penalty_takers(side) for side in (0, 1)]
    kick = 0
    while True:
        for side in (0, 1):
            shooter = takers[side][kick % len(takers[side])]
            keeper = goalie_of(1 - side)
            hidden = state.dice.d6()
            call = state.dice.roll(3)
            scored = (hidden + 1) // 2 != call
            goals[side] += scored
            state.count(shooter, "penalties_taken")
            state.count(shooter, "penalties_scored", scored)
            state.count(keeper, "penalty_saves", not scored)
            state.log(
                "penalty_kick",
                side,
                shooter,
                {
                    "kick": kick + 1,
                    "space": LABELS[PENALTY_SPACE[NORTH_GOAL]],
                    "goalie": state.player(keeper),
                    "hidden": hidden,
                    "call": CALLS[call - 1],
                    "scored": scored,
                    "shootout": f"{goals[0]}-{goals[1]}",
                },
            )
        kick += 1
        if kick == kicks and goals[0] != goals[1]:
            return goals[0], goals[1]
        if kick > kicks and abs(goals[0] - goals[1]) >= 2:
            return goals[0], goals[1]


ELEVEN_STATS = (
    "passes",
    "attacks",
    "spaces_moved",
    "kick_offs",
    "penalties_taken",
    "penalties_scored",
    "penalty_saves",
)


def new_match_state(
    ids: tuple[list[str], list[str]], coaches: tuple[Coach, Coach], dice: Dice, validate: bool = False
) -> MatchState:
    """A match before kick-off, every player's counters at zero."""
    state = MatchState(ids=ids, coaches=coaches, dice=dice, validate=validate)
    for side_ids in ids:
        for player_id in side_ids:
            state.stats[player_id] = {**blank_stats(), **dict.fromkeys(ELEVEN_STATS, 0)}
    return state


def play(
    home: TeamSheet,
    away: TeamSheet,
    dice: Dice,
    options: MatchOptions,
    *,
    seed: int = 0,
    version: str = "",
    validate: bool = False,
    coaches: tuple[Coach, Coach] | None = None,
) -> MatchResult:
    """Play a whole match with the dice given; sheets must already be validated.

    ``validate`` checks every action against the move generator and the
    position after every turn (tests); ``coaches`` replaces the sheets' coaches.
    """
    clock = ClockSettings.from_settings(options.settings)
    ids = (piece_ids(home), piece_ids(away))
    coaches = coaches or (
        coach_for(options.settings, home.lineup, "home"),
        coach_for(options.settings, away.lineup, "away"),
    )
    state = new_match_state(ids, coaches, dice, validate)
    decided_by: DecidedBy = "regulation"
    for period in periods_for(clock, extra=False):
        play_period(state, period)
    minutes = 2 * HALF_MINUTES
    shootout: tuple[int, int] | tuple[None, None] = (None, None)
    if options.winner_required and state.score[0] == state.score[1]:
        if clock.extra_time:
            state.log("extra_time", None, None, {"score": f"{state.score[0]}-{state.score[1]}"})
            for period in periods_for(clock, extra=True):
                play_period(state, period)
            minutes += 2 * EXTRA_HALF_MINUTES
            decided_by = "extra_time"
        if state.score[0] == state.score[1]:
            shootout = play_shootout(state, clock.shootout_kicks)
            decided_by = "penalties"
    for player_stats in state.stats.values():
        player_stats["minutes"] = minutes
    state.log(
        "full_time",
        None,
        None,
        {"score": f"{state.score[0]}-{state.score[1]}", "decided_by": decided_by},
    )
    return MatchResult(
        engine="eleven",
        version=version,
        seed=seed,
        home_goals=state.score[0],
        away_goals=state.score[1],
        decided_by=decided_by,
        shootout_home=shootout[0],
        shootout_away=shootout[1],
        events=state.events,
        player_stats=state.stats,
    )
