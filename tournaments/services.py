"""Drawing a knockout bracket and moving winners through it.

The bracket's ties are all made when it is drawn; a tie gets its match as
soon as both its teams are known, with the kickoff of its round. Every
stored result runs ``advance_bracket_of`` in the transaction that stored it:
the bracket row is locked, so two workers finishing two matches at once
advance the bracket one after the other, and each step only fills what is
still empty, so running it twice changes nothing. A decided tie is read again
each time: a result corrected since (``change_tie_winner``) moves the new
winner into the next tie while that is not played, and is refused after.

Two-legged ties. No engine can be told an aggregate score (``MatchOptions.settings``
has no such key in any of them, and the engines are not ours to change here), so
the choice is: the first leg is an ordinary match (no ``winner_required``: a draw
stands); the second leg is played with ``winner_required``, because that is what
sends a stored result through ``advance`` and because a drawn second leg is where a
real competition plays extra time and penalties. The tie goes to the aggregate
score (the second leg's extra-time or sudden-death goals count, as in football),
then to away goals if the bracket uses them, then to the second leg's shoot-out.
Nothing is re-simulated and no stored result is rewritten, so every match on
record is exactly what its engine played from its seed. The one case no engine
decider can cover is a second leg won in normal time that levels the aggregate
(2-1 then 1-2): that tie gets a deciding match, played with ``winner_required``
at the second leg's kickoff (as the European Cup did with its play-offs before
away goals), and its winner goes through. The cost: a drawn second leg always
goes to the engine's procedure, even when the aggregate was not level; those
extra-time goals count, its shoot-out is then ignored.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from audit import services as audit
from leagues.models import Season, Team
from leagues.scheduling import schedulable_teams
from leagues.standings import standings_changed
from matches.models import Match
from tournaments.bracket import EVERY_TIE, aggregate_decision, aggregate_winner, bracket_size, first_round, round_name
from tournaments.models import Bracket, Entrant, Tie


def draw_bracket(
    season: Season,
    *,
    seeds: Sequence[Team] | None = None,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
    double_elimination: bool = False,
    bracket_reset: bool = False,
) -> Bracket:
    """Seed the season's teams (given order, else the entrants set by hand, else drawn with
    the season's seed) and make every tie of the bracket; round one is scheduled at once.
    ``two_legged_rounds`` lists the rounds played home and away (the last round's number makes
    the final and the third-place match two-legged);
    ``double_elimination`` adds a losers' bracket and a grand final (``tournaments.double``)."""
    teams = schedulable_teams(season, first_kickoff=season.first_kickoff, interval=season.round_interval)

    with transaction.atomic():
        bracket, _ = Bracket.objects.select_for_update().get_or_create(season=season)
        if Match.objects.filter(season=season, status__in=Match.RESULT_STATUSES).exists():
            raise ValidationError({"season": "The bracket cannot be drawn again once a match has been played."})
        order = _seeding(bracket, teams, seeds, season.seed)
        rounds = bracket_size(len(order)).bit_length() - 1
        legged = sorted(set(two_legged_rounds))
        errors = option_errors(
            len(order), third_place=third_place, two_legged_rounds=legged, double_elimination=double_elimination
        )
        if errors:
            raise ValidationError(errors)
        seeds = list(bracket.entrants.order_by("seed").values_list("team_id", flat=True)) if bracket.drawn_at else None
        Match.objects.filter(season=season).delete()
        bracket.ties.all().delete()
        bracket.entrants.all().delete()
        Entrant.objects.bulk_create(
            Entrant(bracket=bracket, team=team, seed=seed) for seed, team in enumerate(order, start=1)
        )
        after = {"seeds": [team.id for team in order]}
        audit.record("bracket.drawn", bracket, before={"seeds": seeds} if seeds else None, after=after)
        bracket.third_place = third_place
        bracket.rounds = rounds
        bracket.two_legged_rounds = legged
        bracket.away_goals = away_goals
        bracket.double_elimination, bracket.bracket_reset = double_elimination, double_elimination and bracket_reset
        bracket.drawn_at = timezone.now()
        bracket.save()
        if double_elimination:
            from tournaments.double import advance_double, make_double_ties

            make_double_ties(bracket, len(order))
            advance_double(bracket)
        else:
            _make_ties(bracket, order)
            advance(bracket)
    return bracket


def option_errors(
    teams: int, *, third_place: bool, two_legged_rounds: Sequence[int], double_elimination: bool
) -> dict[str, str]:
    """What is wrong with a bracket's options for ``teams`` teams, by field; empty when nothing."""
    rounds = bracket_size(teams).bit_length() - 1
    errors = {}
    if any(not isinstance(r, int) or not 1 <= r <= rounds for r in two_legged_rounds):
        errors["two_legged_rounds"] = (
            f"Two-legged rounds must be among 1 to {rounds}: a knockout of {teams} teams has {rounds} rounds."
        )
    if double_elimination and (two_legged_rounds or third_place or teams < 3):
        # a defeat is what sends a team down and a grand final's first defeat what resets it:
        # a tie over two legs would blur both, and the losers' bracket is the second chance
        errors["double_elimination"] = "Double elimination needs three teams, one-legged ties and no third place."
    return errors


def knockout_option_errors(teams: int, *, two_legged_rounds: Sequence[int]) -> dict[str, str]:
    """What is wrong with the two-legged rounds planned for a later knockout of ``teams`` teams
    (after the groups, the play-offs): checked when it is planned, so the worker that draws it
    later is never refused."""
    if teams < 2:
        return {}
    return option_errors(teams, third_place=False, two_legged_rounds=two_legged_rounds, double_elimination=False)


def redraw_bracket(bracket: Bracket, *, seeds: Sequence[Team] | None = None) -> Bracket:
    """Draw a bracket with the options stored on it: seeds as given, else as entered."""
    return draw_bracket(
        bracket.season,
        seeds=seeds,
        third_place=bracket.third_place,
        two_legged_rounds=bracket.two_legged_rounds,
        away_goals=bracket.away_goals,
        double_elimination=bracket.double_elimination,
        bracket_reset=bracket.bracket_reset,
    )


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
    """Called with every stored result of a match that needs a winner: if the match decides a
    tie (a one-legged tie's match, a second leg or a deciding match), move the bracket on;
    if it is a Swiss match, draw the next round once this one is complete."""
    tie = Tie.objects.filter(Q(match=match) | Q(decider=match)).first()
    if tie is not None:
        advance_bracket(tie.bracket_id, recheck=tie.id)
        return
    from tournaments.swiss import advance_swiss_of

    advance_swiss_of(match)


def advance_bracket(bracket_id: int, *, recheck: int | None = None) -> Bracket:
    """Lock the bracket and move it on as far as its results allow: what every stored result
    does, and what the admin's "Advance" action does after a result was corrected by hand.

    A decided tie is judged again only when asked (``recheck``: the id of the tie whose result
    was just stored, or ``EVERY_TIE``), so a result stored elsewhere in the bracket never stands
    or falls with a tie some hand left inconsistent."""
    with transaction.atomic():
        bracket = Bracket.objects.select_for_update(of=("self",)).select_related("season").get(id=bracket_id)
        if bracket.drawn_at is None:
            return bracket
        if bracket.double_elimination:
            from tournaments.double import advance_double

            advance_double(bracket, recheck=recheck)
        else:
            advance(bracket, recheck=recheck)
        standings_changed([bracket.season_id])  # the season page lists the ties' teams and winners
    return bracket


def advance(bracket: Bracket, *, recheck: int | None = None) -> None:
    """Record decided ties, fill the next ties with their teams and schedule the ones that are
    complete; a decided tie whose result was corrected since follows ``change_tie_winner`` when
    it is rechecked (see ``advance_bracket``). Safe to run any number of times (the caller holds
    the bracket's row lock)."""
    ties = {(t.round, t.slot, t.third_place): t for t in bracket.ties.select_related("match", "first_leg", "decider")}
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
            _schedule_tie(bracket, tie)
            continue
        if tie.winner_id is not None and recheck not in (tie.id, EVERY_TIE):
            continue
        winner_id = _tie_winner(bracket, tie)
        if tie.winner_id is None:
            tie.winner_id = winner_id
            if winner_id is not None:
                tie.save(update_fields=["winner"])
        elif winner_id != tie.winner_id:  # a result corrected after the tie was decided
            sent_on = [(ties.get((round_number + 1, slot // 2, False)), "winner")] if not third else []
            if bracket.third_place and round_number == bracket.rounds - 1:
                sent_on.append((ties.get((bracket.rounds, 0, True)), "loser"))
            change_tie_winner(bracket, tie, winner_id, sent_on, seeds)


class WinnerMovedOn(ValidationError):
    """A corrected result would change who goes through a tie whose teams have played on."""


def change_tie_winner(
    bracket: Bracket, tie: Tie, winner_id: int | None, sent_on: Sequence[tuple[Tie | None, str]], seeds: dict
) -> None:
    """A result corrected after its tie was decided (a commissioner's edit, a walkover given
    late) gives the tie another winner, or none yet (a deciding match is now needed). Each tie
    the old winner or loser was sent to (``sent_on``: the tie and "winner" or "loser") takes the
    new one in its place, its matches keeping their ids and kickoffs, as long as none of them is
    played or has a result entered; otherwise ``WinnerMovedOn`` refuses the correction, and the
    caller's transaction takes it back. The caller holds the bracket's row lock."""
    old = {"winner": tie.winner_id, "loser": tie.loser_id}
    tie.winner_id = winner_id
    new = {"winner": winner_id, "loser": tie.loser_id}
    moves = [
        (next_tie, role, old[role], new[role])
        for next_tie, role in sent_on
        if next_tie is not None and old[role] is not None and old[role] in (next_tie.home_id, next_tie.away_id)
    ]
    for next_tie, role, was, now in moves:
        _refuse_if_played_on(bracket, next_tie, role, was, now)
    tie.save(update_fields=["winner"])
    for next_tie, _role, was, now in moves:
        _send_instead(next_tie, was, now, seeds, by_seed=next_tie.side != Tie.Side.FINAL)


def _refuse_if_played_on(bracket: Bracket, next_tie: Tie, role: str, was: int, now: int | None) -> None:
    """Lock the next tie's matches (without waiting: a worker playing one holds it, and waits for
    the bracket lock we hold) and refuse if one of them has a result or a result entered.
    ``role`` says whether ``was`` went to ``next_tie`` as the tie's "winner" or its "loser"."""
    from django.db import DatabaseError

    ids = [m_id for m_id in (next_tie.first_leg_id, next_tie.match_id, next_tie.decider_id) if m_id]
    names = dict(Team.objects.filter(id__in=[t for t in (was, now) if t]).values_list("id", "name"))
    went = "through" if role == "winner" else "into the third-place match"
    if now is None:
        change = f"the tie level (a deciding match is needed), not {names[was]} {went}"
    else:
        change = f"{names[now]} {went} instead of {names[was]}"
    where = f"{names[was]}'s next match ({tie_round_name(bracket, next_tie)})"
    try:
        with transaction.atomic():
            matches = list(Match.objects.select_for_update(nowait=True).filter(id__in=ids))
    except DatabaseError:
        raise WinnerMovedOn(
            {"winner": f"This result puts {change}, but {where} is being played right now: try again."}
        ) from None
    if any(m.status in Match.RESULT_STATUSES or m.result_submissions.exists() for m in matches):
        raise WinnerMovedOn(
            {
                "winner": f"This result puts {change}, but {where} has been played (or has a result "
                "entered) and later rounds depend on it: the result stays as it was."
            }
        )


def _send_instead(next_tie: Tie, was: int, now: int | None, seeds: dict, *, by_seed: bool) -> None:
    """Put ``now`` where ``was`` stood in a tie not played yet: the higher seed at home again
    (``by_seed``), both legs turned round with it. With nobody to send (the tie behind it is
    level), the tie is emptied and its matches, which have no result, are removed; it is filled
    again when its teams are known."""
    if now is None:
        ids = [m_id for m_id in (next_tie.first_leg_id, next_tie.match_id, next_tie.decider_id) if m_id]
        next_tie.home_id = next_tie.away_id = next_tie.home_seed = next_tie.away_seed = None
        next_tie.first_leg = next_tie.match = next_tie.decider = None
        next_tie.save(update_fields=["home", "away", "home_seed", "away_seed", "first_leg", "match", "decider"])
        Match.objects.filter(id__in=ids).exclude(status__in=Match.RESULT_STATUSES).delete()
        return
    teams = [now if team == was else team for team in (next_tie.home_id, next_tie.away_id)]
    if by_seed and None not in teams:
        teams.sort(key=lambda team_id: seeds[team_id])
    next_tie.home_id, next_tie.away_id = teams
    next_tie.home_seed, next_tie.away_seed = (seeds.get(t) if t else None for t in teams)
    next_tie.save(update_fields=["home", "away", "home_seed", "away_seed"])
    home, away = teams
    for match, (match_home, match_away) in ((next_tie.first_leg, (away, home)), (next_tie.match, (home, away))):
        if match is not None:
            match.home_id, match.away_id = match_home, match_away
            match.save(update_fields=["home", "away"])


def _schedule_tie(bracket: Bracket, tie: Tie) -> None:
    """Make the tie's match, or both legs: the first at the lower seed's ground."""
    season = bracket.season
    kickoff = season.first_kickoff + season.round_interval * _kickoff_step(bracket, tie.round)
    if tie.round in bracket.two_legged_rounds:  # the third-place match is in the final's round
        tie.first_leg = _tie_match(season, tie, "leg1", tie.away_id, tie.home_id, kickoff, winner_required=False)
        kickoff += season.round_interval
    tie.match = _tie_match(season, tie, "", tie.home_id, tie.away_id, kickoff, winner_required=True)
    tie.save(update_fields=["first_leg", "match"])


def _kickoff_step(bracket: Bracket, round_number: int) -> int:
    """How many round intervals after the first kickoff a round starts: a two-legged round takes two."""
    return round_number - 1 + sum(1 for r in bracket.two_legged_rounds if r < round_number)


def _tie_match(
    season: Season, tie: Tie, part: str, home_id: int, away_id: int, kickoff: datetime, *, winner_required: bool
) -> Match:
    # a one-legged tie's seed is unchanged from before two legs existed, so old replays hold
    key = f"{season.seed}:{tie.round}:{tie.slot}:{int(tie.third_place)}" + (f":{part}" if part else "")
    return Match.objects.create(
        season=season,
        round=tie.round,
        home_id=home_id,
        away_id=away_id,
        kickoff=kickoff,
        seed=random.Random(key).randrange(2**31),
        winner_required=winner_required,
    )


def _tie_winner(bracket: Bracket, tie: Tie) -> int | None:
    """The winner of a scheduled tie once it is decided, else None (see the module docstring)."""
    second = tie.match
    if not second.counts_in_table:
        return None
    first = tie.first_leg
    if first is None:
        return second.winner_id
    if first.status == Match.Status.SCHEDULED:
        # both legs were due at once and a worker took the second first: play the first
        # here (its row lock keeps a worker that holds it from playing it twice)
        from matches.services import match_play

        first = tie.first_leg = match_play(match_id=first.id)
    if not first.counts_in_table:
        return None
    shootout = _shootout(second, second.home_id)
    side = aggregate_winner(
        (first.home_goals, first.away_goals),
        (second.home_goals, second.away_goals),
        away_goals=bracket.away_goals,
        shootout=shootout,
    )
    if side is not None:
        if tie.decider is not None and tie.decider.status not in Match.RESULT_STATUSES:
            _drop_decider(tie)
        return second.home_id if side == "home" else second.away_id
    if tie.decider is None:
        # played straight after the second leg, at the same ground
        tie.decider = _tie_match(
            bracket.season, tie, "decider", tie.home_id, tie.away_id, second.kickoff, winner_required=True
        )
        tie.save(update_fields=["decider"])
        return None
    return tie.decider.winner_id if tie.decider.counts_in_table else None


def _drop_decider(tie: Tie) -> None:
    """A leg corrected after its tie went to a deciding match settles it after all: the deciding
    match, without a result (scheduled, postponed, failed) and with none entered, goes. One a
    worker is playing right now (it holds the row, and waits for the bracket we hold) is left
    to be played, and counts for nothing: the aggregate decides."""
    from django.db import DatabaseError

    try:
        with transaction.atomic():
            decider = Match.objects.select_for_update(nowait=True).get(id=tie.decider_id)
    except DatabaseError:
        return
    if decider.status in Match.RESULT_STATUSES or decider.result_submissions.exists():
        return
    tie.decider = None
    tie.save(update_fields=["decider"])
    decider.delete()


def champion(bracket: Bracket) -> Team | None:
    final = final_tie(bracket, bracket.ties.select_related("winner"))
    return final.winner if final else None


def final_tie(bracket: Bracket, ties: Iterable[Tie]) -> Tie | None:
    """The tie whose winner wins it all, among the bracket's ties (read by the caller)."""
    if bracket.double_elimination:  # the last grand final: the reset if there is one
        finals = [t for t in ties if t.side == Tie.Side.FINAL]
        return max(finals, key=lambda t: t.round, default=None)
    return next(
        (t for t in ties if t.round == bracket.rounds and not t.third_place and t.side == Tie.Side.WINNERS), None
    )


def tie_order(tie: Tie) -> tuple:
    """Winners' bracket, losers' bracket, grand final; round by round; the third place after the final."""
    return ("WLF".index(tie.side), tie.round, tie.third_place, tie.slot)


def tie_round_name(bracket: Bracket, tie: Tie) -> str:
    """What the round of a tie is called: "Semi-finals", "Third place", "Losers R2", "Grand final 1"."""
    if bracket.double_elimination:
        return {"W": f"Winners R{tie.round}", "L": f"Losers R{tie.round}"}.get(tie.side, f"Grand final {tie.round}")
    return "Third place" if tie.third_place else round_name(tie.round, bracket.rounds)


def tie_aggregate(tie: Tie) -> tuple[int, int] | None:
    """A two-legged tie's goals over both legs, (the tie's home side, its away side), once
    both are played; a deciding match after them is not part of it. None otherwise."""
    first, second = tie.first_leg, tie.match
    if first is None or second is None or first.home_goals is None or second.home_goals is None:
        return None
    return second.home_goals + first.away_goals, second.away_goals + first.home_goals


@dataclass(frozen=True)
class TieScore:
    """A tie's result read from one of its teams' side, the same on the bracket page, the
    printed bracket, the API and the text bracket."""

    goals: tuple[int, int] | None  #: the one match's, or the legs' added up (a deciding match apart)
    shootout: tuple[int, int] | None  #: the shoot-out that settled the tie, if one did
    legs: tuple[tuple[int, int], ...]  #: each two-legged tie's leg played, the same team first
    text: str  #: what the goals do not say: "penalties 4-3", "legs 0-2, 6-4; through on away goals"


def tie_score(bracket: Bracket, tie: Tie, *, first_id: int | None = None) -> TieScore:
    """The tie's result with ``first_id``'s goals first (the tie's home team unless given) in
    every leg, and in words how it was settled when the goals do not say: a shoot-out, extra
    time, a walkover, away goals, the second leg's shoot-out or a deciding match. Reads only
    the tie's matches (``first_leg``, ``match``, ``decider``), so a caller that selected them
    with the ties makes no query."""
    first_id = first_id or tie.home_id
    if tie.first_leg is None:
        match = tie.match
        if not _has_score(match):
            return TieScore(None, None, (), "")
        shootout = _shootout(match, first_id)
        return TieScore(_goals(match, first_id), shootout, (), _how(match, shootout))
    legs = [m for m in (tie.first_leg, tie.match) if _has_score(m)]
    if not legs:
        return TieScore(None, None, (), "")
    scores = tuple(_goals(m, first_id) for m in legs)
    goals = (sum(s[0] for s in scores), sum(s[1] for s in scores))
    each = ", ".join(
        f"{a}-{b}" + (f" ({how})" if (how := _how(m, None)) else "") for m, (a, b) in zip(legs, scores, strict=True)
    )
    words = [f"legs {each}" if len(legs) == 2 else f"first leg {each}"]
    shootout = None
    if len(legs) == 2:
        first, second = legs
        _, how = aggregate_decision(
            (first.home_goals, first.away_goals),
            (second.home_goals, second.away_goals),
            away_goals=bracket.away_goals,
            shootout=_shootout(second, second.home_id),
        )
        if how == "away goals":
            words.append("through on away goals")
        elif how == "shoot-out":
            shootout = _shootout(second, first_id)
            words.append(f"through on the second leg's {_how(second, shootout)}")
        elif how == "" and tie.decider is not None and _has_score(tie.decider):
            shootout = _shootout(tie.decider, first_id)
            decider = _goals(tie.decider, first_id)
            how = _how(tie.decider, shootout)
            words.append(f"level; deciding match {decider[0]}-{decider[1]}" + (f" ({how})" if how else ""))
        elif how == "":
            words.append("level: a deciding match to come")
    return TieScore(goals, shootout, scores, "; ".join(words))


def _has_score(match: Match | None) -> bool:
    return match is not None and match.home_goals is not None


def _goals(match: Match, first_id: int) -> tuple[int, int]:
    home, away = match.home_goals, match.away_goals
    return (home, away) if match.home_id == first_id else (away, home)


def _shootout(match: Match, first_id: int) -> tuple[int, int] | None:
    if match.shootout_home is None:
        return None
    home, away = match.shootout_home, match.shootout_away
    return (home, away) if match.home_id == first_id else (away, home)


def _how(match: Match, shootout: tuple[int, int] | None) -> str:
    """How a match was decided, when not in regulation time: "walkover", "extra time",
    "sudden death", or with ``shootout`` (read from the caller's side) "penalties 4-3"."""
    if match.decided_by == Match.DecidedBy.FORFEIT:
        return "walkover"
    if shootout is not None:
        return f"{match.get_decided_by_display()} {shootout[0]}-{shootout[1]}"
    if match.decided_by in (Match.DecidedBy.EXTRA_TIME, Match.DecidedBy.SUDDEN_DEATH):
        return match.get_decided_by_display()
    return ""


def tie_matches(tie: Tie) -> list[tuple[str, Match]]:
    """The tie's matches with what to call them: "match", or "first leg", "second leg" and
    "deciding match"."""
    if tie.first_leg is None:
        return [("match", tie.match)] if tie.match is not None else []
    named = (("first leg", tie.first_leg), ("second leg", tie.match), ("deciding match", tie.decider))
    return [(name, match) for name, match in named if match is not None]


def bracket_lines(bracket: Bracket) -> list[str]:
    """The bracket as text, round by round, for the demo and the commands."""
    lines = []
    ties = bracket.ties.select_related("home", "away", "winner", "match", "first_leg", "decider")
    for tie in sorted(ties, key=tie_order):
        name = tie_round_name(bracket, tie)
        if bracket.double_elimination and tie.bye and tie.away_id is None and tie.side != Tie.Side.WINNERS:
            continue  # a losers' place with one team or none, or a reset not needed: nothing happened
        home = f"({tie.home_seed}) {tie.home}" if tie.home else "?"
        if tie.bye:
            lines.append(f"{name:15} {home} - bye")
            continue
        away = f"({tie.away_seed}) {tie.away}" if tie.away else "?"
        score = tie_score(bracket, tie)
        goals = f"{score.goals[0]}-{score.goals[1]}" if score.goals else "v"
        text = f" ({score.text})" if score.text else ""
        lines.append(f"{name:15} {home} {goals} {away}{text}" + (f"  -> {tie.winner}" if tie.winner else ""))
    return lines


def draw_playoffs(
    season: Season,
    *,
    top: int,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
    first_kickoff: datetime | None = None,
) -> Season:
    """A knockout of the finished season's top ``top`` teams, seeded by the final table,
    in a new season of the same league with the same squads. It starts a round after the
    season's last match (or now, if that is later), unless ``first_kickoff`` is given.
    The season's ``Playoffs`` row records it, so the season page and the export know the
    knockout for play-offs whether the worker or the commissioner drew it."""
    from leagues.standings import compute_standings
    from tournaments.models import Playoffs

    unfinished = season.matches.exclude(status__in=Match.CLOSED_STATUSES).count()
    errors = {}
    if unfinished:
        errors["season"] = f"{unfinished} matches of {season} are not finished yet."
    if not 2 <= top <= season.teams.count():
        errors["top"] = f"{top} is not between 2 and the {season.teams.count()} teams of the season."
    drawn = Playoffs.objects.filter(season=season, knockout__isnull=False).values_list("knockout_id", flat=True).first()
    if drawn:
        errors["season"] = f"The play-offs of {season} are drawn already (season id {drawn})."
    if "top" not in errors:
        errors |= knockout_option_errors(top, two_legged_rounds=two_legged_rounds)
    if errors:
        raise ValidationError(errors)
    rows = compute_standings(season).rows[:top]
    last_kickoff = season.matches.order_by("-kickoff").values_list("kickoff", flat=True).first()
    teams = {t.id: t for t in season.teams.all()}
    seeds = [teams[row.team_id] for row in rows]
    with transaction.atomic():
        knockout = knockout_stage(
            season,
            name=f"{season.name} play-offs",
            key="playoffs",
            seeds=seeds,
            after=last_kickoff,
            first_kickoff=first_kickoff,
            third_place=third_place,
            two_legged_rounds=two_legged_rounds,
            away_goals=away_goals,
        )
        defaults = {
            "top": top,
            "third_place": third_place,
            "two_legged_rounds": sorted(set(two_legged_rounds)),
            "away_goals": away_goals,
            "knockout": knockout,
        }
        Playoffs.objects.update_or_create(season=season, defaults=defaults)
        return knockout


def knockout_stage(
    season: Season,
    *,
    name: str,
    key: str,
    seeds: Sequence[Team],
    after: datetime,
    first_kickoff: datetime | None = None,
    third_place: bool = False,
    two_legged_rounds: Sequence[int] = (),
    away_goals: bool = False,
) -> Season:
    """A knockout of ``seeds`` (best first) in a new season of the league, starting a round
    after ``after`` (the earlier stage's last kickoff), or now if that is later, unless
    ``first_kickoff`` is given; its two-legged rounds as a bracket's. The caller holds the
    transaction."""
    knockout = stage_season(
        season,
        name=name,
        key=key,
        teams=seeds,
        first_kickoff=first_kickoff or max(timezone.now(), after + season.round_interval),
    )
    draw_bracket(
        knockout, seeds=seeds, third_place=third_place, two_legged_rounds=two_legged_rounds, away_goals=away_goals
    )
    return knockout


def stage_season(season: Season, *, name: str, key: str, teams: Sequence[Team], first_kickoff: datetime) -> Season:
    """A new season of the same league for a later stage (play-offs, a group, a knockout): the
    given teams with their squads from ``season``, so a stage is played with the squads drafted
    once, a seed derived from the season's so the whole tournament replays, and the season's
    engine settings (a tie-break chosen for the tournament holds in every stage)."""
    from rosters.models import SquadMember

    stage = Season.objects.create(
        league=season.league,
        name=name,
        seed=random.Random(f"{season.seed}:{key}").randrange(2**31),
        first_kickoff=first_kickoff,
        round_interval=season.round_interval,
        double_round_robin=False,
        engine_settings=season.engine_settings,
    )
    stage.teams.set(teams)
    SquadMember.objects.bulk_create(
        SquadMember(season=stage, team_id=m.team_id, player_id=m.player_id, price=m.price)
        for m in SquadMember.objects.filter(season=season, team__in=teams)
    )
    return stage
