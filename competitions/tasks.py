"""The play tasks: a worker plays a batch of matches with ``competitions.results.matches_play``
(what ``matches.services.play_tasks_send`` queues), or one match with ``match_play`` (messages
queued by an older release); and the tasks that keep the previews and the season odds up to date."""

from celery import group, shared_task
from django.db import InterfaceError, OperationalError

from audit.context import acting_as
from competitions.card_values import card_values_store
from competitions.fairness import FAIRNESS_TASK, simulated_figures
from competitions.odds import ODDS_TASK, NoTable, check_has_table, missing_previews, season_odds_from_cache
from competitions.previews import PREVIEW_TASK, match_preview
from competitions.results import match_play, matches_play
from leagues.models import Season
from matches import services
from matches.models import Match
from matches.services import PLAY_BATCH_TASK, PLAY_TASK, being_played
from rosters.drafts.values import CARD_VALUES_TASK

#: Tries of a match whose engine raised, before it is marked failed.
ENGINE_RETRIES = 2


# named as before it moved here, so a message queued by an older release still finds it
@shared_task(name=PLAY_TASK, bind=True, acks_late=True, max_retries=8, default_retry_delay=1)
def play_match(self, match_id: int) -> None:
    """Play one match. Lock trouble is retried; an engine error a bounded number of times."""
    with acting_as(None, via="worker"):
        try:
            match_play(match_id=match_id)
        except OperationalError as exc:
            raise self.retry(exc=exc, countdown=min(2**self.request.retries, 30)) from exc
        except Exception as exc:
            if self.request.retries < ENGINE_RETRIES:
                raise self.retry(exc=exc) from exc
            services.match_fail(match_id=match_id, error=f"{type(exc).__name__}: {exc}")


@shared_task(name=PLAY_BATCH_TASK, bind=True, acks_late=True, max_retries=8, default_retry_delay=1)
def play_matches(self, match_ids: list[int]) -> None:
    """Play a batch of matches (``competitions.results.matches_play``: stored in one transaction,
    each in its savepoint; an engine error fails only its match). Lock trouble or a lost
    connection retries the task: what its failed transaction held was not stored, and matches
    stored since are skipped."""
    with acting_as(None, via="worker"):
        try:
            matches_play(match_ids)
        except (OperationalError, InterfaceError) as exc:
            raise self.retry(exc=exc, countdown=min(2**self.request.retries, 30)) from exc


@shared_task(name=ODDS_TASK, acks_late=True)
def season_odds_refresh(season_id: int) -> None:
    """Recompute a season's odds: the missing previews are shared out over the workers, one
    task per pairing, and the last of them to finish sends this task again."""
    season = Season.objects.select_related("league").get(id=season_id)
    try:
        check_has_table(season)
    except NoTable:
        return
    if being_played(season.matches.all()).exists():
        return  # matches of it are being played (a burst): the round they complete sends this again
    _, todo = missing_previews(season)
    if todo:
        group(match_preview_task.s(match_id, season_id) for match_id in todo).apply_async()
    else:
        season_odds_from_cache(season)


@shared_task(name=PREVIEW_TASK, acks_late=True)
def match_preview_task(match_id: int, season_id: int | None = None) -> None:
    """Preview one pairing; with ``season_id``, send the season's odds once no preview is missing."""
    match = Match.objects.select_related("season__league", "home", "away").get(id=match_id)
    match_preview(match)
    if season_id is not None and not missing_previews(match.season)[1]:
        season_odds_refresh.delay(season_id)


@shared_task(name=FAIRNESS_TASK, acks_late=True)
def fairness_refresh(engine_key: str) -> None:
    """Simulate a game for its fairness page and cache the figures (``competitions.fairness``)."""
    simulated_figures(engine_key)


@shared_task(name=CARD_VALUES_TASK, acks_late=True)
def draft_card_values(draft_id: int, team_id: int) -> None:
    """Measure and store a team's card values in a draft (``competitions.card_values``)."""
    card_values_store(draft_id, team_id)
