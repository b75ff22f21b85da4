"""The League page and what every admin page of a league's rows shares: rows scoped to the
user's leagues (``LeagueScopedAdmin``), choices cut down to them, dates and times in the
league's zone, forms for the JSON boxes an engine's schema describes. The Season and Team
pages act a layer up and live in
``competitions.league_admin``.
"""

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.widgets import AdminSplitDateTime
from django.core.exceptions import FieldError, ValidationError
from django.db import models
from django.db.models import Count, Q
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from engines import Engine, get_engine
from leagues.audit_admin import EntryAdmin  # noqa: F401  registers the audit log
from leagues.engine_forms import SETTINGS, SchemaBox, settings_fieldsets, settings_form
from leagues.errors import validation_message
from leagues.models import (
    FAIR_PLAY_FIELDS,
    FAIR_PLAY_FIFA,
    TIEBREAKERS,
    Division,
    League,
    PointsDeduction,
    Season,
    Team,
)
from leagues.validation import LimitedJSONField, LimitedSplitDateTimeField
from leagues.zones import zone_choices

#: How to reach the league from a model that foreign keys may point at; other apps add theirs
#: (rosters adds Player), so every choice list in a form is cut down to the user's leagues.
LEAGUE_PATHS: dict[type, str] = {League: "pk", Season: "league", Team: "league", Division: "league"}


class ZonedSplitDateTime(AdminSplitDateTime):
    """The admin's date and time boxes, saying the zone they are in: the league's, which the
    page made current (``LeagueScopedAdmin.time_zone_for``), so 19:30 is read as the league's."""

    def render(self, name, value, attrs=None, renderer=None):
        boxes = super().render(name, value, attrs, renderer)
        note = gettext("Times in %(zone)s.") % {"zone": timezone.get_current_timezone_name()}
        return format_html('{}<span class="help timezone-note">{}</span>', boxes, note)


def rendered_in_zone(response, zone: str):
    """Render ``response`` now, while ``zone`` is current: a TemplateResponse would render after
    the view returned, in the site's zone, and its date boxes would show UTC."""
    with timezone.override(zone):
        if isinstance(response, TemplateResponse) and not response.is_rendered:
            response.render()
    return response


def run_or_managed(user, league: str, *managers: str) -> Q:
    """The rows a user may see in a manager's admin: those of the leagues they run (``league``
    leads from the row to its league) and those of a team they manage (each of ``managers``
    leads to a team's manager, such as ``team__manager``); everything for a superuser."""
    if user.is_superuser:
        return Q()
    scope = Q(**{f"{league}__in": League.objects.run_by(user)})
    for manager in managers:
        scope |= Q(**{manager: user})
    return scope


class LeagueChoicesMixin:
    """Foreign key and many-to-many choices only from the leagues the user runs.

    The form field's queryset is what Django validates a posted id against, so a
    forged id of another league's team is refused by the form, not just hidden.
    Every JSON and date box keeps to the input limits (``leagues.validation``).
    """

    formfield_overrides = {
        models.JSONField: {"form_class": LimitedJSONField},
        models.DateTimeField: {"form_class": LimitedSplitDateTimeField, "widget": ZonedSplitDateTime},
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

    def schema_cards(self, obj) -> list[tuple[str, str]] | None:
        """The cards a key naming cards offers (a team's squad), or None: such keys stay JSON."""
        return None

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
            form = kwargs.get("form", self.form)
            kwargs["form"] = settings_form(form, engine, self.schema_box, self.schema_cards(obj))
        return super().get_form(request, obj, **kwargs)


class LeagueScopedAdmin(LeagueChoicesMixin, admin.ModelAdmin):
    """Commissioners edit everything in their leagues only; managers see their league read-only.

    ``league_field`` is the path from the model to its League ("pk" for League itself).
    Rows of other leagues are not in the queryset at all, so their pages answer as missing.
    """

    league_field = "league"

    def get_queryset(self, request):
        return self.visible_rows(request, super().get_queryset(request))

    def visible_rows(self, request, queryset):
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

    def each_row(self, request, queryset, act, name=str) -> None:
        """An admin action's loop: ``act`` on each selected row the user runs, its returned line
        shown as done, or its refusal with the reason, after the row's ``name``."""
        for row in self.run_rows(request, queryset):
            try:
                line = act(row)
            except ValidationError as exc:
                self.message_user(request, f"{name(row)}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, line, messages.SUCCESS)

    def time_zone_for(self, request, obj=None) -> str:
        """The zone a page's dates and times are entered and shown in: its league's; on an add
        form, that of the league (or season, window ...) chosen in it, else the one zone of the
        leagues the user runs; else the site's."""
        league = self.league_of(obj) if obj is not None else self.league_chosen(request)
        if league is not None:
            return league.time_zone
        zones = set(League.objects.run_by(request.user).values_list("time_zone", flat=True)[:2])
        return zones.pop() if len(zones) == 1 else settings.TIME_ZONE

    def league_chosen(self, request) -> League | None:
        """The league an add form names: its first step towards the league (``season`` of
        "season__league") posted, or given in the link (``?season=3``)."""
        name, _, rest = self.league_field.partition("__")
        value = (request.POST or request.GET).get(name)
        if self.league_field == "pk" or not value:
            return None
        related = self.model._meta.get_field(name).related_model
        try:
            row = related._default_manager.filter(pk=value).first()
        except (ValueError, TypeError, ValidationError):
            return None
        for step in rest.split("__") if rest else []:
            row = getattr(row, step, None)
        return row if isinstance(row, League) else None

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """The add and change pages in the league's zone: the form reads and shows its dates
        and times there (Django's form fields convert in the current zone)."""
        obj = self.get_object(request, unquote(object_id)) if object_id else None
        zone = self.time_zone_for(request, obj)
        with timezone.override(zone):
            response = super().changeform_view(request, object_id, form_url, extra_context)
        return rendered_in_zone(response, zone)

    def changelist_view(self, request, extra_context=None):
        """The list (its editable kickoffs, its actions' forms) in the zone of its rows' league
        when they are of one zone (filter by league), else the site's."""
        zone = self.list_time_zone(request)
        with timezone.override(zone):
            response = super().changelist_view(request, extra_context)
        return rendered_in_zone(response, zone)

    def list_time_zone(self, request) -> str:
        filters = {
            key: value
            for key, value in request.GET.items()
            if key.startswith(self.league_field.split("__")[0]) and key.endswith("__exact")
        }
        lookup = "time_zone" if self.league_field == "pk" else f"{self.league_field}__time_zone"
        # the rows without the list's annotations (counts): only their leagues' zones are read
        rows = self.visible_rows(request, self.model._default_manager.all()).values_list(lookup, flat=True)
        rows = rows.order_by().distinct()
        try:
            zones = set(rows.filter(**filters)[:2])
        except (ValueError, TypeError, ValidationError, FieldError):  # a filter the list refuses too
            zones = set(rows[:2])
        return zones.pop() if len(zones) == 1 else settings.TIME_ZONE

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


ORDINALS = [_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th"), _("7th"), _("8th")]


class TiebreakersWidget(forms.MultiWidget):
    """One select per place of the order: the first rule that separates tied teams decides."""

    def __init__(self, attrs=None):
        choices = [("", _("(none)")), *TIEBREAKERS.items()]
        widgets = [
            forms.Select(choices=choices, attrs={"aria-label": format_lazy(_("{place} rule"), place=n)})
            for n in ORDINALS
        ]
        super().__init__(widgets, attrs)

    def decompress(self, value):
        value = list(value or [])
        return [*value, *[""] * (len(ORDINALS) - len(value))][: len(ORDINALS)]


class TiebreakersField(forms.MultiValueField):
    """The league's tie-breakers in order, as selects instead of a JSON list: the places left
    empty are dropped, and the model's ``clean`` refuses a rule chosen twice."""

    widget = TiebreakersWidget

    def __init__(self, **kwargs):
        fields = [forms.ChoiceField(choices=[("", ""), *TIEBREAKERS.items()], required=False) for _ in ORDINALS]
        super().__init__(fields, require_all_fields=False, required=False, **kwargs)

    def compress(self, data_list):
        return [rule for rule in data_list or [] if rule]


class LeagueForm(forms.ModelForm):
    tiebreakers = TiebreakersField(
        label=_("Tie-breakers"),
        help_text=lazy(
            lambda: (
                _(
                    "Teams level are separated by the first rule that tells them apart, in this order; leave "
                    "the places after the last rule empty. The rules: %(rules)s."
                )
                % {"rules": "; ".join(str(rule) for rule in TIEBREAKERS.values())}
            ),
            str,
        )(),
    )

    time_zone = forms.ChoiceField(
        choices=zone_choices,
        label=_("Time zone"),
        help_text=League._meta.get_field("time_zone").help_text,
    )

    class Meta:
        model = League
        fields = ["tiebreakers", "time_zone"]  # the admin's fieldsets give the rest


@admin.register(League)
class LeagueAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    form = LeagueForm
    list_display = ["name", "engine", "points_display", "budget", "season_count"]
    list_filter = ["engine"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["commissioners"]
    inlines = [TeamInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "engine", "engine_settings", "play_mode", "time_zone", "commissioners"]}),
        (
            _("Points and tie-breakers"),
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
            _("Fair play (the fair_play tie-breaker)"),
            {
                "description": _(
                    "Points per player and match; fewer is better. FIFA's: a yellow 1, a second yellow 3, "
                    'a direct red 4, a yellow and a direct red 5 (the action "Count fair play as FIFA does" sets them).'
                ),
                "fields": [*FAIR_PLAY_FIELDS.values()],
            },
        ),
        (_("Market"), {"fields": ["budget", "keepers_max", "keeper_price", "carry_over_cap"]}),
        (
            _("Transfers between matches"),
            {
                "description": _(
                    "Cards move only in a season's transfer windows: claims on free agents are settled "
                    "at the window's claims deadline, then free agents are signed first come, first served."
                ),
                "fields": ["claims_by", "release_refund_percent", "trades_need_approval", "trade_veto_hours"],
            },
        ),
        (_("Suspensions and injuries"), {"fields": ["suspension_matches", "yellow_cards_ban", "injury_matches"]}),
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
        description=_("Count fair play as FIFA does (yellow 1, second yellow 3, direct red 4, both 5)"),
        permissions=["change"],
    )
    def fair_play_fifa(self, request, queryset):
        leagues = list(self.run_rows(request, queryset))
        for league in leagues:
            league.fair_play_use(FAIR_PLAY_FIFA)
        self.message_user(
            request,
            ngettext(
                "%(count)d league now counts fair play as FIFA does.",
                "%(count)d leagues now count fair play as FIFA does.",
                len(leagues),
            )
            % {"count": len(leagues)},
        )

    @admin.display(description=_("W/D/L points"))
    def points_display(self, league):
        return f"{league.points_win}/{league.points_draw}/{league.points_loss}"

    @admin.display(description=_("seasons"), ordering="season_total")
    def season_count(self, league):
        return league.season_total


@admin.register(PointsDeduction)
class PointsDeductionAdmin(LeagueScopedAdmin):
    league_field = "season__league"

    list_display = ["team", "season", "points", "reason", "created_at"]
    list_filter = ["season__league"]
    search_fields = ["team__name", "reason"]


@admin.register(Division)
class DivisionAdmin(LeagueScopedAdmin):
    """A league's tiers and what moves between them at the rollover."""

    list_display = ["name", "league", "tier", "promoted", "relegated", "promotion_playoff", "relegation_playoff"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    fields = ["league", "name", "tier", "promoted", "relegated", "promotion_playoff", "relegation_playoff"]
