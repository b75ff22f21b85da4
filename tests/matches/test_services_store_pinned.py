"""Storing results for a caller that collects the audit entries, and queueing the lost matches
again: pinned where mutation testing found no test of ``matches.services`` looking."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.db.models.query import QuerySet
from django.utils import timezone

from audit import services as audit
from audit.models import Entry
from competitions import results
from competitions.knockout import bracket_draw
from competitions.playoffs import plan_playoffs
from leagues.models import Season, Team
from matches import services
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Playoffs

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return demo_season_create(engine="futti", teams=4, seed=11, double=True)


def test_each_store_leaves_its_audit_entry_to_a_caller_that_collects_them(demo_season):
    """A batch inserts its entries together: each way of storing adds its match's entry to the
    caller's list and inserts none itself; without a list it inserts its own."""
    first, second, third, fourth = Match.objects.filter(season=demo_season).order_by("id")[:4]
    collected: list = []
    [match] = services.matches_lock(services.matches_ready([first.id]))
    services.simulated_store(match, services.match_simulate(match), collected)
    [match] = services.matches_lock(services.matches_ready([second.id]))
    result, home, away, _dropped = services.match_simulate(match)
    services.result_store(match, result, home, away, collected)
    [match] = services.matches_lock(services.matches_ready([third.id]))
    services.simulated_store_all([(match, services.match_simulate(match))], collected)
    assert not Entry.objects.filter(action="match.result").exists()
    assert [(entry.action, entry.object_id) for entry in collected] == [
        ("match.result", first.id),
        ("match.result", second.id),
        ("match.result", third.id),
    ]
    audit.record_all(collected)
    [match] = services.matches_lock(services.matches_ready([fourth.id]))
    services.simulated_store(match, services.match_simulate(match))
    stored = Entry.objects.filter(action="match.result").order_by("id").values_list("object_id", flat=True)
    assert list(stored) == [first.id, second.id, third.id, fourth.id]
    assert Match.objects.filter(season=demo_season, status=Match.Status.PLAYED).count() == 4


def test_queueing_lost_matches_sends_again_only_the_claimed_ones_at_the_time_given(
    demo_season, monkeypatch, django_capture_on_commit_callbacks
):
    """Claimed a moment before the time given (not stale then), kicking off after now but before
    that time: queued again, stamped with that time; a due match never claimed stays unqueued."""
    sent = []
    monkeypatch.setattr(services, "play_tasks_send", sent.append)
    later = timezone.now() + timedelta(days=2)
    Match.objects.filter(season=demo_season).update(kickoff=timezone.now() + timedelta(days=1), queued_at=None)
    claimed, never = Match.objects.filter(season=demo_season, round=1).order_by("id")
    Match.objects.filter(id=claimed.id).update(queued_at=later - timedelta(seconds=5))
    assert never.id in set(services.due_matches(later).values_list("id", flat=True))  # due, but never claimed
    with django_capture_on_commit_callbacks(execute=True):
        assert services.queue_lost_matches(later) == [claimed.id]
    assert sent == [[claimed.id]]
    claimed.refresh_from_db()
    never.refresh_from_db()
    assert claimed.queued_at == later and never.queued_at is None


def test_locking_leaves_a_second_leg_whose_first_leg_is_open_and_keeps_what_was_read(
    django_assert_num_queries,
):
    """A fixed number of queries however many matches: the ready matches come with their teams
    and their seasons, each read once with its league, group, play-offs and bracket (what
    storing a result reads); locking them refreshes their rows without a join and keeps that."""
    knockout = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    bracket = bracket_draw(knockout, two_legged_rounds=[1])
    tie = bracket.ties.filter(round=1).order_by("id").first()
    with django_assert_num_queries(3):  # the matches, their seasons, which of them wait for a first leg
        ready = services.matches_ready([tie.match_id, tie.first_leg_id])
    assert [match.id for match in ready] == [tie.first_leg_id]
    read = list(Match.objects.filter(id__in=[tie.match_id, tie.first_leg_id]).select_related(*READ_WITH))
    with django_assert_num_queries(3):  # the rows locked, their seasons again, which of them wait for a first leg
        locked = services.matches_lock(read)
    assert [match.id for match in locked] == [tie.first_leg_id]
    teams = {tie.home.name, tie.away.name}
    for match in (*ready, *locked):
        with django_assert_num_queries(0):
            assert match.season.bracket.id == bracket.id and match.season.league.id == knockout.league_id
            assert not hasattr(match.season, "group") and not hasattr(match.season, "playoffs")
            assert {match.home.name, match.away.name} == teams


READ_WITH = ("season__league", "season__group", "season__playoffs", "season__bracket", "home", "away")


def test_locking_refreshes_what_changed_since_the_matches_were_read(demo_season):
    """A match stored meanwhile is left out; one whose row changed is played from its row as
    locked: its new team is read again, its revision counted from the stored one."""
    first, second = services.matches_ready(Match.objects.filter(season=demo_season).values_list("id", flat=True))[:2]
    assert first.season is second.season  # a season is read once for all its matches
    Match.objects.filter(id=first.id).update(status=Match.Status.PLAYED, home_goals=1, away_goals=0)
    newcomer = Team.objects.create(league=demo_season.league, name="Newcomers")
    revision = second.sequence
    Match.objects.filter(id=second.id).update(home=newcomer, sequence=revision + 5)
    assert second.home.name != "Newcomers"  # read before the change
    assert services.matches_lock([first, second]) == [second]
    assert (second.home_id, second.home.name, second.sequence) == (newcomer.id, "Newcomers", revision + 5)
    assert (first.status, first.home_goals) == (Match.Status.PLAYED, 1)


def test_a_forfeit_counts_as_a_revision_of_the_match(demo_season):
    """Calendar subscribers see a forfeited match change (its SEQUENCE goes up by one)."""
    match = Match.objects.filter(season=demo_season).order_by("id").first()
    before = match.sequence
    services.forfeit_store(match, forfeited_by=Match.Side.AWAY, reason="too few players")
    match.refresh_from_db()
    assert (match.status, match.sequence, match.forfeit_reason) == (
        Match.Status.FORFEITED,
        before + 1,
        "too few players",
    )


@pytest.mark.django_db(transaction=True)
def test_a_claim_skips_a_match_another_transaction_holds_instead_of_waiting(monkeypatch):
    """A match being stored holds its row lock: the claim leaves it and takes the rest at once."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's; SQLite locks the whole database")
    monkeypatch.setattr(services, "play_tasks_send", lambda ids: None)
    demo_season_create(engine="futti", teams=4, seed=11, double=False)
    due = set(services.due_matches().values_list("id", flat=True))
    held, locked, release = min(due), threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(id=held)
                locked.set()
                release.wait(10)
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert locked.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")  # waiting for the lock would fail the claim
        claimed = services.queue_due_matches()
    finally:
        release.set()
        thread.join()
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert set(claimed) == due - {held} and len(due) == 6
    assert not Match.objects.filter(id=held, queued_at__isnull=False).exists()


def test_a_season_deleted_between_the_matches_and_their_seasons_read_leaves_only_its_matches_out(monkeypatch):
    """The matches are read, then their seasons: a season deleted in between (a group stage
    drawn again deletes its group seasons with their scheduled matches) takes only its own
    matches out of the batch, never fails the read of every other season's matches. One
    query with joins, as before, had no such gap."""
    gone = demo_season_create(engine="futti", teams=4, seed=11, double=False)
    kept = demo_season_create(engine="futti", teams=4, seed=12, double=False)
    ids = list(Match.objects.filter(season__in=[gone, kept]).values_list("id", flat=True))
    in_bulk = QuerySet.in_bulk

    def season_deleted_first(self, *args, **kwargs):
        if self.model is Season:
            Season.objects.filter(id=gone.id).delete()  # its matches go with it (CASCADE)
        return in_bulk(self, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "in_bulk", season_deleted_first)
    ready = services.matches_ready(ids)
    assert {match.season_id for match in ready} == {kept.id}


def test_play_offs_planned_while_the_last_round_is_simulated_are_drawn_when_it_is_stored():
    """The commissioner plans the play-offs (``plan_playoffs``: drawn by the worker that stores
    the last league match) while the worker simulates the last round, read before: storing it
    under the lock draws them: the lock reads the seasons' stages again, as they stand."""
    season = demo_season_create(engine="futti", teams=4, seed=21, double=False)
    last = season.matches.order_by("-round").values_list("round", flat=True).first()
    results.matches_play(season.matches.exclude(round=last).values_list("id", flat=True))
    ready = services.matches_ready(season.matches.filter(round=last).values_list("id", flat=True))
    assert len(ready) == 2
    plan_playoffs(Season.objects.get(id=season.id), top=2)  # another process, between read and lock
    results.batch_play(ready)
    assert not season.matches.exclude(status=Match.Status.PLAYED).exists()
    assert Playoffs.objects.get(season=season).knockout_id is not None
