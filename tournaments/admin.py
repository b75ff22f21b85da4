from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from leagues.admin import LeagueScopedAdmin
from leagues.errors import validation_message
from leagues.models import Team
from tournaments.groups import draw_group_knockout
from tournaments.models import Bracket, Entrant, Group, GroupStage, Swiss, SwissBye, Tie
from tournaments.services import champion, draw_bracket
from tournaments.swiss import swiss_standings


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["seed", "team"]
    autocomplete_fields = ["team"]


class ReadOnlyInline(admin.TabularInline):
    """Rows the services make (ties, groups, byes): shown, never edited by hand."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None):
        return False


class TieInline(ReadOnlyInline):
    model = Tie
    fields = [
        *["side", "round", "slot", "third_place", "home_seed", "home", "away_seed", "away", "bye"],
        *["first_leg", "match", "decider", "winner"],
    ]


@admin.register(Bracket)
class BracketAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    list_display = [
        *["season", "third_place", "two_legged_rounds", "away_goals", "double_elimination", "bracket_reset"],
        *["rounds", "drawn_at", "winner"],
    ]
    list_filter = ["season__league"]
    search_fields = ["season__name", "season__league__name"]
    inlines = [EntrantInline, TieInline]
    actions = ["draw"]
    readonly_fields = ["rounds", "drawn_at"]

    @admin.display(description="winner")
    def winner(self, bracket):
        return champion(bracket) or "-"

    @admin.action(
        description="Draw the bracket (seeds as entered, else drawn by lot) and schedule round one",
        permissions=["change"],
    )
    def draw(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        for bracket in queryset.select_related("season__league"):
            try:
                draw_bracket(
                    bracket.season,
                    third_place=bracket.third_place,
                    two_legged_rounds=bracket.two_legged_rounds,
                    away_goals=bracket.away_goals,
                    double_elimination=bracket.double_elimination,
                    bracket_reset=bracket.bracket_reset,
                )
            except ValidationError as exc:
                self.message_user(request, f"{bracket}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{bracket}: drawn, round one scheduled.", messages.SUCCESS)


class GroupInline(ReadOnlyInline):
    model = Group
    fields = ["label", "season"]


@admin.register(GroupStage)
class GroupStageAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    """Groups are drawn with ``manage.py draw_groups``; here the commissioner sees them and
    draws the knockout once every group match is finished."""

    list_display = ["season", "group_count", "advance", "knockout", "drawn_at"]
    list_filter = ["season__league"]
    inlines = [GroupInline]
    actions = ["draw_knockout"]
    readonly_fields = ["knockout", "drawn_at"]

    @admin.action(
        description="Draw the knockout of the groups' top teams (winners meet runners-up)", permissions=["change"]
    )
    def draw_knockout(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        for stage in queryset.select_related("season__league"):
            try:
                knockout = draw_group_knockout(stage)
            except ValidationError as exc:
                self.message_user(request, f"{stage}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{stage}: {knockout} drawn, round one scheduled.", messages.SUCCESS)


class SwissByeInline(ReadOnlyInline):
    model = SwissBye
    fields = ["round", "team"]


@admin.register(Swiss)
class SwissAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    """Drawn with ``manage.py draw_swiss``; each later round draws itself as the one before completes."""

    list_display = ["season", "rounds", "drawn_at", "leader"]
    list_filter = ["season__league"]
    inlines = [SwissByeInline]
    readonly_fields = ["rounds", "ranking", "drawn_at"]

    @admin.display(description="leader")
    def leader(self, swiss):
        rows = swiss_standings(swiss)
        return Team.objects.filter(id=rows[0].team).first() if rows else "-"
