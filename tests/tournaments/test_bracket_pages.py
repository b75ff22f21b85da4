"""The bracket as people see it: the page (SVG), the printed PDF, the groups page, and the
commissioner's admin: reseed, replace a team that withdrew, advance, print, walkover."""

import io
import re

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from competitions.drawing import BOX_HEIGHT, BOX_WIDTH, bracket_drawing
from competitions.groups import groups_draw
from competitions.knockout import bracket_draw, champion
from competitions.results import due_matches_play, match_forfeit, match_play
from competitions.withdrawals import bracket_team_replace
from leagues.models import League, Team
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tests.conftest import make_league, make_season
from tournaments.models import Entrant, Tie

pytestmark = pytest.mark.django_db


@pytest.fixture
def knockout():
    return demo_season_create(engine="futti", teams=13, seed=3, knockout=True, third_place=True)


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_drawing_is_a_tree_that_keeps_byes_in_place(knockout):
    drawing = bracket_drawing(knockout.id)
    bracket, third = drawing.sections
    assert [h.text for h in bracket.headers] == ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
    assert len(bracket.boxes) == 8 + 4 + 2 + 1 and len(third.boxes) == 1
    byes = [box for box in bracket.boxes if box.bye]
    assert [box.entries[0].seed for box in byes] == [1, 2, 3]  # the top seeds, in round one only
    # every box of a later round sits level with the middle of the two that feed it
    by_column = {}
    for box in bracket.boxes:
        by_column.setdefault(box.x, []).append(box)
    columns = [sorted(boxes, key=lambda b: b.y) for _, boxes in sorted(by_column.items())]
    for earlier, later in zip(columns, columns[1:], strict=False):
        for i, box in enumerate(later):
            assert box.y == (earlier[2 * i].y + earlier[2 * i + 1].y) / 2
    # lines run from a box's right edge to the next round's left edge; nothing overlaps
    for line in bracket.lines:
        assert line.points[-1][0] - line.points[0][0] == pytest.approx(36)
    for column in columns:
        assert all(b.y - a.y >= BOX_HEIGHT for a, b in zip(column, column[1:], strict=False))
    assert drawing.width == 3 * (BOX_WIDTH + 36) + BOX_WIDTH
    # teams not known yet are named by where they come from
    final = columns[-1][0]
    assert [e.name for e in final.entries] == ["Winner of SF 1", "Winner of SF 2"]
    assert [e.name for e in third.boxes[0].entries] == ["Loser of SF 1", "Loser of SF 2"]


def test_the_page_shows_results_and_the_winner(client, knockout):
    due_matches_play()
    round_one = Tie.objects.filter(bracket__season=knockout, round=1, bye=False).select_related("winner", "match")
    response = client.get(f"/seasons/{knockout.id}/bracket/")
    html = response.content.decode()
    assert response.status_code == 200 and 'data-chart="bracket"' in html
    for tie in round_one:
        assert tie.winner.name in html
        assert f'href="/matches/{tie.match.id}/"' in html
    assert "Winner:" not in html
    for _ in range(10):
        if not due_matches_play():
            break
    html = client.get(f"/seasons/{knockout.id}/bracket/").content.decode()
    assert re.search(r"Winner: <strong>([^<]+)</strong>", html).group(1) == champion(knockout.bracket).name
    assert "Winner of" not in html
    season_page = client.get(f"/seasons/{knockout.id}/").content.decode()
    assert f'href="/seasons/{knockout.id}/bracket/"' in season_page


def test_a_season_without_a_bracket_has_no_bracket_page(client):
    season = demo_season_create(engine="futti", teams=4, seed=2)
    assert client.get(f"/seasons/{season.id}/bracket/").status_code == 404
    assert client.get(f"/seasons/{season.id}/bracket.pdf").status_code == 404
    assert client.get(f"/seasons/{season.id}/groups/").status_code == 404


def test_the_page_reads_the_bracket_in_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    for teams in (4, 16):
        season = demo_season_create(engine="futti", teams=teams, seed=teams, knockout=True)
        due_matches_play()
        with django_assert_max_num_queries(4):
            assert client.get(f"/seasons/{season.id}/bracket/").status_code == 200


def test_the_printed_bracket(client, knockout):
    due_matches_play()
    response = client.get(f"/seasons/{knockout.id}/bracket.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith('attachment; filename="bracket-futti-demo-league-3')
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert page.mediabox.width > page.mediabox.height  # wider than tall: landscape
    text = pdf_text(response.content)
    for name in Entrant.objects.filter(bracket__season=knockout).values_list("team__name", flat=True):
        assert name in text
    assert "Quarter-finals" in text and "Third place" in text
    assert client.get(f"/seasons/{knockout.id}/bracket.pdf?page=A0").status_code == 400


def test_print_bracket_command(knockout, tmp_path, capsys):
    out = tmp_path / "wall.pdf"
    call_command("print_bracket", str(knockout.id), "--page", "Letter", "-o", str(out))
    assert "Wrote the bracket" in capsys.readouterr().out
    assert "Round of 16" in pdf_text(out.read_bytes())
    with pytest.raises(CommandError, match="has no bracket"):
        call_command("print_bracket", "999999", "-o", str(out))


def test_admin_prints_and_advances(admin_client, knockout):
    bracket = knockout.bracket
    response = admin_client.post(
        "/admin/tournaments/bracket/", {"action": "print_bracket", "_selected_action": [bracket.id]}
    )
    assert response["Content-Type"] == "application/pdf"
    # a result written straight into a row (a correction by hand) moves nothing until "Advance"
    tie = Tie.objects.filter(bracket=bracket, round=1, bye=False).select_related("match").first()
    Match.objects.filter(id=tie.match.id).update(status="played", home_goals=2, away_goals=0)
    tie.refresh_from_db()
    assert tie.winner_id is None
    admin_client.post("/admin/tournaments/bracket/", {"action": "advance_now", "_selected_action": [bracket.id]})
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id
    nxt = Tie.objects.get(bracket=bracket, round=2, slot=tie.slot // 2)
    assert tie.home_id in (nxt.home_id, nxt.away_id) and nxt.match is not None


def admin_form(bracket, **changes):
    """The bracket's change form as the admin posts it, with its entrants inline."""
    entrants = list(bracket.entrants.order_by("seed"))
    data = {
        "season": bracket.season_id,
        "two_legged_rounds": "[]",
        "reseed": "",
        "entrants-TOTAL_FORMS": len(entrants),
        "entrants-INITIAL_FORMS": len(entrants),
        "ties-TOTAL_FORMS": 0,
        "ties-INITIAL_FORMS": 0,
    }
    for i, entrant in enumerate(entrants):
        data |= {
            f"entrants-{i}-id": entrant.id,
            f"entrants-{i}-seed": entrant.seed,
            f"entrants-{i}-team": entrant.team_id,
        }
        data[f"entrants-{i}-bracket"] = bracket.id
    if bracket.third_place:
        data["third_place"] = "on"
    return data | changes


def test_reseed_before_the_first_match(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    bracket = season.bracket
    order = [e.team for e in bracket.entrants.order_by("-seed")]  # turn the seeding upside down
    data = admin_form(bracket, reseed="\n".join(t.name for t in order))
    response = admin_client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data, follow=True)
    assert "Drawn again with these seeds and options" in response.content.decode()
    assert [e.team_id for e in bracket.entrants.order_by("seed")] == [t.id for t in order]
    final_four = {(t.home_id, t.away_id) for t in Tie.objects.filter(bracket=bracket, round=1)}
    assert final_four == {(order[0].id, order[3].id), (order[1].id, order[2].id)}
    # a name that is not a team of the season, and reseeding after a match, are refused
    response = admin_client.post(
        f"/admin/tournaments/bracket/{bracket.id}/change/", admin_form(bracket, reseed="Nobody FC")
    )
    assert "Not teams of" in response.content.decode() and "Nobody FC" in response.content.decode()
    match_play(match_id=Match.objects.filter(season=season).first().id)
    response = admin_client.post(
        f"/admin/tournaments/bracket/{bracket.id}/change/",
        admin_form(bracket, reseed="\n".join(t.name for t in order)),
    )
    assert "A match has been played: the seeds are fixed." in response.content.decode()


def test_replace_a_team_that_withdraws_before_its_first_match(admin_client, knockout):
    bracket = knockout.bracket
    withdrawn = Entrant.objects.get(bracket=bracket, seed=13).team
    replacement = Team.objects.create(league=knockout.league, name="Latecomers")
    data = admin_form(bracket)
    index = next(i for i in range(13) if data[f"entrants-{i}-team"] == withdrawn.id)
    data[f"entrants-{index}-team"] = replacement.id
    response = admin_client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data)
    assert "has no squad for" in response.content.decode()  # refused: nothing changed
    assert Entrant.objects.get(bracket=bracket, seed=13).team == withdrawn
    SquadMember.objects.filter(season=knockout, team=withdrawn).update(team=replacement)
    response = admin_client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data, follow=True)
    assert "Latecomers takes the place of" in response.content.decode()
    tie = Tie.objects.get(bracket=bracket, round=1, away_seed=13)
    assert tie.away == replacement and tie.match.away == replacement
    assert set(knockout.teams.values_list("name", flat=True)) >= {"Latecomers"}
    assert not knockout.teams.filter(id=withdrawn.id).exists()
    match = match_play(match_id=tie.match.id)
    assert match.status == "played"
    # a team that has played cannot be replaced
    with pytest.raises(Exception, match="has played a match already"):
        bracket_team_replace(bracket, replacement, Team.objects.create(league=knockout.league, name="Too late"))


def test_a_walkover_sends_the_other_team_on(client, knockout):
    tie = Tie.objects.filter(bracket__season=knockout, round=1, bye=False).select_related("match").first()
    match_forfeit(tie.match, forfeited_by="home")
    tie.refresh_from_db()
    assert tie.winner_id == tie.away_id
    box = next(b for b in bracket_drawing(knockout.id).sections[0].boxes if b.match_id == tie.match.id)
    assert box.note == "walkover"
    assert "(walkover)" in client.get(f"/seasons/{knockout.id}/bracket/").content.decode()


def test_the_groups_page(client, play_out):
    season = demo_season_create(engine="futti", teams=6, seed=4)
    stage = groups_draw(season, groups=2, advance=2)
    html = client.get(f"/seasons/{season.id}/groups/").content.decode()
    assert "Group A" in html and "Group B" in html and "The knockout is drawn when" in html
    for group in stage.groups.all():
        for team in group.season.teams.all():
            assert team.name in html
        group_page = client.get(f"/seasons/{group.season.id}/").content.decode()
        assert f'href="/seasons/{season.id}/groups/"' in group_page
    play_out()
    stage.refresh_from_db()
    html = client.get(f"/seasons/{season.id}/groups/").content.decode()
    assert f'href="/seasons/{stage.knockout.id}/bracket/"' in html


@pytest.mark.parametrize(("teams", "double"), [(2, False), (5, False), (16, False), (33, False), (3, True), (6, True)])
def test_every_bracket_lays_out_without_overlaps(teams, double):
    season = make_season(make_league(f"Cup {teams} {double}"), [f"Team {i}" for i in range(teams)])
    bracket_draw(season, double_elimination=double, third_place=not double and teams >= 4)
    drawing = bracket_drawing(season.id)
    titles = [s.title for s in drawing.sections]
    if double:
        assert titles == ["Winners' bracket", "Losers' bracket", "Grand final"]
    else:
        assert titles[0] == "Bracket" and (teams < 4 or titles[1] == "Third place")
    named = {e.name for s in drawing.sections for b in s.boxes for e in b.entries if e and e.known}
    assert named == {f"Team {i}" for i in range(teams)}  # every team is in a box of the first round
    for section in drawing.sections:
        boxes = sorted(section.boxes, key=lambda b: (b.x, b.y))
        for a, b in zip(boxes, boxes[1:], strict=False):
            assert a.x != b.x or b.y - a.y >= BOX_HEIGHT
        for box in boxes:
            assert box.x >= 0 and box.x + BOX_WIDTH <= drawing.width and box.y + BOX_HEIGHT <= drawing.height
            assert box.y >= section.top
        lefts = {(b.x, b.entry_y(i)) for b in boxes for i in (0, 1)}
        for line in section.lines:
            assert line.points[-1] in lefts  # every line ends on a team's line of a box


def test_a_knockout_season_page_leads_to_the_bracket_not_a_table(client, knockout):
    html = client.get(f"/seasons/{knockout.id}/").content.decode()
    assert "This season is a knockout: see its bracket" in html
    assert 'id="table"' not in html and 'data-chart="positions"' not in html


def test_another_leagues_commissioner_cannot_advance_reseed_or_replace(client, knockout):

    other = User.objects.create_user("rival", password="pw-for-tests-only", is_staff=True)
    other.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="tournaments",
            codename__in=["view_bracket", "change_bracket", "view_entrant", "change_entrant"],
        )
    )
    League.objects.create(name="Rival League", engine="futti").commissioners.add(other)
    client.force_login(other)
    bracket = knockout.bracket
    tie = Tie.objects.filter(bracket=bracket, round=1, bye=False).select_related("match").first()
    Match.objects.filter(id=tie.match.id).update(status="played", home_goals=2, away_goals=0)
    client.post("/admin/tournaments/bracket/", {"action": "advance_now", "_selected_action": [bracket.id]})
    tie.refresh_from_db()
    assert tie.winner_id is None  # not advanced: not their league

    seeds = list(bracket.entrants.order_by("seed").values_list("team_id", flat=True))
    names = "\n".join(reversed([e.team.name for e in bracket.entrants.order_by("seed")]))
    data = admin_form(bracket, reseed=names)
    data["entrants-0-team"] = Team.objects.create(league=knockout.league, name="Intruders").id
    response = client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data)
    assert response.status_code in (302, 403) and response.get("Location") in (None, "/admin/")  # not theirs
    assert list(bracket.entrants.order_by("seed").values_list("team_id", flat=True)) == seeds


def test_options_of_a_drawn_bracket_are_checked_before_anything_is_saved(admin_client):
    season = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    bracket = season.bracket
    seeds = list(bracket.entrants.order_by("seed").values_list("team_id", flat=True))
    order = "\n".join(e.team.name for e in bracket.entrants.order_by("-seed"))
    data = admin_form(bracket, reseed=order, two_legged_rounds="[3]", away_goals="on")  # no third round
    html = admin_client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data).content.decode()
    assert "Two-legged rounds must be among 1 to 2: a knockout of 4 teams has 2 rounds." in html
    bracket.refresh_from_db()
    assert bracket.two_legged_rounds == [] and not bracket.away_goals
    assert list(bracket.entrants.order_by("seed").values_list("team_id", flat=True)) == seeds
    # good options alone draw the bracket again with them
    data = admin_form(bracket, two_legged_rounds="[1]")
    response = admin_client.post(f"/admin/tournaments/bracket/{bracket.id}/change/", data, follow=True)
    assert "Drawn again with these seeds and options" in response.content.decode()
    assert Match.objects.filter(season=season).count() == 4  # two semi-finals of two legs
    match_play(match_id=Match.objects.filter(season=season).first().id)
    html = admin_client.post(
        f"/admin/tournaments/bracket/{bracket.id}/change/", admin_form(bracket, two_legged_rounds="[]")
    ).content.decode()
    assert "A match has been played: the bracket&#x27;s options are fixed." in html
