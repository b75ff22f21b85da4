"""One Fütti match, minute by minute, as the rule book plays it.

``Match(home, away, dice, charts).run()`` is the whole match (the engine's
``play`` wraps it); every roll goes through the ``dice`` it is given, so a test
hands in ``ScriptedDice`` and forces each one.
The order of the rolls (what a script has to list) is:

* setup: one d6 per side (home first) for the chosen goaltender, who starts on
  1-5; on a 6 the other goaltender starts;
* each minute: black and white d6 for the key players, then black d6, white
  d6 and the d12 of the play (five dice, always, also in a breakaway minute,
  whose OFFENCE CHECK uses the play's black die);
* then whatever the play needs, in the order the rule book tells it: two d6
  (black, white) for a goaltending check, a d6 for each sportsmanship or
  injury check, a d12 for a new control check (also the control check of a
  RESOLVE NORMALLY minute, whose own d12 picked the chart cell), a d6 for the
  OFFENCE CHECK of a penalty kick or of the breakaway after DEFENDER BREAKAWAY;
  after a steal in the last minute of a half or of the game, the five dice of
  one more minute (only its key black die and black die are read).

With ordinary ``Dice`` the five dice of a minute come from one roll of a
15552-sided die and a goaltending pair from one 36-sided die (the same
distribution, a fraction of the calls), each written out as
``floor(random() * throws)`` on the dice's own uniform: that is what makes
the engine fast. Other dice are asked die by die (``ThrowByDice``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from math import floor
from typing import Any

from engines.core import STANDARD_STATS, Dice, EventLayout, EventLog, MatchResult
from engines.futti import events as ev
from engines.futti.charts import GOALKEEPER_SLOT, Charts
from engines.futti.team import GOALTENDER_INJURY_OK, PAIRS, Card, Team, shooter_rank
from engines.stats import StatTable

HOME, AWAY = 0, 1
SIDES = ("home", "away")

#: Counters each player gets besides the standard ones.
OWN_STATS = ("breakaways", "penalty_kicks", "goals_against")
STAT_NAMES = (*STANDARD_STATS, *OWN_STATS)
#: A player's counters are a list in the order of ``STAT_NAMES``; these are their indices.
(GOALS, SHOTS, SAVES, STEALS, YELLOW_CARDS, RED_CARDS, INJURIES, MINUTES) = range(len(STANDARD_STATS))
(BREAKAWAYS, PENALTY_KICKS, GOALS_AGAINST) = range(len(STANDARD_STATS), len(STAT_NAMES))
BLANK_STATS = [0] * len(STAT_NAMES)

HALF_LENGTH = 20
FULL_TIME = 40
#: The minutes after which a lead may end the match (see ``Match.ends_early``).
EARLY_ENDINGS = (30, 35)
#: The minutes of regulation after which something besides play happens.
CHECKPOINTS = frozenset((HALF_LENGTH, *EARLY_ENDINGS))
#: The minutes that may be the last of a half or of the game: a steal in one of them
#: gets the extra key roll for a breakaway (``Match.last_minute_steal``).
LAST_MINUTES = frozenset((*CHECKPOINTS, FULL_TIME))
#: Sudden death is played "until someone scores"; this is only a safety limit
#: (minutes after full time) so that a match where nobody can score any more
#: (every player sent off) still ends: a match still level then goes to penalty
#: kicks. With two 66 goaltenders, the hardest case, 10,000 matches never hit it
#: (median 74 minutes, longest 7,860; README, "Measured").
SUDDEN_DEATH_LIMIT = 10_000
#: Penalty kicks in a shoot-out before it goes to sudden-death rounds.
SHOOTOUT_KICKS = 5

ATTACKER, DEFENDER, GOALTENDER = 0, 1, 2
ROLE_NAMES = ("attacker", "defender", "goaltender")

#: For each DOUBLES CHART result: the players it needs on the pitch (an empty
#: box turns it into MOMENTUM SHIFT, PLAYING SHORT A PLAYER) and the one the
#: result's event names (the first).
RESULT_PLAYERS = {
    "attacker_flattened": (ATTACKER, DEFENDER),
    "defender_flattened": (DEFENDER, ATTACKER),
    "attacker_hard_checked": (ATTACKER, DEFENDER),
    "defender_hard_checked": (DEFENDER, ATTACKER),
    "attacker_unsportsmanlike": (ATTACKER,),
    "defender_unsportsmanlike": (DEFENDER,),
    "goaltender_unsportsmanlike": (GOALTENDER,),
    "attacker_goes_down": (ATTACKER,),
    "defender_goes_down": (DEFENDER,),
    "attacker_carded": (ATTACKER,),
    "defender_carded": (DEFENDER,),
    "attacker_freak_injury": (ATTACKER,),
    "defender_freak_injury": (DEFENDER,),
    "attacker_goes_down_major": (ATTACKER,),
    "goaltender_crash": (GOALTENDER, ATTACKER),
    "goaltender_scuffle": (GOALTENDER, ATTACKER),
    "goaltender_injury": (GOALTENDER, ATTACKER),
    "major_scuffle": (ATTACKER, DEFENDER),
    "minor_scuffle": (ATTACKER, DEFENDER),
    "attacker_breakthrough": (ATTACKER,),
    "defender_breakaway": (DEFENDER,),
}

#: The two results that need nobody: the side with the ball next minute,
#: relative to the side that has it (1: the other side).
CALM_RESULTS = {"momentum_shift": 1, "lull_time": 0}


#: How many throws each roll has: ``floor(random() * throws)`` picks one, exactly
#: the ``int(random() * faces)`` that ``Dice.roll`` draws (a float, so the product
#: is one C multiplication). A minute is five dice (d6 black, d6 white, d6, d6, d12).
MINUTE_THROWS = 15552.0
PAIR_THROWS = 36.0
D6_THROWS = 6.0
D12_THROWS = 12.0


class ThrowByDice:
    """What ``Match.random()`` returns under dice that are not a plain ``Dice``
    (``ScriptedDice`` in tests): multiplied by a roll's number of throws it rolls
    that roll's dice one by one, in the order the module docstring lists, and
    stands for the throw they make. So the match has one code path, whose
    rolls with plain dice are one ``random()`` each."""

    __slots__ = ("dice",)

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def __mul__(self, throws: float) -> float:
        d6, d12 = self.dice.d6, self.dice.d12
        if throws == MINUTE_THROWS:
            index = ((((d6() - 1) * 6 + d6() - 1) * 6 + d6() - 1) * 6 + d6() - 1) * 12 + d12() - 1
        elif throws == PAIR_THROWS:
            index = (d6() - 1) * 6 + d6() - 1
        elif throws == D6_THROWS:
            index = d6() - 1
        elif throws == D12_THROWS:
            index = d12() - 1
        else:
            raise ValueError(f"no roll of the match has {throws} throws")
        return index + 0.5  # floor() gives the index back


def uniform_source(dice: Dice) -> Callable[[], float]:
    """The dice's own ``random`` for a plain ``Dice``, else a ``ThrowByDice`` maker."""
    if type(dice) is Dice:
        return dice.random
    return repeat(ThrowByDice(dice)).__next__  # type: ignore[return-value]  # only ever multiplied, as a float is


class Match:
    """The state of one match and the rules that change it."""

    def __init__(
        self,
        home: Team,
        away: Team,
        dice: Dice,
        charts: Charts,
        winner_required: bool = False,
        tie_break: str = "sudden_death",
    ) -> None:
        self.teams = (home, away)
        self.dice = dice
        #: a uniform in [0, 1) per call; every roll of the match is ``floor(random() * throws)``
        self.random = uniform_source(dice)
        #: what each of the 15552 throws of a minute means (see ``Charts.minute_table``)
        self.minute_table = charts.minute_table()
        self.charts = charts
        self.winner_required = winner_required
        self.tie_break = tie_break
        self.events = EventLog()
        self.score = [0, 0]
        self.possession = HOME  # who has the ball after the last minute played
        self.on: tuple[list[Card | None], list[Card | None]] = ([], [])
        self.preferred: tuple[list[Card], list[Card]] = ([], [])
        self.bench: list[tuple[tuple[Card, ...], ...]] = []  # per side, per box: reserves best first
        self.timeouts = 0
        self.unsettled = [False, False]  # a side whose lineup differs from its preferred one
        self.back_after = [0] * 16  # a player out until a hard timeout numbered above this
        self.removed = [False] * 16
        self.on_since = [0] * 16
        self.stats = list(map(list.copy, repeat(BLANK_STATS, 16)))  # by card slot: home 0-7, away 8-15
        advantage = home.stars + 1 - away.stars
        #: who wins a CONTROL CHECK on each d12 face (index 0 unused)
        self.home_range, self.control_side = charts.control_table(advantage)
        self.control_detail = {"advantage": advantage, "home_range": self.home_range}

    # --- the dice -----------------------------------------------------------

    def d6(self) -> int:
        return floor(self.random() * D6_THROWS) + 1

    def d12(self) -> int:
        return floor(self.random() * D12_THROWS) + 1

    def next_pair(self) -> int:
        """A goaltending roll (black, white) as an index into ``PAIRS``."""
        return floor(self.random() * PAIR_THROWS)

    def next_minute(self) -> tuple[Any, ...]:
        """The five dice of a minute, as the entry of ``minute_table`` they pick."""
        return self.minute_table[floor(self.random() * MINUTE_THROWS)]

    # --- setup ----------------------------------------------------------------

    def setup(self) -> None:
        """Goaltender rolls (home first), then both sides take the pitch."""
        for side, team in enumerate(self.teams):
            die = self.d6()
            keeper_choice = 0 if die <= 5 else 1
            lineup = team.lineups[keeper_choice]
            self.on[side].extend(lineup)
            self.preferred[side].extend(lineup)
            self.bench.append(team.benches[keeper_choice])
            self.events.add((0, ev.LINEUP, SIDES[side], lineup[GOALKEEPER_SLOT].id, die, dict(self.control_detail)))

    # --- comings and goings ---------------------------------------------------

    def leave(self, minute: int, side: int, card: Card, permanent: bool) -> None:
        """Take a player off: for good (red card, major injury) or until the next
        hard timeout but one (yellow card, minor injury)."""
        on = self.on[side]
        if card in on:  # already off when a second consequence reaches them (injured, then booked)
            on[on.index(card)] = None
            self.stats[card.slot][MINUTES] += minute - self.on_since[card.slot]
        if permanent:
            self.removed[card.slot] = True
        else:
            self.back_after[card.slot] = self.timeouts + 1
        self.unsettled[side] = True

    def available(self, card: Card, side: int) -> bool:
        """Free to come on: not sent off or badly hurt, not out since this very
        hard timeout, not on the pitch already."""
        slot = card.slot
        return not self.removed[slot] and self.back_after[slot] < self.timeouts and card not in self.on[side]

    def hard_timeout(self, minute: int) -> None:
        """A HARD TIMEOUT: players may come back and reserves go in."""
        self.timeouts += 1
        unsettled = self.unsettled
        if unsettled[HOME]:
            self.substitute(minute, HOME)
        if unsettled[AWAY]:
            self.substitute(minute, AWAY)

    def substitute(self, minute: int, side: int) -> None:
        """The coach puts every available starter back in their box, then fills
        any empty box with the best available reserve for it."""
        on, preferred = self.on[side], self.preferred[side]
        removed, back_after, timeouts = self.removed, self.back_after, self.timeouts
        for slot, starter in enumerate(preferred):
            # ``available`` written out: not gone for good, not out since this timeout, not on
            if (
                on[slot] is not starter
                and not removed[starter.slot]
                and back_after[starter.slot] < timeouts
                and starter not in on
            ):
                self.bring_on(minute, side, slot, starter, "return")
        for slot, bench in enumerate(self.bench[side]):
            if on[slot] is None:
                for newcomer in bench:  # best first
                    if not removed[newcomer.slot] and back_after[newcomer.slot] < timeouts and newcomer not in on:
                        self.bring_on(minute, side, slot, newcomer, "reserve")
                        if self.removed[preferred[slot].slot]:  # the starter is gone for good: the box is theirs
                            preferred[slot] = newcomer
                        break
        self.unsettled[side] = on != preferred

    def bring_on(self, minute: int, side: int, slot: int, card: Card, reason: str) -> None:
        on = self.on[side]
        leaving = on[slot]
        if leaving is not None:
            self.stats[leaving.slot][MINUTES] += minute - self.on_since[leaving.slot]
        on[slot] = card
        self.on_since[card.slot] = minute
        self.events.add((minute, ev.SUBSTITUTION, SIDES[side], card.id, slot, leaving and leaving.id, reason))

    # --- shots ----------------------------------------------------------------

    def shot_on_goal(
        self,
        minute: int,
        side: int,
        shooter: Card,
        minus_ten: bool,
        layout: EventLayout,
        *detail: Any,
        timeout: bool = True,
    ) -> bool:
        """A shot (its event's ``layout`` and ``detail`` values say how it came) and the
        GOALTENDING CHECK (black tens, white ones; saved at or under the rating); a goal
        is a hard timeout, unless it is scored in one (``timeout`` False: a penalty kick
        is taken in the hard timeout of the card that gave it). True when it went in."""
        add = self.events.add
        shooter_stats = self.stats[shooter.slot]
        shooter_stats[SHOTS] += 1
        add((minute, layout, SIDES[side], shooter.id, *detail))
        keeper = self.on[1 - side][GOALKEEPER_SLOT]
        if keeper is None:
            goal: tuple[Any, ...] = (minute, ev.GOAL_ON_EMPTY_NET, SIDES[side], shooter.id, True)
        else:
            index = floor(self.random() * PAIR_THROWS)
            saves, rating = keeper.goaltending_checks[minus_ten]
            if saves[index]:
                self.stats[keeper.slot][SAVES] += 1
                add((minute, ev.SAVE, SIDES[1 - side], keeper.id, PAIRS[index], rating, keeper.id))
                return False
            self.stats[keeper.slot][GOALS_AGAINST] += 1
            goal = (minute, ev.GOAL, SIDES[side], shooter.id, PAIRS[index], rating, keeper.id)
        self.score[side] += 1
        shooter_stats[GOALS] += 1
        add(goal)
        if timeout:
            self.hard_timeout(minute)
        return True

    def breakaway(self, minute: int, side: int, player: Card, die: int, cause: str) -> int:
        """BREAKAWAY PLAY: OFFENCE CHECK at offence + 2, then a shot against the
        goaltender MINUS TEN; after a miss or a save the side keeps the ball."""
        self.stats[player.slot][BREAKAWAYS] += 1
        success = player.breakaway_ok[die]
        self.events.add((minute, ev.BREAKAWAY, SIDES[side], player.id, die, player.offence + 2, success, cause))
        if success and self.shot_on_goal(minute, side, player, True, ev.SHOT_ON_BREAKAWAY, True):
            return 1 - side
        return side

    def penalty_kick(self, minute: int, side: int, fouled: Card | None, cause: str) -> None:
        """PENALTY KICK by the fouled player (or the best shooter on the pitch
        when the fouled player is off it): an OFFENCE CHECK that only a six
        fails, then a shot against the goaltender MINUS TEN. The kick belongs to
        the hard timeout of the card that gave it: its goal opens no new one, so
        a player who left in that incident stays off until the next."""
        on = self.on[side]
        kicker = fouled if fouled is not None and fouled in on else None
        if kicker is None:
            field = [card for card in on[:GOALKEEPER_SLOT] if card is not None]
            kicker = min(field, key=shooter_rank) if field else on[GOALKEEPER_SLOT]
        if kicker is None:  # nobody left on the pitch to take it
            return
        die = self.d6()
        self.stats[kicker.slot][PENALTY_KICKS] += 1
        self.events.add((minute, ev.PENALTY_KICK, SIDES[side], kicker.id, die, die != 6, cause))
        if die != 6:
            self.shot_on_goal(minute, side, kicker, True, ev.SHOT_FROM_PENALTY, True, timeout=False)

    def control_check(self, minute: int, face: int, reason: str) -> int:
        """CONTROL CHECK: the d12 against the control indicator's range."""
        side = self.control_side[face]
        self.events.add((minute, ev.POSSESSION, SIDES[side], None, face, reason))
        return side

    # --- the regulation minutes -----------------------------------------------

    def run(self) -> MatchResult:
        """Setup, the forty minutes, and the tie-break when a winner is required."""
        self.setup()
        minute = self.play_minutes(1, FULL_TIME, HOME)
        decided_by = "regulation"
        shootout: tuple[int, int] | None = None
        if self.winner_required and self.score[0] == self.score[1]:
            if self.tie_break == "sudden_death":
                self.hard_timeout(minute)
                minute = self.play_minutes(minute + 1, minute + SUDDEN_DEATH_LIMIT, HOME)
                decided_by = "sudden_death"
            if self.score[0] == self.score[1]:
                shootout = self.shootout(minute)
                decided_by = "penalties"
        self.events.add((minute, ev.FULL_TIME, None, None, (self.score[0], self.score[1])))
        return self.result(minute, decided_by, shootout)

    def play_minutes(self, first: int, last: int, possession: int) -> int:
        """Minutes ``first`` to ``last``; returns the last minute played.

        In regulation (1-40) the home side kicks off, the visitors after half
        time, and the match may end early at 30 or 35. After full time
        (sudden death) the first goal ends it. This is the hot loop: the
        normal play is written out here, the rarer plays are methods.
        """
        add = self.events.add
        possession_event = ev.POSSESSION
        on = self.on
        score = self.score
        random = self.random
        minute_table = self.minute_table
        control_side = self.control_side
        stats = self.stats
        shot_on_goal = self.shot_on_goal
        sudden_death = first > FULL_TIME
        checkpoints = range(first, last + 1) if sudden_death else CHECKPOINTS
        threat: Card | None = None  # the player whose steal may become a breakaway
        minute = first
        for minute in range(first, last + 1):  # noqa: B007 (the last minute played is returned)
            offence_slot, defence_slot, b, w, c, doubles, dice = minute_table[floor(random() * MINUTE_THROWS)]
            defending = 1 - possession
            attacker = on[possession][offence_slot]
            defender = on[defending][defence_slot]
            stealer, threat = threat, None
            if stealer is not None and attacker is stealer:
                possession = self.breakaway(minute, possession, stealer, b, "steal")
            elif doubles is not None and doubles != "resolve_normally":
                possession = self.doubles(minute, possession, doubles, attacker, defender, dice)
            else:
                if doubles is not None:
                    # RESOLVE NORMALLY keeps "the doubles that were rolled"; its d12 picked the
                    # chart cell (every such cell sits in columns 5-10: reused, it would give the
                    # side ahead on stars 81 % of these loose balls at +1-2, not 7 in 12), so a
                    # CONTROL CHECK in this minute rolls a new d12
                    add((minute, ev.DOUBLES[doubles], SIDES[possession], attacker and attacker.id, dice))
                offence_ok = attacker is not None and attacker.offence_ok[b]
                defence_ok = defender is not None and defender.defence_ok[w]
                if offence_ok and not defence_ok:
                    if shot_on_goal(minute, possession, attacker, False, ev.SHOT, dice, defender and defender.id):
                        possession = defending
                    else:
                        if doubles is not None:
                            c = self.d12()
                        possession = control_side[c]
                        add((minute, possession_event, SIDES[possession], None, c, "save"))
                elif defence_ok and not offence_ok:
                    stats[defender.slot][STEALS] += 1
                    add((minute, ev.STEAL, SIDES[defending], defender.id, dice, attacker and attacker.id))
                    possession = defending
                    if minute in LAST_MINUTES and self.ends_after(minute):
                        possession = self.last_minute_steal(minute, defending, defender)
                    else:
                        threat = defender
                else:
                    if doubles is not None:
                        c = self.d12()
                    possession = control_side[c]
                    add((minute, possession_event, SIDES[possession], None, c, "loose_ball"))
            if minute in checkpoints:
                if sudden_death:
                    if score[0] != score[1]:
                        break
                elif minute == HALF_LENGTH:
                    possession = self.half_time(minute)
                    threat = None
                elif self.ends_early(minute):
                    break
        self.possession = possession
        return minute

    def half_time(self, minute: int) -> int:
        """Half time is a hard timeout; the visitors kick off the second half."""
        self.events.add((minute, ev.HALF_TIME, None, None, (self.score[0], self.score[1])))
        self.hard_timeout(minute)
        return AWAY

    def ends_after(self, minute: int) -> bool:
        """Whether the half or the game ends after this minute of regulation, on the
        score as it stands (a steal's breakaway may still change it)."""
        return minute in (HALF_LENGTH, FULL_TIME) or self.ends_early(minute)

    def ends_early(self, minute: int) -> bool:
        """At 30 a lead of three ends the match; at 35 a visitors' lead of two
        or a home lead of one."""
        lead = self.score[0] - self.score[1]
        if minute == 30:
            return abs(lead) >= 3
        return lead >= 1 or lead <= -2

    def last_minute_steal(self, minute: int, side: int, stealer: Card) -> int:
        """A steal in the last minute of a half or of the game (20, 40, or 30/35
        when the lead ends the game there): roll for key players once more; if
        the stealer is the key offensive player, the breakaway comes now. Its
        goal may undo an early ending: the lead is judged after the minute."""
        offence_slot, _defence_slot, b, *_rest = self.next_minute()
        if self.on[side][offence_slot] is stealer:
            return self.breakaway(minute, side, stealer, b, "last_minute_steal")
        return side

    def result(self, minute: int, decided_by: str, shootout: tuple[int, int] | None) -> MatchResult:
        """Minutes played for everyone still on, then the stats of every player."""
        stats, on_since = self.stats, self.on_since
        for card in (*self.on[HOME], *self.on[AWAY]):
            if card is not None:
                stats[card.slot][MINUTES] += minute - on_since[card.slot]
        home, away = self.teams
        ids = (*home.card_ids, *away.card_ids)  # both in slot order
        if len(ids) != len(stats):  # a side short of players (suspended, injured): its slots only
            stats = [stats[card.slot] for card in (*home.cards, *away.cards)]
        player_stats = StatTable(ids, STAT_NAMES, stats)
        return MatchResult(
            engine="futti",
            version="",
            seed=0,
            home_goals=self.score[0],
            away_goals=self.score[1],
            decided_by=decided_by,  # type: ignore[arg-type]
            shootout_home=shootout and shootout[0],
            shootout_away=shootout and shootout[1],
            events=self.events,
            player_stats=player_stats,
        )

    def shootout(self, minute: int) -> tuple[int, int]:
        """Penalty kicks, five each (home first), then pairs until one misses.
        Every field player still allowed to play kicks, best offence first; a
        side with no field player left sends its goaltenders (a PENALTY KICK
        succeeds "regardless of rating, unless a six is rolled", so anybody may
        take one). A side with nobody at all misses every kick; when neither side
        has anybody, a CONTROL CHECK decides (1-0 to the side it favours)."""
        kickers = []
        keepers = []
        for side, team in enumerate(self.teams):
            allowed = [card for card in team.cards if not self.removed[card.slot]]
            field = [c for c in allowed if c.role == "field"]
            spare = [c for c in allowed if c.role == "goalkeeper"]
            kickers.append(sorted(field or spare, key=shooter_rank))
            on_goal = self.on[side][GOALKEEPER_SLOT]
            keepers.append(on_goal if on_goal is not None else (spare[0] if spare else None))
        if not kickers[HOME] and not kickers[AWAY]:  # else the side with a kicker scores sooner or later
            face = self.d12()
            winner = self.control_side[face]
            self.events.add((minute, ev.POSSESSION, SIDES[winner], None, face, "shootout"))
            return (1, 0) if winner == HOME else (0, 1)
        goals = [0, 0]
        taken = [0, 0]
        while True:
            for side in (HOME, AWAY):
                shooters = kickers[side]
                if shooters:
                    kicker = shooters[taken[side] % len(shooters)]
                    goals[side] += self.shootout_kick(minute, side, kicker, keepers[1 - side], taken[side] + 1)
                taken[side] += 1
                if max(taken) <= SHOOTOUT_KICKS:  # out of reach before all five are taken?
                    home_left, away_left = SHOOTOUT_KICKS - taken[0], SHOOTOUT_KICKS - taken[1]
                    if goals[0] + home_left < goals[1] or goals[1] + away_left < goals[0]:
                        return goals[0], goals[1]
            if taken[0] >= SHOOTOUT_KICKS and goals[0] != goals[1]:
                return goals[0], goals[1]

    def shootout_kick(self, minute: int, side: int, kicker: Card, keeper: Card | None, number: int) -> int:
        die = self.d6()
        kick = (minute, ev.SHOOTOUT_KICK, SIDES[side], kicker.id, True, number, die, die != 6)
        if die == 6:
            self.events.add((*kick, False))
            return 0
        if keeper is None:
            self.events.add((*kick, True))
            return 1
        index = self.next_pair()
        saves, rating = keeper.goaltending_checks[True]  # minus ten
        scored = not saves[index]
        self.events.add(
            (
                minute,
                ev.SHOOTOUT_KICK_CHECKED,
                SIDES[side],
                kicker.id,
                True,
                number,
                die,
                True,
                PAIRS[index],
                rating,
                keeper.id,
                scored,
            )
        )
        return int(scored)

    # --- the DOUBLES CHART --------------------------------------------------

    def doubles(
        self,
        minute: int,
        possession: int,
        result: str,
        attacker: Card | None,
        defender: Card | None,
        dice: tuple[int, ...],
    ) -> int:
        """Resolve a DOUBLES CHART result; returns who has the ball next minute."""
        defending = 1 - possession
        shift = CALM_RESULTS.get(result)
        if shift is not None:
            self.events.add((minute, ev.DOUBLES[result], SIDES[possession], attacker and attacker.id, dice))
            return possession ^ shift
        keeper = self.on[defending][GOALKEEPER_SLOT]
        people = (attacker, defender, keeper)
        needed = RESULT_PLAYERS[result]
        if None in people and any(people[role] is None for role in needed):
            empty = [ROLE_NAMES[role] for role in needed if people[role] is None]
            self.events.add(
                (minute, ev.PLAYING_SHORT, SIDES[possession], attacker and attacker.id, dice, result, empty)
            )
            return defending
        named = needed[0]
        side = possession if named == ATTACKER else defending
        self.events.add((minute, ev.DOUBLES[result], SIDES[side], people[named].id, dice))  # type: ignore[union-attr]
        incident = Incident(self, minute, result)
        return incident.finish(getattr(incident, result)(possession, attacker, defender, keeper))


class Incident:
    """One DOUBLES CHART result: the checks, cards and injuries it brings, the
    hard timeout after them and the penalty kicks they award."""

    __slots__ = ("match", "minute", "cause", "stopped", "penalties")

    def __init__(self, match: Match, minute: int, cause: str) -> None:
        self.match = match
        self.minute = minute
        self.cause = cause
        #: a HARD TIMEOUT follows: somebody was hurt or booked, or a foul was called
        #: (every result with a SPORTSMANSHIP CHECK is a foul, carded or not)
        self.stopped = False
        self.penalties: list[tuple[int, Card]] = []

    # --- checks --------------------------------------------------------------

    def sportsmanship_check(self, card: Card) -> tuple[bool, int]:
        """A foul: a card, or a warning when the check is made; either way play
        stops for a hard timeout ("Stoppages for injuries, fouls, goals and
        half-time are considered hard timeouts")."""
        self.stopped = True
        die = self.match.d6()
        return card.sportsmanship_ok[die], die

    def injury_check(self, card: Card, as_role: str) -> tuple[bool, int]:
        """INJURY CHECK on offence for the key offensive player, defence for the
        key defender, a rating of three for a goaltender."""
        die = self.match.d6()
        if card.role == "goalkeeper":
            return GOALTENDER_INJURY_OK[die], die
        table = card.offence_ok if as_role == "attacker" else card.defence_ok
        return table[die], die

    # --- consequences ----------------------------------------------------------

    def injure(self, side: int, card: Card, severity: str, roll: int | None) -> None:
        match = self.match
        match.stats[card.slot][INJURIES] += 1
        match.events.add((self.minute, ev.INJURY, SIDES[side], card.id, severity, roll, self.cause))
        match.leave(self.minute, side, card, permanent=severity == "major")
        self.stopped = True

    def book(self, side: int, card: Card, colour: str, roll: int | None, fouled: Card | None) -> int:
        """A YELLOW or RED CARD; a red (or a second yellow) sends the player off
        for good and gives the other side a penalty kick. Returns the
        penalty weight: 1 for a yellow, 2 for a sending off."""
        match = self.match
        sent_off = colour == "red"
        if colour == "yellow":
            match.stats[card.slot][YELLOW_CARDS] += 1
            second = match.stats[card.slot][YELLOW_CARDS] >= 2
            match.events.add((self.minute, ev.YELLOW_CARD, SIDES[side], card.id, roll, self.cause, second))
            sent_off = second
        if sent_off:
            match.stats[card.slot][RED_CARDS] += 1
            match.events.add((self.minute, ev.RED_CARD, SIDES[side], card.id, roll, self.cause, colour == "yellow"))
            self.penalties.append((1 - side, fouled))  # type: ignore[arg-type]
        match.leave(self.minute, side, card, permanent=sent_off)
        self.stopped = True
        return 2 if sent_off else 1

    def control(self, reason: str = "reroll") -> int:
        return self.match.control_check(self.minute, self.match.d12(), reason)

    def finish(self, possession: int) -> int:
        """Hard timeout if anybody left or a foul was called, then the penalty
        kicks; a side that kicked a red-card penalty keeps the ball (unless both
        sides kicked)."""
        match = self.match
        if self.stopped:
            match.hard_timeout(self.minute)
        if not self.penalties:
            return possession
        for side, fouled in self.penalties:
            match.penalty_kick(self.minute, side, fouled, self.cause)
        kicking_sides = {side for side, _ in self.penalties}
        if len(kicking_sides) == 1:
            return kicking_sides.pop()
        return possession

    # --- the results (each returns the possession its text states) ------------------

    def _flattened(self, victim_side: int, victim: Card, role: str, offender: Card) -> int:
        unhurt, die = self.injury_check(victim, role)
        if not unhurt:
            self.injure(victim_side, victim, "major", die)
            self.book(1 - victim_side, offender, "red", None, victim)
        else:
            self.injure(victim_side, victim, "minor", die)
            clean, roll = self.sportsmanship_check(offender)
            self.book(1 - victim_side, offender, "yellow" if clean else "red", roll, victim)
        return victim_side

    def attacker_flattened(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        return self._flattened(possession, attacker, "attacker", defender)

    def defender_flattened(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        return self._flattened(1 - possession, defender, "defender", attacker)

    def _hard_checked(self, victim_side: int, victim: Card, role: str, offender: Card) -> int:
        unhurt, die = self.injury_check(victim, role)
        if not unhurt:
            self.injure(victim_side, victim, "minor", die)
            self.book(1 - victim_side, offender, "yellow", None, victim)
        else:
            clean, roll = self.sportsmanship_check(offender)
            if not clean:
                self.book(1 - victim_side, offender, "yellow", roll, victim)
        return victim_side

    def attacker_hard_checked(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        return self._hard_checked(possession, attacker, "attacker", defender)

    def defender_hard_checked(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        return self._hard_checked(1 - possession, defender, "defender", attacker)

    def _unsportsmanlike(self, side: int, player: Card, fouled: Card | None) -> int:
        clean, roll = self.sportsmanship_check(player)
        if not clean:
            self.book(side, player, "yellow", roll, fouled)
        return 1 - side

    def attacker_unsportsmanlike(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        return self._unsportsmanlike(possession, attacker, defender)

    def defender_unsportsmanlike(self, possession: int, attacker: Card | None, defender: Card, keeper: Card) -> int:
        return self._unsportsmanlike(1 - possession, defender, attacker)

    def goaltender_unsportsmanlike(
        self, possession: int, attacker: Card | None, defender: Card | None, keeper: Card
    ) -> int:
        return self._unsportsmanlike(1 - possession, keeper, attacker)

    def _goes_down(self, side: int, player: Card, role: str) -> int:
        unhurt, die = self.injury_check(player, role)
        if not unhurt:
            self.injure(side, player, "minor", die)
            return side
        return self.control()

    def attacker_goes_down(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        return self._goes_down(possession, attacker, "attacker")

    def defender_goes_down(self, possession: int, attacker: Card | None, defender: Card, keeper: Card) -> int:
        return self._goes_down(1 - possession, defender, "defender")

    def attacker_carded(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        self.book(possession, attacker, "yellow", None, defender)
        return 1 - possession

    def defender_carded(self, possession: int, attacker: Card | None, defender: Card, keeper: Card) -> int:
        self.book(1 - possession, defender, "yellow", None, attacker)
        return possession

    def attacker_freak_injury(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        self.injure(possession, attacker, "minor", None)
        return possession

    def defender_freak_injury(self, possession: int, attacker: Card | None, defender: Card, keeper: Card) -> int:
        self.injure(1 - possession, defender, "minor", None)
        return 1 - possession

    def attacker_goes_down_major(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        unhurt, die = self.injury_check(attacker, "attacker")
        self.injure(possession, attacker, "minor" if unhurt else "major", die)
        return possession

    def goaltender_crash(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        unhurt, die = self.injury_check(keeper, "goaltender")
        if not unhurt:
            self.injure(1 - possession, keeper, "minor", die)
            self.book(possession, attacker, "yellow", None, keeper)
        else:
            clean, roll = self.sportsmanship_check(attacker)
            if not clean:
                self.book(possession, attacker, "yellow", roll, keeper)
        return 1 - possession

    def _scuffle_control(self, penalised: list[int]) -> int:
        """Non-penalised side gets the ball; both or neither: a new control check."""
        if penalised[0] == penalised[1]:
            return self.control()
        return HOME if penalised[0] < penalised[1] else AWAY

    def goaltender_scuffle(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        penalised = [0, 0]
        for side, player, opponent in ((1 - possession, keeper, attacker), (possession, attacker, keeper)):
            clean, roll = self.sportsmanship_check(player)
            if not clean:
                penalised[side] = self.book(side, player, "yellow", roll, opponent)
        return self._scuffle_control([min(p, 1) for p in penalised])

    def goaltender_injury(self, possession: int, attacker: Card, defender: Card | None, keeper: Card) -> int:
        match = self.match
        scored = match.shot_on_goal(self.minute, possession, attacker, False, ev.SHOT_BY_RESULT, self.cause)
        unhurt, die = self.injury_check(keeper, "goaltender")
        if not unhurt:
            self.injure(1 - possession, keeper, "minor", die)
            return 1 - possession
        return 1 - possession if scored else self.control()

    def major_scuffle(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        players = {possession: attacker, 1 - possession: defender}
        roles = {possession: "attacker", 1 - possession: "defender"}
        hurt = [False, False]
        for side in (possession, 1 - possession):
            unhurt, die = self.injury_check(players[side], roles[side])
            if not unhurt:
                hurt[side] = True
                self.injure(side, players[side], "minor", die)
        penalised = [0, 0]
        for side in (possession, 1 - possession):
            player, opponent = players[side], players[1 - side]
            if hurt[1 - side]:
                penalised[side] = self.book(side, player, "yellow", None, opponent)
                continue
            clean, roll = self.sportsmanship_check(player)
            if not clean:
                penalised[side] = self.book(side, player, "yellow", roll, opponent)
        if penalised[0] != penalised[1]:
            return HOME if penalised[0] < penalised[1] else AWAY
        if hurt[0] != hurt[1]:
            return HOME if hurt[0] else AWAY
        return self.control()

    def minor_scuffle(self, possession: int, attacker: Card, defender: Card, keeper: Card) -> int:
        penalised = [0, 0]
        for side, player, opponent in ((possession, attacker, defender), (1 - possession, defender, attacker)):
            clean, roll = self.sportsmanship_check(player)
            if not clean:
                penalised[side] = 1
                self.book(side, player, "yellow", roll, opponent)
        return self._scuffle_control(penalised)

    def attacker_breakthrough(self, possession: int, attacker: Card, defender: Card | None, keeper: Card | None) -> int:
        if self.match.shot_on_goal(self.minute, possession, attacker, True, ev.SHOT_BY_RESULT, self.cause):
            return 1 - possession
        return self.control()

    def defender_breakaway(self, possession: int, attacker: Card | None, defender: Card, keeper: Card | None) -> int:
        match = self.match
        side = 1 - possession
        match.stats[defender.slot][STEALS] += 1
        match.events.add((self.minute, ev.STEAL_BY_RESULT, SIDES[side], defender.id, self.cause))
        return match.breakaway(self.minute, side, defender, match.d6(), self.cause)
