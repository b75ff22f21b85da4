"""Admin actions that answer with a card sheet PDF (``PlayerAdmin`` and ``TeamAdmin`` list them).

Kept out of the admin modules so each admin adds one import and its entries in ``actions``;
the cards come from the same selectors and renderer as the downloads and ``print_cards``.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpResponse

from rosters.cards_pdf import CardSet, NothingToPrint, card_set_for_players, card_set_for_teams, render_cards
from rosters.views import pdf_response


def _cards_response(modeladmin, request, build, *, mono: bool) -> HttpResponse | None:
    try:
        card_set: CardSet = build()
    except (NothingToPrint, ValueError) as exc:  # no squad yet, or cards of several games
        modeladmin.message_user(request, f"Nothing printed: {exc}.", messages.ERROR)
        return None
    return pdf_response(render_cards(card_set, mono=mono))


@admin.action(description="Print cards (PDF, team colours)")
def print_player_cards(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_players(ids), mono=False)


@admin.action(description="Print cards (PDF, black and white)")
def print_player_cards_bw(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_players(ids), mono=True)


@admin.action(description="Print squad cards (PDF, team colours)")
def print_team_cards(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.order_by("name").values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_teams(ids), mono=False)


@admin.action(description="Print squad cards (PDF, black and white)")
def print_team_cards_bw(modeladmin, request, queryset) -> HttpResponse | None:
    ids = list(queryset.order_by("name").values_list("id", flat=True))
    return _cards_response(modeladmin, request, lambda: card_set_for_teams(ids), mono=True)
