from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import format_html

from leagues.errors import validation_message
from leagues.models import League, PointsDeduction, Season, Team
from leagues.scheduling import generate_fixtures


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    fields = ["name", "short_name", "manager"]
    autocomplete_fields = ["manager"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "engine", "points_display", "budget", "season_count"]
    list_filter = ["engine"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["commissioners"]
    inlines = [TeamInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "engine", "engine_settings", "commissioners"]}),
        (
            "Points and tie-breakers",
            {
                "fields": [
                    "points_win",
                    "points_draw",
                    "points_loss",
                    "tiebreakers",
                    "forfeit_goals_for",
                    "forfeit_goals_against",
                ]
            },
        ),
        ("Market", {"fields": ["budget"]}),
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(season_total=Count("seasons"))

    @admin.display(description="W/D/L points")
    def points_display(self, league):
        return f"{league.points_win}/{league.points_draw}/{league.points_loss}"

    @admin.display(description="seasons", ordering="season_total")
    def season_count(self, league):
        return league.season_total


class PointsDeductionInline(admin.TabularInline):
    model = PointsDeduction
    extra = 0
    fields = ["team", "points", "reason", "created_at"]
    readonly_fields = ["created_at"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "team_total", "progress", "first_kickoff", "table_link"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    filter_horizontal = ["teams"]
    inlines = [PointsDeductionInline]
    actions = ["generate_fixtures_action"]
    fields = ["league", "name", "teams", "double_round_robin", "first_kickoff", "round_interval", "seed"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("league")
            .annotate(
                team_total=Count("teams", distinct=True),
                match_total=Count("matches", distinct=True),
                played_total=Count("matches", filter=Q(matches__status__in=["played", "forfeited"]), distinct=True),
            )
        )

    @admin.display(description="teams", ordering="team_total")
    def team_total(self, season):
        return season.team_total

    @admin.display(description="played")
    def progress(self, season):
        return f"{season.played_total}/{season.match_total}"

    @admin.display(description="matches")
    def table_link(self, season):
        url = reverse("admin:matches_match_changelist") + f"?season__id__exact={season.id}"
        return format_html('<a href="{}">fixtures</a>', url)

    @admin.action(description="Generate round-robin fixtures (from first kickoff and interval)")
    def generate_fixtures_action(self, request, queryset):
        for season in queryset:
            try:
                matches = generate_fixtures(season)
            except ValidationError as exc:
                self.message_user(request, f"{season}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{season}: {len(matches)} matches scheduled.", messages.SUCCESS)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "league", "manager"]
    list_filter = ["league"]
    search_fields = ["name", "short_name", "league__name"]
    autocomplete_fields = ["manager"]


@admin.register(PointsDeduction)
class PointsDeductionAdmin(admin.ModelAdmin):
    list_display = ["team", "season", "points", "reason", "created_at"]
    list_filter = ["season__league"]
    search_fields = ["team__name", "reason"]
