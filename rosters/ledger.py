"""BootCoin ledgers: every team's coins in a season, as a list of entries that sum to its balance.

The balance never goes below zero. That is enforced here, inside the transaction
that writes the entry: the team's row is locked (``select_for_update``) before its
balance is summed, so two spends of the same team in two transactions queue up
behind each other and the second sees the first (SQLite, which ignores row locks,
takes the whole database's write lock instead: see ``transaction_mode`` in settings).

A team holding the highest bid in an auction has promised those coins: a fine or
any other spend that would leave less than the bid is refused (``check_postings``),
since the bid clock could not then close the lot. The auction takes the same team
row lock before it records a bid, so a fine and a bid never pass each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from audit import services as audit
from leagues.models import Season, Team
from rosters.models import Draft, LedgerEntry, Player

Reason = LedgerEntry.Reason


class InsufficientFunds(ValidationError):
    """An entry would take a team's balance below zero."""


@dataclass(frozen=True)
class Posting:
    """An entry to write: ``amount`` is negative for a spend."""

    team_id: int
    amount: int
    reason: str
    player: Player | None = None
    note: str = ""


def balance(season: Season, team: Team) -> int:
    """The team's BootCoins in the season: its budget plus every entry since (the budget before any)."""
    return balances(season, [team.pk])[team.pk]


def balances(season: Season, team_ids: Iterable[int]) -> dict[int, int]:
    """Balances of several teams in two queries; a team without entries has the league's budget."""
    team_ids = list(team_ids)
    rows = (
        LedgerEntry.objects.filter(season=season, team_id__in=team_ids).values("team_id").annotate(total=Sum("amount"))
    )
    opened = set(
        LedgerEntry.objects.filter(season=season, team_id__in=team_ids, reason=Reason.BUDGET).values_list(
            "team_id", flat=True
        )
    )
    totals = {row["team_id"]: row["total"] for row in rows}
    return {t: totals.get(t, 0) + (0 if t in opened else season.league.budget) for t in team_ids}


def open_accounts(season: Season, team_ids: Iterable[int] | None = None) -> None:
    """Credit each team the league's budget once per season (the first entry of its ledger)."""
    team_ids = list(season.teams.values_list("id", flat=True) if team_ids is None else team_ids)
    opened = set(
        LedgerEntry.objects.filter(season=season, team_id__in=team_ids, reason=Reason.BUDGET).values_list(
            "team_id", flat=True
        )
    )
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(season=season, team_id=t, amount=season.league.budget, reason=Reason.BUDGET, note="budget")
            for t in team_ids
            if t not in opened
        ]
    )


@dataclass(frozen=True)
class StandingBid:
    """The highest bid a team holds on the card up for auction: coins it has promised."""

    team_id: int
    amount: int
    player_id: int


def standing_bid(season: Season) -> StandingBid | None:
    """The highest bid on the card up in the season's auction, if a lot is open."""
    lot = Draft.objects.filter(season=season, format=Draft.Format.AUCTION).values_list("lot", flat=True).first()
    return StandingBid(lot["team"], lot["bid"], lot["player"]) if lot else None


def check_postings(season: Season, postings: Sequence[Posting]) -> None:
    """Refuse (``InsufficientFunds``, with the reason) postings that leave a balance below zero, or
    below the highest bid the team holds in the season's auction.

    Paying that bid (an auction win) is what the promise was for, so it is not held against it.
    ``post`` calls this with the teams' rows locked; a form may call it first for the message.
    """
    team_ids = sorted({p.team_id for p in postings})
    names = dict(Team.objects.filter(pk__in=team_ids).values_list("pk", "name"))
    before = balances(season, team_ids)
    for team_id in team_ids:
        mine = [p for p in postings if p.team_id == team_id]
        after = before[team_id] + sum(p.amount for p in mine)
        if after < 0:
            cost = -sum(p.amount for p in mine)
            raise InsufficientFunds(
                _(
                    "%(names_team_id)s has %(before_team_id)s BC, not enough to pay %(cost)s BC; a balance "
                    "never goes below 0"
                )
                % {"names_team_id": names[team_id], "before_team_id": before[team_id], "cost": cost}
            )
    bid = standing_bid(season)
    if bid is None or bid.team_id not in team_ids:
        return
    mine = [p for p in postings if p.team_id == bid.team_id]
    if any(p.reason == Reason.AUCTION_WIN for p in mine) or not any(p.amount < 0 for p in mine):
        return
    after = before[bid.team_id] + sum(p.amount for p in mine)
    if after < bid.amount:
        card = Player.objects.filter(pk=bid.player_id).values_list("name", flat=True).first()
        spends = " and ".join(f"a {Reason(p.reason).label} of {-p.amount} BC" for p in mine if p.amount < 0)
        raise InsufficientFunds(
            _(
                "%(names_bid_team_id)s holds the highest bid in the auction, %(bid_amount)s BC for "
                "%(card)s, and has %(before_bid_team_id)s BC: %(spends)s would leave %(after)s BC, less "
                "than its bid. Enter it once the lot is closed."
            )
            % {
                "names_bid_team_id": names[bid.team_id],
                "bid_amount": bid.amount,
                "card": card,
                "before_bid_team_id": before[bid.team_id],
                "spends": spends,
                "after": after,
            }
        )


def post(season: Season, postings: Sequence[Posting], *, by=None) -> list[LedgerEntry]:
    """Write entries for one or more teams, all or none, refusing any that ``check_postings`` refuses.

    Locks the teams' rows in id order (so two callers never deadlock), then sums
    and writes within the same transaction.
    """
    team_ids = sorted({p.team_id for p in postings})
    with transaction.atomic():
        lock_teams(team_ids)
        open_accounts(season, team_ids)
        check_postings(season, postings)
        entries = LedgerEntry.objects.bulk_create(
            [
                LedgerEntry(
                    season=season,
                    team_id=p.team_id,
                    amount=p.amount,
                    reason=p.reason,
                    player=p.player,
                    note=p.note[:200],
                    created_by=by,
                )
                for p in postings
            ]
        )
        audit.record_all(audit.entry("ledger.entry", e, after=audit.snapshot(e, AUDITED), actor=by) for e in entries)
        return entries


#: What the audit log keeps of a ledger entry (its season and team are the entry's own).
AUDITED = ["amount", "reason", "player", "note"]


def lock_teams(team_ids: Iterable[int]) -> None:
    """Lock the teams' rows in id order, the lock every change of their balances (and bids) takes."""
    list(Team.objects.select_for_update().filter(pk__in=sorted(team_ids)).order_by("pk").values_list("pk"))


def post_one(
    season: Season, team: Team, amount: int, reason: str, *, player: Player | None = None, note: str = "", by=None
) -> LedgerEntry:
    """One entry (a grant, a fine, a prize money); see ``post``."""
    return post(season, [Posting(team.pk, amount, reason, player, note)], by=by)[0]


@dataclass
class Statement:
    """A team's ledger in one season: the entries in the order written, and the balance they give."""

    season: Season
    entries: list[LedgerEntry]
    balance: int


def statements(team: Team, season_id: int | None = None) -> list[Statement]:
    """The team's ledger in each of its seasons (or just ``season_id``), latest season first, in two queries.

    The balance follows ``balances``: a season whose accounts are not open yet shows the league's budget.
    """
    seasons = list(team.seasons.select_related("league").order_by("-created_at", "-id"))
    if season_id is not None:
        seasons = [s for s in seasons if s.pk == season_id]
    entries: dict[int, list[LedgerEntry]] = {s.pk: [] for s in seasons}
    rows = LedgerEntry.objects.filter(team=team, season_id__in=entries).select_related("player").order_by("id")
    for entry in rows:
        entries[entry.season_id].append(entry)
    result = []
    for season in seasons:
        mine = entries[season.pk]
        opened = any(e.reason == Reason.BUDGET for e in mine)
        result.append(Statement(season, mine, sum(e.amount for e in mine) + (0 if opened else season.league.budget)))
    return result
