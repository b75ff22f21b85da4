"""Build a league of many seasons from stored results (no engine) and time its history pages.

    .venv/bin/python benchmarks/history.py                       # 10 seasons x 2 divisions x 20 teams
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python benchmarks/history.py

The results are made up (a seeded random score for every pairing of a double round robin)
and bulk-created with two scorers' stat lines per match, so the league of 7,600 matches
takes seconds to build. For each page (history, all-time table, records, all-time players,
a team's page with its season-by-season record, a head-to-head and a card's career) it
prints the time and the query count with nothing stored nor cached (the first read ever:
every season is computed, and the finished ones stored), on an empty cache (a restart: the
finished seasons' figures read from ``SeasonSummary``), on a warm one (read from the cache
by the league's results version) and after a result in the last season (its version
bumped: that season is computed again, the others come from the cache). The league is
deleted afterwards unless ``--keep`` is given.
"""

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from competitions.round_robin import round_robin  # noqa: E402
from leagues.models import Division, League, Season, SeasonSummary, SeasonTeam, Team  # noqa: E402
from matches.models import Match, PlayerMatchStat  # noqa: E402
from rosters.models import Player  # noqa: E402

LEAGUE_PAGES = ("web:history", "web:all-time", "web:records", "web:all-time-players")


def page_urls(league: League) -> list[tuple[str, str]]:
    """The league's four pages, then a team's page (its season-by-season record), its
    head-to-head with another team and its first striker's career."""
    first, second = Team.objects.filter(league=league).order_by("id")[:2]
    striker = Player.objects.filter(league=league).order_by("id").first()
    return [(name, reverse(name, args=[league.slug])) for name in LEAGUE_PAGES] + [
        ("web:team", reverse("web:team", args=[first.id])),
        ("web:head-to-head", reverse("web:head-to-head", args=[first.id, second.id])),
        ("web:player", reverse("web:player", args=[striker.id])),
    ]


def build(seasons: int, divisions: int, teams: int, seed: int) -> League:
    """The league, its teams and players, and every season's results, in bulk."""
    rng = random.Random(seed)
    stamp = f"{time.time_ns()}"
    league = League.objects.create(name=f"History benchmark {stamp}", slug=f"history-benchmark-{stamp}")
    clubs = Team.objects.bulk_create([Team(league=league, name=f"Club {n:02d}") for n in range(divisions * teams)])
    players = Player.objects.bulk_create(
        [
            Player(league=league, name=f"{club.name} striker {k}", role="attacker", attributes={})
            for club in clubs
            for k in range(2)
        ]
    )
    strikers = {club.id: players[2 * n : 2 * n + 2] for n, club in enumerate(clubs)}
    tiers = Division.objects.bulk_create(
        [
            Division(league=league, name=f"Division {tier}", tier=tier, promoted=2, relegated=2)
            for tier in range(1, divisions + 1)
        ]
    )
    start = datetime(2015, 8, 1, 15, tzinfo=UTC)
    previous = None
    for number in range(seasons):
        season = Season.objects.create(
            league=league,
            name=f"{2015 + number}",
            first_kickoff=start,
            round_interval=timedelta(days=7),
            previous=previous,
        )
        rng.shuffle(clubs)  # a new split into divisions each season: teams go up and down
        SeasonTeam.objects.bulk_create(
            [SeasonTeam(season=season, team=club, division=tiers[index // teams]) for index, club in enumerate(clubs)]
        )
        matches = []
        for division in range(divisions):
            members = clubs[division * teams : (division + 1) * teams]
            for round_number, pairs in enumerate(round_robin(members, double=True), start=1):
                for home, away in pairs:
                    matches.append(
                        Match(
                            season=season,
                            round=round_number,
                            home=home,
                            away=away,
                            status=Match.Status.PLAYED,
                            kickoff=start + timedelta(days=7 * round_number),
                            home_goals=rng.randint(0, 4),
                            away_goals=rng.randint(0, 3),
                            seed=0,
                        )
                    )
        Match.objects.bulk_create(matches, batch_size=1000)
        lines = []
        for match in matches:
            for team, goals in ((match.home, match.home_goals), (match.away, match.away_goals)):
                first, second = strikers[team.id]
                lines.append(
                    PlayerMatchStat(match=match, player=first, team=team, goals=(goals + 1) // 2, shots=goals + 2)
                )
                lines.append(PlayerMatchStat(match=match, player=second, team=team, goals=goals // 2, shots=goals + 1))
        PlayerMatchStat.objects.bulk_create(lines, batch_size=2000)
        start += timedelta(days=365)
        previous = season
    return league


def bump(season: Season) -> None:
    """What a stored result does to its season: the history's key changes."""
    Season.objects.filter(id=season.id).update(standings_version=F("standings_version") + 1)


def forget(league: League) -> None:
    """The first read ever: the cache empty and no season's figures stored."""
    SeasonSummary.objects.filter(season__league=league).delete()
    cache.clear()


def measure(client: Client, url: str) -> tuple[float, int]:
    with CaptureQueriesContext(connection) as queries:
        began = time.perf_counter()
        response = client.get(url)
        elapsed = time.perf_counter() - began
    assert response.status_code == 200, (url, response.status_code)
    return elapsed * 1000, len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=10)
    parser.add_argument("--divisions", type=int, default=2)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement (the best is printed)")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark league")
    args = parser.parse_args()
    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    began = time.perf_counter()
    league = build(args.seasons, args.divisions, args.teams, args.seed)
    count = Match.objects.filter(season__league=league).count()
    print(f"database: {db}; league {league.id}: {count} matches built in {time.perf_counter() - began:.1f} s")
    client = Client()
    latest = Season.objects.filter(league=league).latest("created_at", "id")
    try:
        print(
            "page: nothing stored nor cached / empty cache (finished seasons stored) / warm / after a result"
            f" in the last season (its version bumped); best of {args.repeat}"
        )
        for name, url in page_urls(league):
            figures = []
            for prepare in (lambda: forget(league), cache.clear, lambda: None, lambda: bump(latest)):
                runs = []
                for _ in range(args.repeat):
                    prepare()
                    runs.append(measure(client, url))
                figures.append(min(runs))
            print(f"{name:20}" + " / ".join(f"{ms:6.1f} ms {queries:2} q" for ms, queries in figures))
    finally:
        if not args.keep:
            Match.objects.filter(season__league=league).delete()
            league.delete()


if __name__ == "__main__":
    main()
