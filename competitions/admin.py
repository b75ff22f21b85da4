from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import AdminForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from competitions import league_admin, match_admin, table_admin, tactics_admin  # noqa: F401  register their pages
from competitions.bracket import EVERY_TIE
from competitions.groups import group_knockout_draw
from competitions.knockout import (
    bracket_advance,
    champion,
    option_errors,
    redraw_bracket,
    tie_round_name,
)
from competitions.playoffs import planned_playoffs_draw
from competitions.round_names import round_name_shown
from competitions.start import tournament_start
from competitions.start_admin import StartForm, start_fieldsets
from competitions.swiss import swiss_standings
from competitions.withdrawals import (
    bracket_replacement_errors,
    bracket_team_replace,
    tournament_team_replace,
    withdrawal_errors,
)
from leagues.admin import LeagueScopedAdmin
from leagues.errors import validation_message
from leagues.models import Team
from matches.models import Match
from tournaments.models import Bracket, Entrant, Group, GroupStage, Playoffs, Swiss, SwissBye, Tie


class EntrantForm(forms.ModelForm):
    """Changing an entrant's team once the bracket is drawn replaces a team that withdrew:
    checked here, done by ``replace_in_bracket`` when the bracket is saved."""

    class Meta:
        model = Entrant
        fields = ["seed", "team"]

    def replaces(self) -> bool:
        return bool(self.instance.pk and self.instance.bracket.drawn_at and "team" in self.changed_data)

    def clean(self):
        data = super().clean()
        if self.replaces() and data.get("team") is not None:
            withdrawn = Team.objects.get(id=self.initial["team"])
            errors = bracket_replacement_errors(self.instance.bracket, withdrawn, data["team"])
            if errors:
                raise forms.ValidationError({"team": list(errors.values())})
        return data


class EntrantInline(admin.TabularInline):
    model = Entrant
    form = EntrantForm
    extra = 0
    fields = ["seed", "team"]
    autocomplete_fields = ["team"]

    def get_readonly_fields(self, request, obj=None):
        return ["seed"] if obj is not None and obj.drawn_at else []  # reseed with the bracket's "Reseed" box


OPTION_FIELDS = ["third_place", "two_legged_rounds", "away_goals", "double_elimination", "bracket_reset"]


class BracketForm(forms.ModelForm):
    reseed = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        help_text=_(
            "Before the first match is played: the season's teams in seed order, one per line, "
            "by name. Saving draws the bracket again with these seeds."
        ),
    )

    class Meta:
        model = Bracket
        fields = ["season", *OPTION_FIELDS]

    def clean_reseed(self) -> list[Team] | None:
        names = [line.strip() for line in self.cleaned_data["reseed"].splitlines() if line.strip()]
        if not names:
            return None
        season = self.cleaned_data.get("season") or self.instance.season
        teams = {team.name.casefold(): team for team in season.teams.all()}
        unknown = [name for name in names if name.casefold() not in teams]
        if unknown:
            raise forms.ValidationError(
                _("Not teams of %(season)s: %(join_unknown)s.") % {"season": season, "join_unknown": ", ".join(unknown)}
            )
        order = [teams[name.casefold()] for name in names]
        if len(set(order)) != len(order) or len(order) != len(teams):
            raise forms.ValidationError(_("List each of the season's %(count)s teams once.") % {"count": len(teams)})
        if Match.objects.filter(season=season).exclude(status=Match.Status.SCHEDULED).exists():
            raise forms.ValidationError(_("A match has been played: the seeds are fixed."))
        return order

    def redraws(self) -> bool:
        """Saving a drawn bracket with new seeds or options draws it again (``save_related``)."""
        options = set(self.changed_data) & set(OPTION_FIELDS)
        return bool(self.instance.pk and self.instance.drawn_at and (self.cleaned_data.get("reseed") or options))

    def clean(self):
        """Options of a drawn bracket are checked here, before anything is saved."""
        cleaned = super().clean()
        if self.redraws() and not self.errors:
            bracket = self.instance
            if Match.objects.filter(season=bracket.season).exclude(status=Match.Status.SCHEDULED).exists():
                raise forms.ValidationError(_("A match has been played: the bracket's options are fixed."))
            errors = option_errors(
                bracket.entrants.count(),
                third_place=cleaned.get("third_place", False),
                two_legged_rounds=cleaned.get("two_legged_rounds") or [],
                double_elimination=cleaned.get("double_elimination", False),
            )
            for field, message in errors.items():
                self.add_error(field, message)
        return cleaned


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
        *["round_name", "side", "round", "slot", "third_place", "home_seed", "home", "away_seed", "away", "bye"],
        *["first_leg", "match", "decider", "winner"],
    ]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("bracket")

    @admin.display(description=_("round's name"))
    def round_name(self, tie: Tie) -> str:
        """The round's name in the commissioner's language (English in the API and the export)."""
        return round_name_shown(tie_round_name(tie.bracket, tie))


@admin.register(Bracket)
class BracketAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    list_display = [
        *["season", "third_place", "two_legged_rounds", "away_goals", "double_elimination", "bracket_reset"],
        *["rounds", "drawn_at", "winner"],
    ]
    list_filter = ["season__league"]
    search_fields = ["season__name", "season__league__name"]
    form = BracketForm
    inlines = [EntrantInline, TieInline]

    def get_urls(self):
        start = path("start/", self.admin_site.admin_view(self.start_view), name="tournaments_start")
        return [start, *super().get_urls()]

    def start_view(self, request):
        """Start a tournament in any format with a season's teams (``start_tournament``)."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = StartForm(request.POST or None, user=request.user, initial={"season": request.GET.get("season")})
        if request.method == "POST" and form.is_valid():
            options = dict(form.cleaned_data)
            season, tournament_format = options.pop("season"), options.pop("format")
            try:
                summary = tournament_start(season, tournament_format, **options, by=request.user)
            except ValidationError as exc:  # by field, or one message (a team that cannot pay its squad)
                by_field = exc.message_dict if hasattr(exc, "error_dict") else {None: exc.messages}
                for field, messages_ in by_field.items():
                    form.add_error(field if field in form.fields else None, messages_)
            else:
                self.message_user(request, summary, messages.SUCCESS)
                return redirect(reverse("web:season", args=[season.id]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Start a tournament",
            "form": form,
            "adminform": AdminForm(form, start_fieldsets(), {}),
        }
        return TemplateResponse(request, "admin/tournaments/start.html", context)

    actions = ["draw", "advance_now"]  # and printing's "Print the bracket"
    readonly_fields = ["rounds", "drawn_at"]

    @admin.display(description=_("winner"))
    def winner(self, bracket):
        return champion(bracket) or "-"

    @admin.action(
        description=_("Draw the bracket (seeds as entered, else drawn by lot) and schedule round one"),
        permissions=["change"],
    )
    def draw(self, request, queryset):
        def draw_one(bracket) -> str:
            redraw_bracket(bracket)
            return _("%(bracket)s: drawn, round one scheduled.") % {"bracket": bracket}

        self.each_row(request, queryset.select_related("season__league"), draw_one)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if form.redraws():  # checked by the form; a match played since is refused by the draw
            try:
                redraw_bracket(form.instance, seeds=form.cleaned_data.get("reseed"))
            except ValidationError as exc:
                self.message_user(
                    request,
                    _("Not drawn again: %(validation_message_exc)s")
                    % {"validation_message_exc": validation_message(exc)},
                    messages.ERROR,
                )
            else:
                said = "Drawn again with these seeds and options; round one is scheduled."
                self.message_user(request, said, messages.SUCCESS)

    def save_formset(self, request, form, formset, change):
        if formset.model is not Entrant:
            return super().save_formset(request, form, formset, change)
        for entrant_form in formset.forms:
            if (
                isinstance(entrant_form, EntrantForm)
                and entrant_form.replaces()
                and not entrant_form.cleaned_data.get("DELETE")
            ):
                withdrawn = Team.objects.get(id=entrant_form.initial["team"])
                replacement = entrant_form.cleaned_data["team"]
                bracket_team_replace(form.instance, withdrawn, replacement)
                self.message_user(
                    request,
                    _("%(replacement)s takes the place of %(withdrawn)s.")
                    % {"replacement": replacement, "withdrawn": withdrawn},
                    messages.SUCCESS,
                )
        return super().save_formset(request, form, formset, change)

    @admin.action(description=_("Advance: move winners on and schedule what is ready"), permissions=["change"])
    def advance_now(self, request, queryset):
        for bracket in self.run_rows(request, queryset).select_related("season"):
            try:
                bracket_advance(bracket.id, recheck=EVERY_TIE)
            except ValidationError as exc:  # a corrected result whose teams have played on
                self.message_user(request, f"{bracket}: {validation_message(exc)}", messages.ERROR)
        self.message_user(request, _("Brackets moved on as far as their results allow."), messages.SUCCESS)


class ReplaceTeamForm(forms.ModelForm):
    """A group stage's or a Swiss's page: the team that withdraws before its first match and the
    team taking its place, checked here, done by ``replace_in_tournament`` when the row is saved
    (a bracket does the same by changing an entrant's team)."""

    withdrawn = forms.ModelChoiceField(
        Team.objects.none(), required=False, help_text=_("Before its first match: the team that withdraws.")
    )
    replacement = forms.ModelChoiceField(
        Team.objects.none(),
        required=False,
        help_text=_(
            "It takes the withdrawn team's place as it stands: a team of the league with a squad "
            "for the season (add it to the season's squads first)."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            league_teams = Team.objects.filter(league=self.instance.season.league_id).order_by("name")
            self.fields["withdrawn"].queryset = league_teams.filter(seasons=self.instance.season)
            self.fields["replacement"].queryset = league_teams

    def clean(self):
        data = super().clean()
        withdrawn, replacement = data.get("withdrawn"), data.get("replacement")
        if bool(withdrawn) != bool(replacement):
            self.add_error("replacement" if withdrawn else "withdrawn", _("Give both teams to replace one."))
        elif withdrawn:
            errors = withdrawal_errors(self.instance, withdrawn, replacement)
            for field, message in errors.items():
                self.add_error("withdrawn" if field == "team" else "replacement", message)
        return data


class ReplaceTeamAdmin(LeagueScopedAdmin):
    """Saving the page with a withdrawn team and its replacement replaces it."""

    form = ReplaceTeamForm

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        withdrawn, replacement = form.cleaned_data.get("withdrawn"), form.cleaned_data.get("replacement")
        if change and withdrawn and replacement:
            try:  # checked by the form; a result stored since is refused here
                tournament_team_replace(obj.season, withdrawn, replacement)
            except ValidationError as exc:
                self.message_user(
                    request,
                    _("Not replaced: %(validation_message_exc)s") % {"validation_message_exc": validation_message(exc)},
                    messages.ERROR,
                )
            else:
                self.message_user(
                    request,
                    _("%(replacement)s takes the place of %(withdrawn)s.")
                    % {"replacement": replacement, "withdrawn": withdrawn},
                    messages.SUCCESS,
                )


class GroupInline(ReadOnlyInline):
    model = Group
    fields = ["label", "season"]


@admin.register(GroupStage)
class GroupStageAdmin(ReplaceTeamAdmin):
    """Groups are drawn with ``manage.py draw_groups``; here the commissioner sees them and
    draws the knockout once every group match is finished."""

    league_field = "season__league"

    list_display = ["season", "group_count", "advance", "two_legged_rounds", "knockout", "drawn_at"]
    list_filter = ["season__league"]
    inlines = [GroupInline]
    actions = ["draw_knockout"]
    # checked when the stage is planned (Start a tournament, draw_groups), so never changed here:
    # the worker that draws the knockout later must not meet options it would refuse
    readonly_fields = [
        *["season", "group_count", "advance", "third_place", "two_legged_rounds", "away_goals"],
        *["knockout", "drawn_at"],
    ]

    def has_add_permission(self, request):
        return False  # drawn by draw_groups or "Start a tournament", which check the options

    @admin.action(
        description=_("Draw the knockout of the groups' top teams (winners meet runners-up)"), permissions=["change"]
    )
    def draw_knockout(self, request, queryset):
        def draw_one(stage) -> str:
            return _("%(stage)s: %(group_knockout_draw_stage)s drawn, round one scheduled.") % {
                "stage": stage,
                "group_knockout_draw_stage": group_knockout_draw(stage),
            }

        self.each_row(request, queryset.select_related("season__league"), draw_one)


class SwissByeInline(ReadOnlyInline):
    model = SwissBye
    fields = ["round", "team"]


@admin.register(Swiss)
class SwissAdmin(ReplaceTeamAdmin):
    """Drawn with ``manage.py draw_swiss``; each later round draws itself as the one before completes."""

    league_field = "season__league"

    list_display = ["season", "rounds", "drawn_at", "leader"]
    list_filter = ["season__league"]
    inlines = [SwissByeInline]
    readonly_fields = ["rounds", "ranking", "drawn_at"]

    @admin.display(description=_("leader"))
    def leader(self, swiss):
        rows = swiss_standings(swiss)
        return Team.objects.filter(id=rows[0].team).first() if rows else "-"


@admin.register(Playoffs)
class PlayoffsAdmin(LeagueScopedAdmin):
    """Set up with "Start a tournament" (league then play-offs); drawn by the worker when the
    league's last match is stored."""

    league_field = "season__league"
    list_display = ["season", "top", "third_place", "two_legged_rounds", "away_goals", "knockout"]
    list_filter = ["season__league"]
    # checked when planned (Start a tournament), so never changed here (see GroupStageAdmin)
    readonly_fields = ["season", "top", "third_place", "two_legged_rounds", "away_goals", "knockout"]
    actions = ["draw_now"]

    def has_add_permission(self, request):
        return False  # planned by "Start a tournament", which checks the options

    @admin.action(description=_("Draw the play-offs of the finished league now"), permissions=["change"])
    def draw_now(self, request, queryset):
        def draw_one(playoffs) -> str:
            return _("%(planned_playoffs_draw_playoffs)s drawn, round one scheduled.") % {
                "planned_playoffs_draw_playoffs": planned_playoffs_draw(playoffs.id)
            }

        self.each_row(request, queryset.select_related("season__league"), draw_one, name=lambda p: str(p.season))
