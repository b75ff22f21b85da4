"""Reading the API: every endpoint is public, paginated, filterable and cheap in queries."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.urls import reverse
from rest_framework.test import APIClient

from competitions.results import due_matches_play
from competitions.standings import compute_standings
from leagues.models import Team
from matches.models import Match, PlayerMatchStat, played_events
from ops.demo import demo_season_create
from rosters.models import Player, SquadMember
from tests.conftest import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def get(api, url, **query):
    response = api.get(url, query)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def test_root_lists_the_resources(api, db):
    assert set(get(api, "/api/")) == {"leagues", "seasons", "teams", "players", "matches", "drafts", "trades"}


def test_leagues(api, played_season):
    league = played_season.league
    data = get(api, "/api/leagues/")
    assert data["count"] == 1 and data["results"][0]["slug"] == league.slug
    one = get(api, f"/api/leagues/{league.id}/")
    assert one["engine"] == "futti" and one["tiebreakers"] == league.tiebreakers and one["commissioners"] == []


def test_seasons_and_league_filter(api, played_season):
    demo_season_create(engine="futti", teams=4, seed=2)
    assert get(api, "/api/seasons/")["count"] == 2
    data = get(api, "/api/seasons/", league=played_season.league_id)
    assert [s["id"] for s in data["results"]] == [played_season.id]
    one = get(api, f"/api/seasons/{played_season.id}/")
    assert sorted(one["teams"]) == sorted(played_season.teams.values_list("id", flat=True))
    assert one["seed"] == 1 and one["engine_settings"] == {}
    played_season.engine_settings = {"tie_break": "penalties"}  # a tournament's own, over the league's
    played_season.save(update_fields=["engine_settings"])
    assert get(api, f"/api/seasons/{played_season.id}/")["engine_settings"] == {"tie_break": "penalties"}


def test_standings_at_the_exact_path(api, played_season):
    data = get(api, f"/api/seasons/{played_season.id}/standings/")
    table = compute_standings(played_season)
    assert data["season"] == played_season.id
    assert data["standings"] == table.to_list() and data["notes"] == table.notes
    assert all(len(row["form"]) == 5 for row in data["standings"])


def test_a_cached_standings_request_reads_the_season_row_alone(api, played_season, django_assert_num_queries):
    path = f"/api/seasons/{played_season.id}/standings/"
    first = get(api, path)  # computes and caches the table
    with django_assert_num_queries(1) as queries:
        assert get(api, path, league=played_season.league_id + 1) == first  # the list's filters do not apply
    assert '"leagues_season"' in queries.captured_queries[0]["sql"]
    assert '"leagues_league"' not in queries.captured_queries[0]["sql"]


def test_teams_filtered_by_league_and_season(api, played_season):
    other = demo_season_create(engine="futti", teams=4, seed=2)
    assert get(api, "/api/teams/")["count"] == 8
    in_season = get(api, "/api/teams/", season=played_season.id)["results"]
    assert {t["id"] for t in in_season} == set(played_season.teams.values_list("id", flat=True))
    assert get(api, "/api/teams/", league=other.league_id)["count"] == 4
    team = Team.objects.filter(league=played_season.league).first()
    assert get(api, f"/api/teams/{team.id}/") == {
        "id": team.id,
        "league": team.league_id,
        "name": team.name,
        "short_name": "",
        "manager": None,
        "manager_email": None,
    }


def test_players_with_card_attributes_filtered_by_team_season_and_role(api, played_season):
    member = SquadMember.objects.filter(season=played_season).select_related("player").first()
    squad = SquadMember.objects.filter(season=played_season, team_id=member.team_id)
    data = get(api, "/api/players/", team=member.team_id, page_size=100)
    assert {p["id"] for p in data["results"]} == set(squad.values_list("player_id", flat=True))
    assert get(api, "/api/players/", season=played_season.id, page_size=1)["count"] == squad.count() * 4
    keepers = get(api, "/api/players/", role="goalkeeper", page_size=200)["results"]
    assert keepers and all(p["role"] == "goalkeeper" for p in keepers)
    one = get(api, f"/api/players/{member.player_id}/")
    assert one["attributes"] == member.player.attributes and one["price"] == member.player.price


def test_season_and_team_together_mean_one_squad_place(api, season):
    """A player of Alpha in 2026 and of Beta in 2027 is in Beta's squad only in 2027."""
    later = make_season(season.league, ["Alpha", "Beta"], name="2027")
    alpha, beta = season.teams.get(name="Alpha"), season.teams.get(name="Beta")
    mover = Player.objects.create(league=season.league, name="Mover", role="field", attributes={}, price=1)
    stayer = Player.objects.create(league=season.league, name="Stayer", role="field", attributes={}, price=1)
    SquadMember.objects.create(season=season, team=alpha, player=mover)
    SquadMember.objects.create(season=later, team=beta, player=mover)
    SquadMember.objects.create(season=season, team=beta, player=stayer)

    def names(**query):
        return sorted(p["name"] for p in get(api, "/api/players/", **query)["results"])

    assert names(season=season.pk, team=beta.pk) == ["Stayer"]
    assert names(season=later.pk, team=beta.pk) == ["Mover"]
    assert names(season=later.pk, team=alpha.pk) == []
    assert names(team=beta.pk) == ["Mover", "Stayer"] and names(season=season.pk) == ["Mover", "Stayer"]
    assert get(api, "/api/players/", team=beta.pk)["count"] == 2  # no row twice


def test_matches_filtered_by_season_team_status_and_round(api, played_season):
    demo_season_create(engine="futti", teams=4, seed=2)  # twelve scheduled matches elsewhere
    assert get(api, "/api/matches/")["count"] == 24
    assert get(api, "/api/matches/", season=played_season.id)["count"] == 12
    assert get(api, "/api/matches/", status="played")["count"] == 12
    assert get(api, "/api/matches/", status="scheduled")["count"] == 12
    round_two = get(api, "/api/matches/", season=played_season.id, round=2)["results"]
    assert len(round_two) == 2 and all(m["round"] == 2 for m in round_two)
    team = played_season.teams.first()
    mine = get(api, "/api/matches/", team=team.id)["results"]
    assert len(mine) == 6 and all(team.id in (m["home"]["id"], m["away"]["id"]) for m in mine)
    assert "events" not in mine[0]


def test_a_bad_filter_value_is_a_400(api, played_season):
    assert api.get("/api/matches/", {"status": "nonsense"}).status_code == 400
    assert api.get("/api/matches/", {"round": "x"}).status_code == 400


def test_match_detail_has_events_with_dice_and_stats(api, played_season):
    match = Match.objects.filter(season=played_season).first()
    data = get(api, f"/api/matches/{match.id}/")
    events = played_events(match.id)
    assert [e["seq"] for e in data["events"]] == [e.seq for e in events]
    assert [e["detail"] for e in data["events"]] == [e.detail for e in events]
    assert any("dice" in e["detail"] for e in data["events"])
    names = dict(Player.objects.values_list("id", "name"))
    assert [(e["player"], e["player_name"]) for e in data["events"]] == [
        (e.player_id, names.get(e.player_id)) for e in events
    ]
    assert any(e["player_name"] for e in data["events"]) and {e["side"] for e in data["events"]} <= {
        "home",
        "away",
        None,
    }
    assert len(data["stats"]) == PlayerMatchStat.objects.filter(match=match).count()
    assert sum(s["goals"] for s in data["stats"]) == match.home_goals + match.away_goals
    assert data["seed"] == match.seed and data["engine_version"] == match.engine_version
    assert data["decided_by"] == "regulation"


def test_an_event_of_a_card_deleted_since_names_no_player(api, played_season):
    """As when the event was a row whose card was set to null on delete: a card released and
    deleted after the match leaves its events without a player, not with an id of nothing."""
    match = Match.objects.filter(season=played_season).first()
    gone = next(e.player_id for e in played_events(match.id) if e.player_id is not None)
    SquadMember.objects.filter(player_id=gone).delete()
    Player.objects.filter(id=gone).delete()

    data = get(api, f"/api/matches/{match.id}/")

    theirs = [e for e, played in zip(data["events"], played_events(match.id), strict=True) if played.player_id == gone]
    assert theirs and {(e["player"], e["player_name"]) for e in theirs} == {(None, None)}
    assert all(e["player"] is not None for e in data["events"] if e["player_name"])


def test_pagination(api, played_season):
    first = get(api, "/api/matches/", page_size=5)
    assert first["count"] == 12 and len(first["results"]) == 5 and first["next"] and first["previous"] is None
    last = get(api, "/api/matches/", page_size=5, page=3)
    assert len(last["results"]) == 2 and last["next"] is None
    assert api.get("/api/matches/", {"page": 9}).status_code == 404
    assert len(get(api, "/api/players/", page_size=10_000)["results"]) <= 200


@pytest.mark.parametrize("path", ["leagues", "seasons", "teams", "players", "matches"])
def test_missing_objects_are_404(api, db, path):
    assert api.get(f"/api/{path}/999999/").status_code == 404
    assert api.get(f"/api/{path}/abc/").status_code == 404


@pytest.mark.parametrize("url", ["/api/matches/x/scoresheet/", "/api/teams/x/cards/", "/api/seasons/x/cards/"])
def test_a_non_numeric_id_is_a_404_for_downloads_too(api, db, url):
    assert api.get(url).status_code == 404


def test_schema_is_openapi_3_and_docs_render(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    data = schema.json()
    assert data["openapi"].startswith("3.")
    for path in ["/api/seasons/{id}/standings/", "/api/matches/{id}/", "/api/matches/", "/api/players/"]:
        assert path in data["paths"]
    params = {p["name"] for p in data["paths"]["/api/matches/"]["get"]["parameters"]}
    assert {"season", "team", "status", "round", "page", "page_size"} <= params
    docs = api.get("/api/docs/")
    assert docs.status_code == 200 and reverse("api:schema") in docs.content.decode()


def test_docs_load_swagger_ui_from_our_static_files_and_no_other_host(api, db):
    page = api.get("/api/docs/").content.decode()
    assert not re.search(r"https?:|//[\w.-]+\.\w", page), "the docs page names another host"
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:
        assert asset.startswith(
            settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL
        )
        assert finders.find(asset.split("/static/", 1)[1]), f"{asset} is not among the static files"


def test_token_is_issued_for_a_username_and_password(api, db):
    get_user_model().objects.create_user("mia", password="pw")
    assert api.post("/api/auth/token/", {"username": "mia", "password": "wrong"}).status_code == 400
    token = api.post("/api/auth/token/", {"username": "mia", "password": "pw"}).json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/leagues/").status_code == 200
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert api.get("/api/leagues/").status_code == 401


def test_query_counts_do_not_grow_with_the_data(api, django_assert_max_num_queries, db):
    for teams in (4, 8):
        season = demo_season_create(engine="futti", teams=teams, seed=teams)
        due_matches_play()
        match = Match.objects.filter(season=season).first()
        budgets = {
            "/api/leagues/": 3,
            "/api/seasons/": 3,
            "/api/teams/": 2,
            "/api/players/?page_size=200": 2,
            "/api/matches/?page_size=200": 2,
            f"/api/matches/{match.id}/": 3,
            f"/api/seasons/{season.id}/standings/": 5,
        }
        for url, most in budgets.items():
            with django_assert_max_num_queries(most):
                assert api.get(url).status_code == 200, url
    assert Player.objects.count() > 100


def is_pdf(response) -> bool:
    return (
        response.status_code == 200
        and response["Content-Type"] == "application/pdf"
        and response.content.startswith(b"%PDF")
        and "attachment; filename=" in response["Content-Disposition"]
    )


def test_pdf_downloads(api, played_season):
    match = Match.objects.filter(season=played_season).first()
    team = played_season.teams.first()
    assert is_pdf(api.get(f"/api/matches/{match.id}/scoresheet/"))
    assert is_pdf(api.get(f"/api/matches/{match.id}/scoresheet/", {"blank": "1"}, HTTP_ACCEPT="application/pdf"))
    assert is_pdf(api.get(f"/api/teams/{team.id}/cards/"))
    assert is_pdf(api.get(f"/api/teams/{team.id}/cards/", {"season": played_season.id}))
    assert is_pdf(api.get(f"/api/seasons/{played_season.id}/cards/"))


def test_pdf_downloads_refuse_what_is_missing(api, played_season):
    empty = Team.objects.create(league=played_season.league, name="No Squad")
    for url in [
        "/api/matches/999999/scoresheet/",
        "/api/teams/999999/cards/",
        "/api/seasons/999999/cards/",
        f"/api/teams/{empty.id}/cards/",
    ]:
        response = api.get(url)
        assert response.status_code == 404 and "detail" in response.json(), url
    assert api.get(f"/api/teams/{empty.id}/cards/", {"season": "x"}).status_code == 400
    assert api.post(f"/api/seasons/{played_season.id}/cards/").status_code in (401, 405)


@pytest.mark.parametrize("role", ["plain", "manager", "rival", "other", "commissioner", "superuser"])
def test_every_role_reads_what_the_public_reads(clients, played_season, role):
    """Reading is public: a signed-in role sees exactly what an anonymous fan sees, no more."""
    match = played_season.matches.first()
    team = played_season.teams.first()
    paths = [
        "/api/leagues/",
        f"/api/leagues/{played_season.league_id}/",
        f"/api/seasons/{played_season.id}/",
        f"/api/seasons/{played_season.id}/standings/",
        f"/api/teams/?season={played_season.id}",
        f"/api/teams/{team.id}/",
        f"/api/teams/{team.id}/ledger/",
        f"/api/players/?team={team.id}",
        f"/api/matches/?season={played_season.id}",
        f"/api/matches/{match.id}/",
    ]
    for path in paths:
        public, signed_in = clients["anonymous"].get(path), clients[role].get(path)
        assert (public.status_code, signed_in.status_code) == (200, 200), path
        assert signed_in.json() == public.json(), path
