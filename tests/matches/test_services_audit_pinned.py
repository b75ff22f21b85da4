"""What the audit log files a result, a failure and a forfeit under, the revision a failure
counts, the forfeit's limits, and the claims a requeue takes again (found by mutation testing;
the entries' fields are pinned in tests/audit/test_audit_log.py, measured with this module)."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from audit.models import Entry
from competitions import results
from matches import services
from matches.absences import Absence
from matches.models import Match
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_season():
    return demo_season_create(engine="futti", teams=4, seed=11, double=True)


def first_match(season) -> Match:
    return Match.objects.filter(season=season).select_related("season__league").order_by("id").first()


def filed(entry: Entry) -> tuple:
    return entry.season_id, entry.team_id, entry.opponent_id, entry.match_id


def test_a_failure_is_logged_and_counted_as_a_revision(demo_season):
    match = first_match(demo_season)
    services.match_fail(match_id=match.id, error="boom")
    failed = Match.objects.get(id=match.id)
    assert failed.sequence == match.sequence + 1 and failed.updated_at > match.updated_at
    entry = Entry.objects.get(action="match.failed")
    assert (entry.before, entry.after) == ({"status": "scheduled", "error": ""}, {"status": "failed", "error": "boom"})
    assert filed(entry) == (demo_season.id, match.home_id, match.away_id, match.id)


def test_a_result_is_logged_with_the_score_before_and_after(demo_season):
    match = results.match_play(match_id=first_match(demo_season).id)
    entry = Entry.objects.get(action="match.result")
    assert entry.before == {"status": "scheduled", "home_goals": None, "away_goals": None, "decided_by": ""}
    assert entry.after == {
        "status": "played",
        "home_goals": match.home_goals,
        "away_goals": match.away_goals,
        "decided_by": match.decided_by,
    }
    assert match.decided_by != ""
    assert filed(entry) == (demo_season.id, match.home_id, match.away_id, match.id)


def test_a_forfeit_is_logged_and_its_reason_kept_to_500_characters(demo_season):
    match = first_match(demo_season)
    results.match_forfeit(match, forfeited_by="away")
    forfeited = Match.objects.get(id=match.id)
    assert forfeited.forfeit_reason == "" and forfeited.played_at is not None
    entry = Entry.objects.get(action="match.forfeited")  # its fields: tests/audit/test_audit_log.py
    assert filed(entry) == (demo_season.id, match.home_id, match.away_id, match.id)
    other = Match.objects.filter(season=demo_season).order_by("id")[1]
    with transaction.atomic():
        services.forfeit_store(other, forfeited_by="home", reason="x" * 600)
    assert Match.objects.get(id=other.id).forfeit_reason == "x" * 500


def test_a_cancelled_match_cannot_be_forfeited(demo_season):
    match = first_match(demo_season)
    Match.objects.filter(id=match.id).update(status=Match.Status.CANCELLED)
    with pytest.raises(ValidationError) as refused:
        results.match_forfeit(match, forfeited_by="home")
    assert refused.value.message_dict == {
        "status": [f"{match} is cancelled: a cancelled match never counts, so it cannot be forfeited."]
    }


def test_a_requeue_takes_every_claim_again_however_recent(demo_season):
    now = timezone.now()
    claimed = services.queue_due_matches(now)
    assert claimed and services.queue_due_matches(now + timedelta(seconds=1)) == []
    again = services.queue_due_matches(now + timedelta(seconds=1), requeue_claimed=True)
    assert sorted(again) == sorted(claimed)


def test_a_result_and_a_forfeit_each_count_one_revision(demo_season):
    Match.objects.filter(season=demo_season).update(sequence=4)  # rescheduled a few times before
    first, second = Match.objects.filter(season=demo_season).order_by("id")[:2]
    played = results.match_play(match_id=first.id)
    assert Match.objects.get(id=played.id).sequence == first.sequence + 1
    results.match_forfeit(second, forfeited_by="home")
    assert Match.objects.get(id=second.id).sequence == second.sequence + 1


def test_what_a_match_was_played_with_names_the_absent_players_and_why():
    out = Absence(player_id=7, player_name="Vito", team_id=1, matches=1, reasons=("red card",), caused_by=(3,))
    home = services.SquadSheet(name="Home", players=(), absences=(out,))
    away = services.SquadSheet(name="Away", players=())
    assert services.played_with({}, home, away) == {"absent": {"home": [{"id": "7", "reasons": ["red card"]}]}}
    assert services.played_with({"extra_time": False}, away, away) == {"settings": {"extra_time": False}}


def test_a_claim_lists_each_seasons_matches_side_by_side_by_kickoff(demo_season):
    other = demo_season_create(engine="futti", teams=4, seed=12, double=True)
    earliest = timezone.now() - timedelta(days=400)
    last_of_first = Match.objects.filter(season=demo_season).order_by("-id").first()
    Match.objects.filter(id=last_of_first.id).update(kickoff=earliest)  # its last match kicks off first
    first_of_other = Match.objects.filter(season=other).order_by("id").first()
    Match.objects.filter(id=first_of_other.id).update(kickoff=earliest - timedelta(days=1))
    claimed = services.queue_due_matches()
    rows = Match.objects.filter(id__in=claimed).values_list("season_id", "kickoff", "id")
    assert claimed == [match_id for *_, match_id in sorted(rows)]
    assert claimed[0] == last_of_first.id  # the first season's matches first, its earliest kickoff first
    assert {Match.objects.get(id=i).season_id for i in claimed[: len(claimed) // 2]} == {demo_season.id}


def test_a_batch_logs_one_result_per_match(demo_season):
    ids = list(Match.objects.filter(season=demo_season).order_by("id").values_list("id", flat=True)[:2])
    results.matches_play(ids)
    assert sorted(Entry.objects.filter(action="match.result").values_list("match_id", flat=True)) == ids
