"""BootCoin ledgers: every team's coins in a season, as a list of entries that sum to its balance.

The balance never goes below zero. That is enforced here, inside the transaction
that writes the entry: the team's row is locked (``select_for_update``) before its
balance is summed, so two spends of the same team in two transactions queue up
behind each other and the second sees the first (SQLite, which ignores row locks,
takes the whole database's write lock instead: see ``transaction_mode`` in settings).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum

from audit import services as audit
from leagues.models import Season, Team
from rosters.models import LedgerEntry, Player

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


def post(season: Season, postings: Sequence[Posting], *, by=None) -> list[LedgerEntry]:
    """Write entries for one or more teams, all or none, refusing any that leaves a balance below zero.

    Locks the teams' rows in id order (so two callers never deadlock), then sums
    and writes within the same transaction.
    """
    team_ids = sorted({p.team_id for p in postings})
    with transaction.atomic():
        teams = {t.pk: t for t in Team.objects.select_for_update().filter(pk__in=team_ids).order_by("pk")}
        open_accounts(season, team_ids)
        left = balances(season, team_ids)
        for posting in postings:
            left[posting.team_id] += posting.amount
        for team_id, coins in left.items():
            if coins < 0:
                have = coins - sum(p.amount for p in postings if p.team_id == team_id)
                cost = -sum(p.amount for p in postings if p.team_id == team_id)
                raise InsufficientFunds(f"{teams[team_id].name} has {have} BC, not enough to pay {cost} BC")
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
