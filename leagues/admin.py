from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import FilteredSelectMultiple
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import format_html

from competitions.round_robin import generate_fixtures
from engines import CardError, Engine, get_engine
from leagues.audit_admin import EntryAdmin  # noqa: F401  registers the audit log
from leagues.engine_forms import SETTINGS, TACTICS, SchemaBox, has_form, settings_fieldsets, settings_form, tactics_help
from leagues.errors import validation_message
from leagues.models import (
    FAIR_PLAY_FIELDS,
    FAIR_PLAY_FIFA,
    Division,
    League,
    PointsDeduction,
    Season,
    SeasonTeam,
    Team,
)
from leagues.validation import LimitedJSONField, LimitedSplitDateTimeField, team_count_errors
from rosters.print_actions import print_team_cards, print_team_cards_bw

#: How to reach the league from a model that foreign keys may point at; other apps add theirs
#: (rosters adds Player), so every choice list in a form is cut down to the user's leagues.
LEAGUE_PATHS: dict[type, str] = {League: "pk", Season: "league", Team: "league", Division: "league"}


class LeagueChoicesMixin:
    """Foreign key and many-to-many choices only from the leagues the user runs.

    The form field's queryset is what Django validates a posted id against, so a
    forged id of another league's team is refused by the form, not just hidden.
    Every JSON and date box keeps to the input limits (``leagues.validation``).
    """

    formfield_overrides = {
        models.JSONField: {"form_class": LimitedJSONField},
        models.DateTimeField: {"form_class": LimitedSplitDateTimeField},
    }

    def _limit(self, db_field, request, kwargs):
        path = LEAGUE_PATHS.get(db_field.related_model)
        if path and not request.user.is_superuser:
            manager = db_field.related_model._default_manager
            kwargs["queryset"] = manager.filter(**{f"{path}__in": League.objects.run_by(request.user)})
        return kwargs

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        return super().formfield_for_foreignkey(db_field, request, **self._limit(db_field, request, kwargs))

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        return super().formfield_for_manytomany(db_field, request, **self._limit(db_field, request, kwargs))


class EngineSettingsAdmin:
    """A page that edits a JSON box an engine's schema describes (``schema_box``: engine
    settings, or a team's tactics) as a form built from that schema (``leagues.engine_forms``)
    once the game is known; a new row keeps the JSON box (its game is chosen on the same
    page), validated against the same schema on save."""

    schema_box: SchemaBox = SETTINGS

    def settings_engine(self, obj) -> Engine | None:
        raise NotImplementedError

    def _settings_form_engine(self, request, obj) -> Engine | None:
        """The engine whose form to show: only on a page that may change the row (a view-only
        page shows the stored JSON)."""
        return self.settings_engine(obj) if self.has_change_permission(request, obj) else None

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        engine = self._settings_form_engine(request, obj)
        return settings_fieldsets(fieldsets, engine, self.schema_box) if engine else fieldsets

    def get_form(self, request, obj=None, **kwargs):
        engine = self._settings_form_engine(request, obj)
        if engine:
            kwargs["form"] = settings_form(kwargs.get("form", self.form), engine, self.schema_box)
        return super().get_form(request, obj, **kwargs)


class LeagueScopedAdmin(LeagueChoicesMixin, admin.ModelAdmin):
    """Commissioners edit everything in their leagues only; managers see their league read-only.

    ``league_field`` is the path from the model to its League ("pk" for League itself).
    Rows of other leagues are not in the queryset at all, so their pages answer as missing.
    """

    league_field = "league"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.league_field}__in": League.objects.visible_to(request.user)})

    def league_of(self, obj) -> League | None:
        if self.league_field == "pk":
            return obj
        for name in self.league_field.split("__"):
            obj = getattr(obj, name, None)
        return obj

    def runs(self, request, obj=None) -> bool:
        """Whether the user may change ``obj`` (or, with None, anything here at all)."""
        if request.user.is_superuser:
            return True
        run = League.objects.run_by(request.user)
        if obj is None:
            return run.exists()
        league = self.league_of(obj)
        return league is not None and run.filter(pk=league.pk).exists()

    def run_rows(self, request, queryset):
        """The rows of ``queryset`` in leagues the user runs: what an admin action may change
        (the changelist also shows the leagues where they only manage a team)."""
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{f"{self.league_field}__in": League.objects.run_by(request.user)})

    def has_add_permission(self, request):
        return super().has_add_permission(request) and self.runs(request)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self.runs(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self.runs(request, obj)


class ScopedInline(LeagueChoicesMixin, admin.TabularInline):
    """An inline whose choices come from the user's leagues (the parent admin scopes the rows)."""


class TeamInline(ScopedInline):
    model = Team
    extra = 0
    fields = ["name", "short_name", "manager"]
    autocomplete_fields = ["manager"]


@admin.register(League)
class LeagueAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    list_display = ["name", "engine", "points_display", "budget", "season_count"]
    list_filter = ["engine"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["commissioners"]
    inlines = [TeamInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "engine", "engine_settings", "play_mode", "commissioners"]}),
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
        (
            "Fair play (the fair_play tie-breaker)",
            {
                "description": "Points per player and match; fewer is better. FIFA's: a yellow 1, a second yellow 3, "
                'a direct red 4, a yellow and a direct red 5 (the action "Count fair play as FIFA does" sets them).',
                "fields": [*FAIR_PLAY_FIELDS.values()],
            },
        ),
        ("Market", {"fields": ["budget"]}),
    ]
    actions = ["fair_play_fifa"]

    league_field = "pk"

    def settings_engine(self, obj) -> Engine | None:
        return get_engine(obj.engine) if obj is not None else None

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(season_total=Count("seasons"))

    def save_related(self, request, form, formsets, change):
        """A commissioner who adds a league runs it (else it would vanish from their admin)."""
        super().save_related(request, form, formsets, change)
        if not request.user.is_superuser:
            form.instance.commissioners.add(request.user)

    @admin.action(
        description="Count fair play as FIFA does (yellow 1, second yellow 3, direct red 4, both 5)",
        permissions=["change"],
    )
    def fair_play_fifa(self, request, queryset):
        leagues = list(self.run_rows(request, queryset))
        for league in leagues:
            league.fair_play_use(FAIR_PLAY_FIFA)
        self.message_user(request, f"{len(leagues)} league(s) now count fair play as FIFA does.")

    @admin.display(description="W/D/L points")
    def points_display(self, league):
        return f"{league.points_win}/{league.points_draw}/{league.points_loss}"

    @admin.display(description="seasons", ordering="season_total")
    def season_count(self, league):
        return league.season_total


class PointsDeductionInline(ScopedInline):
    model = PointsDeduction
    extra = 0
    fields = ["team", "points", "reason", "created_at"]
    readonly_fields = ["created_at"]


class SeasonTeamInline(ScopedInline):
    """Each team's division in the season (shown when the league has divisions); the teams
    themselves are chosen in the season's form."""

    model = SeasonTeam
    extra = 0
    fields = ["team", "division"]
    readonly_fields = ["team"]
    can_delete = False
    verbose_name = "team's division"
    verbose_name_plural = "divisions of the teams"

    def has_add_permission(self, request, obj=None):
        return False


class SeasonForm(forms.ModelForm):
    """The season with its teams: a plain choice of teams (``Season.teams`` goes through
    ``SeasonTeam``, whose division the inline sets), saved by ``SeasonAdmin.save_related``."""

    teams = forms.ModelMultipleChoiceField(
        queryset=Team.objects.all(), required=False, widget=FilteredSelectMultiple("teams", is_stacked=False)
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["teams"].initial = list(self.instance.teams.values_list("pk", flat=True))

    def clean_teams(self):
        teams = self.cleaned_data["teams"]
        if errors := team_count_errors(len(teams)):
            raise ValidationError(errors["teams"])
        return teams


@admin.register(Season)
class SeasonAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    form = SeasonForm
    list_display = ["name", "league", "team_total", "progress", "first_kickoff", "table_link"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    inlines = [PointsDeductionInline]
    actions = ["generate_fixtures_action", "close_season_action", "next_season_action"]
    #: The form's fields (``get_fields``: the admin's checks refuse ``teams`` in a ``fields``
    #: attribute, as Django cannot edit a relation through a model of its own; the form can).
    form_fields = [
        *["league", "name", "teams", "double_round_robin", "first_kickoff", "round_interval", "seed"],
        *["engine_settings", "keepers_deadline"],
    ]

    def get_fields(self, request, obj=None):
        return self.form_fields

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if not request.user.is_superuser:  # a forged id of another league's team is refused by the form
            field = form.base_fields["teams"]
            field.queryset = field.queryset.filter(league__in=League.objects.run_by(request.user))
        return form

    def get_inlines(self, request, obj):
        if obj is not None and obj.league.divisions.exists():
            return [SeasonTeamInline, *self.inlines]
        return self.inlines

    def save_related(self, request, form, formsets, change):
        """The inlines (the teams' divisions) before the teams: a team taken out of the season
        goes with its row, which a later save of the inline would write back."""
        for formset in formsets:
            self.save_formset(request, form, formset, change=change)
        form.save_m2m()

    def settings_engine(self, obj) -> Engine | None:
        return get_engine(obj.league.engine) if obj is not None else None

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

    @admin.action(
        description="Close the season (its unplayed matches are cancelled and listed)", permissions=["change"]
    )
    def close_season_action(self, request, queryset):
        from competitions.rollover import season_close

        for season in self.run_rows(request, queryset):
            try:
                note = season_close(season, by=request.user)
            except ValidationError as exc:
                self.message_user(request, f"{season}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{season} is closed. {note}", messages.SUCCESS)

    @admin.action(description="Start the next season (rollover of a finished season)", permissions=["change"])
    def next_season_action(self, request, queryset):
        from competitions.rollover import season_rollover

        for season in self.run_rows(request, queryset):
            try:
                new = season_rollover(season, by=request.user)
            except ValidationError as exc:
                self.message_user(request, f"{season}: {validation_message(exc)}", messages.ERROR)
            else:
                url = reverse("admin:leagues_season_change", args=[new.pk])
                text = format_html('{} follows {}: <a href="{}">its teams, fixtures and draft</a>.', new, season, url)
                self.message_user(request, text, messages.SUCCESS)


@admin.register(Division)
class DivisionAdmin(LeagueScopedAdmin):
    """A league's tiers and what moves between them at the rollover."""

    list_display = ["name", "league", "tier", "promoted", "relegated", "promotion_playoff", "relegation_playoff"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    fields = ["league", "name", "tier", "promoted", "relegated", "promotion_playoff", "relegation_playoff"]


@admin.register(Team)
class TeamAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    """Commissioners edit their teams; a team's manager may change its tactics, nothing else.
    Tactics are orders kept from opponents: other managers see a team without them. Where the
    game's tactics are choices and numbers ("11", Mutant Soccer) they are a form; where they
    name cards by id (Fütti, Calciotto) a JSON box whose help lists the keys."""

    schema_box = TACTICS

    list_display = ["name", "short_name", "league", "manager"]
    list_filter = ["league"]
    search_fields = ["name", "short_name", "league__name"]
    autocomplete_fields = ["manager"]
    fields = ["league", "name", "short_name", "manager", "tactics"]
    actions = [print_team_cards, print_team_cards_bw]

    def manages(self, request, obj) -> bool:
        return obj is not None and obj.manager_id == request.user.pk

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) or self.manages(request, obj)

    def get_fields(self, request, obj=None):
        if obj is None or self.runs(request, obj) or self.manages(request, obj):
            return self.fields
        return [name for name in self.fields if name != "tactics"]

    def get_readonly_fields(self, request, obj=None):
        if self.runs(request, obj):
            return ()
        return [name for name in self.fields if name != "tactics"]

    def settings_engine(self, obj) -> Engine | None:
        engine = get_engine(obj.league.engine) if obj is not None else None
        return engine if engine is not None and has_form(engine, TACTICS) else None

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)

        class TacticsForm(form):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                if obj is not None and "tactics" in self.fields:
                    self.fields["tactics"].help_text = tactics_help(get_engine(obj.league.engine))

            def clean(self):
                data = super().clean()
                league = data.get("league") or getattr(self.instance, "league", None)
                tactics = data.get("tactics") if "tactics" in self.fields else self.instance.tactics
                if tactics and isinstance(tactics, dict) and league is not None and not self.errors:
                    from matches.services import check_tactics

                    try:
                        check_tactics(league, tactics, team_id=self.instance.pk)
                    except Exception as exc:  # noqa: BLE001 - whatever the engine makes of bad orders, it is the field's error
                        self.add_error("tactics", str(exc) if isinstance(exc, CardError) else f"not understood: {exc}")
                return data

        return TacticsForm


@admin.register(PointsDeduction)
class PointsDeductionAdmin(LeagueScopedAdmin):
    league_field = "season__league"

    list_display = ["team", "season", "points", "reason", "created_at"]
    list_filter = ["season__league"]
    search_fields = ["team__name", "reason"]
