"""What the cluster test asks of the web host's Django, run there against the cluster's database:
``python -m tests.cluster.season_host create TEAMS SEED`` makes a demo season with every
kickoff a day ahead and prints its id; ``verify SEASON`` prints, as JSON, every way a match
of the season is not played exactly once as its seed replays it.

A separate process, so the test process itself never opens the cluster's database through
Django (its own settings point at the test database of the rest of the suite).
"""

import json
import sys
from datetime import timedelta

import django

django.setup()

from django.db.models import Count  # noqa: E402 - after django.setup()
from django.utils import timezone  # noqa: E402

from audit.models import Entry  # noqa: E402
from engines.core import event_records  # noqa: E402
from leagues.models import Season  # noqa: E402
from matches.models import Match, PlayerMatchStat, played_events  # noqa: E402
from matches.services import match_simulate  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402


def create(teams: int, seed: int) -> int:
    """A demo season whose matches all wait a day: the test lets rounds fall due as it goes."""
    season = demo_season_create(engine="futti", teams=teams, seed=seed, double=True)
    season.matches.update(kickoff=timezone.now() + timedelta(days=1))
    return season.id


def problems(season_id: int) -> list[str]:
    """Each match not played, played but stored other than a replay from its seed, stored
    with events, stats or audit entries missing or twice."""
    season = Season.objects.get(pk=season_id)
    found = []
    results = dict(
        Entry.objects.filter(season_id=season_id, action="match.result").values_list("match_id").annotate(n=Count("id"))
    )
    for match in season.matches.select_related("season__league", "home", "away").order_by("id"):
        if match.status != Match.Status.PLAYED:
            found.append(f"match {match.id}: {match.status} {match.error}".strip())
            continue
        expected, home, away, _dropped = match_simulate(match)
        stored = (match.home_goals, match.away_goals, match.decided_by)
        replayed = (expected.home_goals, expected.away_goals, expected.decided_by)
        if stored != replayed:
            found.append(f"match {match.id}: stored {stored}, its seed replays {replayed}")
        events = [(e.seq, e.minute, e.kind) for e in played_events(match.id)]
        replayed_events = [(seq, minute, kind) for seq, minute, kind, *_ in event_records(expected.events)]
        if events != replayed_events:
            found.append(f"match {match.id}: {len(events)} events stored, {len(replayed_events)} replayed")
        stats, players = PlayerMatchStat.objects.filter(match=match).count(), len(home.players) + len(away.players)
        if stats != players:
            found.append(f"match {match.id}: {stats} player stats stored for {players} players")
        if results.get(match.id, 0) != 1:
            found.append(f"match {match.id}: {results.get(match.id, 0)} result entries in the audit log")
    return found


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "create":
        print(create(int(args[0]), int(args[1])))
    elif command == "verify":
        print(json.dumps(problems(int(args[0]))))
    else:
        sys.exit(f"unknown command {command!r}: create TEAMS SEED, or verify SEASON")
