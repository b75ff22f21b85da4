from django.contrib import admin

from leagues.admin import LEAGUE_PATHS, LeagueScopedAdmin
from rosters.models import Player, SquadMember
from rosters.print_actions import print_player_cards, print_player_cards_bw

LEAGUE_PATHS[Player] = "league"


@admin.register(Player)
class PlayerAdmin(LeagueScopedAdmin):
    list_display = ["name", "role", "price", "league", "attributes"]
    list_filter = ["league", "role", "price"]
    search_fields = ["name", "external_id"]
    list_select_related = ["league"]
    actions = [print_player_cards, print_player_cards_bw]


@admin.register(SquadMember)
class SquadMemberAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    list_display = ["player", "team", "season", "price"]
    list_filter = ["season__league", "season", "team"]
    search_fields = ["player__name", "team__name"]
    list_select_related = ["player", "team", "season__league"]
    autocomplete_fields = ["player"]
