"""Live drafts: the order, the clock, picks (and in the market, checks), autopick, undo.

Every move locks the draft's row first (``select_for_update``) and is made in that
transaction together with the squad place, the ledger entry and the next deadline,
so moves happen one at a time: when two requests race for the same pick, the
second waits for the first and is then refused with the reason (the pick number it
was made for has gone). Requests carry the pick number the manager saw, which
is what makes a double click charge once.

The choice the clock makes (``rosters.drafting.best_pick``) is the automatic
draft's: the dearest card that leaves every squad completable within its coins; a
snake draft set to autopick by value takes the legal card with the most expected
points per BootCoin instead (``rosters.drafts.values``), once they are measured.
The market format runs a game's own selection (``engine.market``)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from audit.context import recorded_by_caller
from leagues.errors import validation_message
from rosters import ledger
from rosters.drafting import best_pick
from rosters.drafts.auction import auction_move, auction_refusal, hammer
from rosters.drafts.clock import clock_set
from rosters.drafts.market import market_move, market_refusal, open_market, replay_market, sync_market_budgets
from rosters.drafts.setup import draft_order_draw
from rosters.drafts.state import (
    BID,
    PICK_FIELDS,
    Board,
    DraftError,
    Kind,
    State,
    board_for,
    market_rules,
    on_the_clock,
    pick_refusal,
    squads_full,
    total_picks,
)
from rosters.drafts.values import fresh_values, value_pick, values_request
from rosters.models import Draft, DraftPick, Player, QueuedCard, SquadMember
from rosters.permissions import can_act_for, runs_league

logger = logging.getLogger(__name__)


def _lock(draft_id: int) -> Draft:
    """The draft's row, locked; only that row (``of``): locking its season too would make a ledger entry
    of the season written elsewhere (its foreign key checked at commit) and this move wait for each other."""
    return Draft.objects.select_for_update(of=("self",)).select_related("season__league").get(pk=draft_id)


def _require_commissioner(draft: Draft, by) -> None:
    if by is not None and not runs_league(by, draft.season.league):
        raise DraftError(_("only the league's commissioner may do that"))


def draft_start(draft_id: int, *, by=None) -> Draft:
    """Open the ledgers, draw the order (or the market's first display) and start the clock."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.SETUP:
            raise DraftError(
                _("the draft is %(draft_get_state_display)s, not waiting to start")
                % {"draft_get_state_display": draft.get_state_display()}
            )
        draft.order = draft_order_draw(draft)
        if len(draft.order) < 2:
            raise DraftError(_("a draft needs at least two teams in the season"))
        ledger.open_accounts(draft.season, draft.order)
        if draft.format == Draft.Format.MARKET:
            open_market(draft)
        draft.state = State.RUNNING
        _pass_full_squads(draft)
        if _over(draft):  # kept cards fill every squad: there is nothing to draft
            draft.state = State.DONE
        else:
            clock_set(draft)
            _autopick_while_due(draft)
        draft.save()
        audit.record(
            "draft.started",
            draft,
            before={"state": State.SETUP},
            after={"state": draft.state, "order": draft.order},
            actor=by,
        )
    return draft


def draft_pause(draft_id: int, *, by=None) -> Draft:
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.RUNNING:
            raise DraftError(_("only a running draft can be paused"))
        draft.state = State.PAUSED
        draft.seconds_left = max(0.0, (draft.deadline - timezone.now()).total_seconds())
        draft.deadline, draft.clock_token = None, ""
        draft.save()
        audit.record("draft.paused", draft, before={"state": State.RUNNING}, after={"state": draft.state}, actor=by)
    return draft


def draft_resume(draft_id: int, *, by=None) -> Draft:
    """Run again with the time that was left when paused (the whole pick time if none was)."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        if draft.state != State.PAUSED:
            raise DraftError(_("only a paused draft can be resumed"))
        draft.state = State.RUNNING
        clock_set(draft, seconds=draft.seconds_left)
        draft.save()
        audit.record("draft.resumed", draft, before={"state": State.PAUSED}, after={"state": draft.state}, actor=by)
    return draft


def move_make(
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
            raise DraftError(
                _("the draft is %(draft_get_state_display)s") % {"draft_get_state_display": draft.get_state_display()}
            )
        if pick_number is not None and pick_number != draft.pick_number:
            values = {"pick_number_1": pick_number + 1, "draft_pick_number_1": draft.pick_number + 1}
            if pick_number < draft.pick_number:
                text = _("pick %(pick_number_1)s has already been made; pick %(draft_pick_number_1)s is on now")
            else:
                text = _("pick %(pick_number_1)s is not on the clock yet; pick %(draft_pick_number_1)s is on now")
            raise DraftError(text % values, field="pick_number")
        team = draft.season.teams.filter(pk=team_id).first()
        if team is None or not can_act_for(by, team):
            raise DraftError(_("you may only move for your own team"), field="team")
        due = on_the_clock(draft)
        bidding = draft.format == Draft.Format.AUCTION and kind == BID
        if due != team.pk and not bidding:
            raise DraftError(
                _("it is %(draft_season_teams_get_pk_due_)s's turn, not %(team_name)s's")
                % {"draft_season_teams_get_pk_due_": draft.season.teams.get(pk=due).name, "team_name": team.name},
                field="team",
            )
        commissioner = runs_league(by, draft.season.league)
        if not commissioner and draft.deadline and timezone.now() > draft.deadline:
            raise DraftError(_("time ran out for this pick: the clock picks for your team"))
        if draft.format == Draft.Format.AUCTION:
            auction_move(draft, team.pk, kind, player_id, amount, by=by)
            draft.save()
            return None
        player = None
        if kind == Kind.PICK:
            player = Player.objects.filter(pk=player_id, league_id=draft.season.league_id).first()
            if player is None:
                raise DraftError(_("that card is not in this league's pool"), field="player")
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


def pick_undo_last(draft_id: int, *, by=None) -> DraftPick | None:
    """Take back the last move, refund its price, and give the team the whole pick time again."""
    with transaction.atomic():
        draft = _lock(draft_id)
        _require_commissioner(draft, by)
        last = draft.picks.order_by("-number").first()
        if last is None:
            raise DraftError(_("there is no pick to undo"))
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
            replay_market(draft)
        draft.lot = None
        if draft.state == State.DONE:
            draft.state = State.PAUSED
        if draft.state == State.RUNNING:
            clock_set(draft)
        else:
            draft.deadline, draft.seconds_left, draft.clock_token = None, None, ""
        draft.save()
    return last


def autopick_set(draft_id: int, *, team_id: int, on: bool, by) -> None:
    """A manager lets the clock pick at once for the team (or stops it)."""
    with transaction.atomic():
        draft = _lock(draft_id)
        team = draft.season.teams.get(pk=team_id)
        if not can_act_for(by, team):
            raise DraftError(_("you may only change your own team's autopick"), field="team")
        if on:
            draft.autopick_teams.add(team)
            _autopick_while_due(draft)
            draft.save()
        else:
            draft.autopick_teams.remove(team)


def queue_set(draft_id: int, *, team_id: int, player_ids: Sequence[int], by) -> list[QueuedCard]:
    """Replace the team's queue with these cards, in this order (cards of other leagues are ignored)."""
    draft = Draft.objects.select_related("season").get(pk=draft_id)
    team = draft.season.teams.get(pk=team_id)
    if not can_act_for(by, team):
        raise DraftError(_("you may only change your own team's queue"), field="team")
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
        draft_start(draft_id)
    elif draft.state == State.PAUSED:
        draft_resume(draft_id)
    with transaction.atomic():
        draft = _lock(draft_id)
        _autopick_while_due(draft)
        while draft.format == Draft.Format.AUCTION and draft.state == State.RUNNING:
            _autopick(draft)  # nobody bids: every lot goes to its nominator at 1 BC
        draft.save()
    return draft


def _move(
    draft: Draft, team_id: int, kind: str, player: Player | None, *, by=None, auto: bool = False, auto_by: str = ""
) -> DraftPick:
    """Make one move on the locked draft and set the clock for the next."""
    if draft.format == Draft.Format.MARKET:
        sync_market_budgets(draft)
    if kind == Kind.PICK:
        if draft.format == Draft.Format.MARKET:
            reason = market_refusal(draft, team_id, player)
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
        raise DraftError(
            _("only the market has checks and finishes; in a snake draft every turn is a pick"), field="kind"
        )
    move = DraftPick.objects.create(
        draft=draft,
        number=draft.pick_number,
        kind=kind,
        team_id=team_id,
        player=player,
        price=player.price if player else 0,
        auto=auto,
        auto_by=auto_by,
        made_by=by,
    )
    audit.record("draft.pick", move, after=audit.snapshot(move, PICK_FIELDS), season=draft.season_id, actor=by)
    if draft.format == Draft.Format.MARKET:
        market_move(draft, team_id, kind, player)
    elif draft.autopick_by == Draft.AutopickBy.VALUE:  # measured for its new squad before its next turn
        values_request(draft, team_id)
    draft.pick_number += 1
    _pass_full_squads(draft)
    if _over(draft):
        draft.state = State.DONE
        draft.deadline, draft.clock_token = None, ""
    else:
        clock_set(draft)
    return move


def _over(draft: Draft) -> bool:
    """Whether no team has a move left: every market team has finished buying, every snake turn
    is made or passed, every auction squad is full (kept cards may fill them before any move)."""
    if draft.format == Draft.Format.MARKET:
        return len(draft.market["finished"]) == len(draft.market["coaches"])
    if draft.format == Draft.Format.AUCTION:
        return squads_full(draft)
    return draft.pick_number >= total_picks(draft)


def _pass_full_squads(draft: Draft) -> None:
    """Pass the snake turns of teams whose squads are full: cards kept from last season hold
    places, so such a team runs out of places before the last round (its turns have no move)."""
    if draft.format != Draft.Format.SNAKE:
        return
    left = board_for(draft).places_left()
    total = total_picks(draft)
    while draft.pick_number < total and left[on_the_clock(draft)] <= 0:
        draft.pick_number += 1


def _autopick(draft: Draft) -> DraftPick | None:
    """Move for the team on the clock: the first card of its queue it may take, else the engine's choice."""
    if draft.format == Draft.Format.AUCTION and draft.lot:
        return hammer(draft)
    team_id = on_the_clock(draft)
    queued = [q.player for q in QueuedCard.objects.filter(draft=draft, team_id=team_id).select_related("player")]
    if draft.format == Draft.Format.MARKET:
        market = sync_market_budgets(draft)
        legal = set(market_rules(draft).legal_picks(market, str(team_id)))
        for player in queued:
            if str(player.pk) in legal:
                return _move(draft, team_id, Kind.PICK, player, auto=True, auto_by="queue")
        move, card_id = market_rules(draft).buyer_move(market, str(team_id))
        player = Player.objects.get(pk=int(card_id)) if card_id else None
        return _move(draft, team_id, move, player, auto=True, auto_by="market")
    board = board_for(draft)
    auction = draft.format == Draft.Format.AUCTION
    rule = "queue"
    for player in queued:
        if (auction_refusal(board, team_id, player, 1) if auction else pick_refusal(board, team_id, player)) is None:
            break
    else:
        rule, player = _rule_pick(draft, board, team_id)
    if auction:  # nominate at 1 BC; the bid clock then runs
        auction_move(draft, team_id, Kind.PICK, player.pk, 1)
        return None
    return _move(draft, team_id, Kind.PICK, player, auto=True, auto_by=rule)


def _rule_pick(draft: Draft, board: Board, team_id: int) -> tuple[str, Player]:
    """The clock's own choice and the rule that made it: by value (a snake draft set so, once the
    team's card values are measured for its squad as it is), else by rating, as when the values
    are not ready yet (logged: the board shows the pick "by rating")."""
    if draft.autopick_by == Draft.AutopickBy.VALUE and draft.format == Draft.Format.SNAKE:
        values = fresh_values(draft, team_id)
        player = value_pick(board, team_id, values) if values else None
        if player is not None:
            return Draft.AutopickBy.VALUE, player
        logger.info("draft %s: no card values for team %s's squad yet, the clock picks by rating", draft.pk, team_id)
    needs, reserves = board.needs()
    player = best_pick(team_id, board.free, needs, reserves, board.coins)
    if player is None:
        raise DraftError("no card keeps every squad completable: the pool is too small or too dear")
    return Draft.AutopickBy.RATING, player


def _autopick_while_due(draft: Draft) -> None:
    """Pick at once for each team on the clock that has autopick on."""
    autopick = set(draft.autopick_teams.values_list("pk", flat=True))
    while draft.state == State.RUNNING and not draft.lot and on_the_clock(draft) in autopick:
        _autopick(draft)
