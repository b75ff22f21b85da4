"""Trades between managers: one team proposes cards and BootCoins for another team's cards and
BootCoins; the other accepts or declines; the league may make an accepted trade wait for a
commissioner's approval or for its veto period to end.

A trade is checked when it is proposed (for the proposer's sake) and again when it executes,
under the locks every move of cards and coins takes: the trade's row (``select_for_update``),
then both teams' rows in id order (``ledger.lock_teams``, the lock of every balance change and
every squad move between matches). A trade that has become illegal in between (a card gone, a
squad that no longer fits, coins spent, the window closed) is not executed but ``refused``,
with the reason. Every state change is one audit entry; the coins and each card moved are
ledger entries (``trade_out`` on the side that gives, ``trade_in`` on the side that gets).

A card keeps the price its first team paid (``SquadMember.price``): coins that change hands
in a trade are the trade's own entries, not a new price for the card.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from audit import services as audit
from leagues.models import Season, Team
from leagues.zones import zone_time_text
from notifications.models import Kind
from notifications.services import notify
from rosters import ledger
from rosters.models import Keeper, LedgerEntry, Player, SquadMember, Trade, TradeCard
from rosters.permissions import can_act_for, runs_league
from rosters.transfers import TransferError, deadline_task, open_window, squad_problem, window_required

State = Trade.State
Reason = LedgerEntry.Reason


class TradeForbidden(TransferError):
    """The person may not give that answer to that trade (not its team's manager, not a commissioner)."""


#: The task that executes an accepted trade at the end of its veto period, by name (it calls
#: ``trade_execute``; ``rosters.tasks`` imports this module, so not the other way round).
EXECUTE_TASK = "rosters.tasks.trade_execute"
#: What the audit log keeps of a proposal.
PROPOSAL_FIELDS = ["proposer", "receiver", "coins_offered", "coins_asked", "state"]
#: The answers a person gives to a trade, for the admin's buttons and the API's actions.
ACTIONS = ("accept", "decline", "withdraw", "approve", "veto")


# --- who may do what ------------------------------------------------------------------------


def trade_actions(trade: Trade, user) -> list[str]:
    """The answers ``user`` may give to ``trade`` now (the admin shows these as buttons)."""
    actions = []
    if trade.state == State.PROPOSED:
        if answers_for(user, trade, trade.receiver):
            actions += ["accept", "decline"]
        if answers_for(user, trade, trade.proposer):
            actions.append("withdraw")
    elif trade.state == State.ACCEPTED and judges(user, trade):
        if trade.executes_at is None:
            actions.append("approve")
        if trade.executes_at is None or timezone.now() < trade.executes_at:
            actions.append("veto")
    return actions


def trades_visible_to(user, queryset: QuerySet[Trade] | None = None) -> QuerySet[Trade]:
    """The trades a person sees: every trade once accepted (the league's business), and before
    that (proposed, declined, withdrawn) only those of the teams they manage or leagues they run."""
    queryset = Trade.objects.all() if queryset is None else queryset
    if user is not None and user.is_authenticated and user.is_superuser:
        return queryset
    public = Q(state__in=[State.ACCEPTED, State.EXECUTED, State.VETOED, State.REFUSED])
    if user is None or not user.is_authenticated:
        return queryset.filter(public)
    mine = Q(proposer__manager=user) | Q(receiver__manager=user) | Q(season__league__commissioners=user)
    return queryset.filter(public | mine).distinct()


# --- the checks -----------------------------------------------------------------------------


def cards_problem(season: Season, cards: Sequence[tuple[Player, Team]], *, verb: str = "is not") -> str:
    """Why a card is not with the team that would give it ("" when every one is)."""
    held = set(
        SquadMember.objects.filter(season=season, player__in=[p for p, _ in cards]).values_list("player_id", "team_id")
    )
    for player, team in cards:
        if (player.pk, team.pk) not in held:
            values = {"player_name": player.name, "team": team, "season": season}
            if verb == "is no longer":
                return _("%(player_name)s is no longer in %(team)s's squad of %(season)s.") % values
            return _("%(player_name)s is not in %(team)s's squad of %(season)s.") % values
    return ""


def postings(trade: Trade, cards: Sequence[tuple[Player, Team]]) -> list[ledger.Posting]:
    """The ledger entries of a trade: the coins each way, and a 0 BC entry per card on each side
    (so the team's ledger tells which cards came and went, and in which trade)."""
    note = f"trade #{trade.pk}: {trade.proposer} and {trade.receiver}" if trade.pk else "trade"
    proposer, receiver = trade.proposer_id, trade.receiver_id
    result = []
    if trade.coins_offered:
        result += [
            ledger.Posting(proposer, -trade.coins_offered, Reason.TRADE_OUT, note=note),
            ledger.Posting(receiver, trade.coins_offered, Reason.TRADE_IN, note=note),
        ]
    if trade.coins_asked:
        result += [
            ledger.Posting(receiver, -trade.coins_asked, Reason.TRADE_OUT, note=note),
            ledger.Posting(proposer, trade.coins_asked, Reason.TRADE_IN, note=note),
        ]
    for player, giver in cards:
        taker = receiver if giver.pk == proposer else proposer
        result += [
            ledger.Posting(giver.pk, 0, Reason.TRADE_OUT, player=player, note=note),
            ledger.Posting(taker, 0, Reason.TRADE_IN, player=player, note=note),
        ]
    return result


def trade_problem(trade: Trade, cards: Sequence[tuple[Player, Team]], *, verb: str = "is not") -> str:
    """Why the trade cannot go through now ("" when it can): no open window, a card not with the
    team that gives it, a squad that would not fit the game's rules, coins a side does not have."""
    season = trade.season
    if open_window(season) is None:
        try:
            window_required(season)
        except TransferError as exc:
            return exc.messages[0]
    if problem := cards_problem(season, cards, verb=verb):
        return problem
    offered = [p for p, team in cards if team.pk == trade.proposer_id]
    asked = [p for p, team in cards if team.pk == trade.receiver_id]
    for team, adding, removing in ((trade.proposer, asked, offered), (trade.receiver, offered, asked)):
        if problem := squad_problem(season, team, adding=adding, removing=removing):
            return problem
    try:
        ledger.check_postings(season, postings(trade, cards))
    except ledger.InsufficientFunds as exc:
        return exc.messages[0]
    return ""


def trade_cards(trade: Trade) -> list[tuple[Player, Team]]:
    """The trade's cards, each with the team that gives it."""
    rows = TradeCard.objects.filter(trade=trade).select_related("player", "from_team").order_by("id")
    return [(row.player, row.from_team) for row in rows]


# --- proposing and answering ----------------------------------------------------------------


def trade_build(
    season: Season,
    *,
    proposer_id: int,
    receiver_id: int,
    offered: Sequence[int] = (),
    asked: Sequence[int] = (),
    coins_offered: int = 0,
    coins_asked: int = 0,
    by=None,
) -> tuple[Trade, list[tuple[Player, Team]]]:
    """An unsaved trade and its cards, refused with ``TransferError`` (naming the field) when it
    could not be proposed now: the forms call this for their messages, ``trade_propose`` to save."""
    teams = {t.pk: t for t in season.teams.select_related("league").filter(pk__in=[proposer_id, receiver_id])}
    for field, team_id in (("proposer", proposer_id), ("receiver", receiver_id)):
        if team_id not in teams:
            raise TransferError(
                {field: _("Team %(team_id)s does not play in %(season)s.") % {"team_id": team_id, "season": season}}
            )
    proposer, receiver = teams[proposer_id], teams[receiver_id]
    if by is not None and not can_act_for(by, proposer):
        raise TradeForbidden(
            {
                "proposer": _("You may propose trades for your own team only, not for %(proposer)s.")
                % {"proposer": proposer}
            }
        )
    if proposer == receiver:
        raise TransferError({"receiver": _("A trade is between two teams: choose another team than the proposer.")})
    if coins_offered < 0 or coins_asked < 0:
        raise TransferError({"coins_offered": _("Give BootCoins as 0 or more, each way.")})
    if not (offered or asked or coins_offered or coins_asked):
        raise TransferError(_("Nothing is traded: offer or ask for at least one card or some BootCoins."))
    if set(offered) & set(asked):
        raise TransferError({"asked": _("A card cannot be both offered and asked for.")})
    players = Player.objects.in_bulk([*offered, *asked])
    cards = []
    for field, ids, team in (("offered", offered, proposer), ("asked", asked, receiver)):
        if len(set(ids)) != len(ids):
            raise TransferError({field: _("A card is named twice.")})
        for player_id in ids:
            if player_id not in players:
                raise TransferError({field: _("No card with id %(player_id)s.") % {"player_id": player_id}})
            cards.append((players[player_id], team))
        if problem := cards_problem(season, [c for c in cards if c[1] == team]):
            raise TransferError({field: problem})
    trade = Trade(
        season=season,
        proposer=proposer,
        receiver=receiver,
        coins_offered=coins_offered,
        coins_asked=coins_asked,
        proposed_by=by,
    )
    if problem := trade_problem(trade, cards):
        raise TransferError(problem)
    return trade, cards


def trade_propose(season: Season, **kwargs) -> Trade:
    """Propose a trade (see ``trade_build`` for the arguments and the refusals): the proposer's
    manager or a commissioner of the league, for cards of the two squads and coins each way."""
    with transaction.atomic():
        trade, cards = trade_build(season, **kwargs)
        trade.save()
        TradeCard.objects.bulk_create([TradeCard(trade=trade, player=p, from_team=t) for p, t in cards])
        audit.record(
            "trade.proposed",
            trade,
            after={**audit.snapshot(trade, PROPOSAL_FIELDS), "cards": [[p.pk, t.pk] for p, t in cards]},
            actor=kwargs.get("by"),
            **_scope(trade),
        )
        transaction.on_commit(lambda: trade_tell(trade.pk), robust=True)
    return trade


def _scope(trade: Trade) -> dict:
    """Where an audit entry of the trade is filed: its season and both teams."""
    return {"season": trade.season_id, "team": trade.proposer_id, "opponent": trade.receiver_id}


def _lock(trade_id: int) -> Trade:
    """The trade's row, locked (only that row: its season and teams are read, not locked here)."""
    trade = (
        Trade.objects.select_for_update(of=("self",))
        .select_related("season__league", "proposer__league", "receiver__league")
        .filter(pk=trade_id)
        .first()
    )
    if trade is None:
        raise TransferError(_("No trade with id %(trade_id)s.") % {"trade_id": trade_id})
    return trade


#: What the audit log keeps of a trade's change of state.
STATE_FIELDS = ["state", "reason", "accepted_at", "executes_at"]


def _close(
    trade: Trade, state: str, *, by=None, reason: str = "", action: str = "", noted: dict | None = None, **changes
) -> Trade:
    """Move the trade to ``state`` (and set ``changes``), and record it as ``trade.<action or state>``
    (``decided_by`` is whoever decided last; the audit log keeps every decision, with ``noted``)."""
    before = audit.snapshot(trade, STATE_FIELDS)
    trade.state = state
    trade.reason = reason[:300]
    for name, value in changes.items():
        setattr(trade, name, value)
    if by is not None and by.is_authenticated:
        trade.decided_by = by
    if state not in (State.PROPOSED, State.ACCEPTED):
        trade.closed_at = timezone.now()
    trade.save()
    after = audit.snapshot(trade, STATE_FIELDS)
    after.update(noted or {})
    audit.record(f"trade.{action or state}", trade, before=before, after=after, actor=by, **_scope(trade))
    transaction.on_commit(lambda: trade_tell(trade.pk), robust=True)
    return trade


#: Who hears of a trade's new state: the side that did not make the move, or both sides.
TOLD: dict[str, tuple[str, ...]] = {
    State.PROPOSED: ("receiver",),
    State.ACCEPTED: ("proposer",),
    State.DECLINED: ("proposer",),
    State.WITHDRAWN: ("receiver",),
    State.EXECUTED: ("proposer", "receiver"),
    State.VETOED: ("proposer", "receiver"),
    State.REFUSED: ("proposer", "receiver"),
}


def trade_tell(trade_id: int) -> None:
    """Tell the managers concerned of the trade's state once its change committed (an offer
    accepted and executed at once is told as executed), once per trade and state, each in their
    own language (``notify`` words the lazy subject and body in the recipient's)."""
    trade = Trade.objects.select_related("season__league", "proposer__manager", "receiver__manager").get(pk=trade_id)
    url = reverse("admin:rosters_trade_change", args=[trade.pk])
    subject, body = lazy(trade_subject, str)(trade), lazy(trade_body, str)(trade)
    for side in TOLD.get(trade.state, ()):
        team = getattr(trade, side)
        notify(team.manager, Kind.TRADE, f"trade:{trade.pk}:{trade.state}", subject, body, url)


def trade_subject(trade: Trade) -> str:
    """ "Trade #4 between Alpha and Beta: Declined", in the active language."""
    return _("Trade #%(number)s between %(proposer)s and %(receiver)s: %(state)s") % {
        "number": trade.pk,
        "proposer": trade.proposer,
        "receiver": trade.receiver,
        "state": State(trade.state).label,
    }


def trade_body(trade: Trade) -> str:
    """The subject, when an accepted trade goes through, and the reason given, in the active
    language (the reason as it was written)."""
    text = trade_subject(trade)
    if trade.state == State.ACCEPTED and trade.executes_at:
        when = zone_time_text(trade.executes_at, trade.season.league.time_zone)
        text = _("%(subject)s; it goes through at %(when)s unless a commissioner vetoes it") % {
            "subject": text,
            "when": when,
        }
    elif trade.state == State.ACCEPTED:
        text = _("%(subject)s; a commissioner approves it") % {"subject": text}
    if trade.reason:
        text = _("%(text)s: %(reason)s") % {"text": text, "reason": trade.reason}
    return f"{text}."


def answers_for(user, trade: Trade, team: Team) -> bool:
    """Whether ``user`` may answer for ``team`` in the trade: its manager, or a commissioner of the
    league who does not manage the other side (a commissioner never answers a trade for the team
    facing his own)."""
    if user is None or (user.is_authenticated and team.manager_id == user.pk):
        return True
    other = trade.receiver if team.pk == trade.proposer_id else trade.proposer
    return can_act_for(user, team) and other.manager_id != user.pk


def judges(user, trade: Trade) -> bool:
    """Whether ``user`` may approve or veto the trade: a commissioner of its league who manages
    neither of its teams."""
    if user is None:
        return True
    managers = {trade.proposer.manager_id, trade.receiver.manager_id}
    return runs_league(user, trade.season.league) and user.pk not in managers


#: A trade's state as a word of a sentence ("Trade #4 is declined"), in the reader's language.
STATE_WORDS: dict[str, Promise] = {
    State.PROPOSED: pgettext_lazy("trade state", "proposed"),
    State.ACCEPTED: pgettext_lazy("trade state", "accepted"),
    State.EXECUTED: pgettext_lazy("trade state", "executed"),
    State.DECLINED: pgettext_lazy("trade state", "declined"),
    State.WITHDRAWN: pgettext_lazy("trade state", "withdrawn"),
    State.VETOED: pgettext_lazy("trade state", "vetoed"),
    State.REFUSED: pgettext_lazy("trade state", "refused"),
}


def _refuse_unless(allowed: bool, trade: Trade, action: str) -> None:
    """Refuse ``action`` (accept, decline, withdraw, approve, veto) to who may not take it: a
    sentence of its own per action, so a translator words each."""
    if allowed:
        return
    team = trade.proposer if action == "withdraw" else trade.receiver
    values = {"team": team, "league": trade.season.league, "trade": trade.pk}
    if action == "accept":
        text = _("Only %(team)s's manager or a commissioner of %(league)s may accept trade #%(trade)s.")
    elif action == "decline":
        text = _("Only %(team)s's manager or a commissioner of %(league)s may decline trade #%(trade)s.")
    elif action == "withdraw":
        text = _("Only %(team)s's manager or a commissioner of %(league)s may withdraw trade #%(trade)s.")
    elif action == "approve":
        text = _("Only a commissioner of %(league)s who manages neither team may approve trade #%(trade)s.")
    else:
        text = _("Only a commissioner of %(league)s who manages neither team may veto trade #%(trade)s.")
    raise TradeForbidden(text % values)


#: Each answer refused on a trade no longer in the state it needs: the whole sentence with the
#: trade's reason, and without (each a sentence of its own, for the translators).
REFUSED_IN_STATE: dict[str, tuple[Promise, Promise]] = {
    "accept": (
        gettext_lazy("Trade #%(trade)s is %(state)s (%(reason)s); it can be accepted only while proposed."),
        gettext_lazy("Trade #%(trade)s is %(state)s; it can be accepted only while proposed."),
    ),
    "decline": (
        gettext_lazy("Trade #%(trade)s is %(state)s (%(reason)s); it can be declined only while proposed."),
        gettext_lazy("Trade #%(trade)s is %(state)s; it can be declined only while proposed."),
    ),
    "withdraw": (
        gettext_lazy("Trade #%(trade)s is %(state)s (%(reason)s); it can be withdrawn only while proposed."),
        gettext_lazy("Trade #%(trade)s is %(state)s; it can be withdrawn only while proposed."),
    ),
    "approve": (
        gettext_lazy("Trade #%(trade)s is %(state)s (%(reason)s); it can be approved only while accepted."),
        gettext_lazy("Trade #%(trade)s is %(state)s; it can be approved only while accepted."),
    ),
    "veto": (
        gettext_lazy("Trade #%(trade)s is %(state)s (%(reason)s); it can be vetoed only while accepted."),
        gettext_lazy("Trade #%(trade)s is %(state)s; it can be vetoed only while accepted."),
    ),
}


def _require_state(trade: Trade, action: str) -> None:
    """Refuse ``action`` on a trade no longer in the state it needs (proposed to accept, decline
    or withdraw; accepted to approve or veto), with its state and the reason given."""
    needed = State.ACCEPTED if action in ("approve", "veto") else State.PROPOSED
    if trade.state == needed:
        return
    values = {"trade": trade.pk, "state": STATE_WORDS.get(trade.state, trade.state), "reason": trade.reason}
    with_reason, without_reason = REFUSED_IN_STATE[action]
    text = with_reason if trade.reason else without_reason
    raise TransferError(text % values)


def trade_accept(trade_id: int, *, by=None) -> Trade:
    """The receiver's manager (or a commissioner) accepts. The trade then waits for a
    commissioner's approval (``trades_need_approval``), or for its veto period to end
    (``trade_veto_hours``: a task executes it at ``executes_at``), or executes at once.
    Accepting twice is refused the second time, with the trade's state."""
    with transaction.atomic():
        trade = _lock(trade_id)
        _refuse_unless(answers_for(by, trade, trade.receiver), trade, "accept")
        _require_state(trade, "accept")
        league = trade.season.league
        now = timezone.now()
        executes_at = None if league.trades_need_approval else now + timedelta(hours=league.trade_veto_hours)
        _close(trade, State.ACCEPTED, by=by, accepted_at=now, executes_at=executes_at)
        waits = league.trades_need_approval or league.trade_veto_hours
        if waits and (problem := trade_problem(trade, trade_cards(trade), verb="is no longer")):
            return _close(trade, State.REFUSED, by=by, reason=problem)  # no use waiting: checked again at execution
        if league.trades_need_approval:
            return trade
        if league.trade_veto_hours:
            args, eta = (trade.pk,), trade.executes_at
            transaction.on_commit(lambda: schedule_execution(args, eta))
            return trade
        return _execute(trade, by=by)


def trade_decline(trade_id: int, *, by=None, reason: str = "") -> Trade:
    """The receiver's manager (or a commissioner) declines a proposed trade."""
    with transaction.atomic():
        trade = _lock(trade_id)
        _refuse_unless(answers_for(by, trade, trade.receiver), trade, "decline")
        _require_state(trade, "decline")
        return _close(trade, State.DECLINED, by=by, reason=reason)


def trade_withdraw(trade_id: int, *, by=None) -> Trade:
    """The proposer's manager (or a commissioner) takes back a trade not yet accepted."""
    with transaction.atomic():
        trade = _lock(trade_id)
        _refuse_unless(answers_for(by, trade, trade.proposer), trade, "withdraw")
        _require_state(trade, "withdraw")
        return _close(trade, State.WITHDRAWN, by=by)


def trade_approve(trade_id: int, *, by=None) -> Trade:
    """A commissioner approves an accepted trade waiting for approval: it executes at once
    (or is refused, with the reason, if it has become illegal since)."""
    with transaction.atomic():
        trade = _lock(trade_id)
        league = trade.season.league
        _refuse_unless(judges(by, trade), trade, "approve")
        _require_state(trade, "approve")
        if trade.executes_at is not None:
            raise TransferError(
                _(
                    "Trade #%(trade_pk)s needs no approval: it executes at the end of its veto period, "
                    "%(trade_executes_at)s."
                )
                % {"trade_pk": trade.pk, "trade_executes_at": zone_time_text(trade.executes_at, league.time_zone)}
            )
        _close(trade, State.ACCEPTED, by=by, action="approved", executes_at=timezone.now())
        return _execute(trade, by=by)


def trade_veto(trade_id: int, *, by=None, reason: str = "") -> Trade:
    """A commissioner stops an accepted trade before it executes: waiting for approval, or
    within its veto period (before ``executes_at``)."""
    with transaction.atomic():
        trade = _lock(trade_id)
        league = trade.season.league
        _refuse_unless(judges(by, trade), trade, "veto")
        _require_state(trade, "veto")
        if trade.executes_at is not None and timezone.now() >= trade.executes_at:
            raise TransferError(
                _("The veto period of trade #%(trade_pk)s ended %(trade_executes_at)s: it goes through.")
                % {"trade_pk": trade.pk, "trade_executes_at": zone_time_text(trade.executes_at, league.time_zone)}
            )
        return _close(trade, State.VETOED, by=by, reason=reason or "vetoed by the commissioner")


# --- executing ------------------------------------------------------------------------------


def trade_execute(trade_id: int, *, by=None) -> Trade:
    """Execute an accepted trade whose veto period has ended (the task at ``executes_at`` and
    ``manage.py execute_trades`` call this). A trade that is not due, waits for approval, or was
    executed, vetoed or refused already is returned unchanged: a task delivered twice executes once."""
    with transaction.atomic():
        trade = _lock(trade_id)
        if trade.state != State.ACCEPTED or trade.executes_at is None or trade.executes_at > timezone.now():
            return trade
        return _execute(trade, by=by)


def _execute(trade: Trade, *, by=None) -> Trade:
    """With the trade's row locked: lock both teams, check everything again, then move the cards
    and write the ledger entries, all or nothing; or refuse the trade with the reason."""
    ledger.lock_teams([trade.proposer_id, trade.receiver_id])
    cards = trade_cards(trade)
    if problem := trade_problem(trade, cards, verb="is no longer"):
        return _close(trade, State.REFUSED, by=by, reason=problem)
    moves = []
    try:
        with transaction.atomic():  # the cards move all or none
            for player, giver in cards:
                taker = trade.receiver_id if giver.pk == trade.proposer_id else trade.proposer_id
                held = SquadMember.objects.filter(season=trade.season, team=giver, player=player)
                if held.update(team_id=taker) != 1:  # a change that takes no team lock (the admin's squad list)
                    raise TransferError(
                        _("%(player_name)s is no longer in %(giver)s's squad of %(trade_season)s.")
                        % {"player_name": player.name, "giver": giver, "trade_season": trade.season}
                    )
                # a card kept by the team that gives it is no longer its keeper (the rollover would refuse it)
                Keeper.objects.filter(season=trade.season, team=giver, player=player).delete()
                moves.append([player.pk, giver.pk, taker])
    except TransferError as exc:
        return _close(trade, State.REFUSED, by=by, reason=exc.messages[0])
    ledger.post(trade.season, postings(trade, cards), by=by)
    # the squad places move in one update each (no signal): this entry says which card went where
    return _close(trade, State.EXECUTED, by=by, noted={"cards": moves})


def trades_execute_due(now=None) -> list[Trade]:
    """Execute every accepted trade whose veto period has ended (``manage.py execute_trades``;
    safe to run at any time, and twice: each trade is locked and checked on its own)."""
    now = now or timezone.now()
    due = Trade.objects.filter(state=State.ACCEPTED, executes_at__lte=now).order_by("executes_at", "id")
    return [trade_execute(trade_id) for trade_id in due.values_list("id", flat=True)]


def schedule_execution(args: tuple[int], eta) -> None:
    """Queue the execution task for the end of the veto period (a function of its own so tests
    record instead of queueing); a veto period ending more than ``ETA_HORIZON`` away is left to
    beat's sweep."""
    deadline_task(EXECUTE_TASK, args, eta)
