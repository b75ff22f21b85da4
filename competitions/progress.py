"""What a stored result sets off: the one place that decides it.

Every use case that stores a result (``competitions.results``, ``competitions.table_results``)
calls ``on_result`` in the transaction that stored it: a decided knockout tie sends its winner
on and may draw the next round; a Swiss round once complete draws the next; the last group
match draws the knockout after the groups, the last league match the play-offs. Nothing here
plays a match: a second leg is not due before its first leg is closed
(``matches.services.due_matches``), so the first leg's result is always in when the second
leg's result moves the bracket on.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction
from django.db.models import Q

from competitions.groups import knockout_draw_when_groups_finish
from competitions.knockout import bracket_advance
from competitions.odds import odds_request_when_rounds_complete
from competitions.playoffs import playoffs_draw_when_league_finishes
from competitions.swiss import swiss_advance_after
from leagues.cache import on_commit_gathered
from matches.models import Match
from tournaments.models import Tie

logger = logging.getLogger(__name__)


def on_result(match: Match) -> None:
    """Move on whatever the match's stored result decides (the caller holds the transaction and
    read the match with its season's group, play-offs and bracket)."""
    if match.winner_required:  # only knockout and Swiss matches sit in a bracket or a draw
        _on_winner_required(match)
    else:
        _on_league_result(match)


def _on_winner_required(match: Match) -> None:
    """A one-legged tie's match, a second leg or a deciding match moves its bracket on; a Swiss
    match draws the next round once its round is complete."""
    tie = Tie.objects.filter(Q(match=match) | Q(decider=match)).values_list("id", "bracket_id").first()
    if tie is not None:
        bracket_advance(tie[1], recheck=tie[0])
    else:
        swiss_advance_after(match)


def _on_league_result(match: Match) -> None:
    """A first leg whose second leg already counts (a second leg entered at the table first, or a
    first leg corrected once its tie was decided) moves its bracket on; the last result of a
    round sends the season's odds task; the last group match draws the knockout after the
    groups, the last league match the play-offs."""
    season = match.season
    if hasattr(season, "bracket"):  # only a bracket's ties have first legs
        second_leg_counts = Q(match__status__in=Match.RESULT_STATUSES)
        tie = Tie.objects.filter(second_leg_counts, first_leg=match).values_list("id", "bracket_id").first()
        if tie is not None:  # this leg may decide the tie, or change who won it
            bracket_advance(tie[1], recheck=tie[0])
    odds_check_after_commit(match)
    if hasattr(season, "group"):
        _draw_keeping_the_result(knockout_draw_when_groups_finish, season.group.stage_id)
    if hasattr(season, "playoffs"):
        _draw_keeping_the_result(playoffs_draw_when_league_finishes, season.playoffs.id)


def on_failure(match: Match) -> None:
    """A match of a league failed in a batch: it stores no result, but a round another batch
    completed while this one was played waits for the batch that commits last to ask for its
    odds, even when nothing of that batch was stored."""
    odds_check_after_commit(match)


def odds_check_after_commit(match: Match) -> None:
    """Once the transaction commits, check whether the season's odds are due for the match's
    round (once per season and transaction); a knockout has no odds."""
    if not hasattr(match.season, "bracket"):
        on_commit_gathered(odds_request_when_rounds_complete, match.season_id, match.round)


def _draw_keeping_the_result(draw: Callable[[int], None], object_id: int) -> None:
    """Run a draw in a savepoint of the result's transaction: if it fails, the result that
    set it off stays stored, the error is logged, and the commissioner draws from the admin."""
    try:
        with transaction.atomic():
            draw(object_id)
    except Exception:
        logger.exception("%s(%s) failed; the result is kept, draw it from the admin", draw.__name__, object_id)
