"""Double elimination: a winners' bracket, a losers' bracket fed by its losers, a grand
final and an optional bracket reset.

The plan is plain data: every place (side, round, slot) names where its two teams
come from: a seed, the winner of a place, or the loser of a place. The winners'
bracket is the single-elimination bracket (standard seed order, byes to the top
seeds). Losers' round 1 pairs the losers of winners' round 1; in each even losers'
round the survivors meet the teams dropping from the next winners' round, in
reversed order every other time (the standard drop-down, so two teams that met
in the winners' bracket do not meet again at once); each odd round after the
first halves the field. A bye is a source with nobody in it: a place with one
team sends it on without a match, one with none sends nobody, so byes need no
special case anywhere in the losers' bracket.

``advance_double`` runs, like ``advance``, in the transaction that stores each
result, with the bracket row locked, and only fills what is still empty.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import gettext as _

from competitions.bracket import EVERY_TIE, WinnerMovedOn, bracket_size, first_round
from leagues.zones import round_kickoff
from matches.models import Match
from tournaments.models import Bracket, Tie

Key = tuple[str, int, int]  # (side, round, slot)
#: ("seed", n), ("winner", key), ("loser", key) or ("nobody",)
Source = tuple


@dataclass(frozen=True)
class Place:
    key: Key
    sources: tuple[Source, Source]
    depth: int  # when it can be played: one more than the latest place feeding it


def double_plan(teams: int, *, reset: bool = False) -> dict[Key, Place]:
    """Every place of a double-elimination bracket for ``teams`` teams, in playing order."""
    if teams < 3:
        raise ValueError(_("double elimination needs at least three teams"))
    size = bracket_size(teams)
    k = size.bit_length() - 1
    places: dict[Key, Place] = {}

    def add(key: Key, a: Source, b: Source) -> None:
        depth = 1 + max((places[s[1]].depth for s in (a, b) if s[0] in ("winner", "loser")), default=0)
        places[key] = Place(key, (a, b), depth)

    for j, (high, low) in enumerate(first_round(teams)):
        add(("W", 1, j), ("seed", high), ("seed", low) if low else ("nobody",))
    for r in range(2, k + 1):
        for j in range(size >> r):
            add(("W", r, j), ("winner", ("W", r - 1, 2 * j)), ("winner", ("W", r - 1, 2 * j + 1)))
    for j in range(size >> 2):
        add(("L", 1, j), ("loser", ("W", 1, 2 * j)), ("loser", ("W", 1, 2 * j + 1)))
    for m in range(1, k):
        if m > 1:
            for j in range(size >> (m + 1)):
                a, b = ("L", 2 * m - 2, 2 * j), ("L", 2 * m - 2, 2 * j + 1)
                add(("L", 2 * m - 1, j), ("winner", a), ("winner", b))
        count = size >> (m + 1)
        for j in range(count):
            drop = count - 1 - j if m % 2 else j
            add(("L", 2 * m, j), ("winner", ("L", 2 * m - 1, j)), ("loser", ("W", m + 1, drop)))
    add(("F", 1, 0), ("winner", ("W", k, 0)), ("winner", ("L", 2 * (k - 1), 0)))
    if reset:
        add(("F", 2, 0), ("winner", ("F", 1, 0)), ("loser", ("F", 1, 0)))
    return dict(sorted(places.items(), key=lambda item: (item[1].depth, item[0])))


NOBODY = 0  # a resolved source with no team in it (a bye)


def double_advance(bracket: Bracket, *, recheck: int | None = None) -> None:
    """Fill every place whose sources are known, send byes on, schedule complete matches and
    record winners. Safe to run any number of times (the caller holds the bracket's row lock)."""
    season = bracket.season
    plan = double_plan(bracket.entrants.count(), reset=bracket.bracket_reset)
    ties = {(t.side, t.round, t.slot): t for t in bracket.ties.select_related("match")}
    seeds = dict(bracket.entrants.values_list("seed", "team_id"))
    team_seed = {team: seed for seed, team in seeds.items()}

    def resolve(source: Source) -> int | None:
        kind = source[0]
        if kind == "seed":
            return seeds[source[1]]
        if kind == "nobody":
            return NOBODY
        tie = ties[source[1]]
        if not _decided(tie):
            return None
        if kind == "winner":
            return tie.winner_id or NOBODY
        return tie.loser_id or NOBODY

    for key, place in plan.items():
        tie = ties[key]
        if _decided(tie):
            rechecked = recheck in (tie.id, EVERY_TIE)
            if rechecked and not tie.bye and tie.match is not None and tie.match.winner_id != tie.winner_id:
                _corrected(bracket, plan, ties, key)
            continue
        teams = [resolve(s) for s in place.sources]
        if None in teams:
            continue
        if key == ("F", 2, 0) and teams[0] == ties[("F", 1, 0)].home_id:
            # the winners' bracket champion won the grand final: no reset
            tie.home_id, tie.home_seed, tie.bye, tie.winner_id = teams[0], team_seed[teams[0]], True, teams[0]
            tie.save(update_fields=["home", "home_seed", "bye", "winner"])
            continue
        present = [t for t in teams if t != NOBODY]
        if len(present) < 2:
            tie.home_id = tie.winner_id = present[0] if present else None
            tie.home_seed = team_seed.get(tie.home_id)
            tie.bye = True
            tie.save(update_fields=["home", "home_seed", "winner", "bye"])
            continue
        if tie.match is None:
            home, away = sorted(present, key=lambda t: team_seed[t]) if key[0] != "F" else present
            tie.home_id, tie.away_id = home, away
            tie.home_seed, tie.away_seed = team_seed[home], team_seed[away]
            tie.match = Match.objects.create(
                season=season,
                round=place.depth,
                home_id=home,
                away_id=away,
                kickoff=round_kickoff(
                    season.first_kickoff, season.round_interval, place.depth - 1, season.league.time_zone
                ),
                seed=random.Random(f"{season.seed}:{key[0]}:{key[1]}:{key[2]}").randrange(2**31),
                winner_required=True,
            )
            tie.save(update_fields=["home", "away", "home_seed", "away_seed", "match"])
        elif tie.match.counts_in_table and tie.match.winner_id:
            tie.winner_id = tie.match.winner_id
            tie.save(update_fields=["winner"])


def _corrected(bracket: Bracket, plan: dict[Key, Place], ties: dict[Key, Tie], key: Key) -> None:
    """A place's result corrected after it was decided (a commissioner's edit, a late walkover).
    The new winner is recorded while no place it feeds has its teams yet; after that it is
    refused (``WinnerMovedOn``, the caller's transaction takes the correction back): a winner
    and a loser go two ways here, through byes too, so the bracket is not redrawn."""
    tie = ties[key]
    fed = [
        ties[other]
        for other, place in plan.items()
        if any(s[0] in ("winner", "loser") and s[1] == key for s in place.sources)
    ]
    if any(t.home_id is not None or t.winner_id is not None for t in fed):
        raise WinnerMovedOn(
            {
                "winner": _(
                    "This result changes who wins %(tie_home)s v %(tie_away)s, but in double elimination both "
                    "teams have been sent on already: the result stays as it was."
                )
                % {"tie_home": tie.home, "tie_away": tie.away}
            }
        )
    tie.winner_id = tie.match.winner_id
    tie.save(update_fields=["winner"])


def _decided(tie: Tie) -> bool:
    """A place is settled once it has a winner, or is a bye (with one team or nobody)."""
    return tie.bye or tie.winner_id is not None


def double_ties_make(bracket: Bracket, teams: int) -> None:
    """One Tie per place of the plan; ``advance_double`` fills them."""
    Tie.objects.bulk_create(
        Tie(bracket=bracket, side=side, round=r, slot=slot)
        for side, r, slot in double_plan(teams, reset=bracket.bracket_reset)
    )
