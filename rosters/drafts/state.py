"""What a draft looks like at one moment: whose turn it is, the board of cards, squads and coins,
and why a card may not be taken."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from engines import get_engine
from engines.core import SquadRules
from rosters import ledger
from rosters.drafting import open_places, witness_after
from rosters.models import Draft, DraftPick, Player, SquadMember

Kind = DraftPick.Kind
State = Draft.State
#: What the audit log keeps of a move (a pick, or a check or finish in the market).
PICK_FIELDS = ["number", "kind", "team", "player", "price", "auto"]
BID = "bid"


def market_rules(draft: Draft) -> Any:
    """The market rules of the league's game (``engine.market``), or None: its game has no market."""
    return get_engine(draft.season.league.engine).market


class DraftError(ValidationError):
    """A move refused; the message says why, for the person who made it.

    ``field`` names the part of the request the refusal is about (``player``,
    ``team``, ``amount``...), so the API can answer field by field; None when it is
    about the draft itself (not running, paused).
    """

    def __init__(self, message, *, field: str | None = None):
        super().__init__(message)
        self.field = field


@dataclass
class Board:
    """The cards and squads of a draft at one moment, as the pick rules need them."""

    rules: SquadRules
    free: list[Player]  # dearest first, then by id
    squads: dict[int, list[Player]]
    coins: dict[int, int]
    paid: dict[int, int]  # per card in a squad: the BootCoins its team paid (an auction's bid, not the list price)

    def needs(self) -> tuple[dict[int, Counter], dict[int, int]]:
        """Per team: the cards it still needs per role, and its reserve places left."""
        places = {t: open_places(self.rules, squad) for t, squad in self.squads.items()}
        return {t: p[0] for t, p in places.items()}, {t: p[1] for t, p in places.items()}

    def places_left(self) -> dict[int, int]:
        """Per team: the squad places it still has to fill. A card kept from last season is in
        its squad already and holds its place, so every format asks this, not its own count."""
        needs, reserves = self.needs()
        return {t: sum(needs[t].values()) + reserves[t] for t in needs}


def board_for(draft: Draft) -> Board:
    """Read the draft's squads, free cards and coins fresh from the database (inside the lock when moving)."""
    season = draft.season
    team_ids = list(draft.order)
    members = SquadMember.objects.filter(season=season).select_related("player")
    taken = {m.player_id for m in members}
    squads: dict[int, list[Player]] = {t: [] for t in team_ids}
    paid = {}
    for member in members:
        squads.setdefault(member.team_id, []).append(member.player)
        paid[member.player_id] = member.price
    free = [p for p in Player.objects.filter(league_id=season.league_id) if p.pk not in taken]
    free.sort(key=lambda p: (-p.price, p.pk))
    return Board(season.league.squad_rules, free, squads, ledger.balances(season, team_ids), paid)


def total_picks(draft: Draft) -> int:
    """Picks in a snake draft: every team fills every place of the engine's squad."""
    return len(draft.order) * draft.season.league.squad_rules.size


def pick_label(draft: Draft) -> str:
    """The pick on the clock as people count it (from 1, where ``pick_number`` counts moves made),
    with the total of a snake draft: the room, the board and the admin's list all say it so."""
    if draft.state == State.SETUP:
        return _("not started")
    if draft.state == State.DONE:
        return _("done after %(draft_pick_number)s moves") % {"draft_pick_number": draft.pick_number}
    if draft.format == Draft.Format.SNAKE:
        return _("pick %(pick)s of %(total)s") % {"pick": draft.pick_number + 1, "total": total_picks(draft)}
    return _("pick %(pick)s") % {"pick": draft.pick_number + 1}


def on_the_clock(draft: Draft) -> int | None:
    """The id of the team to move, or None when the draft is not running or over."""
    if draft.state not in (State.RUNNING, State.PAUSED):
        return None
    if draft.format == Draft.Format.MARKET:
        return int(draft.market["to_act"])
    if draft.format == Draft.Format.AUCTION:
        return _nominator(draft)
    teams = len(draft.order)
    round_number, slot = divmod(draft.pick_number, teams)
    return draft.order[slot] if round_number % 2 == 0 else draft.order[teams - 1 - slot]


def _nominator(draft: Draft) -> int | None:
    """The team to nominate the next card: the order in turn, from lot to lot, skipping full squads."""
    left = board_for(draft).places_left()
    teams = draft.order
    for step in range(len(teams)):
        team_id = teams[(draft.pick_number + step) % len(teams)]
        if left[team_id] > 0:
            return team_id
    return None


def squads_full(draft: Draft) -> bool:
    """Whether every squad of the draft has all its places filled (kept cards included): an
    auction is over then, however many lots it took."""
    return not any(board_for(draft).places_left().values())


def pick_refusal(board: Board, team_id: int, player: Player) -> str | None:
    """Why the team may not take this card now, or None if it may.

    A card is refused when it is gone, when the squad has no place for its role,
    when the team cannot pay, or when after it some squad could no longer be
    completed from the cards left within its coins.
    """
    if player not in board.free:
        return _("%(player_name)s is no longer available") % {"player_name": player.name}
    needs, reserves = board.needs()
    if needs[team_id][player.role] <= 0 and reserves[team_id] <= 0:
        full = board.rules.roles.get(player.role, 0)
        return _("the squad has no place left for a %(player_role)s (%(full)s needed, no reserve places left)") % {
            "player_role": player.role,
            "full": full,
        }
    if player.price > board.coins[team_id]:
        return _("%(player_name)s costs %(player_price)s BC and the team has %(board_coins_team_id)s BC") % {
            "player_name": player.name,
            "player_price": player.price,
            "board_coins_team_id": board.coins[team_id],
        }
    if witness_after(team_id, player, board.free, needs, reserves, board.coins) is None:
        alone = {team_id: needs[team_id]}
        if witness_after(team_id, player, board.free, alone, {team_id: reserves[team_id]}, board.coins) is None:
            after = board.coins[team_id] - player.price
            return _("after %(player_name)s the team could not complete its squad with the %(after)s BC left") % {
                "player_name": player.name,
                "after": after,
            }
        return _("%(player_name)s would leave another team unable to complete its squad from the cards left") % {
            "player_name": player.name
        }
    return None
