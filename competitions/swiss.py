"""Swiss tournaments: a fixed number of rounds, each drawn from the table as soon as the
round before it is complete, in the transaction that stores that round's last result.

Every Swiss match is played with ``winner_required``: a stored result only moves a
tournament on when it is a match that must have a winner (that is what
``competitions.progress.on_result`` passes to ``advance_swiss_of``), and a winner
in every match keeps the score groups clean (a score is a count of wins, a bye
counting as one). The Swiss row is locked while a round is drawn, so two workers
finishing a round's last two matches at once draw the next round once; drawing
only fills a round that does not exist yet, so running it twice changes nothing.
Pairing and ranking rules are in ``competitions.pairing``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.pairing import SwissResult, SwissRow, pair_round, swiss_table
from leagues.cache import standings_changed
from leagues.models import Season, Team
from leagues.zones import round_kickoff
from matches.models import Match
from tournaments.models import Swiss, SwissBye


def swiss_draw(season: Season, *, rounds: int, ranking: Sequence[Team] | None = None) -> Swiss:
    """Make the season a Swiss tournament of ``rounds`` rounds, seeded by ``ranking`` (best
    first; by lot with the season's seed when not given), and draw round one."""
    teams = list(season.teams.order_by("id"))
    errors = {}
    most = len(teams) - 1 + len(teams) % 2
    if len(teams) < 2:
        errors["teams"] = _("A Swiss tournament needs at least two teams.")
    elif not 1 <= rounds <= most:
        count = len(teams)
        errors["rounds"] = _(
            "%(rounds)s rounds: between 1 and %(most)s for %(count)s teams, as many as a round robin has."
        ) % {"rounds": rounds, "most": most, "count": count}
    if season.first_kickoff is None or season.round_interval is None:
        errors["first_kickoff"] = _("Set the season's first kickoff and round interval first.")
    if ranking is not None and sorted(t.id for t in ranking) != sorted(t.id for t in teams):
        errors["ranking"] = _("The ranking must list every team of the season once.")
    if errors:
        raise ValidationError(errors)
    if ranking is None:
        ranking = list(teams)
        random.Random(f"{season.seed}:swiss").shuffle(ranking)
    with transaction.atomic():
        Season.objects.select_for_update().get(id=season.id)
        if Match.objects.filter(season=season, status__in=Match.RESULT_STATUSES).exists():
            raise ValidationError({"season": _("The Swiss cannot be drawn again once a match has been played.")})
        Match.objects.filter(season=season).delete()
        Swiss.objects.filter(season=season).delete()
        swiss = Swiss.objects.create(
            season=season, rounds=rounds, ranking=[t.id for t in ranking], drawn_at=timezone.now()
        )
        swiss_advance(swiss)
    return swiss


def swiss_advance_after(match: Match) -> None:
    """Called with every stored result of a match that needs a winner: if its season is a
    Swiss tournament, lock it and draw the next round if this result completed one.

    The standings are read and the round paired under the lock: read before it, two
    workers storing a round's last two results at once would each miss the other's and
    neither would draw. The matching keeps the lock short (under 0.1 s of CPU for 64
    teams, ``benchmarks/swiss.py``)."""
    swiss = Swiss.objects.select_for_update().filter(season_id=match.season_id).first()
    if swiss is not None:
        swiss_advance(swiss)


def swiss_advance(swiss: Swiss) -> None:
    """Draw the next round if the last one is complete (the caller holds the row lock)."""
    season = swiss.season
    matches = list(Match.objects.filter(season=season))
    byes = list(swiss.byes.all())
    current = max([m.round for m in matches] + [b.round for b in byes], default=0)
    if current >= swiss.rounds or any(m.round == current and m.status not in Match.RESULT_STATUSES for m in matches):
        return
    table = swiss_table(swiss.ranking, _results(matches), [b.team_id for b in byes])
    scores = {row.team: row.score for row in table}
    seed = {team: i for i, team in enumerate(swiss.ranking)}
    ranked = sorted(swiss.ranking, key=lambda t: (-scores[t], seed[t]))
    met = {frozenset((m.home_id, m.away_id)) for m in matches}
    pairs, bye = pair_round(ranked, scores, met, {b.team_id for b in byes}, venue_history(swiss.ranking, matches))
    number = current + 1
    if bye is not None:
        SwissBye.objects.create(swiss=swiss, round=number, team_id=bye)
    standings_changed([season.id])  # bulk_create sends no signals
    Match.objects.bulk_create(
        Match(
            season=season,
            round=number,
            home_id=home,
            away_id=away,
            kickoff=round_kickoff(season.first_kickoff, season.round_interval, number - 1, season.league.time_zone),
            seed=random.Random(f"{season.seed}:swiss:{number}:{home}:{away}").randrange(2**31),
            winner_required=True,
        )
        for home, away in pairs
    )


def venue_history(teams: Sequence[int], matches: Sequence[Match]) -> dict[int, str]:
    """Each team's venues in round order, ``H`` or ``A`` a match (``competitions.pairing``)."""
    history = dict.fromkeys(teams, "")
    for m in sorted(matches, key=lambda m: m.round):
        history[m.home_id] += "H"
        history[m.away_id] += "A"
    return history


def _results(matches: Sequence[Match]) -> list[SwissResult]:
    return [
        SwissResult(m.round, m.home_id, m.away_id, m.home_goals, m.away_goals, m.winner_id)
        for m in matches
        if m.status in Match.RESULT_STATUSES and m.winner_id is not None
    ]


def swiss_standings(swiss: Swiss) -> list[SwissRow]:
    """The table: score, Buchholz, goal difference, seeding (see ``competitions.pairing``)."""
    matches = list(Match.objects.filter(season=swiss.season))
    return swiss_table(swiss.ranking, _results(matches), swiss.byes.values_list("team_id", flat=True))


def swiss_lines(swiss: Swiss) -> list[str]:
    """The Swiss table as text, for the demo and the command."""
    names = dict(Team.objects.filter(id__in=swiss.ranking).values_list("id", "name"))
    lines = [f"{'Pos':>3}  {'Team':<24} {'W':>3} {'Bye':>3} {'Buch':>4} {'GD':>4}"]
    for pos, row in enumerate(swiss_standings(swiss), start=1):
        lines.append(
            f"{pos:>3}  {names[row.team]:<24} {row.score:>3} {row.byes:>3} {row.buchholz:>4} {row.goal_difference:>+4}"
        )
    return lines
