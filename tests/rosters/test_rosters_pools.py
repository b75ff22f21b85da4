"""Player pools: the engine's sample pool, CSV import (all or nothing, line numbers) and export."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from engines import get_engine
from rosters.models import Player
from rosters.pools import export_csv, import_csv
from tests.conftest import make_league

pytestmark = pytest.mark.django_db

GOOD = (
    "name,role,price,offence,defence,sportsmanship,stars,goaltending\nAda,field,2,4,3,3,1,\nBea,goalkeeper,1,,,3,,63\n"
)


def test_load_pool_adds_the_engines_sample_pool(league, capsys):
    call_command("load_pool", "futti", "--league", league.slug, "--seed", "2")
    assert Player.objects.filter(league=league).count() == len(get_engine("futti").sample_pool(2))
    assert "cards added" in capsys.readouterr().out


def test_load_pool_refuses_another_engine_or_league(league):
    with pytest.raises(CommandError, match="plays futti, not mutant"):
        call_command("load_pool", "mutant", "--league", league.slug)
    with pytest.raises(CommandError, match="no such league"):
        call_command("load_pool", "futti", "--league", "nope")


def test_a_good_file_imports_every_row(league):
    players = import_csv(league, GOOD)
    assert [(p.name, p.role, p.price) for p in players] == [("Ada", "field", 2), ("Bea", "goalkeeper", 1)]
    assert Player.objects.get(name="Ada").attributes["offence"] == 4


def test_a_file_with_bad_rows_imports_nothing_and_names_every_bad_line(league):
    text = GOOD + "Cid,field,1,9,3,3,1,\nDan,striker,1,3,3,3,1,\nEve,field,-2,3,3,3,1,\n"
    with pytest.raises(ValidationError) as caught:
        import_csv(league, text)
    messages = caught.value.messages
    assert [m.split(" ")[1] for m in messages] == ["4", "5", "6"]
    assert messages[0].startswith("line 4 (Cid): ") and "offence" in messages[0]
    assert "price" in messages[2]
    assert not Player.objects.exists()


def test_a_file_without_a_header_is_refused(league):
    with pytest.raises(ValidationError, match="line 1"):
        import_csv(league, "Ada,field,2\n")


@pytest.mark.parametrize("engine", ["futti", "mutant", "flexdeck", "calciotto", "eleven"])
def test_an_exported_pool_imports_back_the_same(engine):
    source, target = make_league(f"From {engine}", engine=engine), make_league(f"To {engine}", engine=engine)
    call_command("load_pool", engine, "--league", source.slug)
    exported = export_csv(source.players.order_by("id"))
    imported = import_csv(target, exported)
    original = list(source.players.order_by("id"))
    assert [(p.name, p.role, p.price, p.attributes) for p in imported] == [
        (p.name, p.role, p.price, p.attributes) for p in original
    ]


def test_export_command_prints_csv(league, capsys):
    import_csv(league, GOOD)
    call_command("export_pool", league.slug)
    header, first = capsys.readouterr().out.splitlines()[:2]
    assert header.startswith("id,name,role,price,") and first.split(",", 1)[1].startswith("Ada,field,2,")


def test_the_admin_import_page_reports_bad_lines_and_imports_good_files(client, cast, league):
    client.force_login(cast["anna"])
    url = reverse("admin:rosters_player_import")
    bad = SimpleUploadedFile("pool.csv", (GOOD + "Cid,field,1,9,3,3,1,\n").encode())
    response = client.post(url, {"league": league.pk, "csv_file": bad, "seed": 1, "import": "1"})
    assert "line 4 (Cid)" in response.content.decode()
    assert not Player.objects.exists()
    good = SimpleUploadedFile("pool.csv", GOOD.encode())
    assert client.post(url, {"league": league.pk, "csv_file": good, "seed": 1, "import": "1"}).status_code == 302
    assert Player.objects.filter(league=league).count() == 2
    # another commissioner's league is not a choice, and a manager may not import at all
    other = client.post(url, {"league": cast["other"].pk, "seed": 1, "sample": "1"})
    assert other.status_code == 200 and not Player.objects.filter(league=cast["other"]).exists()
    client.force_login(cast["bruno"])
    assert client.get(url).status_code == 403


def test_the_admin_export_action_answers_csv(client, cast, league):
    players = import_csv(league, GOOD)
    client.force_login(cast["anna"])
    response = client.post(
        reverse("admin:rosters_player_changelist"),
        {"action": "export_csv_action", "_selected_action": [p.pk for p in players]},
    )
    assert response["Content-Type"] == "text/csv"
    assert "Ada" in response.content.decode()


def test_the_import_page_is_laid_out_as_the_admin_with_each_way_in_explained(client, cast, league):
    client.force_login(cast["anna"])
    html = client.get(reverse("admin:rosters_player_import")).content.decode()
    headings = re.findall(r'<h2 id="import-0-\d-heading" class="fieldset-heading">([^<]+)</h2>', html)
    assert headings == ["Import a CSV file", "Or load the engine&#x27;s sample pool"]
    assert html.count('<fieldset class="module aligned') == 3
    assert 'id="id_csv_file_helptext"' in html and "at least name, role and price" in html
