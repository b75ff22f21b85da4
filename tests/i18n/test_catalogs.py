"""The translations in locale/ are complete and compiled: every entry of each .po file is
translated and none is fuzzy, and each committed .mo holds exactly its .po (a fresh machine
without gettext reads the .mo as it is)."""

import ast
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils.translation.template import templatize

GETTEXT_CALL = re.compile(r"\b(n?p?gettext)\(")
CATALOGS = sorted(Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"))


def catalog(entries) -> dict[tuple[str, str], object]:
    """Each entry's translation by (context, msgid): the text, or the plural forms in order."""
    return {
        (entry.msgctxt or "", entry.msgid): tuple(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))
        if entry.msgid_plural
        else entry.msgstr
        for entry in entries
        if entry.msgid and not entry.obsolete
    }


def test_every_language_of_the_settings_has_a_catalog():
    assert {path.parts[-3] for path in CATALOGS} == {code for code, _ in settings.LANGUAGES} - {"en"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.parts[-3])
def test_every_entry_is_translated_and_none_is_fuzzy(path):
    po = polib.pofile(str(path))
    assert not po.metadata_is_fuzzy
    assert [entry.msgid for entry in po.untranslated_entries()] == []
    assert [entry.msgid for entry in po.fuzzy_entries()] == []
    # a translation shown in an attribute must not close it
    assert [entry.msgid for entry in po if '"' in entry.msgstr and '"' not in entry.msgid] == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.parts[-3])
def test_the_committed_mo_file_is_compiled_from_its_po_file(path):
    mo = path.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run manage.py compilemessages"
    compiled, source = catalog(polib.mofile(str(mo))), catalog(polib.pofile(str(path)))
    assert compiled == source, "the .mo differs from its .po: run manage.py compilemessages and commit the .mo"


def test_the_check_sees_a_stale_mo(tmp_path):
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Table", msgstr="Tabelle"))
    po.save_as_mofile(str(tmp_path / "django.mo"))
    po[0].msgstr = "Tabellen"
    assert catalog(polib.mofile(str(tmp_path / "django.mo"))) != catalog(po)
    assert catalog(po) == {("", "Table"): "Tabellen"}


def template_messages(source: str) -> set[tuple[str, str]]:
    """The (context, msgid) pairs a template marks, read as makemessages reads them (Django's
    ``templatize`` turns the template into gettext calls)."""
    code, found = templatize(source), set()
    for call in GETTEXT_CALL.finditer(code):
        end = call.end()
        while True:  # the call ends at the first ")" after which it parses
            end = code.index(")", end) + 1
            try:
                node = ast.parse(code[call.start() : end], mode="eval").body
            except SyntaxError:
                continue
            break
        args = [ast.literal_eval(arg) for arg in node.args if isinstance(arg, ast.Constant)]
        found.add((args[0], args[1]) if call.group(1).endswith("pgettext") else ("", args[0]))
    return found


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.parts[-3])
def test_every_string_marked_in_a_template_is_in_the_catalog(path):
    """A string marked since the catalogue was made shows in English: run ``make messages`` and
    translate it."""
    known = set(catalog(polib.pofile(str(path))))
    marked = set().union(
        *(template_messages(t.read_text()) for t in Path(settings.BASE_DIR, "templates").rglob("*.html"))
    )
    assert sorted(marked - known) == []


def test_the_template_messages_are_read_as_makemessages_reads_them():
    source = """{% load i18n %}{% translate "Table" %}{% translate "W" context "won" %}
    {% blocktranslate count points=n %}{{ points }} point{% plural %}{{ points }} points{% endblocktranslate %}
    {% blocktranslate trimmed with name=x %}Season
      {{ name }} (it's){% endblocktranslate %}"""
    assert template_messages(source) == {
        ("", "Table"),
        ("won", "W"),
        ("", "%(points)s point"),
        ("", "Season %(name)s (it's)"),
    }
