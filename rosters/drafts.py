"""Live drafts: the order, the clock, picks (and in the market, checks), autopick, undo.

Every move locks the draft's row first (``select_for_update``) and is made in that
transaction together with the squad place, the ledger entry and the next deadline,
so moves happen one at a time: when two requests race for the same pick, the
second waits for the first and is then refused with the reason (the pick number it
was made for has gone). Requests carry the pick number the manager saw, which
is what makes a double click charge once.

The choice the clock makes (``rosters.drafting.best_pick``) is the automatic
draft's: the dearest card that leaves every squad completable within its coins.
The market format runs the rule book's selection from ``engines.mutant.market``.
"""

from __future__ import annotations

import logging
import random
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from audit import services as audit
from audit.context import recorded_by_caller
from engines import CardError
from engines.core import SquadRules
from engines.mutant import market as mutant_market
from leagues.errors import validation_message
from leagues.models import Season
from rosters import ledger
from rosters.drafting import _witness, best_pick, open_places, witness_after
from rosters.models import Draft, DraftPick, Player, QueuedCard, SquadMember
from rosters.permissions import can_act_for, runs_league

logger = logging.getLogger(__name__)
Kind = DraftPick.Kind
#: What the audit log keeps of a move (a pick, or a check or finish in the market).
PICK_FIELDS = ["number", "kind", "team", "player", "price", "auto"]
State = Draft.State
BID = "bid"


class DraftError(ValidationError):
    """A move refused; the message says why, for the person who made it.

    ``field`` names the part of the request the refusal is about (``player``,
    ``team``, ``amount``...), so the API can answer field by field; None when it is
    about the draft itself (not running, paused).
    """

    def __init__(self, message, *, field: str | None = None):
        super().__init__(message)
        self.field = field


# --- setting up ---------------------------------------------------------------------------------


def create_draft(
    season: Season,
    *,
    format: str = Draft.Format.SNAKE,
    order_method: str = Draft.OrderMethod.RANDOM,
    seconds_per_pick: int = 90,
    order: Sequence[int] = (),
    previous_season: Season | None = None,
) -> Draft:
    """A draft for the season, not started. The order is checked now and drawn again at the start."""
    draft = Draft(
        season=season,
        format=format,
        order_method=order_method,
        seconds_per_pick=seconds_per_pick,
        order=list(order),
        previous_season=previous_season,
    )
    draft.order = check_setup(draft)
    draft.save()
    return draft


def check_setup(draft: Draft) -> list[int]:
    """The draft's first-round order, once its format is checked against the league's game."""
    if draft.format == Draft.Format.MARKET and draft.season.league.engine != "mutant":
        raise DraftError({"format": "the market is Mutant Soccer's selection; this league plays another game"})
    return draw_order(draft)


def draw_order(draft: Draft) -> list[int]:
    """Team ids in first-round order, by the draft's method.

    Random uses the season's seed, so the draw can be checked afterwards. The reverse
    table puts last season's bottom team first; teams that did not play last season
    go before all of them, in id order (they come in with nothing).
    """
    teams = sorted(draft.season.teams.values_list("id", flat=True))
    method = draft.order_method
    if method == Draft.OrderMethod.MANUAL:
        order = [int(t) for t in draft.order]
        if sorted(order) != teams:
            raise DraftError({"order": "give every team of the season exactly once"})
        return order
    if method == Draft.OrderMethod.REVERSE_TABLE:
        if draft.previous_season is None:
            raise DraftError({"previous_season": "choose the season whose table gives the order"})
        table = import_string(settings.DRAFT_TABLE_ORDER)(draft.previous_season)
        return [t for t in teams if t not in table] + [t for t in reversed(table) if t in teams]
    random.Random(draft.season.seed).shuffle(teams)
    return teams


# --- reading the state ---------------------------------------------------------------------------


@dataclass
class Board:
    """The cards and squads of a draft at one moment, as the pick rules need them."""

    rules: SquadRules
    free: list[Player]  # dearest first, then by id
    squads: dict[int, list[Player]]
    coins: dict[int, int]

    def needs(self) -> tuple[dict[int, Counter], dict[int, int]]:
        """Per team: the cards it still needs per role, and its reserve places left."""
        places = {t: open_places(self.rules, squad) for t, squad in self.squads.items()}
        return {t: p[0] for t, p in places.items()}, {t: p[1] for t, p in places.items()}


def board_for(draft: Draft) -> Board:
    """Read the draft's squads, free cards and coins fresh from the database (inside the lock when moving)."""
    season = draft.season
    team_ids = list(draft.order)
    members = SquadMember.objects.filter(season=season).select_related("player")
    taken = {m.player_id for m in members}
    squads: dict[int, list[Player]] = {t: [] for t in team_ids}
    for member in members:
        squads.setdefault(member.team_id, []).append(member.player)
    free = [p for p in Player.objects.filter(league_id=season.league_id) if p.pk not in taken]
    free.sort(key=lambda p: (-p.price, p.pk))
    return Board(season.league.squad_rules, free, squads, ledger.balances(season, team_ids))


def total_picks(draft: Draft) -> int:
    """Picks in a snake draft: every team fills every place of the engine's squad."""
    return len(draft.order) * draft.season.league.squad_rules.size


def on_the_clock(draft: Draft) -> int | None:
    """The id of the team to move, or None when the draft is not running or over."""
    if draft.state not in (State.RUNNING, State.PAUSED):
        return None
    if draft.format == Draft.Format.MARKET:
        return int(draft.market["to_act"])
    if draft.format == Draft.Format.AUCTION:
        return _nominator(draft)
    teams = len(draft.order)
    round_number, slot = divmod(draft.pick_number, teams)
    return draft.order[slot] if round_number % 2 == 0 else draft.order[teams - 1 - slot]


def pick_refusal(board: Board, team_id: int, player: Player) -> str | None:
    """Why the team may not take this card now, or None if it may.

    A card is refused when it is gone, when the squad has no place for its role,
    when the team cannot pay, or when after it some squad could no longer be
    completed from the cards left within its coins.
    """
    if player not in board.free:
        return f"{player.name} is no longer available"
    needs, reserves = board.needs()
    if needs[team_id][player.role] <= 0 and reserves[team_id] <= 0:
        full = board.rules.roles.get(player.role, 0)
        return f"the squad has no place left for a {player.role} ({full} needed, no reserve places left)"
    if player.price > board.coins[team_id]:
        return f"{player.name} costs {player.price} BC and the team has {board.coins[team_id]} BC"
    if witness_after(team_id, player, board.free, needs, reserves, board.coins) is None:
        alone = {team_id: needs[team_id]}
        if witness_after(team_id, player, board.free, alone, {team_id: reserves[team_id]}, board.coins) is None:
            after = board.coins[team_id] - player.price
            return f"after {player.name} the team could not complete its squad with the {after} BC left"
        return f"{player.name} would leave another team unable to complete its squad from the cards left"
    return None


# --- moves --------------------------------------------------------------------------------------


def _lock(draft_id: int) -> Draft:
    """The draft's row, locked; only that row (``of``): locking its season too would make a ledger entry
    of the season written elsewhere (its foreign key checked at commit) and this move wait for each other."""
    return Draft.objects.select_for_update(of=("self",)).select_related("season__league").get(pk=draft_id)


def _require_commissioner(draft: Draft, by) -> None:
    if by is not None and not runs_league(by, draft.season.league):
        raise DraftError("only the league's commissioner may do that")


def _set_clock(draft: Draft) -> None:
    """Start the clock for the pick now due, and have a worker look when it runs out."""
    draft.deadline = timezone.now() + timedelta(seconds=draft.seconds_per_pick)
    draft.clock_token = uuid.uuid4().hex
    draft.seconds_left = None
    args, eta = (draft.pk, draft.clock_token), draft.deadline
    transaction.on_commit(lambda: schedule_clock(args, eta))


def schedule_clock(args: tuple[int, str], eta) -> None:
    """Queue the clock task (a separate function so tests can record instead of queueing)."""
    from rosters.tasks import draft_clock

    draft_clock.apply_async(args, eta=eta)


def start_draft(draft_id: int, *, by=None) -> Draft:
    """Open the ledgers, draw the order (or the market's first display) and start the clock."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.SETUP:
            raise DraftError(f"the draft is {draft.get_state_display()}, not waiting to start")
        draft.order = draw_order(draft)
        if len(draft.order) < 2:
            raise DraftError("a draft needs at least two teams in the season")
        ledger.open_accounts(draft.season, draft.order)
        if draft.format == Draft.Format.MARKET:
            _open_market(draft)
        draft.state = State.RUNNING
        _set_clock(draft)
        _autopick_while_due(draft)
        draft.save()
        audit.record(
            "draft.started", draft, before={"state": State.SETUP}, after={"state": draft.state, "order": draft.order}
        )
    return draft


def pause_draft(draft_id: int, *, by=None) -> Draft:
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.RUNNING:
            raise DraftError("only a running draft can be paused")
        draft.state = State.PAUSED
        draft.seconds_left = max(0.0, (draft.deadline - timezone.now()).total_seconds())
        draft.deadline, draft.clock_token = None, ""
        draft.save()
        audit.record("draft.paused", draft, before={"state": State.RUNNING}, after={"state": draft.state})
    return draft


def resume_draft(draft_id: int, *, by=None) -> Draft:
    """Run again with the time that was left when paused (the whole pick time if none was)."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.PAUSED:
            raise DraftError("only a paused draft can be resumed")
        left = draft.seconds_left
        draft.state = State.RUNNING
        _set_clock(draft)
        if left:
            draft.deadline = timezone.now() + timedelta(seconds=left)
        draft.save()
        audit.record("draft.resumed", draft, before={"state": State.PAUSED}, after={"state": draft.state})
    return draft


def make_move(
    draft_id: int,
    *,
    team_id: int,
    by,
    player_id: int | None = None,
    kind: str = Kind.PICK,
    pick_number: int | None = None,
    amount: int | None = None,
) -> DraftPick | None:
    """A manager (or the commissioner for any team) picks a card, or in the market checks or finishes,
    or in an auction nominates a card (``kind`` pick, with an opening ``amount``) or bids (``kind`` "bid").

    Refused, with the reason: when the draft is not running, when the request was
    made for a pick that is no longer on the clock (a double click, or too late),
    when it is another team's turn, when the person may not act for the team, when
    a manager's time ran out (the clock picks for the team; the commissioner may
    still pick for it), and when the card breaks the budget or the squad rules.
    """
    with transaction.atomic():
        draft = _lock(draft_id)
        if draft.state != State.RUNNING:
            raise DraftError(f"the draft is {draft.get_state_display()}")
        if pick_number is not None and pick_number != draft.pick_number:
            gone = "has already been made" if pick_number < draft.pick_number else "is not on the clock yet"
            raise DraftError(
                f"pick {pick_number + 1} {gone}; pick {draft.pick_number + 1} is on now", field="pick_number"
            )
        team = draft.season.teams.filter(pk=team_id).first()
        if team is None or not can_act_for(by, team):
            raise DraftError("you may only move for your own team", field="team")
        due = on_the_clock(draft)
        bidding = draft.format == Draft.Format.AUCTION and kind == BID
        if due != team.pk and not bidding:
            raise DraftError(f"it is {draft.season.teams.get(pk=due).name}'s turn, not {team.name}'s", field="team")
        commissioner = runs_league(by, draft.season.league)
        if not commissioner and draft.deadline and timezone.now() > draft.deadline:
            raise DraftError("time ran out for this pick: the clock picks for your team")
        if draft.format == Draft.Format.AUCTION:
            _auction_move(draft, team.pk, kind, player_id, amount, by=by)
            draft.save()
            return None
        player = None
        if kind == Kind.PICK:
            player = Player.objects.filter(pk=player_id, league_id=draft.season.league_id).first()
            if player is None:
                raise DraftError("that card is not in this league's pool", field="player")
        move = _move(draft, team.pk, kind, player, by=by)
        _autopick_while_due(draft)
        draft.save()
    return move


def clock_expired(draft_id: int, token: str) -> float | None:
    """The clock task: when the pick it was set for is still due and its time is up, pick for the team.

    Returns the seconds still to wait if it came early (the task then waits again),
    else None. A token that no longer matches (a pick was made, the draft paused
    or undone) means another clock task owns the pick: nothing is done.
    """
    with transaction.atomic():
        draft = (
            Draft.objects.select_for_update(of=("self",)).filter(pk=draft_id).select_related("season__league").first()
        )
        if draft is None or draft.state != State.RUNNING or draft.clock_token != token:
            return None
        left = (draft.deadline - timezone.now()).total_seconds()
        if left > 0:
            return left
        try:
            with transaction.atomic():
                _autopick(draft)
                _autopick_while_due(draft)
                draft.save()
        except ValidationError as exc:  # no move the clock may make: stop here, not fail at every try
            _pause_for(_lock(draft_id), validation_message(exc))
    return None


def _pause_for(draft: Draft, reason: str) -> None:
    """Pause the draft because the clock cannot move (say, a fine left a team unable to complete its
    squad): the room shows it paused, the commissioner fixes the cause (a grant, an undo) and resumes."""
    logger.warning("draft %s paused by the clock: %s", draft.pk, reason)
    draft.state = State.PAUSED
    draft.deadline, draft.seconds_left, draft.clock_token = None, None, ""
    draft.save()


def undo_last_pick(draft_id: int, *, by=None) -> DraftPick | None:
    """Take back the last move, refund its price, and give the team the whole pick time again."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        last = draft.picks.order_by("-number").first()
        if last is None:
            raise DraftError("there is no pick to undo")
        if last.player_id:
            with recorded_by_caller():  # the squad place and the refund are the undo's entry
                SquadMember.objects.filter(season=draft.season, player_id=last.player_id).delete()
                note = f"pick {last.number + 1} of the {draft.season} draft undone"
                ledger.post(
                    draft.season,
                    [ledger.Posting(last.team_id, last.price, ledger.Reason.RELEASE_REFUND, last.player, note)],
                    by=by,
                )
        audit.record("draft.undone", last, before=audit.snapshot(last, PICK_FIELDS), season=draft.season_id, actor=by)
        last.delete()
        draft.pick_number = last.number
        if draft.format == Draft.Format.MARKET:
            _replay_market(draft)
        draft.lot = None
        if draft.state == State.DONE:
            draft.state = State.PAUSED
        if draft.state == State.RUNNING:
            _set_clock(draft)
        else:
            draft.deadline, draft.seconds_left, draft.clock_token = None, None, ""
        draft.save()
    return last


def set_autopick(draft_id: int, *, team_id: int, on: bool, by) -> None:
    """A manager lets the clock pick at once for the team (or stops it)."""
    with transaction.atomic():
        draft = _lock(draft_id)
        team = draft.season.teams.get(pk=team_id)
        if not can_act_for(by, team):
            raise DraftError("you may only change your own team's autopick", field="team")
        if on:
            draft.autopick_teams.add(team)
            _autopick_while_due(draft)
            draft.save()
        else:
            draft.autopick_teams.remove(team)


def set_queue(draft_id: int, *, team_id: int, player_ids: Sequence[int], by) -> list[QueuedCard]:
    """Replace the team's queue with these cards, in this order (cards of other leagues are ignored)."""
    draft = Draft.objects.select_related("season").get(pk=draft_id)
    team = draft.season.teams.get(pk=team_id)
    if not can_act_for(by, team):
        raise DraftError("you may only change your own team's queue", field="team")
    known = set(Player.objects.filter(pk__in=player_ids, league_id=draft.season.league_id).values_list("pk", flat=True))
    wanted = list(dict.fromkeys(p for p in player_ids if p in known))
    with transaction.atomic():
        QueuedCard.objects.filter(draft=draft, team=team).delete()
        return QueuedCard.objects.bulk_create(
            [QueuedCard(draft=draft, team=team, player_id=p, position=i) for i, p in enumerate(wanted)]
        )


def run_autodraft(draft_id: int) -> Draft:
    """Start the draft if needed and let the clock pick for every team at once until it is done."""
    draft = Draft.objects.get(pk=draft_id)
    draft.autopick_teams.set(draft.season.teams.all())
    if draft.state == State.SETUP:
        start_draft(draft_id)
    elif draft.state == State.PAUSED:
        resume_draft(draft_id)
    with transaction.atomic():
        draft = _lock(draft_id)
        _autopick_while_due(draft)
        while draft.format == Draft.Format.AUCTION and draft.state == State.RUNNING:
            _autopick(draft)  # nobody bids: every lot goes to its nominator at 1 BC
        draft.save()
    return draft


# --- inside the lock ----------------------------------------------------------------------------


def _move(draft: Draft, team_id: int, kind: str, player: Player | None, *, by=None, auto: bool = False) -> DraftPick:
    """Make one move on the locked draft and set the clock for the next."""
    if draft.format == Draft.Format.MARKET:
        _sync_market_budgets(draft)
    if kind == Kind.PICK:
        if draft.format == Draft.Format.MARKET:
            reason = _market_refusal(draft, team_id, player)
        else:
            reason = pick_refusal(board_for(draft), team_id, player)
        if reason:
            raise DraftError(reason, field="player")
        with recorded_by_caller():  # the squad place and the payment are the pick's entry
            SquadMember.objects.create(season=draft.season, team_id=team_id, player=player, price=player.price)
            note = f"pick {draft.pick_number + 1} of the {draft.season} draft"
            ledger.post(
                draft.season, [ledger.Posting(team_id, -player.price, ledger.Reason.DRAFT_PICK, player, note)], by=by
            )
        QueuedCard.objects.filter(draft=draft, player=player).delete()
    elif draft.format != Draft.Format.MARKET:
        raise DraftError("only the market has checks and finishes; in a snake draft every turn is a pick", field="kind")
    move = DraftPick.objects.create(
        draft=draft,
        number=draft.pick_number,
        kind=kind,
        team_id=team_id,
        player=player,
        price=player.price if player else 0,
        auto=auto,
        made_by=by,
    )
    audit.record("draft.pick", move, after=audit.snapshot(move, PICK_FIELDS), season=draft.season_id, actor=by)
    if draft.format == Draft.Format.MARKET:
        _market_move(draft, team_id, kind, player)
    draft.pick_number += 1
    if draft.format == Draft.Format.MARKET:
        over = len(draft.market["finished"]) == len(draft.market["coaches"])
    else:
        over = draft.pick_number >= total_picks(draft)
    if over:
        draft.state = State.DONE
        draft.deadline, draft.clock_token = None, ""
    else:
        _set_clock(draft)
    return move


def _autopick(draft: Draft) -> DraftPick | None:
    """Move for the team on the clock: the first card of its queue it may take, else the engine's choice."""
    if draft.format == Draft.Format.AUCTION and draft.lot:
        return _hammer(draft)
    team_id = on_the_clock(draft)
    queued = [q.player for q in QueuedCard.objects.filter(draft=draft, team_id=team_id).select_related("player")]
    if draft.format == Draft.Format.MARKET:
        market = _sync_market_budgets(draft)
        legal = set(mutant_market.legal_picks(market, str(team_id)))
        for player in queued:
            if str(player.pk) in legal:
                return _move(draft, team_id, Kind.PICK, player, auto=True)
        move, card_id = mutant_market.buyer_move(market, str(team_id))
        player = Player.objects.get(pk=int(card_id)) if card_id else None
        return _move(draft, team_id, move, player, auto=True)
    board = board_for(draft)
    auction = draft.format == Draft.Format.AUCTION
    for player in queued:
        if (auction_refusal(board, team_id, player, 1) if auction else pick_refusal(board, team_id, player)) is None:
            break
    else:
        needs, reserves = board.needs()
        player = best_pick(team_id, board.free, needs, reserves, board.coins)
        if player is None:
            raise DraftError("no card keeps every squad completable: the pool is too small or too dear")
    if auction:  # nominate at 1 BC; the bid clock then runs
        _auction_move(draft, team_id, Kind.PICK, player.pk, 1)
        return None
    return _move(draft, team_id, Kind.PICK, player, auto=True)


def _autopick_while_due(draft: Draft) -> None:
    """Pick at once for each team on the clock that has autopick on."""
    autopick = set(draft.autopick_teams.values_list("pk", flat=True))
    while draft.state == State.RUNNING and not draft.lot and on_the_clock(draft) in autopick:
        _autopick(draft)


def squads_completable(draft: Draft) -> bool:
    """Whether every squad of the draft can still be completed (a check for tests and the room)."""
    board = board_for(draft)
    needs, reserves = board.needs()
    return _witness(board.free, needs, reserves, board.coins) is not None


# --- the market (Mutant Soccer) -----------------------------------------------------------------


def _market_fields(state: dict) -> dict:
    return {
        **state,
        "coaches": tuple(state["coaches"]),
        "pile": tuple(state["pile"]),
        "display": tuple(state["display"]),
        "discards": tuple(state["discards"]),
        "squads": {k: tuple(v) for k, v in state["squads"].items()},
        "checked": tuple(state["checked"]),
        "finished": frozenset(state["finished"]),
    }


def _cards(draft: Draft) -> dict[str, dict]:
    players = Player.objects.filter(pk__in=[int(i) for i in draft.market["card_ids"]])
    return {str(p.pk): {**p.attributes, "id": str(p.pk), "role": p.role, "price": p.price} for p in players}


def _market(draft: Draft) -> mutant_market.Market:
    fields = {k: v for k, v in draft.market.items() if k != "card_ids"}
    return mutant_market.Market(cards=_cards(draft), **_market_fields(fields))


def _store_market(draft: Draft, market: mutant_market.Market, card_ids: list[str]) -> None:
    state = asdict(replace(market, cards={}))
    state.pop("cards")
    state["finished"] = sorted(state["finished"])
    draft.market = {**state, "card_ids": card_ids}


def _open_market(draft: Draft) -> None:
    """Shuffle the league's free cards and lay the first display, with the teams' coins from the ledger."""
    free = board_for(draft).free
    cards = [{**p.attributes, "id": str(p.pk), "role": p.role, "price": p.price} for p in free]
    coaches = [str(t) for t in draft.order]
    market = mutant_market.open_market(cards, draft.season.seed, coaches)
    coins = ledger.balances(draft.season, draft.order)
    market = replace(market, budgets={str(t): coins[t] for t in draft.order})
    draft.order = [int(c) for c in market.coaches]
    _store_market(draft, market, [c["id"] for c in cards])


def _sync_market_budgets(draft: Draft) -> mutant_market.Market:
    """The market with every team's coins as the ledger has them now.

    The market counts down its own copy of the coins as cards are bought; a fine or a grant
    written during the draft changes only the ledger. Without this the computer buyer could
    choose a card the ledger then refuses, and the clock would fail on it at every try.
    """
    market = _market(draft)
    coins = ledger.balances(draft.season, draft.order)
    budgets = {str(t): coins[t] for t in draft.order}
    if budgets != dict(market.budgets):
        market = replace(market, budgets=budgets)
        _store_market(draft, market, draft.market["card_ids"])
    return market


def _market_refusal(draft: Draft, team_id: int, player: Player) -> str | None:
    market = _market(draft)
    if str(player.pk) not in market.display:
        return f"{player.name} is not on display"
    if str(player.pk) not in mutant_market.legal_picks(market, str(team_id)):
        return (
            f"{player.name} costs {player.price} BC: with {market.budgets[str(team_id)]} BC the team could then"
            " not complete five field players and a goalkeeper from the cards left (or its squad is full)"
        )
    return None


def _market_move(draft: Draft, team_id: int, kind: str, player: Player | None) -> None:
    market = _market(draft)
    coach = str(team_id)
    try:
        if kind == Kind.PICK:
            market = mutant_market.pick(market, coach, str(player.pk))
        elif kind == Kind.CHECK:
            market = mutant_market.check(market, coach)
        else:
            market = mutant_market.finish(market, coach)
    except CardError as exc:
        raise DraftError(str(exc).replace("market: ", "")) from exc
    _store_market(draft, market, draft.market["card_ids"])


def _replay_market(draft: Draft) -> None:
    """Rebuild the market from its first display and the moves left (after an undo)."""
    card_ids = draft.market["card_ids"]
    cards = [_cards(draft)[i] for i in card_ids]
    market = mutant_market.open_market(cards, draft.season.seed, draft.market["coaches"])
    moves = list(draft.picks.order_by("number").select_related("player"))
    coins = ledger.balances(draft.season, draft.order)  # after the refund: the start less the moves left
    for move in moves:
        coins[move.team_id] += move.price
    market = replace(market, budgets={str(t): coins[t] for t in draft.order})
    _store_market(draft, market, card_ids)
    for move in moves:
        _market_move(draft, move.team_id, move.kind, move.player)


def _lot_line(draft: Draft, teams: dict[int, str]) -> dict | None:
    if not draft.lot:
        return None
    player = Player.objects.get(pk=draft.lot["player"])
    return {
        "player": player.name,
        "player_id": player.pk,
        "bid": draft.lot["bid"],
        "team": teams[draft.lot["team"]],
        "team_id": draft.lot["team"],
    }


def squad_lines(draft: Draft) -> list[str]:
    """One line per team: its squad and the coins left (the command's summary)."""
    board = board_for(draft)
    names = dict(draft.season.teams.values_list("pk", "name"))
    lines = []
    for team_id in draft.order:
        squad = ", ".join(f"{p.name} ({p.role}, {p.price})" for p in board.squads.get(team_id, []))
        lines.append(f"{names[team_id]}: {board.coins[team_id]} BC left; {squad}")
    return lines


# --- the draft room -----------------------------------------------------------------------------


def room_state(draft: Draft, user) -> dict:
    """Everything the draft room shows, as JSON for its polling: the clock, the cards, the board,
    every team's coins, and for a manager their squad, needs, queue and autopick."""
    board = board_for(draft)
    teams = dict(draft.season.teams.values_list("pk", "name"))
    due = on_the_clock(draft)
    commissioner = runs_league(user, draft.season.league)
    mine = None
    if user.is_authenticated:  # an anonymous user's pk is None, as is a team's without a manager
        mine = next((t for t in draft.season.teams.all() if t.manager_id == user.pk), None)
    needs, reserves = board.needs() if draft.order else ({}, {})
    display = set(draft.market["display"]) if draft.market else None
    autopick = set(draft.autopick_teams.values_list("pk", flat=True))
    seconds = None
    if draft.state == State.RUNNING and draft.deadline:
        seconds = max(0, round((draft.deadline - timezone.now()).total_seconds()))
    elif draft.state == State.PAUSED:
        seconds = round(draft.seconds_left or 0)

    def card(p: Player) -> dict:
        ratings = " ".join(f"{k} {v}" for k, v in p.attributes.items() if k != "role")
        return {"id": p.pk, "name": p.name, "role": p.role, "price": p.price, "ratings": ratings}

    def team_line(team_id: int) -> dict:
        open_roles = {r: n for r, n in needs.get(team_id, {}).items() if n > 0}
        return {
            "id": team_id,
            "name": teams[team_id],
            "coins": board.coins.get(team_id, draft.season.league.budget),
            "squad": [card(p) for p in board.squads.get(team_id, [])],
            "needs": open_roles,
            "reserves": reserves.get(team_id, 0),
            "autopick": team_id in autopick,
        }

    me = None
    if mine is not None and mine.pk in teams:
        queue = QueuedCard.objects.filter(draft=draft, team=mine).values_list("player_id", flat=True)
        me = {**team_line(mine.pk), "queue": list(queue)}
        if draft.format == Draft.Format.MARKET and draft.state == State.DONE:
            me["extra_tactical_cards"] = mutant_market.extra_tactical_cards(me["coins"])
    moves = draft.picks.select_related("team", "player").order_by("-number")
    return {
        "id": draft.pk,
        "season": str(draft.season),
        "format": draft.format,
        "state": draft.state,
        "state_label": draft.get_state_display(),
        "pick_number": draft.pick_number,
        "total_picks": total_picks(draft) if draft.format == Draft.Format.SNAKE else None,
        "on_the_clock": {"id": due, "name": teams.get(due)} if due else None,
        "seconds_left": seconds,
        "commissioner": commissioner,
        "me": me,
        "can_move": draft.state == State.RUNNING
        and not draft.lot
        and (commissioner or (me is not None and me["id"] == due)),
        "lot": _lot_line(draft, teams),
        "teams": [team_line(t) for t in draft.order],
        "cards": [{**card(p), "on_display": display is None or str(p.pk) in display} for p in board.free],
        "board": [
            {
                "number": m.number + 1,
                "team": m.team.name,
                "kind": m.kind,
                "player": m.player.name if m.player else "",
                "price": m.price,
                "auto": m.auto,
            }
            for m in moves
        ],
    }


# --- the auction --------------------------------------------------------------------------------


def _nominator(draft: Draft) -> int | None:
    """The team to nominate the next card: the order in turn, from lot to lot, skipping full squads."""
    needs, reserves = board_for(draft).needs()
    teams = draft.order
    for step in range(len(teams)):
        team_id = teams[(draft.pick_number + step) % len(teams)]
        if sum(needs[team_id].values()) + reserves[team_id] > 0:
            return team_id
    return None


def auction_refusal(board: Board, team_id: int, player: Player, amount: int) -> str | None:
    """Why the team may not bid ``amount`` for the card, or None.

    The pick rules apply with the bid as the price, and a bid must leave the team at
    least 1 BC for each squad place it still has to fill after this card.
    """
    if amount < 1:
        return "bids are whole BootCoins, from 1"
    lot = next((p for p in board.free if p.pk == player.pk), None)
    if lot is None:
        return f"{player.name} is no longer available"
    needs, reserves = board.needs()
    places_after = sum(needs[team_id].values()) + reserves[team_id] - 1
    left = board.coins[team_id] - amount
    if places_after >= 0 and left < places_after:
        return f"a bid of {amount} BC would leave {left} BC for {places_after} places still to fill (1 BC each)"
    lot.price = amount  # the board is this request's own copy
    return pick_refusal(board, team_id, lot)


def _auction_move(draft: Draft, team_id: int, kind: str, player_id: int | None, amount: int | None, *, by=None):
    """Nominate a card with an opening bid, or raise the bid on the card up; each restarts the bid clock."""
    if kind == Kind.PICK:
        if draft.lot:
            raise DraftError("a card is already up for auction: bid on it", field="kind")
        player = Player.objects.filter(pk=player_id, league_id=draft.season.league_id).first()
    elif kind == BID:
        if not draft.lot:
            raise DraftError("no card is up for auction: the team on the clock nominates one", field="kind")
        player = Player.objects.get(pk=draft.lot["player"])
        if team_id == draft.lot["team"]:
            raise DraftError("your team already holds the highest bid", field="team")
        if amount is None or amount <= draft.lot["bid"]:
            raise DraftError(f"bid more than {draft.lot['bid']} BC", field="amount")
    else:
        raise DraftError("an auction has nominations and bids only", field="kind")
    if player is None:
        raise DraftError("that card is not in this league's pool", field="player")
    ledger.lock_teams([team_id])  # a fine of this team waits for the bid, or the bid sees the fine
    reason = auction_refusal(board_for(draft), team_id, player, amount or 0)
    if reason:
        raise DraftError(reason, field="amount" if kind == BID else "player")
    draft.lot = {"player": player.pk, "bid": amount, "team": team_id, "by": by.pk if by else None}
    _set_clock(draft)


def _hammer(draft: Draft) -> DraftPick | None:
    """The bid clock ran out: the highest bidder pays and takes the card.

    A bidder who can no longer pay (a lot stuck from before fines were checked against
    bids) does not stop the draft: the lot is returned, the card goes back to the pool
    and the same team nominates again, on a new clock.
    """
    lot, season = draft.lot, draft.season
    player = Player.objects.get(pk=lot["player"])
    note = f"lot {draft.pick_number + 1} of the {season} auction"
    try:
        with transaction.atomic(), recorded_by_caller():  # the squad place and the payment are the lot's entry
            ledger.post(season, [ledger.Posting(lot["team"], -lot["bid"], ledger.Reason.AUCTION_WIN, player, note)])
    except ledger.InsufficientFunds as exc:
        logger.warning("draft %s: %s returned to the pool: %s", draft.pk, player.name, validation_message(exc))
        draft.lot = None
        _set_clock(draft)
        return None
    with recorded_by_caller():
        SquadMember.objects.create(season=season, team_id=lot["team"], player=player, price=lot["bid"])
    QueuedCard.objects.filter(draft=draft, player=player).delete()
    move = DraftPick.objects.create(
        draft=draft,
        number=draft.pick_number,
        team_id=lot["team"],
        player=player,
        price=lot["bid"],
        made_by_id=lot["by"],
        auto=lot["by"] is None,
    )
    audit.record("draft.pick", move, after=audit.snapshot(move, PICK_FIELDS), season=season.id, actor=move.made_by)
    draft.lot = None
    draft.pick_number += 1
    if draft.pick_number >= total_picks(draft):
        draft.state = State.DONE
        draft.deadline, draft.clock_token = None, ""
    else:
        _set_clock(draft)
    return move
