"""Card values in a draft: what each free card would add to a team's strength, as stored.

``competitions.card_values`` measures them with the league's engine (rosters may not import it:
results flow one way) and stores them in ``CardValue``, one row per team and free card, with the
team's squad at the time and the engine's version. Here they are read back, only for the squad
the team has now (a pick of its own makes them stale; other teams' picks do not, since they are
measured against the league's whole pool) and the engine's version now, asked for by name
(``CARD_VALUES_TASK``, on the odds queue), and used by the clock's autopick by value."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

from config.celery import app
from engines import get_engine
from rosters.drafts.state import Board, pick_refusal
from rosters.models import CardValue, Draft, Player, SquadMember

#: The task that measures a team's card values (``competitions.tasks``), sent by name.
CARD_VALUES_TASK = "competitions.draft_card_values"
#: The same team and squad is not asked for again within this many seconds (the room polls).
REQUEST_SECONDS = 300


def squad_key(player_ids: Iterable[int]) -> str:
    """A squad as stored with its values: its card ids, sorted, comma-separated."""
    return ",".join(str(pk) for pk in sorted(player_ids))


def team_squad_key(draft: Draft, team_id: int) -> str:
    return squad_key(
        SquadMember.objects.filter(season_id=draft.season_id, team_id=team_id).values_list("player_id", flat=True)
    )


def fresh_values(draft: Draft, team_id: int) -> dict[int, CardValue]:
    """The team's card values measured for its squad as it is now by the league's engine as it
    is now (a new engine version plays differently), of the cards still free, by card id
    (empty: none yet)."""
    rows = CardValue.objects.filter(
        draft=draft,
        team_id=team_id,
        squad=team_squad_key(draft, team_id),
        engine_version=get_engine(draft.season.league.engine).version,
    ).exclude(player__squad_memberships__season_id=draft.season_id)  # taken since
    return {row.player_id: row for row in rows.select_related("player")}


def values_request(draft: Draft, team_id: int) -> None:
    """Ask a worker for the team's card values once the transaction commits, unless they were
    asked for the same squad lately (noted at the commit: a request rolled back is asked again)."""
    squad = hashlib.sha256(team_squad_key(draft, team_id).encode()).hexdigest()[:16]
    key = f"card-values-requested:{draft.pk}:{team_id}:{squad}"
    args = (draft.pk, team_id)

    def send() -> None:
        if cache.add(key, 1, REQUEST_SECONDS):
            app.send_task(CARD_VALUES_TASK, args)

    transaction.on_commit(send)


def value_pick(board: Board, team_id: int, values: dict[int, CardValue]) -> Player | None:
    """The legal free card with the most expected points a match per BootCoin (then the larger
    gain, the dearer card, the lower id: deterministic); None when no valued card may be taken."""
    valued = [p for p in board.free if p.pk in values]
    valued.sort(key=lambda p: (-values[p.pk].per_coin, -values[p.pk].gain, -p.price, p.pk))
    return next((p for p in valued if pick_refusal(board, team_id, p) is None), None)


def value_rows(values: dict[int, CardValue]) -> list[dict]:
    """The values as the API and the command give them, the most EP/BC first."""
    return [
        {
            "player": v.player_id,
            "name": v.player.name,
            "role": v.player.role,
            "price": v.player.price,
            "strength": v.strength,
            "gain": v.gain,
            "stderr": v.stderr,
            "per_coin": v.per_coin,
        }
        for v in sorted(values.values(), key=lambda v: (-v.per_coin, -v.gain, v.player_id))
    ]
