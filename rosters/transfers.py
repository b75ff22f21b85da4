"""What every move between matches asks first: is a transfer window open, and does the squad
still fit the game's rules after the move. Signings, claims and releases (``rosters.free_agents``)
and trades (``rosters.trades``) both ask here, so they refuse for the same reasons."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone

from config.celery import app
from engines import get_engine
from leagues.models import Season, Team
from leagues.zones import zone_time_text
from rosters.models import Draft, Player, SquadMember, TransferWindow


class TransferError(ValidationError):
    """A move refused, with the reason a manager reads."""


def open_window(season: Season, at: datetime | None = None) -> TransferWindow | None:
    """The season's window open at ``at`` (now by default), if any."""
    at = at or timezone.now()
    return season.transfer_windows.filter(opens_at__lte=at, closes_at__gt=at).order_by("opens_at").first()


def window_required(season: Season, at: datetime | None = None) -> TransferWindow:
    """The open window, or ``TransferError`` saying when the next one opens (or that the
    season's draft is not over: until then cards move only by the draft)."""
    at = at or timezone.now()
    draft = Draft.objects.filter(season=season).first()
    if draft is not None and draft.state != Draft.State.DONE:
        raise TransferError(
            f"The draft of {season} is {draft.get_state_display()}: cards move by the draft until it is over."
        )
    window = open_window(season, at)
    if window is not None:
        return window
    upcoming = season.transfer_windows.filter(opens_at__gt=at).order_by("opens_at").first()
    when = (
        f"; the next opens {zone_time_text(upcoming.opens_at, season.league.time_zone)}"
        if upcoming
        else "; no other window is set"
    )
    raise TransferError(f"No transfer window of {season} is open{when}. Outside a window no card moves.")


def free_agents(season: Season) -> QuerySet[Player]:
    """Cards of the league's pool that no team of the season holds."""
    held = SquadMember.objects.filter(season=season).values("player_id")
    return Player.objects.filter(league_id=season.league_id).exclude(pk__in=held)


def squad_problem(season: Season, team: Team, *, adding: Iterable[Player] = (), removing: Iterable[Player] = ()) -> str:
    """Why the team's squad would not fit the game's squad rules after the move ("" when it fits).

    A squad may be short during a window (a card released before one is signed); it may never
    hold more cards of a role than the role's places and the reserve places together."""
    rules = get_engine(season.league.engine).squad_rules_for(season.match_settings)
    removed = {p.pk for p in removing}
    squad = [m.player for m in SquadMember.objects.filter(season=season, team=team).select_related("player")]
    cards = [p for p in squad if p.pk not in removed] + list(adding)
    if len(cards) > rules.size:
        return f"{team}'s squad would hold {len(cards)} cards; the game allows {rules.size}."
    over = sum(max(0, n - rules.roles.get(role, 0)) for role, n in Counter(p.role for p in cards).items())
    if over > rules.reserves:
        counts = ", ".join(f"{n} {role}" for role, n in sorted(Counter(p.role for p in cards).items()))
        places = ", ".join(f"{n} {role}" for role, n in rules.roles.items())
        return (
            f"{team}'s squad would hold {counts}; the game has places for {places}"
            f" and {rules.reserves} reserve card(s) of any role."
        )
    return ""


#: A deadline further away than this is left to beat's sweep (every five minutes) instead of a
#: task with an eta: Redis hands an unacknowledged message to a worker again after its
#: visibility timeout (an hour), so a task queued days ahead would come back every hour.
ETA_HORIZON = timedelta(minutes=50)


def deadline_task(task: str, args: tuple, eta: datetime) -> bool:
    """Queue ``task`` for ``eta`` when that is near (True); a later deadline is swept by beat."""
    if eta - timezone.now() > ETA_HORIZON:
        return False
    app.send_task(task, args, eta=eta)
    return True
