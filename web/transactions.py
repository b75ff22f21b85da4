"""A season's transactions page: its transfer windows and every move made in them."""

from __future__ import annotations

from dataclasses import dataclass

from leagues.models import Season
from rosters.free_agents import transactions
from rosters.models import LedgerEntry, TransferWindow


@dataclass
class TransactionsPage:
    season: Season
    windows: list[TransferWindow]
    moves: list[LedgerEntry]


def transactions_page(season_id: int) -> TransactionsPage:
    """A season's transfer windows and every move (ledger entries of signings, claims, releases
    and trades), newest first."""
    season = Season.objects.select_related("league").get(id=season_id)
    windows = list(season.transfer_windows.order_by("opens_at"))
    return TransactionsPage(season=season, windows=windows, moves=list(transactions(season)))
