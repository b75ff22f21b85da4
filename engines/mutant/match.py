"""One match of Mutant Soccer: the state, the turn loop and every rule of the book.

``play(home, away, dice, settings)`` is the entry point: two ``Team`` objects
(built by ``engine.build_team``), a ``Dice`` (a ``ScriptedDice`` in tests) and
the league settings. The computer coach's choices live in ``coach.py``, which
the match is handed (``Match(..., coach)``) and never imports; this module only
applies rules, so a test can drive a single rule through the
``Match`` methods (``duel``, ``hurt``, ``pass_ball`` ...) with forced dice and a
stacked deck.

The clock: a turn is an action and its reaction (or one duel). The rule book's
match "takes about 30 minutes"; we count ``TURNS_PER_MINUTE`` turns a minute and
stop a match after ``TURN_CAP`` turns (the rule book's timer variant), so every
simulated match ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engines.core import AWAY, HOME, Dice, EventLog, Side, blank_stats
from engines.mutant import board
from engines.mutant import events as ev
from engines.mutant import tactics as T
from engines.mutant.cards import FIELD, GOALKEEPER, PLAYER_COACH, trigger_fires
from engines.mutant.styles import CAREFUL, STYLES
from engines.settings import whole_setting

SIDE_NAMES: tuple[Side, Side] = (HOME, AWAY)
GOALS_TO_WIN = 3
TURN_CAP = 200
#: The largest goal target and turn cap a league may set (the settings schema's maxima).
MAX_GOALS_TO_WIN = 20
MAX_TURN_CAP = 2000
TURNS_PER_MINUTE = 1
SUDDEN_DEATH_TURNS = 60
#: Our tie-break shoot-out: five kicks each, then up to twenty rounds of sudden death,
#: then a coin toss (the rule book has no shoot-out).
SHOOTOUT_ROUNDS = 5
SHOOTOUT_SUDDEN_DEATH = 20

#: The game's own counters, next to the standard ones, in every player's stats.
EXTRA_STATS = (
    "duels_won",
    "duels_lost",
    "fouls",
    "fouled",
    "mutations",
    "passes",
    "dribbles",
    "mutant_powers",
)

_STATS_TEMPLATE = {**blank_stats(), **dict.fromkeys(EXTRA_STATS, 0)}

_FACE_LABELS = {T.SPECIAL: "special", T.INJURY: "injury", T.BLANK: "blank"}


def face_label(face: tuple[str, int]) -> str:
    kind, value = face
    if kind == T.BONUS:
        return f"{value:+d}"
    return _FACE_LABELS[kind]


_CARD_BONUS = {card: bonus for card, (_kind, bonus) in T.CARD_TYPES.items()}
_NOBODY: frozenset[Player] = frozenset()
_ATTACK_LABELS = tuple(face_label(face) for face in T.ATTACK_DIE)
_DEFENCE_LABELS = tuple(face_label(face) for face in T.DEFENCE_DIE)


class IllegalPlay(AssertionError):
    """A coach asked for something the rule book forbids: a bug in the coach, never a result.
    Raised, not asserted, so the checks hold under ``python -O`` too."""


def check_duel_cards(team: Team, played: Sequence[str], attacking: bool, shot: bool) -> None:
    """The book's limits on the tactical cards down in one duel, whatever the coach asks: at
    most two, each a kind this side of this duel may use, and one FOUL per coach."""
    side = SIDE_NAMES[team.side]
    if len(played) > T.CARDS_PER_DUEL:
        raise IllegalPlay(f"{side} put {len(played)} cards down in a duel; at most {T.CARDS_PER_DUEL}")
    for card in played:
        if card not in T.CARD_TYPES or not T.usable_in_duel(card, attacking, shot):
            role = "shooter" if attacking and shot else "attacker" if attacking else "defender"
            raise IllegalPlay(f"{side} cannot play {card!r} as the {role} of a {'shot' if shot else 'duel'}")
    if played.count(T.FOUL) > 1:
        raise IllegalPlay(f"{side} played {played.count(T.FOUL)} FOUL cards in one duel; one per coach")


class Player:
    """A player card in play: both sides of the card and where it is."""

    __slots__ = (
        "id",
        "name",
        "side",
        "keeper_card",
        "attack",
        "defence",
        "mutant_attack",
        "mutant_defence",
        "trigger",
        "power",
        "_mutated",
        "sq",
        "_in_goal",
        "player_coach",
        "stats",
        "joined",
        "att",
        "dfn",
    )

    def __init__(self, card: Mapping[str, Any], side: int) -> None:
        self.id: str | None = card.get("id")
        self.name = str(card.get("name") or self.id)
        self.side = side
        self.keeper_card = card.get("role") == GOALKEEPER
        self.attack: int = card["attack"]
        self.defence: int = card["defence"]
        self.mutant_attack: int = card.get("mutant_attack", self.attack)
        self.mutant_defence: int = card.get("mutant_defence", self.defence)
        self.trigger: str | None = card.get("trigger")
        self.power: str | None = card.get("power")
        self._mutated = False
        self.sq: int | None = None
        self._in_goal = False
        self.player_coach = False
        self.stats: dict[str, int] = dict(_STATS_TEMPLATE)
        self.joined: int | None = None
        self._refresh()

    def _refresh(self) -> None:
        """Keep the current powers (``att``, ``dfn``) in step with the card's state.

        They are plain attributes because the computer coach reads them thousands
        of times a match; only flipping the card or going in goal changes them.
        """
        attack = self.mutant_attack if self._mutated else self.attack
        defence = self.mutant_defence if self._mutated else self.defence
        if self._in_goal and not self.keeper_card:
            # A field player in goal plays at -2, never below 1.
            attack, defence = max(1, attack - 2), max(1, defence - 2)
        self.att = attack
        self.dfn = defence

    @property
    def mutated(self) -> bool:
        return self._mutated

    @mutated.setter
    def mutated(self, value: bool) -> None:
        self._mutated = value
        self._refresh()

    @property
    def in_goal(self) -> bool:
        return self._in_goal

    @in_goal.setter
    def in_goal(self, value: bool) -> None:
        self._in_goal = value
        self._refresh()

    def side_value(self, mutated: bool) -> int:
        """Attack + defence of one side of the card (the computer coach's yardstick)."""
        if mutated:
            return self.mutant_attack + self.mutant_defence
        return self.attack + self.defence

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Player({self.id}, side={self.side}, sq={self.sq}, mutated={self.mutated})"


def make_player_coach(side: int) -> Player:
    """The Spielertrainer's card: no id (he is not on the team sheet), no mutated side."""
    player = Player({"id": None, "role": FIELD, **PLAYER_COACH}, side)
    player.player_coach = True
    return player


class Team:
    """A coach's side: cards on the field, in goal, on the bench, on the injured pile."""

    def __init__(
        self,
        side: int,
        name: str,
        starters: list[Player],
        keeper: Player | None,
        bench: list[Player],
        coach_key: str,
        style: str = CAREFUL,
        extra_cards: int = 0,
    ) -> None:
        self.side = side
        self.name = name
        self.players = [*starters, *([keeper] if keeper else []), *bench]
        self.field = list(starters)
        self.keeper = keeper
        if keeper is not None:
            keeper.in_goal = True
        self.bench = list(bench)
        self.injured: list[Player] = []
        self.hand: list[str] = []
        self.tokens: list[str] = []
        self.coach = coach_key
        self.style = STYLES[style]
        self.style_name = style
        self.extra_cards = extra_cards
        self.goals = 0
        self.power_turn = -1
        self.player_coach: Player | None = None


#: A coach's choice of action: ("shot",), ("dribble", p), ("pass", p), ("run", p, sq), ("none",);
#: of reaction: ("attack", p) or ("run", p, sq).
Action = tuple[Any, ...]


class Coach(Protocol):
    """The decisions the rules ask of the computer coach (``engines.mutant.coach``)."""

    def card_value(self, card: str, /) -> float: ...
    def token_face(self, match: Match, team: Team, /) -> str: ...
    def use_tokens(self, match: Match, team: Team, /) -> None: ...
    def choose_action(self, match: Match, team: Team, /) -> Action: ...
    def choose_reaction(self, match: Match, team: Team, /) -> Action | None: ...
    def flip_before_duel(self, match: Match, team: Team, player: Player, attacking: bool, /) -> None: ...
    def duel_cards(
        self, match: Match, team: Team, me: Player, rival: Player, attacking: bool, shot: bool, /
    ) -> list[str]: ...
    def mutant_power_card(
        self, match: Match, team: Team, player: Player, attacking: bool, active: set[Player], /
    ) -> None: ...
    def use_drawn_card(
        self, match: Match, team: Team, card: str, played: list[str], attacking: bool, shot: bool, /
    ) -> bool: ...
    def anti_mutant(self, match: Match, team: Team, player: Player, active: set[Player], /) -> None: ...
    def heal_to_save(self, match: Match, team: Team, player: Player, /) -> bool: ...
    def choose_keeper(self, match: Match, team: Team, /) -> Player | None: ...
    def choose_substitute(self, match: Match, team: Team, /) -> Player | None: ...
    def refresh_hand(self, match: Match, team: Team, /) -> None: ...
    def after_goal_changes(self, match: Match, team: Team, /) -> None: ...


class Match:
    """The state of a match and the rules that change it; ``coach`` makes the choices."""

    def __init__(
        self, home: Team, away: Team, dice: Dice, coach: Coach, settings: Mapping[str, Any] | None = None
    ) -> None:
        settings = settings or {}
        self.teams = (home, away)
        self.dice = dice
        self.coach = coach
        self.board: list[Player | None] = [None] * board.SQUARES
        self.holder: Player | None = None
        self.loose: int | None = None
        self.acting = 0
        self.turn = 0
        self.quiet = 0  # turns since the last duel
        #: The play-by-play: ``events.add((minute, layout, side, player_id, *detail))``, the
        #: detail values in the order of the layout's keys (``events.py``).
        self.events = EventLog()
        self.deck = T.build_deck(settings.get("tactical_deck"))
        self.discards: list[str] = []
        self.tokens_left = T.COACHING_TOKENS
        self.goals_to_win = whole_setting(settings, "goals_to_win", GOALS_TO_WIN, 1, MAX_GOALS_TO_WIN)
        self.turn_cap = whole_setting(settings, "turn_cap", TURN_CAP, 1, MAX_TURN_CAP)
        self.over = False
        self.ended_by: str | None = None
        self._keeper_ball: Team | None = None

    # ------------------------------------------------------------------ set-up

    def start(self) -> None:
        """Tokens, hands, the line-ups and the coin toss for kick-off."""
        self.dice.shuffle(self.deck)
        for team in self.teams:
            self.give_token(team)
        for team in self.teams:
            for _ in range(T.HAND_LIMIT + team.extra_cards):
                card = self._take_from_deck()
                if card is not None:
                    team.hand.append(card)
        for team in self.teams:
            for player in team.field:
                self._enter(player)
            if team.keeper is not None:
                self._enter(team.keeper)
            self.line_up(team)
        self.kick_off(self.dice.roll(2) - 1)

    def line_up(self, team: Team) -> None:
        """Put a team's field players on its formation: best attackers in the forward line."""
        for player in team.field:
            if player.sq is not None and self.board[player.sq] is player:
                self.board[player.sq] = None
        ordered = sorted(team.field, key=lambda p: (-p.att, -p.dfn))
        for player, sq in zip(ordered, board.FORMATION[team.side], strict=False):
            player.sq = sq
            self.board[sq] = player

    def kick_off(self, side: int) -> None:
        team = self.teams[side]
        self.acting = side
        self.loose = None
        forward = [p for p in team.field if p.sq in board.FORWARD_LINE[side]] or team.field
        if not forward:
            self.holder = team.keeper
        else:
            self.holder = max(forward, key=lambda p: (p.att, -p.sq))  # type: ignore[operator]
        taker = self.holder.id if self.holder is not None else None  # nobody left to kick off
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.KICK_OFF, SIDE_NAMES[side], taker))

    # ------------------------------------------------------------ tactical deck

    def _take_from_deck(self) -> str | None:
        if not self.deck:
            if not self.discards:
                return None
            self.deck, self.discards = self.discards, []
            self.dice.shuffle(self.deck)
        return self.deck.pop()

    def draw(self, team: Team) -> str | None:
        """Draw one card; a hand over the limit (five plus the dummy) discards its worst."""
        card = self._take_from_deck()
        if card is None:
            return None
        before = len(team.hand)
        team.hand.append(card)
        if len(team.hand) > max(T.HAND_LIMIT, before):
            worst = min(team.hand, key=self.coach.card_value)
            team.hand.remove(worst)
            self.discards.append(worst)
        return card if card in team.hand else None

    def discard(self, cards: list[str]) -> None:
        self.discards.extend([c for c in cards if c != T.DUMMY] if T.DUMMY in cards else cards)

    def give_token(self, team: Team) -> None:
        """A coaching token from the supply; its side (T or +) is chosen on receipt."""
        if self.tokens_left <= 0:
            return
        self.tokens_left -= 1
        face = self.coach.token_face(self, team)
        team.tokens.append(face)
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.COACHING_TOKEN, SIDE_NAMES[team.side], None, face))

    # ---------------------------------------------------------------- movement

    def _enter(self, player: Player) -> None:
        player.joined = self.turn

    def _leave(self, player: Player) -> None:
        if player.joined is not None:
            player.stats["minutes"] += self.turn - player.joined
            player.joined = None

    def free_squares(self, side: int) -> list[int]:
        return [sq for sq in board.OWN_HALF[side] if self.board[sq] is None and sq != self.loose]

    def run(self, player: Player, sq: int) -> None:
        """Positional play: to an adjacent empty square, or swap with a team-mate there."""
        origin = player.sq
        if origin is None or sq not in board.ADJACENT[origin]:
            raise IllegalPlay(f"{player.id} runs to square {sq}: a run goes to an adjacent square")
        other = self.board[sq]
        if other is not None and other.side != player.side:
            raise IllegalPlay(f"{player.id} runs to square {sq}: a run cannot enter an opponent's square")
        self.board[origin] = other
        if other is not None:
            other.sq = origin
        self.board[sq] = player
        player.sq = sq
        picked = False
        if self.loose == sq:
            self.loose = None
            self.holder = player
            self.acting = player.side
            picked = True
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.RUN,
                SIDE_NAMES[player.side],
                player.id,
                sq,
                other.id if other else None,
                picked,
            )
        )

    def pass_ball(self, receiver: Player) -> None:
        """A pass reaches up to two rows and always arrives."""
        passer = self.holder
        if passer is None or passer.side != receiver.side or receiver.sq is None:
            raise IllegalPlay(f"a pass to {receiver.id}: only the holder passes, to a team-mate on the field")
        if passer.in_goal:
            if receiver.sq not in board.KEEPER_PASS_SQUARES[passer.side]:
                raise IllegalPlay(f"{passer.id} passes to {receiver.id}: a keeper passes into the own half")
        elif passer.sq is None or abs(board.row_of(receiver.sq) - board.row_of(passer.sq)) > 2:
            raise IllegalPlay(f"{passer.id} passes to {receiver.id}: a pass reaches two rows")
        passer.stats["passes"] += 1
        self.holder = receiver
        self.events.add(
            (self.turn // TURNS_PER_MINUTE, ev.PASS, SIDE_NAMES[passer.side], passer.id, receiver.id, receiver.sq)
        )

    def swap(self, first: Player, second: Player) -> None:
        a, b = first.sq, second.sq
        assert a is not None and b is not None
        self.board[a], self.board[b] = second, first
        first.sq, second.sq = b, a

    # ------------------------------------------------------------------ duels

    def shot_bonuses(self, shooter: Player) -> tuple[int, int]:
        """(attacker bonus, goalkeeper bonus) of a shot from the shooter's square."""
        sq = shooter.sq
        assert sq is not None
        side = shooter.side
        duo = 1 if any((mate := self.board[n]) is not None and mate.side == side for n in board.BESIDE[sq]) else 0
        blockers = [n for n in board.SIGHT_LINES[side][sq] if (d := self.board[n]) is not None and d.side != side]
        if not blockers:
            return duo, 0
        if board.RANK[side][sq] == board.ROWS - 1:
            return duo, 1
        chain = any(
            (mate := self.board[n]) is not None and mate.side != side for b in blockers for n in board.BESIDE[b]
        )
        return duo, 2 if chain else 1

    def duel(self, kind: str, attacker: Player, defender: Player) -> Player:
        """Fight a duel (dribble, attack or shot) and apply everything that follows it.

        Returns the winner. Order as in the rule book: cards face down, dice, then
        A immediate actions (mutant powers, flash cards), B the duel, the ball and
        the swap, C the other cards (fouls), injuries from the dice, and draws.
        """
        shot = kind == "shot"
        if not shot and (attacker.sq is None or defender.sq not in board.ADJACENT[attacker.sq]):
            raise IllegalPlay(f"{attacker.id} and {defender.id}: a duel is fought next to each other")
        self.quiet = 0
        a_team, d_team = self.teams[attacker.side], self.teams[defender.side]
        holder = self.holder
        holder_side = holder.side if holder is not None else attacker.side
        coach = self.coach
        coach.flip_before_duel(self, a_team, attacker, True)
        coach.flip_before_duel(self, d_team, defender, False)
        a_cards = coach.duel_cards(self, a_team, attacker, defender, True, shot)
        d_cards = coach.duel_cards(self, d_team, defender, attacker, False, shot)
        for team, played, attacking in ((a_team, a_cards, True), (d_team, d_cards, False)):
            check_duel_cards(team, played, attacking, shot)
            for card in played:
                if card == T.DUMMY:
                    continue  # the dummy stays in the reservoir
                if card not in team.hand:
                    raise IllegalPlay(f"{SIDE_NAMES[team.side]} played {card!r}, which is not in its hand")
                team.hand.remove(card)
        active: set[Player] = set()
        coach.mutant_power_card(self, a_team, attacker, True, active)
        coach.mutant_power_card(self, d_team, defender, False, active)
        a_roll = self.dice.d6() - 1
        d_roll = self.dice.d6() - 1
        a_face = T.ATTACK_DIE[a_roll]
        d_face = T.DEFENCE_DIE[d_roll]
        order = [(attacker, a_team, a_face, a_cards, True), (defender, d_team, d_face, d_cards, False)]
        if holder_side != attacker.side:
            order.reverse()
        if T.SPECIAL in (a_face[0], d_face[0]):  # a SPECIAL face fires a power or draws a card
            for player, team, face, played, attacking in order:
                if face[0] != T.SPECIAL:
                    continue
                if player.mutated and not player.player_coach:
                    self.activate_power(player, active)
                else:
                    drawn = self.draw(team)
                    if drawn is not None and coach.use_drawn_card(self, team, drawn, played, attacking, shot):
                        check_duel_cards(team, [*played, drawn], attacking, shot)
                        team.hand.remove(drawn)
                        played.append(drawn)
                        self.events.add(
                            (
                                self.turn // TURNS_PER_MINUTE,
                                ev.CARD_DRAWN_ON_SPECIAL,
                                SIDE_NAMES[team.side],
                                player.id,
                                drawn,
                                True,
                            )
                        )
        if active:
            for player, team, _face, _played, _attacking in order:
                coach.anti_mutant(self, team, player, active)
        if T.DESTRUCTIVE_TACTICS in a_cards or T.DESTRUCTIVE_TACTICS in d_cards:
            cancelled = self._destructive_tactics(a_team, a_cards, d_team, d_cards)
            a_live = [c for i, c in enumerate(a_cards) if ("a", i) not in cancelled]
            d_live = [c for i, c in enumerate(d_cards) if ("d", i) not in cancelled]
        else:
            cancelled, a_live, d_live = set(), a_cards, d_cards
        # B: the duel
        duo, wall = self.shot_bonuses(attacker) if shot else (0, 0)
        a_plus = sum(map(_CARD_BONUS.__getitem__, a_live)) if a_live else 0
        d_plus = sum(map(_CARD_BONUS.__getitem__, d_live)) if d_live else 0
        a_value = attacker.att + a_face[1] + a_plus + duo
        d_value = defender.dfn + d_face[1] + d_plus + wall
        a_auto = T.SUCCESSFUL_ATTACK in a_live and not shot
        d_auto = T.SUCCESSFUL_DEFENCE in d_live
        if a_auto != d_auto:
            attacker_wins = a_auto
        elif a_value != d_value:
            attacker_wins = a_value > d_value
        else:
            attacker_wins = holder_side == attacker.side
        winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
        winner.stats["duels_won"] += 1
        loser.stats["duels_lost"] += 1
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.DUEL,
                SIDE_NAMES[attacker.side],
                attacker.id,
                kind,
                defender.id,
                {
                    "power": attacker.att,
                    "die": _ATTACK_LABELS[a_roll],
                    "cards": a_cards,
                    "bonus": duo,
                    "total": a_value,
                },
                {
                    "power": defender.dfn,
                    "die": _DEFENCE_LABELS[d_roll],
                    "cards": d_cards,
                    "bonus": wall,
                    "total": d_value,
                },
                [(a_cards if k == "a" else d_cards)[i] for k, i in sorted(cancelled)] if cancelled else [],
                SIDE_NAMES[winner.side],
            )
        )
        fired = {p for p in active if trigger_fires(p.trigger, p is attacker, p is winner)} if active else _NOBODY
        goal = False
        if shot:
            if attacker_wins:
                goal = True
            else:
                defender.stats["saves"] += 1
                if attacker in fired and attacker.power == "hold_ball":
                    self._power_event(attacker)
                else:
                    self.holder = defender
                self.events.add(
                    (self.turn // TURNS_PER_MINUTE, ev.SAVE, SIDE_NAMES[defender.side], defender.id, attacker.id)
                )
        else:
            if winner is not holder:
                if loser in fired and loser.power == "hold_ball":
                    self._power_event(loser)
                else:
                    winner.stats["steals"] += 1
                    self.holder = winner
                    self.swap(attacker, defender)
            else:
                self.swap(attacker, defender)
            if winner in fired and winner.power == "advance" and self.holder is winner:
                self._advance(winner)
        # C: the other cards, the powers' after-effects, then injuries from the dice
        hits: list[tuple[Player, str]] = []
        for fouler, victim, played in ((attacker, defender, a_live), (defender, attacker, d_live)):
            if T.FOUL in played:
                hits.append((victim, "foul"))
                fouler.stats["fouls"] += 1
                victim.stats["fouled"] += 1
                self.events.add(
                    (self.turn // TURNS_PER_MINUTE, ev.FOUL, SIDE_NAMES[fouler.side], fouler.id, victim.id, "card")
                )
        immune: set[Player] = set()
        if fired:
            for player, _team, _face, _played, _attacking in order:
                if player in fired and player.power not in ("hold_ball", "advance"):
                    opponent = defender if player is attacker else attacker
                    self._after_effect(player, opponent, hits, immune)
        if a_face[0] == T.INJURY:
            hits.append((attacker, "injury"))
        if d_face[0] == T.INJURY:
            hits.append((defender, "injury"))
        if a_cards:
            self.discard(a_cards)
        if d_cards:
            self.discard(d_cards)
        if goal:
            self._goal(attacker, hits, immune)
            return winner
        if hits:
            self._apply_hits(hits, immune)
        for team in (a_team, d_team):
            if len(team.hand) <= 1:
                self.draw(team)
        if self.holder is not None:
            self.acting = self.holder.side
        else:
            self.acting = winner.side
        return winner

    def _destructive_tactics(
        self, a_team: Team, a_cards: list[str], d_team: Team, d_cards: list[str]
    ) -> set[tuple[str, int]]:
        """Each DESTRUCTIVE TACTICS cancels the best card the other side placed."""
        cancelled: set[tuple[str, int]] = set()
        for own, other_key, other, team in (
            (a_cards, "d", d_cards, a_team),
            (d_cards, "a", a_cards, d_team),
        ):
            for _ in range(own.count(T.DESTRUCTIVE_TACTICS)):
                targets = [
                    (self.coach.card_value(c), i)
                    for i, c in enumerate(other)
                    if (other_key, i) not in cancelled and c not in (T.DUMMY, T.DESTRUCTIVE_TACTICS)
                ]
                if not targets:
                    break
                _value, index = max(targets)
                cancelled.add((other_key, index))
                self.events.add(
                    (
                        self.turn // TURNS_PER_MINUTE,
                        ev.CARD_CANCELS,
                        SIDE_NAMES[team.side],
                        None,
                        T.DESTRUCTIVE_TACTICS,
                        other[index],
                    )
                )
        return cancelled

    def play_flash(self, team: Team, card: str, player: Player) -> None:
        """A flash card goes straight from the hand onto the discards and takes effect."""
        team.hand.remove(card)
        self.discards.append(card)
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.TACTICAL_CARD, SIDE_NAMES[team.side], player.id, card))

    def mutant_power_card(self, team: Team, player: Player, active: set[Player]) -> None:
        """MUTANT POWER: activate a player's power; on the standard side swap the card for a new one."""
        self.play_flash(team, T.MUTANT_POWER, player)
        if player.mutated and not player.player_coach:
            self.activate_power(player, active)
        else:
            self.draw(team)

    def activate_power(self, player: Player, active: set[Player]) -> None:
        """A mutant power is activated once per player and turn, before the duel."""
        if player in active or player.power is None:
            return
        active.add(player)
        player.stats["mutant_powers"] += 1
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.MUTANT_POWER,
                SIDE_NAMES[player.side],
                player.id,
                player.power,
                player.trigger,
                "activated",
            )
        )

    def _power_event(self, player: Player) -> None:
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.MUTANT_POWER,
                SIDE_NAMES[player.side],
                player.id,
                player.power,
                player.trigger,
                "effect",
            )
        )

    def _advance(self, player: Player) -> None:
        assert player.sq is not None
        targets = [n for n in board.towards(player.side, player.sq) if self.board[n] is None]
        self._power_event(player)
        if targets:
            target = min(targets, key=lambda n: abs(board.col_of(n) - board.GOAL_COLUMN))
            self.board[player.sq] = None
            self.board[target] = player
            player.sq = target

    def _after_effect(
        self, player: Player, opponent: Player, hits: list[tuple[Player, str]], immune: set[Player]
    ) -> None:
        team = self.teams[player.side]
        power = player.power
        self._power_event(player)
        if power == "foul_opponent":
            hits.append((opponent, "foul"))
            player.stats["fouls"] += 1
            opponent.stats["fouled"] += 1
            self.events.add(
                (
                    self.turn // TURNS_PER_MINUTE,
                    ev.FOUL,
                    SIDE_NAMES[player.side],
                    player.id,
                    opponent.id,
                    "mutant_power",
                )
            )
        elif power == "shrug_off":
            immune.add(player)
        elif power == "draw_two":
            self.draw(team)
            self.draw(team)
        elif power == "coaching_token":
            self.give_token(team)
        elif power == "steal_card":
            rival = self.teams[1 - player.side]
            if rival.hand:
                card = self.dice.choice(rival.hand)
                rival.hand.remove(card)
                team.hand.append(card)
                if len(team.hand) > T.HAND_LIMIT:
                    worst = min(team.hand, key=self.coach.card_value)
                    team.hand.remove(worst)
                    self.discards.append(worst)
        elif power == "reanimate":
            self.reanimate(team, team.injured[-1] if team.injured else None)

    # ------------------------------------------------- fouls, injuries, healing

    def _apply_hits(self, hits: list[tuple[Player, str]], immune: set[Player]) -> None:
        """A player hit more than once in one duel flips (or leaves) only once."""
        seen: set[Player] = set()
        for player, cause in hits:
            if player in seen or player in immune:
                continue
            seen.add(player)
            if player.sq is None and not player.in_goal:
                continue  # already off the field
            self.hurt(player, cause)

    def hurt(self, player: Player, cause: str) -> None:
        """A foul or an injury: flip to the mutated side, or leave the field if already mutated."""
        team = self.teams[player.side]
        if player.player_coach:
            # No mutated side: a foul or an injury sends him back to the bench.
            self._remove_from_play(player)
            self.events.add(
                (
                    self.turn // TURNS_PER_MINUTE,
                    ev.PLAYER_COACH_OFF,
                    SIDE_NAMES[player.side],
                    player.id,
                    "player_coach",
                    cause,
                )
            )
            self._replace(team, player)
            team.bench.append(player)
            return
        if not player.mutated:
            player.mutated = True
            player.stats["mutations"] += 1
            self.events.add((self.turn // TURNS_PER_MINUTE, ev.MUTATION, SIDE_NAMES[player.side], player.id, cause))
            return
        if self.coach.heal_to_save(self, team, player):
            return
        player.stats["injuries"] += 1
        self._remove_from_play(player)
        team.injured.append(player)
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.SERIOUS_INJURY, SIDE_NAMES[player.side], player.id, cause))
        self._replace(team, player)
        if self._keeper_ball is team:
            # A keeper holding the ball left: the ball stays in goal with the new keeper.
            self._keeper_ball = None
            self.holder = team.keeper
            if self.holder is None and self.loose is None:
                self.acting = 1 - team.side

    def heal(self, team: Team, player: Player, source: str) -> None:
        player.mutated = False
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.HEAL, SIDE_NAMES[team.side], player.id, source))

    def _remove_from_play(self, player: Player) -> None:
        team = self.teams[player.side]
        self._leave(player)
        if player.in_goal:
            player.in_goal = False
            team.keeper = None
            if self.holder is player:
                self.holder = None
                self._keeper_ball = team
        else:
            team.field.remove(player)
            assert player.sq is not None
            self.board[player.sq] = None
            if self.holder is player:
                self.holder = None
                self.loose = player.sq
        player.sq = None

    def _replace(self, team: Team, gone: Player) -> None:
        """Fill a hole at once: a keeper first, else a substitute in the own half."""
        if team.keeper is None:
            keeper = self.coach.choose_keeper(self, team)
            if keeper is not None:
                self.put_in_goal(team, keeper)
        if len(team.field) < 5:
            sub = self.coach.choose_substitute(self, team)
            free = self.free_squares(team.side)
            if sub is not None and free:
                self.bring_on(team, sub, free[-1], replaces=gone)
        self.check_players_left()

    def put_in_goal(self, team: Team, keeper: Player) -> None:
        if keeper in team.bench:
            team.bench.remove(keeper)
            self._enter(keeper)
        elif keeper in team.field:
            self.board[keeper.sq] = None  # type: ignore[index]
            team.field.remove(keeper)
            if self.holder is keeper:
                self.holder = None
                self.loose = keeper.sq
            keeper.sq = None
        keeper.in_goal = True
        team.keeper = keeper
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.INTO_GOAL,
                SIDE_NAMES[team.side],
                keeper.id,
                "goal",
                not keeper.keeper_card,
            )
        )

    def bring_on(self, team: Team, player: Player, sq: int, replaces: Player | None = None) -> None:
        if player in team.bench:
            team.bench.remove(player)
        if player in team.injured:
            team.injured.remove(player)
        team.field.append(player)
        player.sq = sq
        self.board[sq] = player
        self._enter(player)
        if self.loose == sq:
            self.loose = None
            self.holder = player
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.SUBSTITUTION,
                SIDE_NAMES[team.side],
                player.id,
                sq,
                replaces.id if replaces else None,
            )
        )

    def substitute(self, team: Team, out: Player | None, into: Player) -> None:
        """A bench card comes on for ``out`` (or into a free place), keeping its side up."""
        sq = None
        if out is not None:
            sq = out.sq
            self._leave(out)
            team.field.remove(out)
            if sq is not None:
                self.board[sq] = None
            out.sq = None
            team.bench.append(out)
            if self.holder is out:
                self.holder = into
        team.bench.remove(into)
        team.field.append(into)
        self._enter(into)
        if sq is None:
            free = self.free_squares(team.side)
            sq = free[-1] if free else None
        into.sq = sq
        if sq is not None:
            self.board[sq] = into
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.SUBSTITUTION,
                SIDE_NAMES[team.side],
                into.id,
                sq,
                out.id if out else None,
            )
        )

    def change_keeper(self, team: Team, keeper: Player) -> None:
        """A goalkeeper card from the bench takes over from a field player in goal."""
        stand_in = team.keeper
        if stand_in is not None:
            self._leave(stand_in)
            stand_in.in_goal = False
            team.keeper = None
            team.bench.append(stand_in)
        self.put_in_goal(team, keeper)

    def bring_in_player_coach(self, team: Team, out: Player) -> None:
        """The Spielertrainer's T: the player-coach takes a field player's place."""
        if team.player_coach is None:
            team.player_coach = make_player_coach(team.side)
            team.bench.append(team.player_coach)
        self.substitute(team, out, team.player_coach)

    def can_reanimate(self, team: Team, player: Player | None) -> bool:
        """Whether a card of the injured pile has a place to come back to right now."""
        if player is None or player not in team.injured:
            return False
        if not player.keeper_card and not self.free_squares(team.side):
            return False
        if player.keeper_card:
            # A keeper card returns to goal; the field player keeping goal goes back out.
            return team.keeper is not None and not team.keeper.keeper_card
        return len(team.field) < 5

    def reanimate(self, team: Team, player: Player | None) -> bool:
        """A card from the injured pile comes back, still mutated, straight onto the field."""
        if not self.can_reanimate(team, player):
            return False
        assert player is not None
        free = self.free_squares(team.side)
        if player.keeper_card:
            stand_in = team.keeper
            assert stand_in is not None
            team.injured.remove(player)
            self._leave(stand_in)
            stand_in.in_goal = False
            team.keeper = None
            self.events.add(
                (self.turn // TURNS_PER_MINUTE, ev.REANIMATION_TO_GOAL, SIDE_NAMES[team.side], player.id, "goal")
            )
            self.put_in_goal(team, player)
            self._enter(player)
            if len(team.field) < 5 and free:
                self.bring_on(team, stand_in, free[-1])
            else:
                team.bench.append(stand_in)
                self.events.add(
                    (self.turn // TURNS_PER_MINUTE, ev.TO_BENCH, SIDE_NAMES[team.side], stand_in.id, "bench")
                )
            return True
        self.events.add((self.turn // TURNS_PER_MINUTE, ev.REANIMATION, SIDE_NAMES[team.side], player.id))
        self.bring_on(team, player, free[-1])
        return True

    def check_players_left(self) -> None:
        for team in self.teams:
            if not team.field:
                self.over = True
                self.ended_by = "no_players"

    # ----------------------------------------------------------------- goals

    def _goal(self, scorer: Player, hits: list[tuple[Player, str]], immune: set[Player]) -> None:
        team = self.teams[scorer.side]
        team.goals += 1
        scorer.stats["goals"] += 1
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.GOAL,
                SIDE_NAMES[scorer.side],
                scorer.id,
                [self.teams[0].goals, self.teams[1].goals],
            )
        )
        self.holder = None
        self.loose = None
        self._apply_hits(hits, immune)
        if team.goals >= self.goals_to_win:
            self.over = True
            self.ended_by = "goals"
            return
        self.check_players_left()
        if self.over:
            return
        self.restart_after_goal(scorer.side)

    def restart_after_goal(self, scoring_side: int) -> None:
        """Cards back, new tactical cards, a token to the scorers, substitutions, kick-off."""
        for team in self.teams:
            self.coach.refresh_hand(self, team)
        self.give_token(self.teams[scoring_side])
        for side in (scoring_side, 1 - scoring_side):
            team = self.teams[side]
            self.coach.after_goal_changes(self, team)
            self.line_up(team)
        self.check_players_left()
        if not self.over:
            self.kick_off(1 - scoring_side)

    # -------------------------------------------------------------- the turn

    def play_turn(self) -> None:
        """One action of the side to act and, after a run or a pass, the other side's reaction."""
        side = self.acting
        self.quiet += 1
        for s in (side, 1 - side):
            if self.teams[s].tokens:
                self.coach.use_tokens(self, self.teams[s])
                if self.over:
                    return
        team = self.teams[side]
        if self.holder is None and self.loose is None:
            self.kick_off(side)
        action = self.coach.choose_action(self, team)
        kind = action[0]
        if kind == "shot":
            shooter = self.holder
            assert shooter is not None and shooter.sq is not None
            shooter.stats["shots"] += 1
            rival = self.teams[1 - side]
            self.events.add(
                (
                    self.turn // TURNS_PER_MINUTE,
                    ev.SHOT,
                    SIDE_NAMES[side],
                    shooter.id,
                    shooter.sq,
                    board.opponents_row_number(side, shooter.sq),
                )
            )
            if rival.keeper is None:
                self._goal(shooter, [], set())
                return
            self.duel("shot", shooter, rival.keeper)
            return
        if kind == "dribble":
            dribbler = self.holder
            assert dribbler is not None
            dribbler.stats["dribbles"] += 1
            self.events.add((self.turn // TURNS_PER_MINUTE, ev.DRIBBLE, SIDE_NAMES[side], dribbler.id, action[1].id))
            self.duel("dribble", dribbler, action[1])
            return
        if kind == "pass":
            self.pass_ball(action[1])
        elif kind == "run":
            self.run(action[1], action[2])
        if not self.over:
            self.react(1 - side)

    def react(self, side: int) -> None:
        reaction = self.coach.choose_reaction(self, self.teams[side])
        if reaction is None:
            return
        if reaction[0] == "attack":
            attacker = reaction[1]
            target = self.holder
            assert target is not None
            self.events.add((self.turn // TURNS_PER_MINUTE, ev.ATTACK, SIDE_NAMES[side], attacker.id, target.id))
            self.duel("attack", attacker, target)
        else:
            self.run(reaction[1], reaction[2])

    def play(self) -> None:
        """Play until a side reaches the goals to win, runs out of players, or the clock stops."""
        while not self.over and self.turn < self.turn_cap:
            self.turn += 1
            self.play_turn()

    def shootout(self) -> tuple[int, int]:
        """Our tie-break when a winner is required: shots at goal, dice only, five each then sudden death."""
        scores = [0, 0]
        order: list[list[Player]] = []
        for team in self.teams:
            takers = [p for p in team.field] or [p for p in team.bench] or [p for p in team.players]
            order.append(sorted(takers, key=lambda p: (-p.att, str(p.id))))
        rounds = 0
        while True:
            for side in (0, 1):
                taker = order[side][rounds % len(order[side])]
                keeper = self.teams[1 - side].keeper
                save = keeper.dfn if keeper is not None else 0
                a_face = T.ATTACK_DIE[self.dice.d6() - 1]
                d_face = T.DEFENCE_DIE[self.dice.d6() - 1]
                scored = taker.att + a_face[1] >= save + d_face[1]
                scores[side] += scored
                self.events.add(
                    (
                        self.turn // TURNS_PER_MINUTE,
                        ev.SHOOTOUT_KICK,
                        SIDE_NAMES[side],
                        taker.id,
                        True,
                        scored,
                        taker.att + a_face[1],
                        save + d_face[1],
                        list(scores),
                    )
                )
            rounds += 1
            if rounds >= SHOOTOUT_ROUNDS and scores[0] != scores[1]:
                return scores[0], scores[1]
            if rounds >= SHOOTOUT_ROUNDS + SHOOTOUT_SUDDEN_DEATH:
                side = self.dice.roll(2) - 1
                scores[side] += 1
                self.events.add((self.turn // TURNS_PER_MINUTE, ev.COIN_TOSS, SIDE_NAMES[side], None, list(scores)))
                return scores[0], scores[1]

    def finish(self) -> None:
        for team in self.teams:
            for player in team.players:
                self._leave(player)
            if team.player_coach is not None:
                self._leave(team.player_coach)
        for team in self.teams:
            for player in team.players:
                player.stats["minutes"] //= TURNS_PER_MINUTE
        self.events.add(
            (
                self.turn // TURNS_PER_MINUTE,
                ev.FULL_TIME,
                None,
                None,
                [self.teams[0].goals, self.teams[1].goals],
                self.turn,
                self.ended_by or "clock",
            )
        )
