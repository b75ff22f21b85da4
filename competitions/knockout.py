"""Drawing a knockout bracket and moving winners through it.

The bracket's ties are all made when it is drawn; a tie gets its match as
soon as both its teams are known, with the kickoff of its round. Every
stored result runs ``advance_bracket`` in the transaction that stored it (``competitions.progress``):
the bracket row is locked, so two workers finishing two matches at once
advance the bracket one after the other, and each step only fills what is
still empty, so running it twice changes nothing. A decided tie is read again
each time: a result corrected since (``change_tie_winner``) moves the new
winner into the next tie while that is not played, and is refused after.

Two-legged ties: see ``competitions.two_legs``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from competitions.bracket import EVERY_TIE, WinnerMovedOn, aggregate_winner, bracket_size, first_round, round_name
from competitions.double import double_advance, double_ties_make
from competitions.round_names import round_name_shown
from competitions.round_robin import schedulable_teams
from competitions.two_legs import shootout_from, tie_score
from leagues.cache import standings_changed
from leagues.models import Season, Team
from leagues.zones import round_kickoff
from matches.models import Match
from tournaments.models import Bracket, Entrant, Tie


def bracket_draw(
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
    ``double_elimination`` adds a losers' bracket and a grand final (``competitions.double``)."""
    teams = schedulable_teams(season, first_kickoff=season.first_kickoff, interval=season.round_interval)

    with transaction.atomic():
        bracket, _created = Bracket.objects.select_for_update().get_or_create(season=season)
        if Match.objects.filter(season=season, status__in=Match.RESULT_STATUSES).exists():
            raise ValidationError({"season": _("The bracket cannot be drawn again once a match has been played.")})
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
            double_ties_make(bracket, len(order))
            double_advance(bracket)
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
        errors["two_legged_rounds"] = _(
            "Two-legged rounds must be among 1 to %(rounds)s: a knockout of %(teams)s teams has %(rounds)s rounds."
        ) % {"rounds": rounds, "teams": teams}
    if double_elimination and (two_legged_rounds or third_place or teams < 3):
        # a defeat is what sends a team down and a grand final's first defeat what resets it:
        # a tie over two legs would blur both, and the losers' bracket is the second chance
        errors["double_elimination"] = _("Double elimination needs three teams, one-legged ties and no third place.")
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
    return bracket_draw(
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
            raise ValidationError({"seeds": _("The seeding must list every team of the season once.")})
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


def bracket_advance(bracket_id: int, *, recheck: int | None = None) -> Bracket:
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
            double_advance(bracket, recheck=recheck)
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
    ids = [m_id for m_id in (next_tie.first_leg_id, next_tie.match_id, next_tie.decider_id) if m_id]
    names = dict(Team.objects.filter(id__in=[t for t in (was, now) if t]).values_list("id", "name"))
    went = _("through") if role == "winner" else _("into the third-place match")

    if now is None:
        change = _("the tie level (a deciding match is needed), not %(names_was)s %(went)s") % {
            "names_was": names[was],
            "went": went,
        }
    else:
        change = _("%(names_now)s %(went)s instead of %(names_was)s") % {
            "names_now": names[now],
            "went": went,
            "names_was": names[was],
        }
    where = _("%(names_was)s's next match (%(tie_round_name_bracket_next_ti)s)") % {
        "names_was": names[was],
        "tie_round_name_bracket_next_ti": round_name_shown(tie_round_name(bracket, next_tie)),
    }
    try:
        with transaction.atomic():
            matches = list(Match.objects.select_for_update(nowait=True).filter(id__in=ids))
    except DatabaseError:
        raise WinnerMovedOn(
            {
                "winner": _("This result puts %(change)s, but %(where)s is being played right now: try again.")
                % {"change": change, "where": where}
            }
        ) from None
    if any(m.status in Match.RESULT_STATUSES or m.result_submissions.exists() for m in matches):
        raise WinnerMovedOn(
            {
                "winner": _(
                    "This result puts %(change)s, but %(where)s has been played (or has a result entered) and "
                    "later rounds depend on it: the result stays as it was."
                )
                % {"change": change, "where": where}
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
    kickoff = round_kickoff(
        season.first_kickoff, season.round_interval, _kickoff_step(bracket, tie.round), season.league.time_zone
    )
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
    """The winner of a scheduled tie once it is decided, else None (see ``competitions.two_legs``)."""
    second = tie.match
    if not second.counts_in_table:
        return None
    first = tie.first_leg
    if first is None:
        return second.winner_id
    if not first.counts_in_table:  # not closed yet: a second leg stored first (at the table) waits for it
        return None
    shootout = shootout_from(second, second.home_id)
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
    """What the round of a tie is called: "Semi-finals", "Third place", "Losers R2", "Grand final 1".
    English, as the API and the export name it; ``competitions.round_names.round_name_shown``
    translates it when shown."""
    if bracket.double_elimination:
        return {"W": f"Winners R{tie.round}", "L": f"Losers R{tie.round}"}.get(tie.side, f"Grand final {tie.round}")
    return "Third place" if tie.third_place else round_name(tie.round, bracket.rounds)


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
