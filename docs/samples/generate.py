"""Write the sample sheets in this folder: for each game a filled scoresheet, a blank one and a
page of squad cards (Fütti also in black and white, Mutant Soccer with its backs), as PDF and
as a PNG of page one (poppler's pdftoppm).

    .venv/bin/python docs/samples/generate.py

Plays demo seasons in a throwaway SQLite database, so your own is never touched. One Fütti
team is renamed "FC Schwalbenkönigin Jüterbog" to show umlauts in print.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["BOOTROOM_VAR_DIR"] = tempfile.mkdtemp(prefix="bootroom-samples-")
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from competitions.results import matches_play  # noqa: E402
from engines import DEFAULT_ENGINE, ENGINES, get_engine  # noqa: E402
from matches.models import Match, played_events  # noqa: E402
from ops.demo import demo_season_create  # noqa: E402
from printing.cards.render import render_cards  # noqa: E402
from printing.cards.selectors import card_set_for_team  # noqa: E402
from printing.pdf import PdfFile  # noqa: E402
from printing.scoresheets.render import render_scoresheet  # noqa: E402
from printing.scoresheets.selectors import scoresheet_for_match  # noqa: E402

#: Events that make a sample worth looking at: the richest match of the season is kept.
INTERESTING = ("goal", "yellow_card", "red_card", "caution", "expulsion", "injury", "mutation", "substitution")


def write(name: str, pdf: PdfFile, page: int = 1) -> None:
    path = HERE / f"{name}.pdf"
    path.write_bytes(pdf.data)
    png = HERE / name
    args = ["-png", "-r", "80", "-f", str(page), "-l", str(page), "-singlefile", str(path), str(png)]
    subprocess.run([shutil.which("pdftoppm") or "pdftoppm", *args], check=True)
    print(f"{path.name} ({len(pdf.data):,} bytes) and {png.name}.png")


def main() -> None:
    call_command("migrate", verbosity=0)
    for engine in ENGINES:
        season = demo_season_create(engine=engine, teams=4, seed=3, double=False)
        if engine == DEFAULT_ENGINE:  # umlauts on its sheet and cards
            team = season.teams.order_by("name").first()
            team.name = "FC Schwalbenkönigin Jüterbog"
            team.save()
        matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
        match = max(
            Match.objects.filter(season=season),
            key=lambda m: (sum(e.kind in INTERESTING for e in played_events(m.id)), m.id),
        )
        write(f"{engine}-scoresheet", render_scoresheet(scoresheet_for_match(match.id)))
        write(f"{engine}-blank-scoresheet", render_scoresheet(scoresheet_for_match(match.id, blank=True)))
        cards = card_set_for_team(match.home_id)
        write(f"{engine}-cards", render_cards(cards))
        if engine == DEFAULT_ENGINE:
            write(f"{engine}-cards-bw-letter", render_cards(cards, page="Letter", mono=True))
        if get_engine(engine).card_face.back_label:  # two-sided cards: the backs follow the fronts
            write(f"{engine}-cards-backs", render_cards(cards), page=2)
            (HERE / f"{engine}-cards-backs.pdf").unlink()  # the same file as <engine>-cards.pdf


if __name__ == "__main__":
    main()
