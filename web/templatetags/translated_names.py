"""``{% load translated_names %}``: the words the competitions compute in English (they are
cached and named in the API) in the reader's language, when a page shows them.

``{{ name|round_name }}`` a knockout round's name, a bracket's box label or section title;
``{{ entry|entry_name }}`` a bracket entry's name (a team to come: "Winner of SF 1");
``{{ name|tie_match }}`` "first leg", "deciding match"; ``{{ box.note|tie_score }}`` how a tie
was settled; ``{{ note|tie_note }}`` a table's tie-break note; ``{{ record|record_title }}`` and
``{{ record|record_detail }}``;
``{{ entry|cross_note }}`` a results grid's cell."""

from django import template

from competitions.cross_tables import cross_note_shown
from competitions.records import record_detail_shown, record_title_shown
from competitions.round_names import round_name_shown, tie_match_shown, tie_score_shown
from competitions.standings import tie_note_shown
from web.bracket_names import entry_name

register = template.Library()
register.filter("round_name", round_name_shown)
register.filter("entry_name", entry_name)
register.filter("tie_match", tie_match_shown)
register.filter("tie_score", tie_score_shown)
register.filter("tie_note", tie_note_shown)
register.filter("record_title", record_title_shown)
register.filter("record_detail", record_detail_shown)
register.filter("cross_note", cross_note_shown)
