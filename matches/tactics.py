"""A team's tactics in a season: judged by the engine with that season's squad, and paid for
from the season's BootCoin ledger where the game sells something with them (Mutant Soccer's
extra tactical cards, 2 BC each, bought with the coins the squad left).

Cards bought stay bought for the season: saving tactics that claim fewer extra cards refunds
nothing, and claiming them again later costs nothing; only cards beyond those already paid
for are charged, in the same transaction as the tactics are saved, under the ledger's lock
(``rosters.ledger.post``). A balance that cannot pay refuses the tactics and changes nothing.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from engines import CardError, get_engine
from leagues.models import SeasonTeam
from matches.services import check_tactics
from rosters import ledger
from rosters.models import LedgerEntry

TACTICAL_CARDS = LedgerEntry.Reason.TACTICAL_CARDS


def tactics_paid(entry: SeasonTeam) -> int:
    """BootCoins the team has already paid in the season for what its tactics buy."""
    spent = LedgerEntry.objects.filter(season_id=entry.season_id, team_id=entry.team_id, reason=TACTICAL_CARDS)
    return -(spent.aggregate(total=Sum("amount"))["total"] or 0)


def tactics_judge(entry: SeasonTeam, tactics: object) -> tuple[dict, int]:
    """The tactics as the engine takes them and the BootCoins still to pay for them; a
    ``ValidationError`` on ``tactics`` with the engine's reason when it refuses them."""
    if not isinstance(tactics, dict):
        raise ValidationError({"tactics": _('Give a JSON object, e.g. {"coach": "planner"}.')})
    engine = get_engine(entry.season.league.engine)
    try:
        check_tactics(entry.season, tactics, team_id=entry.team_id)
    except CardError as exc:
        raise ValidationError({"tactics": str(exc)}) from exc
    except Exception as exc:  # noqa: BLE001 - an engine that crashes on bad orders still refuses them, it is no server error
        raise ValidationError({"tactics": _("not understood: %(exc)r") % {"exc": exc}}) from exc
    return tactics, max(0, engine.tactics_cost(tactics) - tactics_paid(entry))


def season_tactics_set(entry: SeasonTeam, tactics: object, *, by=None) -> SeasonTeam:
    """Store a team's tactics for one season once the engine accepts them with that season's
    squad, charging the ledger what they buy beyond what is paid (``InsufficientFunds``, a
    ``ValidationError``, when the balance cannot pay: nothing is stored then)."""
    with transaction.atomic():
        ledger.lock_teams([entry.team_id])
        tactics, due = tactics_judge(entry, tactics)
        if due:
            note = f"bought with the tactics for {entry.season}"
            try:
                ledger.post_one(entry.season, entry.team, -due, TACTICAL_CARDS, note=note, by=by)
            except ledger.InsufficientFunds as exc:
                raise ValidationError(
                    {
                        "tactics": _("The tactics buy %(due)s BC more: %(exc_messages_0)s")
                        % {"due": due, "exc_messages_0": exc.messages[0]}
                    }
                ) from exc
        entry.tactics = tactics
        entry.save(update_fields=["tactics"])
    return entry
