"""Every visible string of every template under templates/ is marked for translation: text
between tags, the attributes a person reads or hears (title, alt, placeholder, aria-label),
captions handed to an include and the literals of ``default``; dates use Django's named
formats, which each language localises, never a hard-coded English pattern."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
#: Words that stay as they are in every language: the brand, and names of formats and protocols.
ALLOWED = {"Bootroom", "API", "iCal", "PDF", "BC", "Buchholz", "Buch"}
#: Attributes whose value a person reads (tooltips, screen readers, empty boxes).
READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label"}
#: Date formats that each language localises (``|date:"SHORT_DATE_FORMAT"``), and the machine's ISO one.
NAMED_DATE_FORMATS = {
    "DATE_FORMAT", "DATETIME_FORMAT", "SHORT_DATE_FORMAT", "SHORT_DATETIME_FORMAT",
    "MONTH_DAY_FORMAT", "YEAR_MONTH_FORMAT", "TIME_FORMAT", "c", "U", "T", "e",
}  # fmt: skip

MARKED_BLOCKS = re.compile(
    r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}"
    r"|{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}"
    r"|{%\s*block\s+bodyclass\s*%}.*?{%\s*endblock\s*%}"  # the admin's body classes: names for CSS
    r"|<script\b.*?</script>|<style\b.*?</style>|<code\b.*?</code>|{#.*?#}",
    re.S,
)
TAG_OR_VARIABLE = re.compile(r"{%.*?%}|{{.*?}}", re.S)
WORD = re.compile(r"[^\W\d_]+")
#: ``{% include ... caption="Season " %}``: a literal handed to an include to be shown.
SHOWN_ARGUMENT = re.compile(r"""\b(?:caption|title|label|text)=(["'])([^"']*?)\1""")
#: ``{{ x|default:"none" }}`` and ``{{ "Season "|add:... }}``
SHOWN_LITERAL = re.compile(r"""\|default:(["'])([^"']*)\1|(["'])([^"']*\s[^"']*)\3\|add:""")
DATE_FILTER = re.compile(r"""\|date:(["'])([^"']*)\1""")


def words(text: str) -> list[str]:
    return [word for word in WORD.findall(text) if word not in ALLOWED]


class VisibleText(HTMLParser):
    """The text and read attributes of a template whose template tags were taken out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and words(value):
                self.found.append(f'{name}="{value.strip()}"')
            if tag == "input" and name == "value" and ("type", "submit") in attrs and value and words(value):
                self.found.append(f'value="{value.strip()}"')

    def handle_data(self, data: str) -> None:
        if words(data):
            self.found.append(" ".join(data.split()))


def unmarked(source: str) -> list[str]:
    """What ``source`` shows a person without marking it for translation."""
    found = []
    for tag in re.findall(r"{%.*?%}|{{.*?}}", source, re.S):
        if tag.startswith("{% include") or tag.startswith("{%include"):
            found += [f"{value!r} in {tag}" for _, value in SHOWN_ARGUMENT.findall(tag) if words(value)]
        for match in SHOWN_LITERAL.finditer(tag):
            value = match.group(2) or match.group(4) or ""
            if words(value) and (" " in value or value != value.lower()):  # not an id ("chart")
                found.append(f"{value!r} in {tag}")
        found += [
            f"date format {fmt!r} in {tag}" for _, fmt in DATE_FILTER.findall(tag) if fmt not in NAMED_DATE_FORMATS
        ]
    text = TAG_OR_VARIABLE.sub(" ", MARKED_BLOCKS.sub(" ", source))
    parser = VisibleText()
    parser.feed(text)
    parser.close()
    return list(dict.fromkeys(found)) + parser.found


def all_templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html")) + sorted(TEMPLATES.rglob("*.txt"))


@pytest.mark.parametrize("template", all_templates(), ids=lambda path: str(path.relative_to(TEMPLATES)))
def test_every_visible_string_of_the_template_is_marked(template):
    assert unmarked(template.read_text()) == []


def test_the_check_finds_text_attributes_captions_and_english_dates():
    source = """{% load i18n %}<p title="Goals">{% translate "Table" %} Round {{ n }}</p>
    {% blocktranslate %}Fine {{ x }}{% endblocktranslate %}{# a comment #}<abbr title="{% translate 'Won' %}">W</abbr>
    {% include "web/_table.html" with caption="Season "|add:season.name %}{{ when|date:"D j M" }}
    <input type="submit" value="Save"><span aria-label="{{ name }}">–</span>{{ when|date:"SHORT_DATE_FORMAT" }}"""
    assert unmarked(source) == [
        '\'Season \' in {% include "web/_table.html" with caption="Season "|add:season.name %}',
        "date format 'D j M' in {{ when|date:\"D j M\" }}",
        'title="Goals"',
        "Round",
        "W",
        'value="Save"',
    ]
    assert unmarked("<p>Bootroom · API</p>") == []
