"""The Season and Team pages: the models are the leagues app's, the pages act a layer up.

A season's page schedules its round robin (``competitions.round_robin``), sets the teams'
divisions, closes the season and starts the next one (``competitions.rollover``); a team's page
links its tactics in each season (``competitions.tactics_admin``), and printing adds the
squad cards (``printing.admin``). ``leagues.admin`` keeps the League page
and the scoping every page shares, and imports nothing above ``leagues``.
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.widgets import FilteredSelectMultiple
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from competitions.rollover import division_playoffs_draw, season_close, season_rollover
from competitions.round_robin import fixtures_generate
from engines import Engine, get_engine
from leagues.admin import EngineSettingsAdmin, LeagueScopedAdmin, ScopedInline
from leagues.errors import validation_message
from leagues.models import League, PointsDeduction, Season, SeasonTeam, Team
from leagues.validation import team_count_errors
from rosters.accounts import invite_manager
from rosters.market_admin import TransferWindowInline


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
    verbose_name = _("team's division")
    verbose_name_plural = _("divisions of the teams")

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

    def clean(self):
        """A season's teams are its league's (a commissioner of two leagues is offered both)."""
        cleaned = super().clean()
        league, teams = cleaned.get("league"), cleaned.get("teams")
        if league is not None and teams:
            foreign = [team.name for team in teams if team.league_id != league.pk]
            if foreign:
                self.add_error(
                    "teams",
                    gettext("%(teams)s: not a team of %(league)s; a season plays its league's teams.")
                    % {"teams": ", ".join(foreign), "league": league},
                )
        return cleaned


class NextSeasonForm(forms.Form):
    """What changes before the next season's fixtures are drawn: its name, teams that leave and
    teams that join (they start in the bottom division)."""

    name = forms.CharField(
        required=False, max_length=100, help_text=_("Empty: the season's name counted on (2026 gives 2027).")
    )
    withdraw = forms.ModelMultipleChoiceField(
        queryset=Team.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Teams that leave the league's seasons."),
    )
    add = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Teams that join, one name a line (made in the league unless it has them)."),
    )

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["withdraw"].queryset = season.teams.order_by("name")

    def clean_add(self) -> list[str]:
        return [name.strip() for name in self.cleaned_data["add"].splitlines() if name.strip()]


@admin.register(Season)
class SeasonAdmin(EngineSettingsAdmin, LeagueScopedAdmin):
    form = SeasonForm
    list_display = ["name", "league", "team_total", "progress", "first_kickoff", "table_link"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]
    inlines = [PointsDeductionInline, TransferWindowInline]
    actions = ["generate_fixtures_action", "close_season_action", "division_playoffs_action", "next_season_action"]
    #: The form's fields (``get_fields``: the admin's checks refuse ``teams`` in a ``fields``
    #: attribute, as Django cannot edit a relation through a model of its own; the form can).
    form_fields = [
        *["league", "name", "teams", "double_round_robin", "first_kickoff", "round_interval", "seed"],
        *["engine_settings", "keepers_deadline"],
    ]

    def get_fields(self, request, obj=None):
        return self.form_fields

    def get_form(self, request, obj=None, **kwargs):
        """The form with the teams a commissioner may choose: those of the leagues they run (a
        forged id of another league's team is refused). Set on each form's own copy of the
        field: the declared field itself is shared by every request's form class."""
        form = super().get_form(request, obj, **kwargs)
        if request.user.is_superuser:
            return form
        teams = Team.objects.filter(league__in=League.objects.run_by(request.user))

        class ScopedSeasonForm(form):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.fields["teams"].queryset = teams

        return ScopedSeasonForm

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

    @admin.display(description=_("teams"), ordering="team_total")
    def team_total(self, season):
        return season.team_total

    @admin.display(description=_("played"))
    def progress(self, season):
        return f"{season.played_total}/{season.match_total}"

    @admin.display(description=_("matches"))
    def table_link(self, season):
        url = reverse("admin:matches_match_changelist") + f"?season__id__exact={season.id}"
        return format_html('<a href="{}">fixtures</a>', url)

    @admin.action(
        description=_("Generate round-robin fixtures (from first kickoff and interval)"), permissions=["change"]
    )
    def generate_fixtures_action(self, request, queryset):
        self.each_row(
            request,
            queryset,
            lambda season: (
                gettext("%(season)s: %(count)d matches scheduled.")
                % {"season": season, "count": len(fixtures_generate(season))}
            ),
        )

    @admin.action(
        description=_("Close the season (its unplayed matches are cancelled and listed)"), permissions=["change"]
    )
    def close_season_action(self, request, queryset):
        self.each_row(
            request,
            queryset,
            lambda s: (
                gettext("%(season)s is closed. %(note)s") % {"season": s, "note": season_close(s, by=request.user)}
            ),
        )

    @admin.action(description=_("Draw the divisions' promotion play-offs (a finished season)"), permissions=["change"])
    def division_playoffs_action(self, request, queryset):
        def draw(season) -> str:
            names = ", ".join(str(k) for k in division_playoffs_draw(season))
            return gettext("%(season)s: drawn %(names)s; the worker plays them.") % {"season": season, "names": names}

        self.each_row(request, queryset, draw)

    @admin.action(description=_("Start the next season (rollover of a finished season)"), permissions=["change"])
    def next_season_action(self, request, queryset):
        """An intermediate page: the teams to withdraw and to add before the fixtures are drawn,
        then ``season_rollover``; a refusal is shown on the page with nothing changed."""
        seasons = list(self.run_rows(request, queryset))
        if len(seasons) != 1:
            self.message_user(request, _("Start the next season of one season at a time."), messages.ERROR)
            return None
        season = seasons[0]
        form = NextSeasonForm(request.POST if "apply" in request.POST else None, season=season)
        if form.is_valid():
            data = form.cleaned_data
            try:
                new = season_rollover(
                    season, name=data["name"], new_teams=data["add"], withdraw=data["withdraw"], by=request.user
                )
            except ValidationError as exc:
                for field, errors in exc.message_dict.items():
                    form.add_error(field if field in form.fields else None, errors)
            else:
                url = reverse("admin:leagues_season_change", args=[new.pk])
                line = format_html(
                    gettext('{new} follows {season}: <a href="{url}">its teams, fixtures and draft</a>.'),
                    new=new,
                    season=season,
                    url=url,
                )
                self.message_user(request, line, messages.SUCCESS)
                return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": gettext("Start the season after %(season)s") % {"season": season},
            "season": season,
            "form": form,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/leagues/season/next_season.html", context)


class InvitationForm(forms.Form):
    email = forms.EmailField(help_text=_("Their sign-in name; the link to choose a password goes there."))


@admin.register(Team)
class TeamAdmin(LeagueScopedAdmin):
    """Commissioners edit their teams. A team's tactics are its orders in each season it plays
    (``competitions.tactics_admin``): this page links them for the team's manager and the
    commissioners; other managers see a team without them."""

    list_display = ["name", "short_name", "league", "manager"]
    list_filter = ["league"]
    search_fields = ["name", "short_name", "league__name"]
    autocomplete_fields = ["manager"]
    fields = ["league", "name", "short_name", "manager"]

    def manages(self, request, obj) -> bool:
        return obj is not None and obj.manager_id == request.user.pk

    def get_fields(self, request, obj=None):
        if obj is not None and self.runs(request, obj):
            return [*self.fields, "invitation", "tactics_by_season"]
        if obj is not None and self.manages(request, obj):
            return [*self.fields, "tactics_by_season"]
        return self.fields

    def get_readonly_fields(self, request, obj=None):
        if self.runs(request, obj):
            return ["invitation", "tactics_by_season"]
        return [*self.fields, "tactics_by_season"]

    @admin.display(description=_("invite a manager"))
    def invitation(self, obj: Team) -> str:
        return format_html(
            '<a href="{}">Invite a manager by e-mail</a> (they choose their password through a one-time link)',
            reverse("admin:leagues_team_invite", args=[obj.pk]),
        )

    def get_urls(self):
        view = self.admin_site.admin_view(self.invite_view)
        return [path("<int:team_id>/invite/", view, name="leagues_team_invite"), *super().get_urls()]

    def invite_view(self, request, team_id: int):
        """A commissioner makes an e-mail address the team's manager (``rosters.accounts.invite_manager``)."""
        team = self.get_queryset(request).filter(pk=team_id).select_related("league").first()
        if team is None or not self.runs(request, team):
            raise PermissionDenied
        form = InvitationForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                user, _link = invite_manager(team, form.cleaned_data["email"], by=request.user)
            except ValidationError as exc:
                form.add_error("email", validation_message(exc))
            else:
                self.message_user(
                    request,
                    _("%(user_email)s now manages %(team)s: an e-mail carries their link.")
                    % {"user_email": user.email, "team": team},
                )
                return redirect("admin:leagues_team_change", team.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Invite the manager of %(team)s") % {"team": team},
            "form": form,
        }
        return TemplateResponse(request, "admin/leagues/team/invite.html", {**context, "team": team, "opts": self.opts})

    @admin.display(description=_("tactics"))
    def tactics_by_season(self, obj: Team) -> str:
        """A link to the team's tactics in each of its seasons, latest first."""
        entries = SeasonTeam.objects.filter(team=obj).select_related("season").order_by("-season__created_at")
        links = [
            format_html(
                '<a href="{}">{}</a>{}',
                reverse("admin:leagues_seasonteam_change", args=[entry.pk]),
                entry.season.name,
                "" if entry.tactics else gettext(" (not set)"),
            )
            for entry in entries
        ]
        return format_html_join(", ", "{}", ((link,) for link in links)) if links else gettext("No season yet.")
