"""The free-agent market of a transfer window (issue #23): claims on free agents until the
window's claims deadline, settled then by the league's ``claims_by`` (waiver order or sealed
bids); after that, signings first come first served until the window closes; releases for a
refund throughout the window.

Every move that moves a card or coins takes the teams' row locks (``ledger.lock_teams``) and
then the cards' rows, both in id order, so two moves on one team or one card queue up and the
second sees what the first did; the squad's uniqueness per season (``SquadMember``'s
constraint) is the last guard. Claims take the window's row lock instead: a claim made or
withdrawn at the deadline queues up behind the settlement (or the settlement behind it).

``by`` is the person who acts (the API's and admin's request user): refused unless they manage
the team or run its league. ``by=None`` is the platform itself (the settlement, commands, tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from leagues.errors import validation_message
from leagues.models import ClaimsBy, League, Season, Team
from leagues.zones import local_time, zone_time_text
from rosters import ledger
from rosters.models import Claim, Draft, Keeper, LedgerEntry, Player, SquadMember, TransferWindow
from rosters.permissions import can_act_for
from rosters.transfers import TransferError, deadline_task, free_agents, squad_problem, window_required

Reason = LedgerEntry.Reason
#: The ledger reasons of moves between matches: the season's transactions page lists these.
MOVE_REASONS = [Reason.SIGNING, Reason.WAIVER_CLAIM, Reason.RELEASE_REFUND, Reason.TRADE_IN, Reason.TRADE_OUT]
#: The settlement task, by name (``rosters.tasks.claims_settle``): it calls ``claims_settle``.
SETTLE_TASK = "rosters.tasks.claims_settle"


# --- who, where, when ---------------------------------------------------------------------------


def _team(season: Season, team_id: int, by) -> Team:
    """The season's team the person acts for, or the reason they may not."""
    team = season.teams.select_related("league").filter(pk=team_id).first()
    if team is None:
        raise TransferError(
            {"team": _("Team %(team_id)s does not play in %(season)s.") % {"team_id": team_id, "season": season}}
        )
    if by is not None and not can_act_for(by, team):
        raise TransferError(
            {"team": _("You may only move for your own team, not %(team)s (or as its commissioner).") % {"team": team}}
        )
    return team


def _card(season: Season, player_id: int, field: str = "player") -> Player:
    player = Player.objects.filter(pk=player_id, league_id=season.league_id).first()
    if player is None:
        raise TransferError(
            {
                field: _("Card %(player_id)s is not in the pool of %(season_league)s.")
                % {"player_id": player_id, "season_league": season.league}
            }
        )
    return player


def _season(season_id: int) -> Season:
    season = Season.objects.select_related("league").filter(pk=season_id).first()
    if season is None:
        raise TransferError({"season": _("No season %(season_id)s.") % {"season_id": season_id}})
    return season


def _window_locked(season: Season) -> TransferWindow:
    """The open window, its row locked (claims and the settlement take turns on it)."""
    window = window_required(season)
    return TransferWindow.objects.select_for_update().get(pk=window.pk)


def claims_open(window: TransferWindow) -> bool:
    return window.claims_settled_at is None and timezone.now() < window.claims_deadline


def _claims_closed(window: TransferWindow) -> TransferError:
    zone = window.season.league.time_zone
    return TransferError(
        {
            "window": _(
                "Claims of this window closed at %(window_claims_deadline)s; free agents are signed first "
                "come first served until %(window_closes_at)s."
            )
            % {
                "window_claims_deadline": zone_time_text(window.claims_deadline, zone),
                "window_closes_at": zone_time_text(window.closes_at, zone),
            }
        }
    )


def refund_for(paid: int, league) -> int:
    """What a released card brings back: the league's share of what was paid, rounded down."""
    return paid * league.release_refund_percent // 100


def _lock_cards(players: Iterable[Player | None]) -> None:
    ids = sorted({p.pk for p in players if p is not None})
    list(Player.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


# --- claims -------------------------------------------------------------------------------------


def claim_make(
    season_id: int,
    *,
    team_id: int,
    player_id: int,
    release_id: int | None = None,
    bid: int | None = None,
    by=None,
) -> Claim:
    """A team's claim on a free agent, settled at the window's claims deadline.

    Where the league settles claims by sealed bids, ``bid`` (at least the card's price; the price
    when left out) is what the team pays if it wins; in waiver order it pays the price. Refused,
    with the reason, outside a window, after its claims deadline, for a card a team holds, over the
    team's BootCoins (counting the refund of ``release_id``) and when the squad would not fit.
    A team may claim several cards: each is checked again when it is settled.
    """
    season = _season(season_id)
    team = _team(season, team_id, by)
    player = _card(season, player_id)
    release = _card(season, release_id, "release") if release_id else None
    league = season.league
    with transaction.atomic():
        window = _window_locked(season)
        if not claims_open(window):
            raise _claims_closed(window)
        if bid is None or league.claims_by != ClaimsBy.BIDS:
            bid = player.price
        elif bid < player.price:
            raise TransferError(
                {
                    "bid": _("A bid on %(player_name)s is at least its price, %(player_price)s BC.")
                    % {"player_name": player.name, "player_price": player.price}
                }
            )
        problem = _holder_problem(season, player) or _release_problem(season, team, release)
        if problem:
            raise TransferError(problem)
        if window.claims.filter(team=team, player=player, state=Claim.State.PENDING).exists():
            raise TransferError(
                {
                    "player": _("%(team)s already claims %(player_name)s in this window.")
                    % {"team": team, "player_name": player.name}
                }
            )
        refund = refund_for(_paid(season, team, release), league) if release else 0
        coins = ledger.balance(season, team)
        if coins + refund < bid:
            values = {"team": team, "coins": coins, "bid": bid, "player_name": player.name}
            if release:
                values |= {"refund": refund, "release": release.name}
                text = _(
                    "%(team)s has %(coins)s BC and %(refund)s BC back for %(release)s, not enough to pay %(bid)s BC "
                    "for %(player_name)s."
                )
            else:
                text = _("%(team)s has %(coins)s BC, not enough to pay %(bid)s BC for %(player_name)s.")
            raise TransferError({"bid": text % values})
        fit = squad_problem(season, team, adding=[player], removing=[release] if release else [])
        if fit:
            raise TransferError({"release": _("%(fit)s Name a card to release if the claim wins.") % {"fit": fit}})
        return Claim.objects.create(window=window, team=team, player=player, release=release, bid=bid, created_by=by)


def claim_withdraw(claim_id: int, *, by=None) -> Claim:
    """Take back a pending claim, until the claims deadline."""
    with transaction.atomic():
        claim = Claim.objects.select_related("team__league", "player").filter(pk=claim_id).first()
        if claim is None:
            raise TransferError({"claim": _("No claim %(claim_id)s.") % {"claim_id": claim_id}})
        if by is not None and not can_act_for(by, claim.team):
            raise TransferError(
                {
                    "team": _("You may only withdraw your own team's claims, not %(claim_team)s's.")
                    % {"claim_team": claim.team}
                }
            )
        window = TransferWindow.objects.select_for_update().get(pk=claim.window_id)
        claim.refresh_from_db(fields=["state"])
        if claim.state != Claim.State.PENDING:
            raise TransferError(
                {
                    "claim": _("The claim on %(claim_player_name)s is %(claim_get_state_display)s.")
                    % {"claim_player_name": claim.player.name, "claim_get_state_display": claim.get_state_display()}
                }
            )
        if not claims_open(window):
            raise _claims_closed(window)
        claim.state, claim.settled_at, claim.reason = Claim.State.WITHDRAWN, timezone.now(), "withdrawn"
        claim.save(update_fields=["state", "settled_at", "reason"])
        return claim


# --- the settlement -----------------------------------------------------------------------------


@dataclass(frozen=True)
class WaiverOrder:
    """Team ids, first claim first (the worst team first), and what the order was taken from."""

    teams: list[int]
    basis: str


def waiver_order(season: Season) -> WaiverOrder:
    """The reverse of the season's table as it stands; before any match of the season, the reverse
    of the previous season's final table (teams new since go first), else the season's draft order
    reversed (the last to pick claims first), else by team name.

    The tables are read two layers up (``competitions``), so the settings name the functions.
    """
    by_name = list(season.teams.order_by("name", "pk").values_list("pk", flat=True))
    table = import_string(settings.WAIVER_TABLE_ORDER)(season)
    if table:
        return WaiverOrder(
            _reverse_of(table, by_name), _("reverse of the current table of %(season)s") % {"season": season}
        )
    if season.previous_id:
        table = import_string(settings.DRAFT_TABLE_ORDER)(season.previous)
        return WaiverOrder(
            _reverse_of(table, by_name),
            _("reverse of the final table of %(season)s") % {"season": season.previous},
        )
    draft = Draft.objects.filter(season=season).exclude(order=[]).first()
    if draft is not None:
        return WaiverOrder(
            _reverse_of([int(t) for t in draft.order], by_name),
            _("reverse of the %(season)s draft order") % {"season": season},
        )
    return WaiverOrder(by_name, _("team name (no table or draft order yet)"))


def _reverse_of(best_first: list[int], by_name: list[int]) -> list[int]:
    """``best_first`` reversed, teams not in it first (by name): they come in with nothing."""
    return [t for t in by_name if t not in best_first] + [t for t in reversed(best_first) if t in by_name]


def claims_settle(window_id: int) -> TransferWindow:
    """Settle every pending claim of the window, once its claims deadline has passed.

    Safe to call twice and early: a settled window, or one whose deadline is still ahead, is
    returned unchanged (the window's row lock makes two callers take turns).

    Claims are tried one at a time, fairest first: in waiver order, the first team of the order
    that has a pending claim, its oldest claim; by sealed bids, the highest bid, ties by the waiver
    order. A team whose claim wins moves to the end of the order (rolling waivers). Each try is
    checked again (the card still free, the release still in the squad, the squad fits, the coins)
    in a savepoint of its own: a claim that fails loses with the reason, the others go on.
    """
    with transaction.atomic():
        window = (
            TransferWindow.objects.select_for_update(of=("self",)).select_related("season__league").get(pk=window_id)
        )
        now = timezone.now()
        if window.claims_settled_at is not None or now < window.claims_deadline:
            return window
        season = window.season
        pending = list(window.claims.filter(state=Claim.State.PENDING).select_related("team", "player", "release"))
        ledger.lock_teams({c.team_id for c in pending})  # all at once, in id order: no deadlock with a trade
        order = waiver_order(season)
        queue = list(order.teams)
        bids = season.league.claims_by == ClaimsBy.BIDS
        won: dict[int, Claim] = {}

        def rank(claim: Claim) -> tuple[int, ...]:
            place = queue.index(claim.team_id) if claim.team_id in queue else len(queue)
            return (-claim.bid, place, claim.pk) if bids else (place, claim.pk)

        while pending:
            claim = min(pending, key=rank)
            pending.remove(claim)
            claim.settled_at = now
            if claim.player_id in won:
                claim.state, claim.reason = Claim.State.LOST, _beaten(claim, won[claim.player_id], bids, order)
            else:
                try:
                    with transaction.atomic():
                        note = f"claim in the window of {window.opens_at:%Y-%m-%d} ({order.basis})"
                        _move_in(
                            season,
                            claim.team,
                            claim.player,
                            claim.bid,
                            Reason.WAIVER_CLAIM,
                            claim.release,
                            note,
                            by=claim.created_by,
                        )
                except ValidationError as exc:
                    claim.state, claim.reason = Claim.State.LOST, validation_message(exc)
                else:
                    claim.state, claim.reason = Claim.State.WON, _("won (%(basis)s)") % {"basis": order.basis}
                    won[claim.player_id] = claim
                    if claim.team_id in queue:  # rolling waivers: the winner goes to the back
                        queue.remove(claim.team_id)
                        queue.append(claim.team_id)
            claim.save(update_fields=["state", "reason", "settled_at"])
        window.claims_settled_at = now
        window.save(update_fields=["claims_settled_at"])
    return window


def _beaten(claim: Claim, winner: Claim, bids: bool, order: WaiverOrder) -> str:
    if bids and winner.bid > claim.bid:
        return _("%(claim_player_name)s went to %(winner_team)s for a higher bid (%(winner_bid)s BC).") % {
            "claim_player_name": claim.player.name,
            "winner_team": winner.team,
            "winner_bid": winner.bid,
        }
    values = {
        "claim_player_name": claim.player.name,
        "winner_team": winner.team,
        "winner_bid": winner.bid,
        "order_basis": order.basis,
    }
    if bids:
        return (
            _(
                "%(claim_player_name)s went to %(winner_team)s: a level bid of %(winner_bid)s BC, ahead in the "
                "waiver order (%(order_basis)s)."
            )
            % values
        )
    return _("%(claim_player_name)s went to %(winner_team)s: ahead in the waiver order (%(order_basis)s).") % values


def claims_due() -> QuerySet[TransferWindow]:
    """Windows whose claims deadline has passed and whose claims are not settled yet."""
    return TransferWindow.objects.filter(claims_settled_at__isnull=True, claims_deadline__lte=timezone.now())


def settlement_schedule(window: TransferWindow) -> None:
    """Have a worker settle the window's claims at its deadline (once the window is committed).

    Sent again whenever the window is saved: a task that comes before a deadline moved later
    does nothing, and the one sent for the new deadline settles."""
    if window.claims_settled_at is None:
        args, eta = (window.pk,), window.claims_deadline
        transaction.on_commit(lambda: settlement_send(args, eta))


def settlement_send(args: tuple[int], eta) -> None:
    """Queue the settlement task (a separate function so tests can record instead of queueing);
    a deadline more than ``ETA_HORIZON`` away is left to beat's sweep."""
    deadline_task(SETTLE_TASK, args, eta)


# --- signings and releases ----------------------------------------------------------------------


def sign(season_id: int, *, team_id: int, player_id: int, release_id: int | None = None, by=None) -> SquadMember:
    """Sign a free agent for its price, first come first served, once the window's claims are
    settled and until it closes; ``release_id`` lets a card of the squad go in the same
    transaction (its refund counts towards the price). A window whose claims deadline has passed
    but whose settlement has not run yet is settled first."""
    season = _season(season_id)
    team = _team(season, team_id, by)
    player = _card(season, player_id)
    release = _card(season, release_id, "release") if release_id else None
    window = window_required(season)
    if window.claims_settled_at is None:
        if claims_open(window):
            raise TransferError(
                {
                    "window": _(
                        "Until %(window_claims_deadline)s free agents are claimed, not signed: make a claim; claims"
                        " are settled at that time."
                    )
                    % {"window_claims_deadline": zone_time_text(window.claims_deadline, season.league.time_zone)}
                }
            )
        claims_settle(window.pk)
    note = f"signed in the window of {local_time(window.opens_at, season.league.time_zone):%Y-%m-%d}"
    try:
        with transaction.atomic():
            ledger.lock_teams([team.pk])
            return _move_in(season, team, player, player.price, Reason.SIGNING, release, note, by=by)
    except IntegrityError as exc:  # the last guard: the card went to another squad at this instant
        raise TransferError(
            {"player": _("%(player_name)s was signed by another team a moment ago.") % {"player_name": player.name}}
        ) from exc


def release(season_id: int, *, team_id: int, player_id: int, by=None) -> int:
    """Let a card of the squad go back to the free agents during a window, for the league's
    refund of what was paid (rounded down); returns the refund. Recorded as a ``release_refund``
    entry with the card (also when the refund is 0, so the move is in the ledger)."""
    season = _season(season_id)
    team = _team(season, team_id, by)
    player = _card(season, player_id)
    window = window_required(season)
    with transaction.atomic():
        ledger.lock_teams([team.pk])
        _lock_cards([player])
        problem = _release_problem(season, team, player)
        if problem:
            raise TransferError(problem)
        refund = _let_go(season, team, player)
        note = f"released in the window of {window.opens_at:%Y-%m-%d}"
        ledger.post(season, [ledger.Posting(team.pk, refund, Reason.RELEASE_REFUND, player, note)], by=by)
    return refund


def _move_in(
    season: Season,
    team: Team,
    player: Player,
    paid: int,
    reason: str,
    release: Player | None,
    note: str,
    by=None,
) -> SquadMember:
    """A card joins the squad for ``paid`` (and ``release`` leaves it), checked under the locks the
    caller holds on the team; refused with the reason (``TransferError``)."""
    _lock_cards([player, release])
    problem = _holder_problem(season, player) or _release_problem(season, team, release)
    if problem:
        raise TransferError(problem)
    fit = squad_problem(season, team, adding=[player], removing=[release] if release else [])
    if fit:
        raise TransferError({"release": fit})
    postings = [ledger.Posting(team.pk, -paid, reason, player, note)]
    if release is not None:
        refund = _let_go(season, team, release)
        postings.append(ledger.Posting(team.pk, refund, Reason.RELEASE_REFUND, release, f"released for {player.name}"))
    member = SquadMember.objects.create(season=season, team=team, player=player, price=paid)
    try:
        ledger.post(season, postings, by=by)
    except ledger.InsufficientFunds as exc:
        raise TransferError({"player": exc.messages}) from exc
    return member


def _let_go(season: Season, team: Team, player: Player) -> int:
    """Take the card out of the squad (and off the cards the team keeps); its refund."""
    member = SquadMember.objects.get(season=season, team=team, player=player)
    refund = refund_for(member.price, season.league)
    member.delete()
    Keeper.objects.filter(season=season, team=team, player=player).delete()
    return refund


def _holder_problem(season: Season, player: Player) -> dict[str, str]:
    holder = SquadMember.objects.filter(season=season, player=player).select_related("team").first()
    if holder is None:
        return {}
    return {"player": f"{player.name} is in {holder.team}'s squad, not a free agent."}


def _release_problem(season: Season, team: Team, release: Player | None) -> dict[str, str]:
    if release is None or SquadMember.objects.filter(season=season, team=team, player=release).exists():
        return {}
    return {"release": f"{release.name} is not in {team}'s squad of {season}."}


def _paid(season: Season, team: Team, player: Player | None) -> int:
    member = SquadMember.objects.filter(season=season, team=team, player=player).first()
    return member.price if member else 0


# --- what managers read -------------------------------------------------------------------------


@dataclass(frozen=True)
class FreeAgent:
    """A free agent as a manager sees it: whether their team can pay for it and has room."""

    player: Player
    affordable: bool | None  # None: no team given
    fit: str  # why the squad would not fit ("" when it does, or no team given)


#: How the free agents may be ordered (a leading "-" for descending).
ORDERINGS = ("name", "role", "price")


def free_agents_for(
    season: Season,
    team: Team | None = None,
    *,
    role: str = "",
    max_price: int | None = None,
    ordering: str = "name",
) -> list[FreeAgent]:
    """The season's free agents, filtered and ordered, and for ``team`` what it can afford and fit.

    The fit depends only on the card's role, so the squad is read once per role."""
    cards = free_agents(season)
    if role:
        cards = cards.filter(role=role)
    if max_price is not None:
        cards = cards.filter(price__lte=max_price)
    field = ordering.lstrip("-")
    if field not in ORDERINGS:
        raise TransferError(
            {
                "ordering": _("Order by one of %(join_orderings)s (a leading - for descending).")
                % {"join_orderings": ", ".join(ORDERINGS)}
            }
        )
    cards = cards.order_by(ordering, "name", "pk")
    if team is None:
        return [FreeAgent(p, None, "") for p in cards]
    coins = ledger.balance(season, team)
    fits: dict[str, str] = {}
    rows = []
    for player in cards:
        if player.role not in fits:
            fits[player.role] = squad_problem(season, team, adding=[player])
        rows.append(FreeAgent(player, player.price <= coins, fits[player.role]))
    return rows


def transactions(season: Season) -> QuerySet[LedgerEntry]:
    """The ledger entries of the season's moves (signings, claims, releases, trades), newest first."""
    return (
        LedgerEntry.objects.filter(season=season, reason__in=MOVE_REASONS)
        .select_related("team", "player")
        .order_by("-created_at", "-id")
    )


def claims_visible_to(user, claims: QuerySet[Claim]) -> QuerySet[Claim]:
    """Of ``claims``: the user's own teams' always; another team's once settled, and only for the
    league's commissioners. A pending claim of another team (its sealed bid) is shown to nobody,
    a commissioner who manages a team of the league included; superusers see all."""
    if user.is_superuser:
        return claims
    mine = Q(team__manager=user)
    settled_in_my_leagues = Q(window__season__league__in=League.objects.run_by(user)) & ~Q(state=Claim.State.PENDING)
    return claims.filter(mine | settled_in_my_leagues)
