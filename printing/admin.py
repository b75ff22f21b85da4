"""The print actions on the admin pages: cards on Players and Teams, scoresheets on Matches,
the bracket on Brackets.

The pages belong to the apps below (``rosters``, ``competitions``), which may not import
printing; so printing adds its actions to them, once every app's admin module has registered
its pages (``printing`` comes after them in ``INSTALLED_APPS``, and the admin loads the
modules in that order). Each page is registered again as a subclass of itself with the print
actions after its own: the page, its URLs and its permissions stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin, messages
from django.db import models
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.drawing import bracket_drawing
from leagues.models import Team
from matches.models import Match
from printing.brackets import render_bracket
from printing.cards.data import CardSet, NothingToPrint
from printing.cards.render import render_cards
from printing.cards.selectors import card_set_for_players, card_set_for_teams
from printing.responses import pdf_response
from printing.scoresheets.render import render_scoresheets
from printing.scoresheets.selectors import scoresheet_for_match
from rosters.models import Player
from tournaments.models import Bracket

#: More sheets than this in one go is a mistake (a whole season selected), not a print job.
MAX_SHEETS = 200


def _cards_response(modeladmin, request, build: Callable[[], CardSet], *, mono: bool) -> HttpResponse | None:
    try:
        card_set = build()
    except (NothingToPrint, ValueError) as exc:  # no squad yet, or cards of several games
        modeladmin.message_user(request, _("Nothing printed: %(reason)s.") % {"reason": exc}, messages.ERROR)
        return None
    return pdf_response(render_cards(card_set, mono=mono))


@admin.action(description=gettext_lazy("Print cards (PDF, team colours)"))
def print_player_cards(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_players(ids), mono=False)


@admin.action(description=gettext_lazy("Print cards (PDF, black and white)"))
def print_player_cards_bw(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_players(ids), mono=True)


@admin.action(description=gettext_lazy("Print squad cards (PDF, team colours)"))
def print_team_cards(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.order_by("name").values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_teams(ids), mono=False)


@admin.action(description=gettext_lazy("Print squad cards (PDF, black and white)"))
def print_team_cards_bw(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.order_by("name").values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_teams(ids), mono=True)


def _sheets_response(modeladmin, request, queryset, *, blank: bool) -> HttpResponse | None:
    ids = list(queryset.order_by("kickoff", "id").values_list("id", flat=True)[: MAX_SHEETS + 1])
    if len(ids) > MAX_SHEETS:
        modeladmin.message_user(
            request, _("Choose at most %(count)s matches to print.") % {"count": MAX_SHEETS}, messages.ERROR
        )
        return None
    engines = set(queryset.values_list("season__league__engine", flat=True))
    if len(engines) > 1:
        modeladmin.message_user(request, _("Choose matches of one game at a time."), messages.ERROR)
        return None
    sheets = [scoresheet_for_match(match_id, blank=blank) for match_id in ids]
    return pdf_response(render_scoresheets(sheets))


@admin.action(description=gettext_lazy("Print scoresheet (PDF; filled in once played)"))
def print_scoresheet(modeladmin, request, queryset) -> HttpResponse | None:
    return _sheets_response(modeladmin, request, queryset, blank=False)


@admin.action(description=gettext_lazy("Print blank scoresheet (PDF, to play at the table)"))
def print_blank_scoresheet(modeladmin, request, queryset) -> HttpResponse | None:
    return _sheets_response(modeladmin, request, queryset, blank=True)


@admin.action(description=gettext_lazy("Print the bracket (PDF)"))
def print_bracket(modeladmin, request, queryset) -> HttpResponse | None:
    if queryset.count() != 1:
        modeladmin.message_user(request, _("Select one bracket to print."), messages.ERROR)
        return None
    return pdf_response(render_bracket(bracket_drawing(queryset.get().season_id)))


def add_actions(model: type[models.Model], *actions: Callable) -> None:
    """Register ``model``'s admin page again as a subclass of itself with ``actions`` after its own."""
    page = type(admin.site.get_model_admin(model))
    admin.site.unregister(model)
    admin.site.register(model, type(page.__name__, (page,), {"actions": [*(page.actions or ()), *actions]}))


add_actions(Player, print_player_cards, print_player_cards_bw)
add_actions(Team, print_team_cards, print_team_cards_bw)
add_actions(Match, print_scoresheet, print_blank_scoresheet)
add_actions(Bracket, print_bracket)
