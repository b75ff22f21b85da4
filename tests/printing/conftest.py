"""The cast of the printing tests: played seasons of each game, and a way to read PDFs back."""

import io

import pytest
from pypdf import PdfReader

from competitions.results import matches_play
from matches.models import Match
from ops.demo import demo_season_create


@pytest.fixture
def played_season(db):
    """A factory: a single round robin of ``teams`` drafted teams of ``engine``, every match played."""

    def make(engine="futti", teams=2, seed=5):
        season = demo_season_create(engine=engine, teams=teams, seed=seed, double=False)
        # no suspensions: a game whose engine takes only a full squad would forfeit, or fail when
        # both sides are short, and these sheets want every match played
        season.league.suspension_matches = 0
        season.league.save(update_fields=["suspension_matches"])
        matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
        return season

    return make


@pytest.fixture
def pdf():
    """Read a PDF's bytes back: ``pdf(data)`` gives a pypdf reader, ``pdf.text(data)`` all its text."""

    class Reader:
        def __call__(self, data: bytes) -> PdfReader:
            assert data.startswith(b"%PDF-"), data[:20]
            return PdfReader(io.BytesIO(data))

        def text(self, data: bytes) -> str:
            return "\n".join(page.extract_text() for page in self(data).pages)

    return Reader()
