# ruff: noqa: F811 (the roster cast, imported as fixtures, is each test's argument)
"""Nobody's e-mail address is public: managers invited by e-mail have it as their username, so
the API, the pages, the draft board, the feeds and the PDFs name people by a public name, and
only the manager and the league's commissioners see the manager's address.

The roster tests' cast: Anna runs the Test League, Bruno (bruno@example.com) manages Alpha,
Carla (carla@example.com) manages Beta, Dino runs another league.
"""

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pypdf import PdfReader
from rest_framework.test import APIClient

from leagues.models import Team
from rosters.accounts import display_name
from rosters.drafts.moves import draft_start, move_make
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Player
from tests.api.conftest import token_client
from tests.rosters.conftest import cast, clock_tasks, fast_passwords, pool  # noqa: F401 (the cast)

pytestmark = pytest.mark.django_db


def running_draft(season, cast) -> Draft:
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    return draft_start(made.pk, by=cast["anna"])


def pick(draft, user, team, card: str) -> None:
    player = Player.objects.get(name=card)
    move_make(draft.pk, team_id=team.pk, by=user, player_id=player.pk, kind="pick")


def test_display_name_prefers_the_full_name_and_never_shows_an_address(cast):
    bruno = cast["bruno"]
    assert display_name(bruno, "Manager of Alpha") == "Manager of Alpha"
    bruno.first_name, bruno.last_name = "Bruno", "Rossi"
    assert display_name(bruno, "Manager of Alpha") == "Bruno Rossi"
    assert display_name(cast["anna"], "Commissioner") == "anna"


def test_anonymous_teams_show_a_public_name_and_no_address(season, cast):
    alpha = APIClient().get(f"/api/teams/{cast['alpha'].pk}/").json()
    assert alpha["manager"] == "Manager of Alpha" and alpha["manager_email"] is None
    listed = APIClient().get("/api/teams/", {"page_size": 100})
    assert listed.status_code == 200 and b"@" not in listed.content
    cast["bruno"].first_name = "Bruno"
    cast["bruno"].save()
    assert APIClient().get(f"/api/teams/{cast['alpha'].pk}/").json()["manager"] == "Bruno"


@pytest.mark.parametrize(
    "who, sees",
    [("bruno", "bruno@example.com"), ("anna", "bruno@example.com"), ("carla", None), ("dino", None)],
)
def test_only_the_manager_and_the_commissioners_see_the_address(season, cast, who, sees):
    client = token_client(cast[who])
    assert client.get(f"/api/teams/{cast['alpha'].pk}/").json()["manager_email"] == sees
    listed = {t["name"]: t for t in client.get("/api/teams/", {"league": season.league_id}).json()["results"]}
    assert listed["Alpha"]["manager_email"] == sees
    assert listed["Beta"]["manager_email"] == ("carla@example.com" if who in ("anna", "carla") else None)


def test_a_superuser_sees_the_address(season, cast):
    root = APIClient()
    root.force_login(get_user_model().objects.create_superuser("root", password=None))
    assert root.get(f"/api/teams/{cast['alpha'].pk}/").json()["manager_email"] == "bruno@example.com"


def test_the_teams_list_asks_once_who_runs_what(season, cast, django_assert_max_num_queries):
    client = token_client(cast["anna"])
    with django_assert_max_num_queries(5):  # the token, the user's leagues, the count, the page
        assert client.get("/api/teams/").status_code == 200


def test_draft_picks_name_who_made_them_without_an_address(season, cast, pool):
    draft = running_draft(season, cast)
    commissioner = get_user_model().objects.create_user("office@example.com", email="office@example.com")
    season.league.commissioners.add(commissioner)
    pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    pick(draft, commissioner, cast["beta"], "Card 34")
    picks = APIClient().get(f"/api/drafts/{draft.pk}/picks/")
    assert [p["made_by"] for p in picks.json()["results"]] == ["Manager of Alpha", "Commissioner"]
    assert b"@" not in picks.content


def test_league_commissioners_are_listed_by_public_name(season, cast):
    season.league.commissioners.add(get_user_model().objects.create_user("office@example.com"))
    body = APIClient().get(f"/api/leagues/{season.league_id}/").json()
    assert sorted(body["commissioners"]) == ["Commissioner", "anna"]


def test_the_public_pages_feeds_and_pdfs_show_no_address(season, cast, pool):
    draft = running_draft(season, cast)
    pick(draft, cast["bruno"], cast["alpha"], "Card 33")
    team_page = Client().get(f"/teams/{cast['alpha'].pk}/")
    assert team_page.status_code == 200 and b"managed by Manager of Alpha" in team_page.content
    pages = [
        f"/teams/{cast['alpha'].pk}/",
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/draft/",
        f"/leagues/{season.league.slug}/",
        f"/seasons/{season.pk}/fixtures.ics",
        f"/teams/{cast['alpha'].pk}/fixtures.ics",
        "/api/teams/",
        "/api/leagues/",
        f"/api/drafts/{draft.pk}/",
        f"/api/drafts/{draft.pk}/picks/",
    ]
    for url in pages:
        response = Client().get(url)
        assert response.status_code == 200 and b"example.com" not in response.content, url
    cards = Client().get(f"/teams/{cast['alpha'].pk}/cards.pdf", {"season": season.pk})
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(cards.content)).pages)
    assert "Card 33" in text and "example.com" not in text


def test_the_schema_describes_the_names(db):
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    team = schema["Team"]["properties"]
    assert team["manager"]["type"] == "string" and team["manager"]["nullable"] is True
    assert team["manager_email"]["type"] == "string" and team["manager_email"]["nullable"] is True
    assert schema["DraftPick"]["properties"]["made_by"]["type"] == "string"
    assert schema["League"]["properties"]["commissioners"]["items"]["type"] == "string"
