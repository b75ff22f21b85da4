"""Every app's German and Italian catalogue is complete and compiled: no entry left empty or
fuzzy in a .po file (Django would show the English), and the committed .mo holds every entry
(a .po translated but not compiled changes nothing on the page)."""

import gettext
import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["de", "it"]
#: The apps that keep their own catalogue (``<app>/locale``); the pages' catalogue is ``locale/``.
APPS = ["leagues", "rosters", "matches", "tournaments", "ops", "audit", "competitions"]
CATALOGUES = [ROOT / app / "locale" / lang / "LC_MESSAGES" / "django.po" for app in APPS for lang in LANGUAGES]


def po_entries(path: Path) -> list[dict]:
    """The entries of a .po file: msgid, msgid_plural, the translations and the flags, header left out."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        lines = [line for line in block.splitlines() if line.strip() and not line.startswith("#~")]
        entry: dict = {"flags": set(), "msgstr": []}
        key = None
        for line in lines:
            if line.startswith("#,"):
                entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                text = _unquote(line)
                if key == "msgstr":
                    entry["msgstr"][-1] += text
                else:
                    entry[key] += text
            else:
                key, _sep, rest = line.partition(" ")  # msgctxt, msgid, msgid_plural
                if key.startswith("msgstr"):
                    entry["msgstr"].append(_unquote(rest))
                    key = "msgstr"
                else:
                    entry[key] = _unquote(rest)
        if entry.get("msgid"):
            entries.append(entry)
    return entries


def _unquote(text: str) -> str:
    return text.strip()[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_entry_is_translated(path):
    entries = po_entries(path)
    assert entries, f"{path} has no entries"
    left = [e["msgid"] for e in entries if "fuzzy" in e["flags"] or not all(e["msgstr"])]
    assert left == [], f"untranslated or fuzzy in {path.relative_to(ROOT)}: {left[:5]}"


def stale_entries(po: Path, mo: Path) -> list[str]:
    """The entries of ``po`` that ``mo`` translates otherwise, each looked up under its context
    (a ``pgettext`` entry's msgid alone finds nothing, or an entry of another context) and, for
    plurals, in each form (German and Italian have two: one, and every other number)."""
    with mo.open("rb") as compiled_file:
        compiled = gettext.GNUTranslations(compiled_file)
    stale = []
    for entry in po_entries(po):
        context, msgid = entry.get("msgctxt"), entry["msgid"]
        if entry.get("msgid_plural"):
            plural = entry["msgid_plural"]
            found = [
                compiled.npgettext(context, msgid, plural, n) if context else compiled.ngettext(msgid, plural, n)
                for n in (1, 2)
            ]
        else:
            found = [compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)]
        if found != entry["msgstr"][: len(found)]:
            stale.append(f"{context}|{msgid}" if context else msgid)
    return stale


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiled_catalogue_holds_every_entry(path):
    stale = stale_entries(path, path.with_suffix(".mo"))

    assert stale == [], f"{path.with_suffix('.mo').relative_to(ROOT)} is older than its .po: {stale[:5]}"


def test_the_check_reads_each_entry_under_its_context_and_in_each_plural_form(tmp_path):
    po_path, mo_path = tmp_path / "django.po", tmp_path / "django.mo"
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    catalogue.append(polib.POEntry(msgctxt="knockout round", msgid="Final", msgstr="Finale"))
    catalogue.append(polib.POEntry(msgid="Final", msgstr="Endgültig"))
    catalogue.append(
        polib.POEntry(msgid="one goal", msgid_plural="%(n)s goals", msgstr_plural={0: "ein Tor", 1: "Tore"})
    )
    catalogue.save(str(po_path))
    catalogue.save_as_mofile(str(mo_path))
    assert stale_entries(po_path, mo_path) == []

    catalogue[0].msgstr = "Endspiel"  # changed under its context only: the entry without one still matches
    catalogue[2].msgstr_plural = {0: "ein Tor", 1: "%(n)s Tore"}
    catalogue.save(str(po_path))
    assert stale_entries(po_path, mo_path) == ["knockout round|Final", "one goal"]


def test_the_parser_sees_an_untranslated_and_a_fuzzy_entry(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
        'msgid "Tor"\nmsgstr "Tor"\n\n'
        'msgid "Kickoff"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Table"\nmsgstr "Tabelle"\n\n'
        'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "eins"\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    left = [e["msgid"] for e in po_entries(po) if "fuzzy" in e["flags"] or not all(e["msgstr"])]
    assert left == ["Kickoff", "Table", "one"]
