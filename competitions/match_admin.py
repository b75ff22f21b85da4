"""The Matches pages: the list with its bulk actions, and each match's page with the same
actions as buttons (``match_act_view``), offered by the match's state (``offered_actions``)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone

from competitions.results import match_forfeit, matches_play
from leagues.admin import LeagueScopedAdmin, ZonedSplitDateTime, rendered_in_zone
from leagues.errors import validation_message
from leagues.validation import LimitedSplitDateTimeField
from matches.fixtures import ALLOWED_FROM, MOVABLE, match_move, match_set_status
from matches.models import Match, MatchEvent, PlayerMatchStat
from matches.services import STAT_FIELDS, matches_ready

Status = Match.Status

#: The buttons of a match's page: the action's name, its button, and what it does in a message.
PAGE_ACTIONS = {
    "play_now": ("Play now", "played now"),
    "postpone": ("Postpone", "postponed"),
    "cancel": ("Cancel the match", "cancelled"),
    "reschedule": ("Reschedule…", "rescheduled"),
    "forfeit": ("Record a forfeit…", "forfeited"),
}
#: The actions that ask something first (the new kickoff, the side that forfeited).
FORM_ACTIONS = ("reschedule", "forfeit")
#: The actions that set a status, and the status (``matches.fixtures.ALLOWED_FROM`` says from which).
STATUS_ACTIONS = {"postpone": Status.POSTPONED, "cancel": Status.CANCELLED, "reschedule": Status.SCHEDULED}


def offered_actions(match: Match) -> list[str]:
    """The page's actions that make sense for ``match`` as it stands: play now for a scheduled
    match the engine plays (not one played at the table: its result is entered; not a second
    leg before its first), the changes of status the rules of ``matches.fixtures`` allow, and
    a forfeit unless it is cancelled. Only which buttons to show: each action's own rules
    still decide on the POST."""
    offered = ["play_now"] if matches_ready([match.pk]) else []  # the play task's own rule
    offered += [name for name, status in STATUS_ACTIONS.items() if match.status in ALLOWED_FROM[status]]
    return offered + (["forfeit"] if match.status != Status.CANCELLED else [])


def not_offered_reason(match: Match, action: str) -> str:
    if action == "play_now" and match.status == Status.SCHEDULED:
        if match.played_at_table:
            return "it is played at the table: enter its result"
        return "it is a second leg whose first leg is not played yet"
    return f"a {match.status} match cannot be {PAGE_ACTIONS[action][1]}"


class RescheduleForm(forms.Form):
    kickoff = LimitedSplitDateTimeField(
        widget=ZonedSplitDateTime, help_text="The worker plays the match at this time (or it waits for its result)."
    )


class ForfeitForm(forms.Form):
    side = forms.ChoiceField(widget=forms.RadioSelect, label="The side that forfeited")

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [
            (Match.Side.HOME, f"{match.home} (home)"),
            (Match.Side.AWAY, f"{match.away} (away)"),
        ]


class MatchEventInline(admin.TabularInline):
    model = MatchEvent
    extra = 0
    can_delete = False
    fields = ["seq", "minute", "kind", "side", "player", "detail"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class PlayerMatchStatInline(admin.TabularInline):
    model = PlayerMatchStat
    extra = 0
    can_delete = False
    fields = ["player", "team", *STAT_FIELDS, "extra"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


class MatchForm(forms.ModelForm):
    """A kickoff moves only while the match has no result (the rule of ``match_move``)."""

    def clean_kickoff(self):
        kickoff = self.cleaned_data["kickoff"]
        if self.instance.pk and "kickoff" in self.changed_data and self.instance.status not in MOVABLE:
            raise ValidationError(f"A {self.instance.status} match keeps its kickoff.")
        return kickoff


@admin.register(Match)
class MatchAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    list_display = ["id", "season", "round", "home", "score", "away", "kickoff", "status", "decided_by"]
    list_display_links = ["id", "score"]
    list_editable = ["kickoff"]
    list_filter = ["status", "season__league", "season", "round"]
    search_fields = ["home__name", "away__name"]
    list_select_related = ["season__league", "home", "away"]
    date_hierarchy = "kickoff"
    inlines = [MatchEventInline, PlayerMatchStatInline]
    actions = ["play_now", "postpone", "cancel", "reschedule", "forfeit_home", "forfeit_away"]  # and printing's
    readonly_fields = [
        "seed",
        "engine_version",
        "home_goals",
        "away_goals",
        "decided_by",
        "shootout_home",
        "shootout_away",
        "forfeited_by",
        "error",
        "played_at",
    ]
    fields = ["season", "round", "home", "away", "kickoff", "play_mode", "status", *readonly_fields]

    form = MatchForm

    def get_changelist_form(self, request, **kwargs):
        return super().get_changelist_form(request, form=MatchForm, **kwargs)

    def save_model(self, request, obj, form, change):
        """A new kickoff goes through ``match_move``, as in the API: the match is queued again at
        that time, calendars see the change (``sequence``) and the audit log records it. It moves
        first, under the row lock, and the form saves only the fields it changed: a result the
        worker stored meanwhile is neither overwritten nor hidden behind a server error."""
        if not change:
            return super().save_model(request, obj, form, change)
        if "kickoff" in form.changed_data:
            moved = match_move(match_id=obj.pk, kickoff=obj.kickoff)
            obj.queued_at, obj.sequence, obj.updated_at = moved.queued_at, moved.sequence, moved.updated_at
        others = [name for name in form.changed_data if name != "kickoff"]
        if others:
            obj.save(update_fields=others)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ValidationError as exc:  # the match got a result while the form was open
            self.message_user(request, validation_message(exc), messages.ERROR)
            return redirect(request.path)

    def get_readonly_fields(self, request, obj=None):
        """The status moves only by the actions (the rules of ``matches.fixtures``), and a match
        with a result keeps its place and its teams: standings and brackets were built on them."""
        fixed = ["status"]
        if obj is not None and obj.status in Match.RESULT_STATUSES:
            fixed += ["season", "round", "home", "away"]
        return [*fixed, *self.readonly_fields]

    def get_urls(self):
        act = self.admin_site.admin_view(self.match_act_view)
        return [path("<path:object_id>/act/<slug:action>/", act, name="matches_match_act"), *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        match = self.get_object(request, unquote(object_id))
        if match is not None:
            extra_context = {**(extra_context or {}), **self.page_tools(request, match)}
        return super().change_view(request, object_id, form_url, extra_context)

    def page_tools(self, request, match: Match) -> dict:
        """What the match's page offers: the actions for its commissioners, the result entry of
        a table match for them and its two managers, the scoresheets for all who see it."""
        runs = self.has_change_permission(request, match)
        managers = (match.home.manager_id, match.away.manager_id)
        enters = match.played_at_table and match.status in (Status.SCHEDULED, Status.PLAYED)
        return {
            "match_actions": [
                (name, PAGE_ACTIONS[name][0], reverse("admin:matches_match_act", args=[match.pk, name]))
                for name in (offered_actions(match) if runs else [])
            ],
            "form_actions": FORM_ACTIONS,
            "table_entry": enters and (runs or request.user.pk in managers),
            "has_result": match.status in Match.RESULT_STATUSES,
        }

    def match_act_view(self, request, object_id, action):
        """One action on one match, from its page: the bulk action's own code on a queryset of
        that match (the same service, the same rows the user runs, the same messages). A
        reschedule or a forfeit asks first on a small form."""
        match = self.get_object(request, unquote(object_id))
        zone = self.time_zone_for(request, match)
        with timezone.override(zone):  # the new kickoff is read, and the messages say it, in the league's zone
            response = self.match_act(request, match, action)
        return rendered_in_zone(response, zone)

    def match_act(self, request, match: Match | None, action: str):
        if match is None or action not in PAGE_ACTIONS:
            raise Http404("No such match or action.")
        if not self.has_change_permission(request, match):
            raise PermissionDenied
        page = reverse("admin:matches_match_change", args=[match.pk])
        if action not in offered_actions(match):
            reason = not_offered_reason(match, action)
            self.message_user(request, f"{match}: not {PAGE_ACTIONS[action][1]}: {reason}.", messages.ERROR)
            return redirect(page)
        one = Match.objects.filter(pk=match.pk)
        if action not in FORM_ACTIONS:
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            getattr(self, action)(request, one)
            return redirect(page)
        data = request.POST if request.method == "POST" else None
        if action == "reschedule":
            form = RescheduleForm(data, initial={"kickoff": match.kickoff})
            if form.is_valid():
                self._set_status(
                    request, self.run_rows(request, one), Status.SCHEDULED, kickoff=form.cleaned_data["kickoff"]
                )
                return redirect(page)
        else:
            form = ForfeitForm(data, match=match)
            if form.is_valid():
                self._forfeit(request, one, form.cleaned_data["side"])
                return redirect(page)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": match,
            "title": f"{PAGE_ACTIONS[action][0].rstrip('…')}: {match}",
            "submit": PAGE_ACTIONS[action][0].rstrip("…"),
            "form": form,
            "media": self.media + form.media,
            "replaces_result": action == "forfeit" and match.status in Match.RESULT_STATUSES,
        }
        return TemplateResponse(request, "admin/matches/match/act.html", context)

    @admin.display(description="score")
    def score(self, match):
        if match.home_goals is None:
            return "v"
        shootout = f" ({match.shootout_home}-{match.shootout_away} p)" if match.shootout_home is not None else ""
        return f"{match.home_goals}-{match.away_goals}{shootout}"

    @admin.action(description="Play now (with the league's engine)", permissions=["change"])
    def play_now(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        ids = list(queryset.filter(status=Match.Status.SCHEDULED).values_list("id", flat=True))
        played = matches_play(ids)
        failed = [m for m in played if m.status == Match.Status.FAILED]
        waiting = [m for m in played if m.status == Match.Status.SCHEDULED]
        done = [m for m in played if m not in failed and m not in waiting]
        line = f"{done[0]}: played." if len(done) == 1 else f"Played {len(done)} matches."
        self.message_user(request, line, messages.SUCCESS)
        for match in failed:
            self.message_user(request, f"{match}: failed: {match.error}", messages.ERROR)
        for match in waiting:
            why = "it is played at the table, or it is a second leg whose first leg is not played yet"
            self.message_user(request, f"{match}: not played: {why}.", messages.WARNING)
        skipped = queryset.count() - len(ids)
        if skipped:
            self.message_user(request, f"{skipped} matches were not scheduled and were left alone.", messages.WARNING)

    def _each(self, request, queryset, change, *, done: str, refused: str) -> None:
        """Apply ``change`` to each match on its own: one refused (its status does not allow
        it, or a knockout whose teams played on) is an error with the reason and leaves the
        rest; the success counts only the matches changed, or names the match when it is one
        (as it stands after ``change``, which returns it)."""
        changed = []
        for match in queryset.select_related("season__league", "home", "away"):
            try:
                changed.append(change(match))
            except ValidationError as exc:
                self.message_user(request, f"{match}: {refused}: {validation_message(exc)}", messages.ERROR)
        if changed:
            line = f"{changed[0]}: {done}." if len(changed) == 1 else f"{len(changed)} matches {done}."
            self.message_user(request, line, messages.SUCCESS)

    def _set_status(self, request, queryset, status, kickoff=None):
        """The same rules as the API (matches.fixtures): a result is never touched."""
        at = f" for {timezone.localtime(kickoff):%Y-%m-%d %H:%M}" if kickoff else ""
        self._each(
            request,
            queryset,
            lambda match: match_set_status(match_id=match.id, status=status, kickoff=kickoff),
            done=f"now {status}{at}",
            refused=f"not {status}",
        )

    @admin.action(description="Postpone (not counted until rescheduled)", permissions=["change"])
    def postpone(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.POSTPONED)

    @admin.action(description="Cancel (never counted)", permissions=["change"])
    def cancel(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.CANCELLED)

    @admin.action(description="Reschedule (postponed or failed matches play at their kickoff)", permissions=["change"])
    def reschedule(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.SCHEDULED)

    def _forfeit(self, request, queryset, side):
        self._each(
            request,
            self.run_rows(request, queryset),
            lambda match: match_forfeit(match, forfeited_by=side),
            done=f"forfeited by the {side} side",
            refused="not forfeited",
        )

    @admin.action(description="Forfeit by the home side (awarded score)", permissions=["change"])
    def forfeit_home(self, request, queryset):
        self._forfeit(request, queryset, Match.Side.HOME)

    @admin.action(description="Forfeit by the away side (awarded score)", permissions=["change"])
    def forfeit_away(self, request, queryset):
        self._forfeit(request, queryset, Match.Side.AWAY)


@admin.register(MatchEvent)
class MatchEventAdmin(LeagueScopedAdmin):
    league_field = "match__season__league"
    list_display = ["match", "seq", "minute", "kind", "side", "player"]
    list_filter = ["kind", "side", "match__season__league"]
    search_fields = ["player__name", "match__home__name", "match__away__name", "kind"]
    list_select_related = ["match__home", "match__away", "player"]
    raw_id_fields = ["match", "player"]


@admin.register(PlayerMatchStat)
class PlayerMatchStatAdmin(LeagueScopedAdmin):
    league_field = "match__season__league"
    list_display = ["player", "team", "match", *STAT_FIELDS]
    list_filter = ["match__season__league", "match__season", "team"]
    search_fields = ["player__name", "team__name"]
    list_select_related = ["player", "team", "match__home", "match__away"]
    raw_id_fields = ["match", "player"]
