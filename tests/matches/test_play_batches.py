"""A play task plays a batch of matches in one transaction, each in a savepoint of its own
(``competitions.results.matches_play``): each match is played with its own seed and stored
once, a failure fails only its own match, and lock or connection trouble retries the batch."""

from collections import Counter

import psycopg
import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audit import services as audit_services
from audit.models import Entry
from competitions import odds, previews, progress, results
from competitions.knockout import bracket_draw
from competitions.odds import ODDS_TASK
from competitions.tasks import play_matches
from engines import MatchOptions, get_engine
from leagues.models import Season
from matches.models import Match, PlayByPlay, PlayerMatchStat, played_events
from matches.services import played_sheets
from ops.demo import demo_season_create
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return demo_season_create(engine="futti", teams=4, seed=31, double=True)


@pytest.fixture
def odds_sent(monkeypatch) -> list[int]:
    """The standings version of each season odds task sent (the table the odds are asked for)."""
    sent: list[int] = []

    def send_task(name, args):
        if name == ODDS_TASK:
            sent.append(Season.objects.get(id=args[0]).standings_version)

    monkeypatch.setattr(previews.app, "send_task", send_task)
    return sent


def replayed(match: Match):
    home, away = played_sheets(match)
    return get_engine(match.season.league.engine).simulate(
        home, away, seed=match.seed, options=MatchOptions(settings=match.season.match_settings)
    )


def assert_stored_once(match: Match) -> None:
    """The match's result is its engine's for its seed, its events and stats stored once."""
    expected = replayed(match)
    assert match.status == Match.Status.PLAYED, (match.status, match.error)
    assert (match.home_goals, match.away_goals) == (expected.home_goals, expected.away_goals)
    assert len(played_events(match.id)) == len(expected.events)
    assert PlayerMatchStat.objects.filter(match=match).count() == len(expected.player_stats)


def test_a_batch_plays_every_match_with_its_own_seed(season):
    ids = list(season.matches.order_by("id").values_list("id", flat=True))
    played = results.matches_play(ids)
    assert [match.id for match in played] == ids
    for match in season.matches.select_related("season__league", "home", "away"):
        assert_stored_once(match)


def test_an_engine_error_fails_only_its_own_match(season, monkeypatch):
    matches = list(season.matches.order_by("id"))
    broken = matches[2]
    engine = get_engine("futti")
    simulate = engine.simulate

    def simulate_or_break(home, away, *, seed, options=None):
        if seed == broken.seed:
            raise RuntimeError("the dice fell off the table")
        return simulate(home, away, seed=seed, options=options)

    monkeypatch.setattr(engine, "simulate", simulate_or_break)
    results.matches_play([match.id for match in matches])
    broken.refresh_from_db()
    assert broken.status == Match.Status.FAILED and "the dice fell off the table" in broken.error
    monkeypatch.undo()
    for match in season.matches.exclude(id=broken.id).select_related("season__league", "home", "away"):
        assert_stored_once(match)


def test_an_error_after_its_result_is_stored_rolls_back_only_that_match(season, monkeypatch):
    """What a result sets off fails after the result, its events and stats are written: the
    savepoint of the batch's results stored together takes them back, they are stored again
    match by match from their rows read again, and the one match is failed rather than left
    half-stored; nothing is counted twice."""
    matches = list(season.matches.order_by("id"))
    broken = matches[1]
    on_result = results.on_result

    def on_result_or_break(match):
        if match.id == broken.id:
            raise ValueError("the bracket is on fire")
        on_result(match)

    monkeypatch.setattr(results, "on_result", on_result_or_break)
    results.matches_play([match.id for match in matches])
    broken.refresh_from_db()
    assert broken.status == Match.Status.FAILED and "the bracket is on fire" in broken.error
    assert (broken.home_goals, broken.sequence) == (None, 1)
    assert not PlayByPlay.objects.filter(match=broken).exists()
    # the batch's audit entries are inserted together at its end: the rolled-back match's is left out
    results_logged = Entry.objects.filter(action="match.result").values_list("match_id", flat=True)
    assert sorted(results_logged) == sorted(match.id for match in matches if match.id != broken.id)
    assert not PlayerMatchStat.objects.filter(match=broken).exists()
    assert {entry.before["status"] for entry in Entry.objects.filter(action="match.result")} == {"scheduled"}
    for match in season.matches.exclude(id=broken.id).select_related("season__league", "home", "away"):
        assert_stored_once(match)
        assert match.sequence == 1


def test_lost_connection_retries_the_batch_and_stores_each_match_once(season, monkeypatch):
    """The connection fails in the middle of a batch, its match rows and events written and its
    stats not yet: the batch is retried whole, nothing is stored twice, and none is failed."""
    matches = list(season.matches.order_by("id"))
    insert_rows = results.services.insert_rows
    calls = []

    def insert_or_lose_connection(model, fields, rows):
        calls.append(model)
        if len(calls) == 2:
            raise OperationalError("server closed the connection unexpectedly")
        return insert_rows(model, fields, rows)

    monkeypatch.setattr(results.services, "insert_rows", insert_or_lose_connection)
    outcome = play_matches.apply(args=[[match.id for match in matches]])
    assert outcome.successful(), outcome.traceback
    # nobody can be out (the league's suspensions and injuries are off): one pass, its events
    # play-by-plays written and rolled back with its stats, then the whole batch again, together
    assert calls == [PlayByPlay, PlayerMatchStat, PlayByPlay, PlayerMatchStat]
    for match in season.matches.select_related("season__league", "home", "away"):
        assert_stored_once(match)
    assert Entry.objects.filter(action="match.result").count() == len(matches)


def test_a_copy_cut_short_by_the_database_retries_the_batch_and_fails_no_match(season, monkeypatch):
    """The COPY of a match's events goes around Django's cursor: an operational error of the
    database during it (here a statement timeout) is still Django's ``OperationalError``, so
    the batch is retried and the match stored, not marked failed as an error of its own."""
    if connection.vendor != "postgresql":
        pytest.skip("the COPY is PostgreSQL's; other databases insert through Django's cursor")
    match = season.matches.order_by("id").first()
    write_row = psycopg.Copy.write_row
    cut = []

    def write_or_time_out(copy, row):
        if not cut:
            cut.append(row)
            raise psycopg.errors.QueryCanceled("canceling statement due to statement timeout")
        return write_row(copy, row)

    monkeypatch.setattr(psycopg.Copy, "write_row", write_or_time_out)
    outcome = play_matches.apply(args=[[match.id]])
    assert outcome.successful(), outcome.traceback
    assert len(cut) == 1
    match.refresh_from_db()
    assert_stored_once(match)
    assert Entry.objects.filter(action="match.result").count() == 1


def commit_modes_seen(monkeypatch) -> list[str]:
    """The ``synchronous_commit`` each stored result of a batch sees, in its transaction."""
    seen: list[str] = []
    on_result = results.on_result

    def on_result_seeing_the_commit_mode(match):
        seen.append(synchronous_commit())
        return on_result(match)

    monkeypatch.setattr(results, "on_result", on_result_seeing_the_commit_mode)
    return seen


def synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("synchronous", [False, True])
def test_a_batch_commits_without_waiting_for_the_disk_unless_told_to(season, monkeypatch, settings, synchronous):
    """A batch's results are replayable from their seeds: by default its own transaction does
    not wait for PostgreSQL's disk at commit (``PLAY_SYNCHRONOUS_COMMIT``), and only that one."""
    if connection.vendor != "postgresql":
        pytest.skip("synchronous_commit is PostgreSQL's")
    settings.PLAY_SYNCHRONOUS_COMMIT = synchronous
    seen = commit_modes_seen(monkeypatch)
    ids = list(season.matches.values_list("id", flat=True))
    results.matches_play(ids)
    assert seen == ["on" if synchronous else "off"] * len(ids)
    assert synchronous_commit() == "on"
    for match in season.matches.select_related("season__league", "home", "away"):
        assert_stored_once(match)


def test_a_batch_inside_a_callers_transaction_leaves_its_commit_mode_alone(season, monkeypatch):
    """The caller's transaction may hold writes that are not replayable: it commits as usual."""
    if connection.vendor != "postgresql":
        pytest.skip("synchronous_commit is PostgreSQL's")
    seen = commit_modes_seen(monkeypatch)
    ids = list(season.matches.values_list("id", flat=True))
    results.matches_play(ids)
    assert seen == ["on"] * len(ids)
    assert synchronous_commit() == "on"


def test_a_match_played_since_it_was_queued_is_skipped(season):
    first, second = season.matches.order_by("id")[:2]
    results.matches_play([first.id])
    events = played_events(first.id)
    results.matches_play([first.id, second.id])
    assert played_events(first.id) == events and PlayByPlay.objects.filter(match=first).count() == 1
    second.refresh_from_db()
    assert second.status == Match.Status.PLAYED


def test_a_batch_bumps_each_seasons_table_once(season, django_capture_on_commit_callbacks):
    other = demo_season_create(engine="futti", teams=4, seed=32, double=False)
    ids = [*season.matches.filter(round=1).values_list("id", flat=True), *other.matches.values_list("id", flat=True)]
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(ids)  # 2 + 6 results, one batch
    season.refresh_from_db()
    other.refresh_from_db()
    assert (season.standings_version, other.standings_version) == (1, 1)


@pytest.mark.parametrize(
    "play", [lambda match_id: results.matches_play([match_id]), lambda match_id: results.match_play(match_id=match_id)]
)
def test_a_match_whose_teams_changed_while_it_was_simulated_is_played_again(season, monkeypatch, play):
    """Simulated from an unlocked read, stored under the lock: a match changed in between (its
    sides swapped from the admin) is played again, never stored with the old sides' result. A
    batch and the one-match task alike."""
    match = season.matches.order_by("id").first()
    simulate = results.services.match_simulate

    def simulate_then_swap(read, sheets=None):
        played = simulate(read, sheets)
        if read.home_id == match.home_id:  # the first read: the admin swaps the sides meanwhile
            Match.objects.filter(id=match.id).update(home=match.away, away=match.home)
        return played

    monkeypatch.setattr(results.services, "match_simulate", simulate_then_swap)
    play(match.id)
    monkeypatch.undo()
    stored = Match.objects.select_related("season__league", "home", "away").get(id=match.id)
    assert (stored.home_id, stored.away_id) == (match.away_id, match.home_id)
    assert_stored_once(stored)
    home_squad = SquadMember.objects.filter(season=season, team=stored.home).values_list("player_id", flat=True)
    home_stats = PlayerMatchStat.objects.filter(match=stored, team=stored.home).values_list("player_id", flat=True)
    assert set(home_stats) == set(home_squad)


def test_a_batch_reads_each_seasons_squads_once_and_writes_its_audit_entries_at_once(season, monkeypatch):
    other = demo_season_create(engine="futti", teams=4, seed=32, double=False)
    ids = [*season.matches.filter(round=1).values_list("id", flat=True), *other.matches.values_list("id", flat=True)]
    insert_rows, audited = audit_services.insert_rows, []

    def counted(model, fields, rows):
        audited.append(len(rows))
        return insert_rows(model, fields, rows)

    monkeypatch.setattr(audit_services, "insert_rows", counted)
    with CaptureQueriesContext(connection) as queries:
        results.matches_play(ids)  # 2 + 6 results, one batch
    tables = Counter(
        table
        for query in queries.captured_queries
        for table in ("rosters_squadmember", "leagues_season_teams")
        if query["sql"].split(" WHERE ")[0].count(table) and not query["sql"].startswith("SAVEPOINT")
    )
    assert tables == {"rosters_squadmember": 2, "leagues_season_teams": 2}
    assert audited == [len(ids)]  # the audit entries in one statement (a COPY on PostgreSQL)
    assert Entry.objects.filter(action="match.result").count() == len(ids)


def test_a_season_asks_for_its_odds_check_once_per_batch(season, monkeypatch, django_capture_on_commit_callbacks):
    checks = []
    monkeypatch.setattr(progress, "odds_request_when_rounds_complete", lambda *args: checks.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(season.matches.values_list("id", flat=True))  # 6 rounds of 2 matches
    assert checks == [({season.id: set(range(1, 7))},)]


def test_a_batch_of_league_results_is_stored_in_one_update_and_two_copies(season, monkeypatch):
    """The rows a batch writes cost a statement per batch, not per match."""
    insert_rows = results.services.insert_rows
    inserted = []

    def counted(model, fields, rows):
        inserted.append((model, {row[0] for row in rows}))
        return insert_rows(model, fields, rows)

    monkeypatch.setattr(results.services, "insert_rows", counted)
    ids = list(season.matches.values_list("id", flat=True))
    with CaptureQueriesContext(connection) as queries:
        results.matches_play(ids)
    updates = [q["sql"] for q in queries.captured_queries if 'UPDATE "matches_match"' in q["sql"]]
    assert updates == [f"{len(ids)} times: {updates[0].split(' times: ')[1]}"]  # one statement, a row each
    assert inserted == [(PlayByPlay, set(ids)), (PlayerMatchStat, set(ids))]
    for match in season.matches.select_related("season__league", "home", "away"):
        assert_stored_once(match)
        assert match.sequence == 1 and match.updated_at == match.played_at


def test_the_odds_are_asked_for_once_no_match_of_the_season_is_being_played(
    season, django_capture_on_commit_callbacks, odds_sent
):
    """A burst of a season's rounds in several batches asks for its odds after its last batch,
    once for the rounds that batch completed; a result that changes the table again asks again."""
    first_round = list(season.matches.filter(round=1).values_list("id", flat=True))
    later = list(season.matches.filter(round__in=[2, 3]).values_list("id", flat=True))
    Match.objects.filter(id__in=first_round + later).update(queued_at=timezone.now())  # claimed together
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(first_round)
    assert odds_sent == []  # rounds 2 and 3 are being played
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(later)
    assert odds_sent == [2]  # once, for the table after rounds 2 and 3 (its second version)
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(season.matches.filter(round=4).values_list("id", flat=True))
    assert odds_sent == [2, 3]
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(list(season.matches.filter(round=5).values_list("id", flat=True))[:1])
    assert odds_sent == [2, 3, 4]  # round 5 is not complete, but its result changed a table of complete rounds


def test_a_round_completed_while_another_batch_plays_is_asked_for_once_that_batch_is_stored(
    season, django_capture_on_commit_callbacks, odds_sent
):
    """Round 1 completes while a match of round 2 is being played by another batch, and round 2
    is not complete when that batch is stored (its other match is not due yet): the table after
    round 1 still gets its odds once nothing of the season is being played (found by a review)."""
    first_round = list(season.matches.filter(round=1).values_list("id", flat=True))
    one_of_round_two = list(season.matches.filter(round=2).order_by("id").values_list("id", flat=True))[:1]
    Match.objects.filter(id__in=first_round + one_of_round_two).update(queued_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(first_round)
    assert odds_sent == []  # a match of round 2 is being played: its batch asks once stored
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(one_of_round_two)
    assert odds_sent == [2]  # the table after round 1 and the match of round 2


def test_a_round_completed_while_another_batch_plays_is_asked_for_when_that_batch_only_fails(
    season, monkeypatch, django_capture_on_commit_callbacks, odds_sent
):
    """Round 1 completes while round 2 is being played by another batch, whose every match then
    fails: that batch stores no result, yet it commits last, so it asks for the odds of the
    table after round 1 (found by a review)."""
    first_round = list(season.matches.filter(round=1).values_list("id", flat=True))
    second_round = list(season.matches.filter(round=2).values_list("id", flat=True))
    Match.objects.filter(id__in=first_round + second_round).update(queued_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(first_round)
    assert odds_sent == []  # round 2 is being played
    engine = get_engine("futti")

    def broken(*args, **kwargs):
        raise RuntimeError("the dice fell off the table")

    monkeypatch.setattr(engine, "simulate", broken)
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(second_round)
    assert set(season.matches.filter(id__in=second_round).values_list("status", flat=True)) == {Match.Status.FAILED}
    assert odds_sent == [Season.objects.get(id=season.id).standings_version]  # once, after the failures' commit


def test_a_knockouts_first_legs_are_stored_one_by_one(monkeypatch):
    """A knockout's match is never stored in the together path, first legs included (they are
    not ``winner_required``, but their result may move a bracket on)."""
    knockout = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    bracket = bracket_draw(knockout, two_legged_rounds=[1])
    first_legs = list(bracket.ties.filter(round=1).values_list("first_leg_id", flat=True))
    assert len(first_legs) == 2
    together = []
    store_all = results.services.simulated_store_all

    def recorded(played, entries=None):
        if len(played) > 1:
            together.extend(match.id for match, _ in played)
        return store_all(played, entries)

    monkeypatch.setattr(results.services, "simulated_store_all", recorded)
    results.matches_play(first_legs)
    assert set(Match.objects.filter(id__in=first_legs).values_list("status", flat=True)) == {Match.Status.PLAYED}
    assert together == []


def test_a_batch_of_several_seasons_checks_their_odds_together_each_by_its_own_rounds(
    season, monkeypatch, django_capture_on_commit_callbacks
):
    """One batch, three seasons: the one with a match still being played elsewhere asks nothing,
    the one whose round is complete asks for its table's version, the one whose round is not
    complete asks nothing; all three are checked in two queries."""
    other = demo_season_create(engine="futti", teams=4, seed=32, double=True)
    third = demo_season_create(engine="futti", teams=4, seed=33, double=True)
    sent: list[int] = []
    monkeypatch.setattr(previews.app, "send_task", lambda name, args: sent.append(args[0]))
    elsewhere = season.matches.filter(round=2).first()
    Match.objects.filter(id=elsewhere.id).update(queued_at=timezone.now())  # claimed by another batch
    half = other.matches.filter(round=1).first()
    batch = [
        *season.matches.filter(round=1).values_list("id", flat=True),
        *third.matches.filter(round=1).values_list("id", flat=True),
        half.id,
    ]
    queries = []
    monkeypatch.setattr(
        progress,
        "odds_request_when_rounds_complete",
        lambda rounds: queries.append(len(capture_queries(odds.odds_request_when_rounds_complete, rounds))),
    )
    with django_capture_on_commit_callbacks(execute=True):
        results.matches_play(batch)
    assert sent == [third.id]
    assert queries == [2]


def capture_queries(func, *args) -> list:
    with CaptureQueriesContext(connection) as captured:
        func(*args)
    return captured.captured_queries
