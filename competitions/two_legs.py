"""Two-legged ties. No engine can be told an aggregate score (``MatchOptions.settings``
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

A second leg is not due until its first leg is closed (``matches.services.FIRST_LEG_OPEN``),
so the bracket never plays a leg itself: when a second leg's result comes in, the first
leg's is there (or, for one entered at the table first, the first leg's own result moves the
tie on later: ``competitions.progress``). This module reads a tie's result for the pages,
the printed bracket and the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from competitions.bracket import aggregate_decision
from matches.models import Match
from tournaments.models import Bracket, Tie


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
    #: What the goals do not say: "penalties 4-3", "legs 0-2, 6-4; through on away goals", in
    #: English (the API's); shown through ``competitions.round_names.tie_score_shown``.
    text: str


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
        shootout = shootout_from(match, first_id)
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
            shootout=shootout_from(second, second.home_id),
        )
        if how == "away goals":
            words.append("through on away goals")
        elif how == "shoot-out":
            shootout = shootout_from(second, first_id)
            words.append(f"through on the second leg's {_how(second, shootout)}")
        elif how == "" and tie.decider is not None and _has_score(tie.decider):
            shootout = shootout_from(tie.decider, first_id)
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


def shootout_from(match: Match, first_id: int) -> tuple[int, int] | None:
    if match.shootout_home is None:
        return None
    home, away = match.shootout_home, match.shootout_away
    return (home, away) if match.home_id == first_id else (away, home)


def _how(match: Match, shootout: tuple[int, int] | None) -> str:
    """How a match was decided, when not in regulation time: "walkover", "extra time",
    "sudden death", or with ``shootout`` (read from the caller's side) "penalties 4-3".

    Always English (the decision's value, not its translated label), whatever the language of
    the request: the API names it; ``competitions.round_names.tie_score_shown`` translates it
    when it is shown."""
    if match.decided_by == Match.DecidedBy.FORFEIT:
        return "walkover"
    decided = str(match.decided_by).replace("_", " ")
    if shootout is not None:
        return f"{decided} {shootout[0]}-{shootout[1]}"
    if match.decided_by in (Match.DecidedBy.EXTRA_TIME, Match.DecidedBy.SUDDEN_DEATH):
        return decided
    return ""


def tie_matches(tie: Tie) -> list[tuple[str, Match]]:
    """The tie's matches with what to call them: "match", or "first leg", "second leg" and
    "deciding match"."""
    if tie.first_leg is None:
        return [("match", tie.match)] if tie.match is not None else []
    named = (("first leg", tie.first_leg), ("second leg", tie.match), ("deciding match", tie.decider))
    return [(name, match) for name, match in named if match is not None]
