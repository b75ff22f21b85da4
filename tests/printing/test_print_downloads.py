"""Where people get the PDFs: the two commands, the public downloads and the admin actions,
with errors that name the option or the id that was wrong."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.urls import reverse

from matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(played_season):
    return played_season("futti", teams=2, seed=5)


@pytest.fixture
def match(season):
    return Match.objects.filter(season=season).first()


# --- commands -------------------------------------------------------------------------------


def test_print_scoresheet_writes_the_file(match, tmp_path, pdf, capsys):
    out = tmp_path / "sheet.pdf"
    call_command("print_scoresheet", str(match.id), "-o", str(out))
    assert match.home.name in pdf.text(out.read_bytes())
    assert f"Wrote {out}" in capsys.readouterr().out


def test_print_scoresheet_blank(match, tmp_path, pdf):
    out = tmp_path / "blank.pdf"
    call_command("print_scoresheet", str(match.id), "--blank", "-o", str(out))
    assert "NOTES" in pdf.text(out.read_bytes())


def test_a_match_not_played_yet_gets_the_blank_sheet(match, tmp_path, pdf, capsys):
    Match.objects.filter(id=match.id).update(status=Match.Status.SCHEDULED)
    out = tmp_path / "sheet.pdf"
    call_command("print_scoresheet", str(match.id), "-o", str(out))
    assert "not played: wrote the blank sheet" in capsys.readouterr().err
    assert "NOTES" in pdf.text(out.read_bytes())


@pytest.mark.parametrize("bad", ["999999", "abc"])
def test_print_scoresheet_names_a_bad_match_id(bad, tmp_path):
    with pytest.raises(CommandError, match=f"MATCH_ID: no match with id '{bad}'"):
        call_command("print_scoresheet", bad, "-o", str(tmp_path / "x.pdf"))


def test_print_scoresheet_names_a_bad_output(match, tmp_path):
    with pytest.raises(CommandError, match="--output: cannot write"):
        call_command("print_scoresheet", str(match.id), "-o", str(tmp_path / "missing" / "x.pdf"))


def test_print_cards_for_a_team_a_season_and_a_pool(season, tmp_path, pdf):
    team = season.teams.first()
    call_command("print_cards", "--team", str(team.id), "-o", str(tmp_path / "team.pdf"))
    call_command("print_cards", "--season", str(season.id), "--page", "Letter", "-o", str(tmp_path / "season.pdf"))
    call_command("print_cards", "--pool", "mutant", "--bw", "-o", str(tmp_path / "pool.pdf"))
    assert len(pdf(tmp_path.joinpath("team.pdf").read_bytes()).pages) == 1  # 8 cards
    assert len(pdf(tmp_path.joinpath("season.pdf").read_bytes()).pages) == 2  # 16 cards
    assert len(pdf(tmp_path.joinpath("pool.pdf").read_bytes()).pages) == 20  # 87 cards, fronts and backs


@pytest.mark.parametrize(
    "args, message",
    [
        (["--team", "999999"], "--team: no team with id 999999"),
        (["--season", "999999"], "--season: no season with id 999999"),
        (["--pool", "croquet"], "--pool: 'croquet' is not a game; choose from futti"),
        (["--pool", "futti", "--page", "A5"], "--page: 'A5' is not a page size; choose A4 or Letter"),
        ([], "one of the arguments --team --season --pool is required"),
        (["--team", "1", "--pool", "futti"], "argument --pool: not allowed with argument --team"),
    ],
)
def test_print_cards_names_the_bad_option(args, message, tmp_path):
    with pytest.raises(CommandError, match=message):
        call_command("print_cards", *args, "-o", str(tmp_path / "x.pdf"))


# --- public downloads -----------------------------------------------------------------------


def test_the_scoresheet_download(client, match, pdf):
    response = client.get(f"/matches/{match.id}/scoresheet.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith(f'attachment; filename="match-{match.id}-')
    assert response["Content-Disposition"].endswith('-scoresheet.pdf"')
    assert match.away.name in pdf.text(response.content)
    blank = client.get(reverse("match-scoresheet-pdf", args=[match.id]), {"blank": "1", "inline": "1"})
    assert blank["Content-Disposition"].startswith("inline;") and "blank-scoresheet.pdf" in blank["Content-Disposition"]
    assert client.get("/matches/999999/scoresheet.pdf").status_code == 404
    assert client.post(f"/matches/{match.id}/scoresheet.pdf").status_code == 405


def test_the_card_downloads(client, season, pdf):
    team = season.teams.order_by("name").first()
    response = client.get(f"/teams/{team.id}/cards.pdf", {"page": "Letter", "kit": "bw"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="{team.name.lower().replace(" ", "-")}-cards-bw-letter.pdf"'
    )
    assert team.name in pdf.text(response.content)
    assert client.get(f"/seasons/{season.id}/cards.pdf").status_code == 200
    assert client.get("/pools/calciotto/cards.pdf").status_code == 200
    assert client.get(f"/teams/{team.id}/cards.pdf", {"page": "A5"}).status_code == 400
    assert client.get("/teams/999999/cards.pdf").status_code == 404
    assert client.get("/seasons/999999/cards.pdf").status_code == 404
    assert client.get("/pools/croquet/cards.pdf").status_code == 404


# --- admin actions --------------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    user = User.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(user)
    return client


def _action(client, url, action, ids):
    return client.post(url, {"action": action, "_selected_action": [str(i) for i in ids]})


def test_the_admin_prints_scoresheets(admin_client, season, pdf):
    ids = list(Match.objects.filter(season=season).values_list("id", flat=True))
    url = reverse("admin:matches_match_changelist")
    response = _action(admin_client, url, "print_scoresheet", ids)
    assert response["Content-Type"] == "application/pdf"
    assert len(pdf(response.content).pages) == len(ids)
    blank = _action(admin_client, url, "print_blank_scoresheet", ids[:1])
    assert "NOTES" in pdf.text(blank.content)


def test_the_admin_prints_cards_for_teams_and_players(admin_client, season, pdf):
    teams = list(season.teams.values_list("id", flat=True))
    response = _action(admin_client, reverse("admin:leagues_team_changelist"), "print_team_cards", teams)
    assert response["Content-Type"] == "application/pdf" and len(pdf(response.content).pages) == 2
    bw = _action(admin_client, reverse("admin:leagues_team_changelist"), "print_team_cards_bw", teams[:1])
    assert "-bw-" in bw["Content-Disposition"]
    players = list(season.league.players.values_list("id", flat=True)[:10])
    response = _action(admin_client, reverse("admin:rosters_player_changelist"), "print_player_cards", players)
    assert len(pdf(response.content).pages) == 2
