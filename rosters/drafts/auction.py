"""The auction: the team on the clock nominates a card with an opening bid, any team bids,
and the clock's hammer sells it."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from audit.context import recorded_by_caller
from leagues.errors import validation_message
from rosters import ledger
from rosters.drafts.clock import clock_set
from rosters.drafts.state import BID, PICK_FIELDS, Board, DraftError, Kind, State, board_for, pick_refusal, squads_full
from rosters.models import Draft, DraftPick, Player, QueuedCard, SquadMember

logger = logging.getLogger(__name__)


def auction_refusal(board: Board, team_id: int, player: Player, amount: int) -> str | None:
    """Why the team may not bid ``amount`` for the card, or None.

    The pick rules apply with the bid as the price, and a bid must leave the team at
    least 1 BC for each squad place it still has to fill after this card.
    """
    if amount < 1:
        return _("bids are whole BootCoins, from 1")
    lot = next((p for p in board.free if p.pk == player.pk), None)
    if lot is None:
        return _("%(player_name)s is no longer available") % {"player_name": player.name}
    places_after = board.places_left()[team_id] - 1
    left = board.coins[team_id] - amount
    if left < 0:
        return _("a bid of %(amount)s BC is more than the %(coins)s BC the team has") % {
            "amount": amount,
            "coins": board.coins[team_id],
        }
    if places_after >= 0 and left < places_after:
        return _(
            "a bid of %(amount)s BC would leave %(left)s BC for %(places_after)s places still to fill (1 BC each)"
        ) % {"amount": amount, "left": left, "places_after": places_after}
    lot.price = amount  # the board is this request's own copy
    return pick_refusal(board, team_id, lot)


def auction_move(draft: Draft, team_id: int, kind: str, player_id: int | None, amount: int | None, *, by=None):
    """Nominate a card with an opening bid, or raise the bid on the card up; each restarts the bid clock."""
    if kind == Kind.PICK:
        if draft.lot:
            raise DraftError(_("a card is already up for auction: bid on it"), field="kind")
        player = Player.objects.filter(pk=player_id, league_id=draft.season.league_id).first()
    elif kind == BID:
        if not draft.lot:
            raise DraftError(_("no card is up for auction: the team on the clock nominates one"), field="kind")
        player = Player.objects.get(pk=draft.lot["player"])
        if team_id == draft.lot["team"]:
            raise DraftError(_("your team already holds the highest bid"), field="team")
        if amount is None or amount <= draft.lot["bid"]:
            raise DraftError(
                _("bid more than %(draft_lot_bid)s BC") % {"draft_lot_bid": draft.lot["bid"]}, field="amount"
            )
    else:
        raise DraftError(_("an auction has nominations and bids only"), field="kind")
    if player is None:
        raise DraftError(_("that card is not in this league's pool"), field="player")
    ledger.lock_teams([team_id])  # a fine of this team waits for the bid, or the bid sees the fine
    reason = auction_refusal(board_for(draft), team_id, player, amount or 0)
    if reason:
        raise DraftError(reason, field="amount" if kind == BID else "player")
    draft.lot = {"player": player.pk, "bid": amount, "team": team_id, "by": by.pk if by else None}
    clock_set(draft)


def hammer(draft: Draft) -> DraftPick | None:
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
        clock_set(draft)
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
    if squads_full(draft):  # kept cards filled some places before the first lot
        draft.state = State.DONE
        draft.deadline, draft.clock_token = None, ""
    else:
        clock_set(draft)
    return move
