from django.contrib import admin

from rosters.models import Player, SquadMember


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "role", "price", "league", "attributes"]
    list_filter = ["league", "role", "price"]
    search_fields = ["name", "external_id"]
    list_select_related = ["league"]


@admin.register(SquadMember)
class SquadMemberAdmin(admin.ModelAdmin):
    list_display = ["player", "team", "season", "price"]
    list_filter = ["season__league", "season", "team"]
    search_fields = ["player__name", "team__name"]
    list_select_related = ["player", "team", "season__league"]
    autocomplete_fields = ["player"]
