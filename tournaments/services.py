"""Drawing a knockout bracket and moving winners through it.

The bracket's ties are all made when it is drawn; a tie gets its match as
soon as both its teams are known, with the kickoff of its round. Every
stored result runs ``advance_bracket_of`` in the transaction that stored it:
the bracket row is locked, so two workers finishing two matches at once
advance the bracket one after the other, and each step only fills what is
still empty, so running it twice changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from leagues.models import Season, Team
from matches.models import Match
from tournaments.bracket import bracket_size, first_round
from tournaments.models import Bracket, Entrant, Tie


def draw_bracket(season: Season, *, seeds: Sequence[Team] | None = None, third_place: bool = False) -> Bracket:
    """Seed the season's teams (given order, else the entrants set by hand, else drawn with
    the season's seed) and make every tie of the bracket; round one is scheduled at once."""
    errors = {}
    if season.first_kickoff is None:
        errors["first_kickoff"] = "Set the season's first kickoff before drawing the bracket."
    if season.round_interval is None or season.round_interval.total_seconds() <= 0:
        errors["round_interval"] = "The interval between rounds must be positive."
    teams = list(season.teams.order_by("id"))
    if len(teams) < 2:
        errors["teams"] = "A knockout needs at least two teams."
    foreign = [t.name for t in teams if t.league_id != season.league_id]
    if foreign:
        errors["teams"] = f"Not in {season.league}: {', '.join(foreign)}."
    if errors:
        raise ValidationError(errors)

    with transaction.atomic():
        bracket, _ = Bracket.objects.select_for_update().get_or_create(season=season)
        if Match.objects.filter(season=season, status__in=[Match.Status.PLAYED, Match.Status.FORFEITED]).exists():
            raise ValidationError({"season": "The bracket cannot be drawn again once a match has been played."})
        order = _seeding(bracket, teams, seeds, season.seed)
        Match.objects.filter(season=season).delete()
        bracket.ties.all().delete()
        bracket.entrants.all().delete()
        Entrant.objects.bulk_create(
            Entrant(bracket=bracket, team=team, seed=seed) for seed, team in enumerate(order, start=1)
        )
        bracket.third_place = third_place
        bracket.rounds = bracket_size(len(order)).bit_length() - 1
        bracket.drawn_at = timezone.now()
        bracket.save()
        _make_ties(bracket, order)
        advance(bracket)
    return bracket


def _seeding(bracket, teams, seeds, season_seed) -> list[Team]:
    if seeds is not None:
        if sorted(t.id for t in seeds) != sorted(t.id for t in teams):
            raise ValidationError({"seeds": "The seeding must list every team of the season once."})
        return list(seeds)
    by_hand = list(bracket.entrants.order_by("seed").select_related("team"))
    if by_hand and sorted(e.team_id for e in by_hand) == sorted(t.id for t in teams):
        return [e.team for e in by_hand]
    order = list(teams)
    random.Random(f"{season_seed}:seeding").shuffle(order)
    return order


def _make_ties(bracket: Bracket, order: list[Team]) -> None:
    ties = []
    for slot, (high, low) in enumerate(first_round(len(order))):
        ties.append(
            Tie(
                bracket=bracket,
                round=1,
                slot=slot,
                home=order[high - 1],
                home_seed=high,
                away=order[low - 1] if low else None,
                away_seed=low,
                bye=low is None,
                winner=order[high - 1] if low is None else None,
            )
        )
    for round_number in range(2, bracket.rounds + 1):
        ties += [
            Tie(bracket=bracket, round=round_number, slot=slot) for slot in range(2 ** (bracket.rounds - round_number))
        ]
    if bracket.third_place and bracket.rounds >= 2:
        ties.append(Tie(bracket=bracket, round=bracket.rounds, slot=0, third_place=True))
    Tie.objects.bulk_create(ties)


def advance_bracket_of(match: Match) -> None:
    """Called with every stored result: if the match decides a tie, move the bracket on."""
    tie = Tie.objects.filter(match=match).first()
    if tie is not None:
        advance(Bracket.objects.select_for_update().get(id=tie.bracket_id))


def advance(bracket: Bracket) -> None:
    """Record decided ties, fill the next ties with their teams and schedule the ones that are
    complete. Safe to run any number of times (the caller holds the bracket's row lock)."""
    season = bracket.season
    ties = {(t.round, t.slot, t.third_place): t for t in bracket.ties.select_related("match")}
    seeds = dict(bracket.entrants.values_list("team_id", "seed"))
    for key in sorted(ties):
        tie = ties[key]
        round_number, slot, third = key
        if round_number > 1 and tie.home_id is None and tie.away_id is None:
            if third:
                feeders = [ties.get((round_number - 1, s, False)) for s in (0, 1)]
                teams = [f.loser_id if f and f.winner_id else None for f in feeders]
            else:
                feeders = [ties[(round_number - 1, 2 * slot + i, False)] for i in (0, 1)]
                teams = [f.winner_id for f in feeders]
            if None in teams:
                continue
            home, away = sorted(teams, key=lambda team_id: seeds[team_id])
            tie.home_id, tie.away_id = home, away
            tie.home_seed, tie.away_seed = seeds[home], seeds[away]
            tie.save(update_fields=["home", "away", "home_seed", "away_seed"])
        if tie.bye or tie.home_id is None or tie.away_id is None:
            continue
        if tie.match is None:
            tie.match = Match.objects.create(
                season=season,
                round=tie.round,
                home_id=tie.home_id,
                away_id=tie.away_id,
                kickoff=season.first_kickoff + season.round_interval * (tie.round - 1),
                seed=random.Random(f"{season.seed}:{tie.round}:{tie.slot}:{int(third)}").randrange(2**31),
                winner_required=True,
            )
            tie.save(update_fields=["match"])
        elif tie.winner_id is None and tie.match.counts_in_table and tie.match.winner_id:
            tie.winner_id = tie.match.winner_id
            tie.save(update_fields=["winner"])


def champion(bracket: Bracket) -> Team | None:
    final = bracket.ties.filter(round=bracket.rounds, third_place=False).select_related("winner").first()
    return final.winner if final else None


def bracket_lines(bracket: Bracket) -> list[str]:
    """The bracket as text, round by round, for the demo and the commands."""
    from tournaments.bracket import round_name

    lines = []
    for tie in bracket.ties.select_related("home", "away", "winner", "match").order_by("round", "third_place", "slot"):
        name = "Third place" if tie.third_place else round_name(tie.round, bracket.rounds)
        home = f"({tie.home_seed}) {tie.home}" if tie.home else "?"
        if tie.bye:
            lines.append(f"{name:15} {home} - bye")
            continue
        away = f"({tie.away_seed}) {tie.away}" if tie.away else "?"
        score = "v"
        m = tie.match
        if m is not None and m.home_goals is not None:
            score = f"{m.home_goals}-{m.away_goals}"
            if m.shootout_home is not None:
                score += f" ({m.shootout_home}-{m.shootout_away} {m.get_decided_by_display()})"
            elif m.decided_by not in ("", "regulation"):
                score += f" ({m.get_decided_by_display()})"
        lines.append(f"{name:15} {home} {score} {away}" + (f"  -> {tie.winner}" if tie.winner else ""))
    return lines


def draw_playoffs(
    season: Season, *, top: int, third_place: bool = False, first_kickoff: datetime | None = None
) -> Season:
    """A knockout of the finished season's top ``top`` teams, seeded by the final table,
    in a new season of the same league with the same squads. It starts a round after the
    season's last match (or now, if that is later), unless ``first_kickoff`` is given."""
    from leagues.standings import compute_standings
    from rosters.models import SquadMember

    unfinished = season.matches.exclude(
        status__in=[Match.Status.PLAYED, Match.Status.FORFEITED, Match.Status.CANCELLED]
    ).count()
    errors = {}
    if unfinished:
        errors["season"] = f"{unfinished} matches of {season} are not finished yet."
    if not 2 <= top <= season.teams.count():
        errors["top"] = f"{top} is not between 2 and the {season.teams.count()} teams of the season."
    if errors:
        raise ValidationError(errors)
    rows = compute_standings(season).rows[:top]
    last_kickoff = season.matches.order_by("-kickoff").values_list("kickoff", flat=True).first()
    teams = {t.id: t for t in season.teams.all()}
    seeds = [teams[row.team_id] for row in rows]
    with transaction.atomic():
        playoffs = Season.objects.create(
            league=season.league,
            name=f"{season.name} play-offs",
            seed=random.Random(f"{season.seed}:playoffs").randrange(2**31),
            first_kickoff=first_kickoff or max(timezone.now(), last_kickoff + season.round_interval),
            round_interval=season.round_interval,
            double_round_robin=False,
        )
        playoffs.teams.set(seeds)
        SquadMember.objects.bulk_create(
            SquadMember(season=playoffs, team_id=m.team_id, player_id=m.player_id, price=m.price)
            for m in SquadMember.objects.filter(season=season, team__in=seeds)
        )
        draw_bracket(playoffs, seeds=seeds, third_place=third_place)
    return playoffs
