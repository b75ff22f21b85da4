from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from leagues.errors import validation_message
from tournaments.groups import draw_group_knockout
from tournaments.models import Bracket, Entrant, Group, GroupStage, Tie
from tournaments.services import champion, draw_bracket


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["seed", "team"]
    autocomplete_fields = ["team"]


class TieInline(admin.TabularInline):
    model = Tie
    extra = 0
    can_delete = False
    fields = [
        *["round", "slot", "third_place", "home_seed", "home", "away_seed", "away", "bye"],
        *["first_leg", "match", "decider", "winner"],
    ]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Bracket)
class BracketAdmin(admin.ModelAdmin):
    list_display = ["season", "third_place", "two_legged_rounds", "away_goals", "rounds", "drawn_at", "winner"]
    list_filter = ["season__league"]
    search_fields = ["season__name", "season__league__name"]
    inlines = [EntrantInline, TieInline]
    actions = ["draw"]
    readonly_fields = ["rounds", "drawn_at"]

    @admin.display(description="winner")
    def winner(self, bracket):
        return champion(bracket) or "-"

    @admin.action(description="Draw the bracket (seeds as entered, else drawn by lot) and schedule round one")
    def draw(self, request, queryset):
        for bracket in queryset.select_related("season__league"):
            try:
                draw_bracket(
                    bracket.season,
                    third_place=bracket.third_place,
                    two_legged_rounds=bracket.two_legged_rounds,
                    away_goals=bracket.away_goals,
                )
            except ValidationError as exc:
                self.message_user(request, f"{bracket}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{bracket}: drawn, round one scheduled.", messages.SUCCESS)


class GroupInline(admin.TabularInline):
    model = Group
    extra = 0
    can_delete = False
    fields = ["label", "season"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(GroupStage)
class GroupStageAdmin(admin.ModelAdmin):
    """Groups are drawn with ``manage.py draw_groups``; here the commissioner sees them and
    draws the knockout once every group match is finished."""

    list_display = ["season", "group_count", "advance", "knockout", "drawn_at"]
    list_filter = ["season__league"]
    inlines = [GroupInline]
    actions = ["draw_knockout"]
    readonly_fields = ["knockout", "drawn_at"]

    @admin.action(description="Draw the knockout of the groups' top teams (winners meet runners-up)")
    def draw_knockout(self, request, queryset):
        for stage in queryset.select_related("season__league"):
            try:
                knockout = draw_group_knockout(stage)
            except ValidationError as exc:
                self.message_user(request, f"{stage}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{stage}: {knockout} drawn, round one scheduled.", messages.SUCCESS)
