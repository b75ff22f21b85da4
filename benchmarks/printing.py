"""Time the printing: 1,000 player cards, and one filled scoresheet, for each game.

    .venv/bin/python benchmarks/printing.py [--cards 1000] [--repeat 3] [--engine futti ...]

Targets (issue 9): 1,000 cards under 5 s, one filled scoresheet under 100 ms. The cards come
from each engine's sample pool (no database); the scoresheets from a demo season played in a
throwaway SQLite database (its own BOOTROOM_VAR_DIR), so the benchmark never touches yours.
Prints the best wall time of ``--repeat`` runs and the process (CPU) time of that run: on a
busy machine the wall time says more about the neighbours than about the code.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["BOOTROOM_VAR_DIR"] = tempfile.mkdtemp(prefix="bootroom-bench-")
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from competitions.results import matches_play  # noqa: E402
from engines import ENGINES  # noqa: E402
from matches.models import Match, played_events  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402
from printing.cards.data import CardSet  # noqa: E402
from printing.cards.render import render_cards  # noqa: E402
from printing.cards.selectors import card_set_for_pool  # noqa: E402
from printing.scoresheets.render import render_scoresheet  # noqa: E402
from printing.scoresheets.selectors import scoresheet_for_match  # noqa: E402


def best_of(repeat: int, work) -> tuple[float, float, object]:
    """The fastest of ``repeat`` runs: (wall seconds, CPU seconds, result)."""
    best = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        timing = (time.perf_counter() - wall, time.process_time() - cpu, result)
        if best is None or timing[0] < best[0]:
            best = timing
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--engine", action="append", choices=ENGINES, help="one game (repeatable); default all")
    args = parser.parse_args()
    engines = args.engine or list(ENGINES)
    call_command("migrate", verbosity=0)
    cards_head = f"{'game':<10} {'cards':>6} {'pages':>6} {'wall s':>8} {'cpu s':>8}"
    print(f"{cards_head}   {'scoresheet':>10} {'wall ms':>8} {'cpu ms':>8}")
    for engine in engines:
        pool = card_set_for_pool(engine).cards
        cards = CardSet("benchmark", engine, tuple(pool[n % len(pool)] for n in range(args.cards)))
        wall, cpu, pdf = best_of(args.repeat, lambda cards=cards: render_cards(cards))
        pages = pdf.data.count(b"/Type /Page\n") or pdf.data.count(b"/Type /Page")
        season = demo_season_create(engine=engine, teams=2, seed=7, double=False)
        matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
        match = max(Match.objects.filter(season=season), key=lambda m: len(played_events(m.id)))
        s_wall, s_cpu, _ = best_of(
            args.repeat * 3, lambda match=match: render_scoresheet(scoresheet_for_match(match.id))
        )
        print(
            f"{engine:<10} {args.cards:>6} {pages:>6} {wall:>8.2f} {cpu:>8.2f}   "
            f"{len(played_events(match.id)):>6} ev. {s_wall * 1000:>8.0f} {s_cpu * 1000:>8.0f}"
        )
    print("targets: 1,000 cards < 5 s; one filled scoresheet (read from the database and drawn) < 100 ms")


if __name__ == "__main__":
    main()
