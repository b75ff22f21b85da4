"""Squads that move between seasons of a league: cards kept into the next season (the
rollover's keepers) and whole squads copied into a cup or Swiss that follows a league, so a
tournament needs no second draft. A kept card is paid the league's keeper price; a copied squad
is paid what it cost in the season it comes from, so a squad that fitted the budget fits again."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from audit.context import recorded_by_caller
from leagues.models import Season, SeasonTeam
from rosters import ledger
from rosters.models import Player, SquadMember


def cards_keep(season: Season, cards: Sequence[tuple[int, Player, int | None]], *, note: str) -> list[SquadMember]:
    """Put ``(team id, card, price)`` into the season's squads, each paid again from the team's
    coins of that season: the price given, else the league's keeper price, else the card's own
    price. A team that cannot pay is refused by the ledger (``InsufficientFunds``)."""
    keeper_price = season.league.keeper_price
    members = [
        SquadMember(
            season=season,
            team_id=team_id,
            player=card,
            price=price if price is not None else card.price if keeper_price is None else keeper_price,
        )
        for team_id, card, price in cards
    ]
    SquadMember.objects.bulk_create(members)
    if members:
        ledger.post(
            season, [ledger.Posting(m.team_id, -m.price, ledger.Reason.KEEPER, m.player, note) for m in members]
        )
    return members


def squads_copy_errors(from_season: Season, to_season: Season) -> list[str]:
    """Why ``to_season`` cannot take its teams' squads from ``from_season``: another league,
    the same season, squads it has already, or teams with no squad there (each named)."""
    if from_season.league_id != to_season.league_id:
        league, other = from_season.league, to_season.league
        return [f"{from_season} is a season of {league}, not of {other}: copy squads within a league."]
    if from_season.pk == to_season.pk:
        return [f"Choose another season than {to_season} to copy its squads from."]
    errors = []
    teams = list(to_season.teams.order_by("name"))
    drafted = sorted({m.team.name for m in SquadMember.objects.filter(season=to_season).select_related("team")})
    if drafted:
        errors.append(
            _(
                "Teams of %(to_season)s have squads already: %(join_drafted)s. Keep them, or copy into a "
                "season without squads."
            )
            % {"to_season": to_season, "join_drafted": ", ".join(drafted)}
        )
    having = set(SquadMember.objects.filter(season=from_season).values_list("team_id", flat=True))
    missing = [team.name for team in teams if team.pk not in having]
    if missing:
        errors.append(
            _("Teams without a squad in %(from_season)s: %(join_missing)s. Draft them, or autodraft.")
            % {"from_season": from_season, "join_missing": ", ".join(missing)}
        )
    return errors


def squads_copy(from_season: Season, to_season: Season, *, by=None) -> dict[int, list[SquadMember]]:
    """Give each team of ``to_season`` the squad it had in ``from_season`` (a cup after the league),
    each card paid what it cost there (``cards_keep``), with its tactics of that season (the same squad, so
    the same orders). All or nothing: a ValidationError names every reason and nothing changes.
    Returns the new squads by team id; one audit entry per team."""
    with transaction.atomic():
        to_season = Season.objects.select_for_update().select_related("league").get(pk=to_season.pk)
        if errors := squads_copy_errors(from_season, to_season):
            raise ValidationError({"squads_from": errors})
        teams = list(to_season.teams.values_list("id", flat=True))
        cards = [
            (m.team_id, m.player, m.price)
            for m in SquadMember.objects.filter(season=from_season, team_id__in=teams)
            .select_related("player")
            .order_by("team_id", "id")
        ]
        with recorded_by_caller():  # each team's entry below says what it was given and paid
            members = cards_keep(to_season, cards, note=f"squad copied from {from_season}")
        for team_id, tactics in (
            SeasonTeam.objects.filter(season=from_season, team_id__in=teams)
            .exclude(tactics={})
            .values_list("team_id", "tactics")
        ):
            SeasonTeam.objects.filter(season=to_season, team_id=team_id).update(tactics=tactics)
        squads: dict[int, list[SquadMember]] = {}
        for member in members:
            squads.setdefault(member.team_id, []).append(member)
        audit.record_all(
            audit.entry(
                "squad.copied",
                to_season,
                after={
                    "from": from_season.pk,
                    "players": [m.player_id for m in squad],
                    "spent": sum(m.price for m in squad),
                },
                actor=by,
                season=to_season.pk,
                team=team_id,
            )
            for team_id, squad in squads.items()
        )
    return squads
