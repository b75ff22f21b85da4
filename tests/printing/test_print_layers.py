"""Printing's place in the layers: selectors read the database, renderers draw what they read
without a query, and the print actions join the lower apps' admin pages without those apps
importing printing."""

import pytest
from django.contrib import admin

from competitions.admin import BracketAdmin
from competitions.drawing import bracket_drawing
from competitions.league_admin import TeamAdmin
from competitions.match_admin import MatchAdmin
from leagues.models import Team
from matches.models import Match
from ops.demo import demo_season_create
from printing.brackets import render_bracket
from printing.cards.render import PER_PAGE, render_cards
from printing.cards.selectors import card_set_for_season
from printing.scoresheets.render import render_scoresheets
from printing.scoresheets.selectors import scoresheet_for_match
from rosters.admin import PlayerAdmin
from rosters.models import Player
from tournaments.models import Bracket

pytestmark = pytest.mark.django_db


def test_renderers_draw_what_the_selectors_read_without_a_query(played_season, django_assert_num_queries, pdf):
    season = played_season("futti", teams=2, seed=5)
    sheets = [scoresheet_for_match(match.id) for match in Match.objects.filter(season=season)]
    cards = card_set_for_season(season.id)
    knockout = demo_season_create(engine="futti", teams=5, seed=3, knockout=True)
    drawing = bracket_drawing(knockout.id)
    with django_assert_num_queries(0):
        files = [render_scoresheets(sheets), render_cards(cards), render_bracket(drawing)]
    card_pages = -(-len(cards.cards) // PER_PAGE)
    assert [len(pdf(f.data).pages) for f in files] == [len(sheets), card_pages, 1]


@pytest.mark.parametrize(
    ("model", "page", "printed"),
    [
        (Team, TeamAdmin, ["print_team_cards", "print_team_cards_bw"]),
        (Player, PlayerAdmin, ["print_player_cards", "print_player_cards_bw"]),
        (Match, MatchAdmin, ["print_scoresheet", "print_blank_scoresheet"]),
        (Bracket, BracketAdmin, ["print_bracket"]),
    ],
)
def test_the_print_actions_follow_the_pages_own(model, page, printed, rf, admin_user):
    """The page registered is its own app's page (the tactics check, the play actions) with
    printing's actions after its own."""
    registered = admin.site.get_model_admin(model)
    assert isinstance(registered, page)
    request = rf.get("/")
    request.user = admin_user
    names = list(registered.get_actions(request))
    own = [getattr(a, "__name__", a) for a in page.actions or ()]
    assert names[-len(printed) :] == printed
    assert set(own) <= set(names[: -len(printed)])
