"""Bad CSV pool files (issue #19): each is refused with the line, the column and the reason, by the
admin's import page (a 200 with the errors, never a 500) and by ``import_pool`` (a CommandError), and
nothing is stored. Exports cannot run formulas in a spreadsheet and still import back the same cards.

Anna runs the Test League (Fütti); a field player has offence, defence, sportsmanship and stars.
"""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db.backends.base.operations import BaseDatabaseOperations
from django.urls import reverse

from rosters.drafting import load_engine_pool
from rosters.models import Player
from rosters.pools import _cell, export_csv, import_csv
from tests.conftest import make_league

pytestmark = pytest.mark.django_db

HEADER = "id,name,role,price,offence,defence,sportsmanship,stars\n"
NAME_MAX = Player._meta.get_field("name").max_length
ID_MAX = Player._meta.get_field("external_id").max_length
#: The price column's type's range (PositiveSmallIntegerField: 0 to 32767), whatever the database.
PRICE_MAX = BaseDatabaseOperations.integer_field_ranges[Player._meta.get_field("price").get_internal_type()][1]


def row(name="Ada", *, id="c1", price="2") -> str:
    return f"{id},{name},field,{price},4,3,3,1\n"


#: a bad row's bytes (after a good one, on line 3) -> the one message the file must be refused with.
BAD_FILES = {
    "latin-1": (
        row("Müller").encode("latin-1"),
        "line 3, byte 5: the file is not UTF-8 (byte 0xfc cannot start or continue a character there);"
        ' save it as UTF-8 ("CSV UTF-8" in a spreadsheet) and import it again',
    ),
    "nul": (row("Ad\x00a").encode(), "line 3, column name: contains a NUL character (0x00)"),
    "huge price": (
        row(price="99999").encode(),
        f"line 3 (Ada), column price: Ensure this value is less than or equal to {PRICE_MAX}.",
    ),
    "enormous price": (
        row(price="9" * 5000).encode(),
        f"line 3 (Ada), column price: Ensure this value is less than or equal to {PRICE_MAX}.",
    ),
    "negative price": (
        row(price="-3").encode(),
        "line 3 (Ada), column price: Ensure this value is greater than or equal to 0.",
    ),
    "price not a number": (
        row(price="2.5").encode(),
        "line 3 (Ada), column price: '2.5' is not a whole number",
    ),
    "long name": (
        row("N" * (NAME_MAX + 1)).encode(),
        f"line 3 ({'N' * 40}), column name: Ensure this value has at most {NAME_MAX} characters"
        f" (it has {NAME_MAX + 1}).",
    ),
    "long id": (
        row(id="i" * (ID_MAX + 1)).encode(),
        f"line 3 (Ada), column id: Ensure this value has at most {ID_MAX} characters (it has {ID_MAX + 1}).",
    ),
    "superscript rating": (
        "c1,Ada,field,2,³,3,3,1\n".encode(),
        "line 3 (Ada): offence: '³' is not a whole number; allowed 1-6",
    ),
    "double minus rating": (
        b"c1,Ada,field,2,4,--3,3,1\n",
        "line 3 (Ada): defence: '--3' is not a whole number; allowed 1-6",
    ),
    "cell over the csv limit": (
        row("x" * 200_000).encode(),
        f"line 3: field larger than field limit ({csv.field_size_limit()})",
    ),
}


def good_and(bad: bytes) -> bytes:
    """The header and a good first card, so 'nothing stored' means the good one too."""
    return (HEADER + row("Bea", id="c0")).encode() + bad


@pytest.mark.parametrize("case", BAD_FILES)
def test_the_command_refuses_a_bad_file_naming_line_column_and_reason(league, tmp_path, case):
    data, message = BAD_FILES[case]
    path = tmp_path / "pool.csv"
    path.write_bytes(good_and(data))
    with pytest.raises(CommandError) as refused:
        call_command("import_pool", league.slug, str(path))
    text = str(refused.value)
    assert text.startswith("nothing imported:\n") and message in text
    assert not Player.objects.exists()


@pytest.mark.parametrize("case", BAD_FILES)
def test_the_admin_shows_why_a_bad_file_is_refused_and_stores_nothing(client, cast, league, case):
    data, message = BAD_FILES[case]
    client.force_login(cast["anna"])
    upload = SimpleUploadedFile("pool.csv", good_and(data), content_type="text/csv")
    response = client.post(
        reverse("admin:rosters_player_import"), {"league": league.pk, "csv_file": upload, "seed": 1, "import": "1"}
    )
    assert response.status_code == 200
    assert response.context["errors"] == [message]
    assert "Nothing was imported" in response.content.decode()
    assert not Player.objects.exists()


def test_utf8_with_or_without_a_byte_order_mark_is_read_as_written(league):
    import_csv(league, (HEADER + row("Müller")).encode())
    import_csv(league, b"\xef\xbb\xbf" + (HEADER + row("Jürgen", id="c2")).encode())
    assert sorted(Player.objects.values_list("name", "external_id")) == [("Jürgen", "c2"), ("Müller", "c1")]


def test_an_id_is_kept_as_written(league):
    import_csv(league, (HEADER + row(id="007")).encode())
    assert Player.objects.get().external_id == "007"


# --- export: no formulas, and the same cards back ------------------------------------------------

FORMULAS = ["=cmd|' /C calc'!A0", "@SUM(A1)", "+1+1", "-Bob", "\tTabbed", "\rReturn", "'=quoted already"]


def test_an_export_starts_no_cell_with_a_formula_and_imports_back_the_same_cards(league):
    load_engine_pool(league, "futti", seed=1)
    players = list(Player.objects.order_by("id")[: len(FORMULAS)])
    for player, name in zip(players, FORMULAS, strict=True):
        player.name, player.external_id = name, "=" + player.external_id
        player.save()
    exported = export_csv(Player.objects.filter(league=league).order_by("id"))
    for cells in list(csv.reader(io.StringIO(exported)))[1:]:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in cells), cells
    assert ",'=cmd|' /C calc'!A0," in exported and "'@SUM(A1)" in exported and "''=quoted already" in exported

    again = make_league("Again")
    import_csv(again, exported.encode())

    def cards(league):
        return sorted(
            (p.external_id, p.name, p.role, p.price, p.attributes) for p in Player.objects.filter(league=league)
        )

    assert cards(again) == cards(league)
    assert {p.name for p in Player.objects.filter(league=again)} >= set(FORMULAS)


def test_a_negative_number_is_quoted_on_export_and_read_back_as_the_number(league):
    """No column of today's games holds a negative number (prices and ratings are >= 0), so this
    checks the cell rule itself: -3 leaves as '-3 and comes back as the number -3."""
    player = Player(league=league, name="Neg", role="field", price=0, attributes={"shift": -3}, external_id="n")
    exported = export_csv([player])
    assert exported.splitlines()[1].split(",")[-1] == "'-3"
    assert _cell("'-3") == -3 and _cell("-3") == -3 and _cell("'abc") == "'abc"
