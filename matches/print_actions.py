"""Admin actions that answer with a scoresheet PDF; ``MatchAdmin.actions`` lists them.

They live here rather than in ``matches/admin.py`` so the admin keeps one import and two
entries for printing, and the actions share ``render_scoresheets`` with the views and the
command.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpResponse

from matches.scoresheets import render_scoresheets, scoresheet_for_match
from rosters.views import pdf_response

#: More sheets than this in one go is a mistake (a whole season selected), not a print job.
MAX_SHEETS = 200


def _sheets_response(modeladmin, request, queryset, *, blank: bool) -> HttpResponse | None:
    ids = list(queryset.order_by("kickoff", "id").values_list("id", flat=True)[: MAX_SHEETS + 1])
    if len(ids) > MAX_SHEETS:
        modeladmin.message_user(request, f"Choose at most {MAX_SHEETS} matches to print.", messages.ERROR)
        return None
    engines = set(queryset.values_list("season__league__engine", flat=True))
    if len(engines) > 1:
        modeladmin.message_user(request, "Choose matches of one game at a time.", messages.ERROR)
        return None
    sheets = [scoresheet_for_match(match_id, blank=blank) for match_id in ids]
    return pdf_response(render_scoresheets(sheets))


@admin.action(description="Print scoresheet (PDF; filled in once played)")
def print_scoresheet(modeladmin, request, queryset) -> HttpResponse | None:
    return _sheets_response(modeladmin, request, queryset, blank=False)


@admin.action(description="Print blank scoresheet (PDF, to play at the table)")
def print_blank_scoresheet(modeladmin, request, queryset) -> HttpResponse | None:
    return _sheets_response(modeladmin, request, queryset, blank=True)
