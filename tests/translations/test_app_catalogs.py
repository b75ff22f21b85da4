"""Every app's German and Italian catalogue is complete and compiled: no entry left empty or
fuzzy in a .po file (Django would show the English), and the committed .mo holds every entry
(a .po translated but not compiled changes nothing on the page)."""

import gettext
import re
from pathlib import Path

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
                key, _sep, rest = line.partition(" ")
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


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_compiled_catalogue_holds_every_entry(path):
    with path.with_suffix(".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    singular = [e for e in po_entries(path) if not e.get("msgid_plural")]
    stale = [e["msgid"] for e in singular if compiled.gettext(e["msgid"]) != e["msgstr"][0]]

    assert stale == [], f"{path.with_suffix('.mo').relative_to(ROOT)} is older than its .po: {stale[:5]}"


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
