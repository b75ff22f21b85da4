"""The card selectors: a team's squad, a season's squads, chosen teams or players, or a game's
generic pool, read into a ``CardSet`` (one game per set) for ``render_cards``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines import get_engine
from leagues.models import Season, Team
from printing.cards.data import CardSet, NothingToPrint, PrintCard
from rosters.models import Player, SquadMember


def _card(player: Player, team: str) -> PrintCard:
    return PrintCard(
        name=player.name, role=player.role, price=player.price, team=team, attributes=dict(player.attributes)
    )


def card_set_for_team(team_id: int, season_id: int | None = None) -> CardSet:
    """A team's squad: for ``season_id``, or for the latest season it has a squad in."""

    team = Team.objects.select_related("league").get(id=team_id)
    members = SquadMember.objects.filter(team=team).select_related("player", "season")
    if season_id is None:
        latest = members.order_by("-season__created_at", "-season_id").values_list("season_id", flat=True).first()
        if latest is None:
            raise NothingToPrint(f"{team} has no squad in any season yet")
        season_id = latest
    members = members.filter(season_id=season_id).order_by("player__role", "player__name")
    cards = tuple(_card(m.player, team.name) for m in members)
    if not cards:
        raise NothingToPrint(f"{team} has no squad in season {season_id}")
    return CardSet(title=f"{team.name} cards", engine=team.league.engine, cards=cards)


def card_set_for_season(season_id: int) -> CardSet:
    """Every squad of a season, team by team."""

    season = Season.objects.select_related("league").get(id=season_id)
    members = (
        SquadMember.objects.filter(season=season)
        .select_related("player", "team")
        .order_by("team__name", "player__role", "player__name")
    )
    cards = tuple(_card(m.player, m.team.name) for m in members)
    if not cards:
        raise NothingToPrint(f"{season} has no squads yet")
    return CardSet(title=f"{season} cards", engine=season.league.engine, cards=cards)


def card_set_for_teams(team_ids: Iterable[int]) -> CardSet:
    """Several teams' squads in one file (the admin action on teams); all of one game."""
    sets = [card_set_for_team(team_id) for team_id in team_ids]
    return _merge(sets, "team cards")


def card_set_for_players(player_ids: Iterable[int]) -> CardSet:
    """Chosen cards of a pool (the admin action on players), each with the team of its latest squad."""

    players = list(Player.objects.filter(id__in=list(player_ids)).select_related("league").order_by("role", "name"))
    if not players:
        raise NothingToPrint("no players chosen")
    engines = {p.league.engine for p in players}
    if len(engines) > 1:
        raise ValueError(f"players from several games ({', '.join(sorted(engines))}): print one game at a time")
    teams: dict[int, str] = {}
    for member in (
        SquadMember.objects.filter(player__in=players).select_related("team").order_by("season__created_at", "id")
    ):
        teams[member.player_id] = member.team.name  # the latest squad wins
    cards = tuple(_card(p, teams.get(p.id, "")) for p in players)
    return CardSet(title=f"{players[0].league} cards", engine=engines.pop(), cards=cards)


def card_set_for_pool(engine: str, seed: int = 1) -> CardSet:
    """The engine's generic player set (``engine.sample_pool``), for printing a game's box.

    Raises KeyError naming the installed engines when ``engine`` is not one of them.
    """
    game = get_engine(engine)
    cards = []
    for raw in game.sample_pool(seed):
        attributes = {k: v for k, v in raw.items() if k not in ("id", "name", "price")}
        cards.append(
            PrintCard(
                name=str(raw.get("name", "")),
                role=str(raw.get("role", "")),
                price=int(raw.get("price", 0)),
                team="",
                attributes=attributes,
            )
        )
    return CardSet(title=f"{game.name} pool", engine=engine, cards=tuple(cards))


def _merge(sets: Sequence[CardSet], title: str) -> CardSet:
    if not sets:
        raise NothingToPrint("no teams chosen")
    engines = {s.engine for s in sets}
    if len(engines) > 1:
        raise ValueError(f"teams from several games ({', '.join(sorted(engines))}): print one game at a time")
    if len(sets) == 1:
        return sets[0]
    return CardSet(title=title, engine=sets[0].engine, cards=tuple(c for s in sets for c in s.cards))
