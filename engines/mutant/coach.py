"""The computer coach of Mutant Soccer: actions, reactions, tactical cards, tokens.

Two styles a league can choose (``settings["coach_style"]``, or per side
``home_style`` / ``away_style``, or ``lineup["style"]`` on a team sheet):

``careful``   weighs the risk of every pass and run against the opponents who
              could attack the ball there, shoots when the odds are fair, spends
              tactical cards on duels that are close or decisive (shots, the
              last two rows) or when the hand is full, fouls players who are
              already mutated (that removes them) or in those duels, and flips
              card sides only for a clear gain. It makes the most of a better squad.
``reckless``  all-out attack: shoots at any chance, dribbles freely, plays two
              cards in every duel while it has them and fouls whenever it can.
              With equal squads it wins more often: in a race to three goals,
              attacking pays (the rule book's "go for it or go home").

Every choice reads the match state only; chance stays with the match's dice.
"""

from __future__ import annotations

from engines.mutant import board
from engines.mutant import events as ev
from engines.mutant import tactics as T
from engines.mutant.match import SIDE_NAMES, TURNS_PER_MINUTE, Action, Match, Player, Team
from engines.mutant.styles import CAREFUL

# ------------------------------------------------------------ duel odds

_ATTACK_BONUSES = [face[1] for face in T.ATTACK_DIE]
_DEFENCE_BONUSES = [face[1] for face in T.DEFENCE_DIE]
_SPAN = 24


def _odds() -> tuple[list[float], list[float]]:
    strict, tie = [], []
    pairs = len(_ATTACK_BONUSES) * len(_DEFENCE_BONUSES)
    for diff in range(-_SPAN, _SPAN + 1):
        margins = [diff + a - d for a in _ATTACK_BONUSES for d in _DEFENCE_BONUSES]
        strict.append(sum(m > 0 for m in margins) / pairs)
        tie.append(sum(m == 0 for m in margins) / pairs)
    return strict, tie


_STRICT, _TIE = _odds()
#: ``WIN_HOLDING[diff]``: chance the attacker wins when he holds the ball (ties are his).
WIN_HOLDING = [s + t for s, t in zip(_STRICT, _TIE, strict=True)]
#: ``WIN_CHASING[diff]``: chance the attacker wins against the ball carrier.
WIN_CHASING = _STRICT


def win_chance(diff: int, attacker_holds: bool) -> float:
    """Chance the attacker wins a duel with ``attack - defence = diff``, dice only."""
    index = max(-_SPAN, min(_SPAN, diff)) + _SPAN
    return WIN_HOLDING[index] if attacker_holds else WIN_CHASING[index]


# ------------------------------------------------------------ card values

_SPECIAL_VALUES = {
    T.SUCCESSFUL_ATTACK: 6.0,
    T.SUCCESSFUL_DEFENCE: 6.0,
    T.FOUL: 4.0,
    T.HEAL: 4.0,
    T.DESTRUCTIVE_TACTICS: 2.5,
    T.MUTATION: 1.5,
    T.MUTANT_POWER: 1.5,
    T.ANTI_MUTANT_POWER: 1.5,
    T.DUMMY: 0.0,
}


def card_value(card: str) -> float:
    """How much the computer coach wants to keep a tactical card."""
    value = _SPECIAL_VALUES.get(card)
    if value is None:
        return T.CARD_TYPES[card][1] + 1.0
    return value


_VALUES = {card: card_value(card) for card in T.CARD_TYPES}


# ------------------------------------------------------------ positions

#: Worth of holding the ball by rank (own back row .. in front of the keeper).
POSITION_VALUE = (0.0, 1.0, 2.2, 3.5)
GOAL_VALUE = 8.0
SAVED_LOSS = 0.5


#: ``LOSS[side][sq]``: what losing the ball on ``sq`` costs (the opponent then holds it there).
LOSS = tuple(
    tuple(POSITION_VALUE[board.ROWS - 1 - board.RANK[side][sq]] + 1.0 for sq in range(board.SQUARES)) for side in (0, 1)
)


# A field player always stands on a square, which mypy cannot know: the ``type: ignore``
# comments below mark where the coach reads a field player's ``sq``.


def _threats(match: Match, side: int) -> list[int]:
    """For every square, the best attack among opponents of ``side`` next to it (0: none)."""
    threats = [0] * board.SQUARES
    for rival in match.teams[1 - side].field:
        att = rival.att
        for n in board.ADJACENT[rival.sq]:  # type: ignore[index]
            if threats[n] < att:
                threats[n] = att
    return threats


def _holding_value(side: int, sq: int, defence: int, threats: list[int], caution: float) -> float:
    """Worth of holding the ball on ``sq``, less the risk that a neighbour takes it away."""
    value = POSITION_VALUE[board.RANK[side][sq]]
    threat = threats[sq]
    if threat:
        risk = WIN_CHASING[threat + _SPAN - defence]
        value -= risk * caution * (value + LOSS[side][sq])
    return value


#: Turns without a duel after which even the careful coach stops fearing the ball's loss;
#: without it two careful coaches can shuffle cards back and forth for ever.
STALL_TURNS = 8


def _caution(match: Match, team: Team) -> float:
    return team.style.risk_weight * max(0.0, 1.0 - match.quiet / STALL_TURNS)


def shot_chance(match: Match, shooter: Player) -> float:
    keeper = match.teams[1 - shooter.side].keeper
    if keeper is None:
        return 1.0
    duo, wall = match.shot_bonuses(shooter)
    return win_chance(shooter.att + duo - keeper.dfn - wall, True)


def may_shoot(player: Player) -> bool:
    ranks = board.PLAYER_COACH_SHOT_RANKS if player.player_coach else board.SHOT_RANKS
    return player.sq is not None and board.RANK[player.side][player.sq] in ranks


# ------------------------------------------------------------ the ball side


def choose_action(match: Match, team: Team) -> Action:
    """The action of the side to act: ("shot",), ("dribble", p), ("pass", p), ("run", p, sq), ("none",)."""
    holder = match.holder
    if holder is None:
        return _chase_loose_ball(match, team) or ("none",)
    if holder.in_goal:
        return _keeper_distribution(match, team, holder)
    side = team.side
    style = team.style
    sq = holder.sq
    assert sq is not None
    squares = match.board
    threats = _threats(match, side)
    caution = _caution(match, team)
    here = _holding_value(side, sq, holder.dfn, threats, caution)
    best_value = -99.0
    best: Action = ("none",)
    # The longer nobody fights for the ball, the more a duel is worth: no endless passing.
    urgency = max(0, match.quiet - STALL_TURNS // 2) * 0.5
    if may_shoot(holder):
        chance = shot_chance(match, holder)
        best_value = chance * GOAL_VALUE - (1.0 - chance) * SAVED_LOSS + style.shot_bias + urgency
        best = ("shot",)
    ranks, losses = board.RANK[side], LOSS[side]
    offset = _SPAN - holder.dfn
    for n in board.AHEAD_FIRST[side][sq]:
        other = squares[n]
        if other is None or other.side == side:
            # _holding_value, inlined: this loop runs a dozen times a turn.
            value = POSITION_VALUE[ranks[n]]
            if threats[n]:
                value -= WIN_CHASING[threats[n] + offset] * caution * (value + losses[n])
            if value > best_value:
                best_value, best = value, ("run", holder, n)
        else:
            # win_chance, inlined: ratings of 1-6 never leave the table's span.
            chance = WIN_HOLDING[holder.att - other.dfn + _SPAN]
            value = chance * POSITION_VALUE[ranks[n]] - (1 - chance) * losses[sq]
            value += style.dribble_bias + urgency
            if value > best_value:
                best_value, best = value, ("dribble", other)
    row = sq // board.COLS
    keeper = match.teams[1 - side].keeper
    for mate in team.field:
        there: int = mate.sq  # type: ignore[assignment]
        if mate is holder or abs(there // board.COLS - row) > 2:
            continue
        # _holding_value, inlined as above
        value = POSITION_VALUE[ranks[there]]
        if threats[there]:
            value -= WIN_CHASING[threats[there] + _SPAN - mate.dfn] * caution * (value + losses[there])
        if keeper is not None and ranks[there] >= 2:
            # A receiver in shooting range: half the worth of his shot, bonuses aside.
            value += 0.25 * GOAL_VALUE * WIN_HOLDING[mate.att - keeper.dfn + _SPAN]
        if value > best_value:
            best_value, best = value, ("pass", mate)
    if best[0] == "run" and best_value <= here + 0.05:
        support = _support_run(match, team, holder)
        if support is not None:
            return support
    return best


def _support_run(match: Match, team: Team, holder: Player) -> Action | None:
    """A team-mate moves up instead of the ball carrier."""
    squares = match.board
    for mate in sorted(team.field, key=lambda p: board.RANK[team.side][p.sq]):  # type: ignore[index]
        if mate is holder:
            continue
        for n in board.towards(team.side, mate.sq):  # type: ignore[arg-type]
            if squares[n] is None and n != match.loose:
                return ("run", mate, n)
    return None


def _keeper_distribution(match: Match, team: Team, keeper: Player) -> Action:
    """The keeper passes into the own half (two rows); if nobody is there, someone drops back."""
    best_value = -99.0
    best: Action | None = None
    threats = _threats(match, team.side)
    caution = _caution(match, team)
    for mate in team.field:
        if board.RANK[team.side][mate.sq] > 1:  # type: ignore[index]
            continue
        value = _holding_value(team.side, mate.sq, mate.dfn, threats, caution)  # type: ignore[arg-type]
        if value > best_value:
            best_value, best = value, ("pass", mate)
    if best is not None:
        return best
    squares = match.board
    for mate in sorted(team.field, key=lambda p: board.RANK[team.side][p.sq]):  # type: ignore[index]
        here = board.RANK[team.side][mate.sq]  # type: ignore[index]
        for n in board.AHEAD_FIRST[team.side][mate.sq]:  # type: ignore[index]
            if squares[n] is None and board.RANK[team.side][n] < here:
                return ("run", mate, n)
    return ("none",)


def _chase_loose_ball(match: Match, team: Team) -> Action | None:
    loose = match.loose
    if loose is None:
        return None
    squares = match.board
    nearest: tuple[int, int, int] | None = None
    best: Action | None = None
    for player in team.field:
        sq = player.sq
        assert sq is not None
        if loose in board.ADJACENT[sq]:
            return ("run", player, loose)
        for n in board.AHEAD_FIRST[team.side][sq]:
            if squares[n] is None:
                distance = max(abs(board.row_of(n) - board.row_of(loose)), abs(board.col_of(n) - board.col_of(loose)))
                key = (distance, -board.RANK[team.side][n], board.col_of(n))
                if nearest is None or key < nearest:
                    nearest, best = key, ("run", player, n)
    return best


# ------------------------------------------------------------ the other side


def choose_reaction(match: Match, team: Team) -> Action | None:
    """After a run or a pass: ("attack", p) on the ball carrier, ("run", p, sq), or None."""
    holder = match.holder
    if holder is None:
        return _chase_loose_ball(match, team)
    if holder.side == team.side or holder.in_goal:
        return None
    sq = holder.sq
    assert sq is not None
    squares = match.board
    side = team.side
    threat = board.RANK[holder.side][sq]
    best_chance, attacker = 0.0, None
    for n in board.AHEAD_FIRST[side][sq]:
        mine = squares[n]
        if mine is not None and mine.side == side:
            chance = win_chance(mine.att - holder.dfn, False)
            if chance > best_chance:
                best_chance, attacker = chance, mine
    threshold = team.style.attack_threshold - (0.15 if threat >= 2 else 0.0)
    if attacker is not None and best_chance >= threshold:
        return ("attack", attacker)
    return _cover(match, team, holder, threat)


def _cover(match: Match, team: Team, holder: Player, threat: int) -> Action | None:
    """Move a player onto the carrier's line of sight to goal, or next to the carrier."""
    squares = match.board
    side = team.side
    sq = holder.sq
    assert sq is not None
    targets: list[tuple[float, int, int, int]] = []
    if threat >= 1:
        for n in board.SIGHT_LINES[holder.side][sq]:
            if squares[n] is None:
                chain = any((m := squares[b]) is not None and m.side == side for b in board.BESIDE[n])
                targets.append((-1.2 - (0.3 if chain else 0.0) - 0.2 * threat, board.RANK[side][n], board.col_of(n), n))
    for n in board.AHEAD_FIRST[side][sq]:
        if squares[n] is None:
            targets.append((-0.6, board.RANK[side][n], board.col_of(n), n))
    targets.sort()
    for negative_score, _rank, _col, target in targets:
        score = -negative_score
        movers = [p for n in board.AHEAD_FIRST[side][target] if (p := squares[n]) is not None and p.side == side]
        if not movers:
            continue
        if score < 1.0:
            mover = max(movers, key=lambda p: p.att)
        else:
            mover = max(movers, key=lambda p: (p.dfn, -board.RANK[side][p.sq]))  # type: ignore[index]
        return ("run", mover, target)
    return None


# ------------------------------------------------------------ tactical cards


def duel_cards(match: Match, team: Team, me: Player, rival: Player, attacking: bool, shot: bool) -> list[str]:
    """The cards a coach places face down for a duel (at most two, one FOUL)."""
    hand = team.hand
    if not hand:
        return []
    style = team.style
    allowed = T.USABLE[attacking][shot]
    usable = [c for c in hand if c in allowed]
    if not usable:
        return []
    holder = match.holder
    decisive = shot or (holder is not None and holder.sq is not None and board.RANK[holder.side][holder.sq] >= 2)
    # A full hand wastes every card drawn next: spend it.
    pressing = decisive or len(hand) >= T.HAND_LIMIT
    if not (style.foul_always or pressing):
        if attacking:
            chance = win_chance(me.att - rival.dfn, holder is me)
        else:
            chance = 1.0 - win_chance(rival.att - me.dfn, holder is rival)
        if not style.card_window < chance < 1.0 - style.card_window:
            return []  # a safe or hopeless duel: keep the cards
    limit = T.CARDS_PER_DUEL
    chosen: list[str] = []
    power = sorted(
        (c for c in usable if c not in (T.FOUL, T.DESTRUCTIVE_TACTICS)), key=_VALUES.__getitem__, reverse=True
    )
    if T.FOUL in usable and (style.foul_always or pressing or (rival.mutated and not rival.player_coach)):
        chosen.append(T.FOUL)
    for card in power:
        if len(chosen) >= limit:
            break
        chosen.append(card)
    if decisive and len(chosen) < limit and T.DESTRUCTIVE_TACTICS in usable:
        chosen.append(T.DESTRUCTIVE_TACTICS)
    return chosen


def use_drawn_card(match: Match, team: Team, card: str, played: list[str], attacking: bool, shot: bool) -> bool:
    """A card drawn on a SPECIAL may join the duel at once if fewer than two are down."""
    if len(played) >= T.CARDS_PER_DUEL or not T.usable_in_duel(card, attacking, shot):
        return False
    if card == T.FOUL:
        return T.FOUL not in played
    return card not in (T.DUMMY, T.DESTRUCTIVE_TACTICS)


def flip_before_duel(match: Match, team: Team, player: Player, attacking: bool) -> None:
    """HEAL or MUTATION from the hand to fight the duel on the better side of the card."""
    if player.player_coach:
        return
    hand = team.hand
    if player.mutated:
        if T.HEAL not in hand:
            return
        standard, mutant = (
            (player.attack, player.mutant_attack) if attacking else (player.defence, player.mutant_defence)
        )
        if standard - mutant >= team.style.flip_gain:
            match.play_flash(team, T.HEAL, player)
            match.heal(team, player, "card")
    elif T.MUTATION in hand:
        standard, mutant = (
            (player.attack, player.mutant_attack) if attacking else (player.defence, player.mutant_defence)
        )
        if mutant - standard >= team.style.flip_gain:
            match.play_flash(team, T.MUTATION, player)
            player.mutated = True
            player.stats["mutations"] += 1
            match.events.add((match.turn // TURNS_PER_MINUTE, ev.MUTATION, SIDE_NAMES[team.side], player.id, "card"))


def mutant_power_card(match: Match, team: Team, player: Player, attacking: bool, active: set[Player]) -> None:
    """MUTANT POWER from the hand when the own duel player's power can fire in this role."""
    if T.MUTANT_POWER not in team.hand or not player.mutated or player.player_coach or player in active:
        return
    trigger = player.trigger
    if trigger in ("successful_attack", "attack_fails") and not attacking:
        return
    if trigger in ("successful_defence", "defence_fails") and attacking:
        return
    if player.power == "coaching_token" and match.tokens_left <= 0:
        return
    match.mutant_power_card(team, player, active)


def anti_mutant(match: Match, team: Team, player: Player, active: set[Player]) -> None:
    """ANTI-MUTANT POWER against an opposing power that would hurt (any power, if reckless)."""
    if T.ANTI_MUTANT_POWER not in team.hand:
        return
    for rival in sorted(active, key=lambda p: p.side):
        if rival.side == team.side:
            continue
        if team.style.foul_always or rival.power in ("foul_opponent", "hold_ball", "steal_card"):
            match.play_flash(team, T.ANTI_MUTANT_POWER, rival)
            active.discard(rival)
            return


def heal_to_save(match: Match, team: Team, player: Player) -> bool:
    """Keep a mutated player on the field: a HEAL card, or the Alter Hase's T power."""
    if T.HEAL in team.hand:
        match.play_flash(team, T.HEAL, player)
        match.heal(team, player, "card")
        return True
    if team.coach == "alter_hase" and "T" in team.tokens and team.power_turn != match.turn:
        team.tokens.remove("T")
        team.power_turn = match.turn
        match.events.add(
            (match.turn // TURNS_PER_MINUTE, ev.COACH_POWER, SIDE_NAMES[team.side], player.id, team.coach, "T", "heal")
        )
        match.heal(team, player, "coach")
        return True
    return False


def refresh_hand(match: Match, team: Team) -> None:
    """After a goal: top the hand up to five, or swap a weak hand for five new cards."""
    if team.hand and max(map(_VALUES.__getitem__, team.hand)) < 3.0:
        match.discard(team.hand)
        team.hand.clear()
    while len(team.hand) < T.HAND_LIMIT:
        if match.draw(team) is None:
            break


# ------------------------------------------------------------ players and tokens


def choose_keeper(match: Match, team: Team) -> Player | None:
    """A goalkeeper from the bench, else the best defender (bench first) at -2."""
    keepers = [p for p in team.bench if p.keeper_card]
    if keepers:
        return max(keepers, key=lambda p: p.dfn)
    bench = [p for p in team.bench if not p.player_coach]
    if bench:
        return max(bench, key=lambda p: p.dfn)
    field = [p for p in team.field if not p.player_coach]
    if field:
        return max(field, key=lambda p: p.dfn)
    return None


def choose_substitute(match: Match, team: Team) -> Player | None:
    candidates = [p for p in team.bench if not p.keeper_card]
    if not candidates:
        return None
    return max(candidates, key=lambda p: p.side_value(p.mutated))


def after_goal_changes(match: Match, team: Team) -> None:
    """Substitutions while the cards are off the field."""
    keeper = team.keeper
    if keeper is not None and not keeper.keeper_card:
        real = [p for p in team.bench if p.keeper_card]
        if real:
            match.change_keeper(team, max(real, key=lambda p: p.dfn))
    if not team.bench:
        return
    if team.style.name == CAREFUL:
        for player in sorted(team.field, key=lambda p: p.side_value(p.mutated)):
            if not player.mutated:
                continue
            sub = choose_substitute(match, team)
            if sub is None:
                break
            if sub.side_value(sub.mutated) >= player.side_value(True) - 1 and not sub.mutated:
                match.substitute(team, player, sub)
    while len(team.field) < 5:
        sub = choose_substitute(match, team)
        if sub is None:
            break
        match.substitute(team, None, sub)


def token_face(match: Match, team: Team) -> str:
    """Decide on receipt whether a coaching token is a T or a +."""
    short = len(team.field) < 5
    if team.style.name == CAREFUL:
        return "+" if team.injured and short else "T"
    return "+" if short and len(team.injured) >= 2 else "T"


def use_tokens(match: Match, team: Team) -> None:
    """Coaching tokens at the start of a turn: reanimation (+) and the coach's T power."""
    tokens = team.tokens
    if not tokens:
        return
    if "+" in tokens and team.injured and len(team.field) < 5:
        if team.coach == "alter_hase":
            pick = max(team.injured, key=lambda p: (not p.keeper_card, p.side_value(True)))
        else:
            pick = team.injured[-1]
        if match.can_reanimate(team, pick):
            tokens.remove("+")
            match.events.add(
                (
                    match.turn // TURNS_PER_MINUTE,
                    ev.COACH_POWER,
                    SIDE_NAMES[team.side],
                    pick.id,
                    team.coach,
                    "+",
                    "reanimate",
                )
            )
            match.reanimate(team, pick)
    if "T" not in tokens or team.power_turn == match.turn:
        return
    if team.coach == "taktikerin" and len(team.hand) <= 1:
        tokens.remove("T")
        team.power_turn = match.turn
        match.events.add(
            (
                match.turn // TURNS_PER_MINUTE,
                ev.COACH_POWER,
                SIDE_NAMES[team.side],
                None,
                team.coach,
                "T",
                "draw_six_keep_three",
            )
        )
        drawn = [c for c in (match._take_from_deck() for _ in range(6)) if c is not None]
        drawn.sort(key=card_value, reverse=True)
        keep = drawn[: min(3, T.HAND_LIMIT - len(team.hand))]
        team.hand.extend(keep)
        match.discard(drawn[len(keep) :])
    elif team.coach == "choleriker":
        rivals = match.teams[1 - team.side]
        targets = [p for p in rivals.field if p.mutated and not p.player_coach]
        if rivals.keeper is not None and rivals.keeper.mutated:
            targets.append(rivals.keeper)
        if targets:
            target = max(targets, key=lambda p: (p.in_goal, p.side_value(True)))
            tokens.remove("T")
            team.power_turn = match.turn
            match.events.add(
                (
                    match.turn // TURNS_PER_MINUTE,
                    ev.COACH_POWER,
                    SIDE_NAMES[team.side],
                    target.id,
                    team.coach,
                    "T",
                    "foul",
                )
            )
            match.events.add((match.turn // TURNS_PER_MINUTE, ev.FOUL, SIDE_NAMES[team.side], None, target.id, "coach"))
            target.stats["fouled"] += 1
            match.hurt(target, "foul")
    elif team.coach == "spielertrainer":
        if team.player_coach is not None and (team.player_coach.sq is not None):
            return
        weakest = min(team.field, key=lambda p: p.side_value(p.mutated), default=None)
        if weakest is not None and weakest.side_value(weakest.mutated) < 6:
            tokens.remove("T")
            team.power_turn = match.turn
            match.events.add(
                (
                    match.turn // TURNS_PER_MINUTE,
                    ev.COACH_POWER,
                    SIDE_NAMES[team.side],
                    weakest.id,
                    team.coach,
                    "T",
                    "player_coach",
                )
            )
            match.bring_in_player_coach(team, weakest)
