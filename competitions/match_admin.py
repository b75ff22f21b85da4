"""The Matches pages: the list with its bulk actions, and each match's page with the same
actions as buttons (``match_act_view``), offered by the match's state (``offered_actions``)."""

import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from competitions.results import match_forfeit, matches_play
from leagues.admin import LeagueScopedAdmin, ZonedSplitDateTime, rendered_in_zone
from leagues.errors import validation_message
from leagues.validation import LimitedSplitDateTimeField
from matches.fixtures import ALLOWED_FROM, MOVABLE, match_move, match_set_status, status_word
from matches.models import Match, PlayerMatchStat, card_names, played_events
from matches.services import STAT_FIELDS, matches_ready

Status = Match.Status

#: The buttons of a match's page: the action's name, its button, and what it does in a message.
PAGE_ACTIONS = {
    "play_now": (_("Play now"), _("played now")),
    "postpone": (_("Postpone"), _("postponed")),
    "cancel": (_("Cancel the match"), _("cancelled")),
    "reschedule": (_("Reschedule…"), _("rescheduled")),
    "forfeit": (_("Record a forfeit…"), _("forfeited")),
}
#: What a change of status says in the admin's messages: done, and refused.
STATUS_DONE = {
    Status.POSTPONED: (_("now postponed"), _("not postponed")),
    Status.CANCELLED: (_("now cancelled"), _("not cancelled")),
    Status.SCHEDULED: (_("now scheduled"), _("not scheduled")),
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
            return gettext("it is played at the table: enter its result")
        return gettext("it is a second leg whose first leg is not played yet")
    return gettext("a %(status)s match cannot be %(done)s") % {
        "status": status_word(match.status),
        "done": PAGE_ACTIONS[action][1],
    }


class RescheduleForm(forms.Form):
    kickoff = LimitedSplitDateTimeField(
        widget=ZonedSplitDateTime, help_text=_("The worker plays the match at this time (or it waits for its result).")
    )


class ForfeitForm(forms.Form):
    side = forms.ChoiceField(widget=forms.RadioSelect, label=_("The side that forfeited"))

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [
            (Match.Side.HOME, gettext("%(team)s (home)") % {"team": match.home}),
            (Match.Side.AWAY, gettext("%(team)s (away)") % {"team": match.away}),
        ]


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
            raise ValidationError(
                _("A %(instance_status)s match keeps its kickoff.") % {"instance_status": self.instance.status}
            )
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
    inlines = [PlayerMatchStatInline]
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
        "play_by_play_table",
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

    @admin.display(description=_("Play-by-play"))
    def play_by_play_table(self, match: Match) -> str:
        """The match's play-by-play as a table, its cards by name (read-only: it is the engine's)."""
        events = played_events(match.pk) if match.pk else []
        if not events:
            return "–"
        names = card_names(events)
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}'</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (e.seq, e.minute, e.kind, e.side, names.get(e.player_id, ""), json.dumps(e.detail) if e.detail else "")
                for e in events
            ),
        )
        return format_html(
            "<table><thead><tr><th>#</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>"
            "<tbody>{}</tbody></table>",
            gettext("Minute"),
            gettext("Event"),
            gettext("Side"),
            gettext("Player"),
            gettext("Detail"),
            rows,
        )

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
            raise Http404(gettext("No such match or action."))
        if not self.has_change_permission(request, match):
            raise PermissionDenied
        page = reverse("admin:matches_match_change", args=[match.pk])
        if action not in offered_actions(match):
            reason = not_offered_reason(match, action)
            self.message_user(
                request,
                _("%(match)s: not %(page_actions_action_1)s: %(reason)s.")
                % {"match": match, "page_actions_action_1": PAGE_ACTIONS[action][1], "reason": reason},
                messages.ERROR,
            )
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
            "title": f"{str(PAGE_ACTIONS[action][0]).rstrip('…')}: {match}",
            "submit": str(PAGE_ACTIONS[action][0]).rstrip("…"),
            "form": form,
            "media": self.media + form.media,
            "replaces_result": action == "forfeit" and match.status in Match.RESULT_STATUSES,
        }
        return TemplateResponse(request, "admin/matches/match/act.html", context)

    @admin.display(description=_("score"))
    def score(self, match):
        if match.home_goals is None:
            return "v"
        shootout = f" ({match.shootout_home}-{match.shootout_away} p)" if match.shootout_home is not None else ""
        return f"{match.home_goals}-{match.away_goals}{shootout}"

    @admin.action(description=_("Play now (with the league's engine)"), permissions=["change"])
    def play_now(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        ids = list(queryset.filter(status=Match.Status.SCHEDULED).values_list("id", flat=True))
        played = matches_play(ids)
        failed = [m for m in played if m.status == Match.Status.FAILED]
        waiting = [m for m in played if m.status == Match.Status.SCHEDULED]
        done = [m for m in played if m not in failed and m not in waiting]
        if len(done) == 1:
            line = gettext("%(match)s: played.") % {"match": done[0]}
        else:
            line = gettext("Played %(count)d matches.") % {"count": len(done)}
        self.message_user(request, line, messages.SUCCESS)
        for match in failed:
            self.message_user(
                request,
                _("%(match)s: failed: %(match_error)s") % {"match": match, "match_error": match.error},
                messages.ERROR,
            )
        for match in waiting:
            why = gettext("it is played at the table, or it is a second leg whose first leg is not played yet")
            self.message_user(
                request, _("%(match)s: not played: %(why)s.") % {"match": match, "why": why}, messages.WARNING
            )
        skipped = queryset.count() - len(ids)
        if skipped:
            self.message_user(
                request,
                _("%(skipped)s matches were not scheduled and were left alone.") % {"skipped": skipped},
                messages.WARNING,
            )

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
                self.message_user(
                    request,
                    gettext("%(match)s: %(refused)s: %(reason)s")
                    % {"match": match, "refused": refused, "reason": validation_message(exc)},
                    messages.ERROR,
                )
        if changed:
            if len(changed) == 1:
                line = gettext("%(match)s: %(done)s.") % {"match": changed[0], "done": done}
            else:
                line = gettext("%(count)d matches %(done)s.") % {"count": len(changed), "done": done}
            self.message_user(request, line, messages.SUCCESS)

    def _set_status(self, request, queryset, status, kickoff=None):
        """The same rules as the API (matches.fixtures): a result is never touched."""
        done, refused = STATUS_DONE[status]
        if kickoff:
            done = gettext("%(done)s for %(kickoff)s") % {
                "done": done,
                "kickoff": format(timezone.localtime(kickoff), "%Y-%m-%d %H:%M"),
            }
        self._each(
            request,
            queryset,
            lambda match: match_set_status(match_id=match.id, status=status, kickoff=kickoff),
            done=done,
            refused=refused,
        )

    @admin.action(description=_("Postpone (not counted until rescheduled)"), permissions=["change"])
    def postpone(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.POSTPONED)

    @admin.action(description=_("Cancel (never counted)"), permissions=["change"])
    def cancel(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.CANCELLED)

    @admin.action(
        description=_("Reschedule (postponed or failed matches play at their kickoff)"), permissions=["change"]
    )
    def reschedule(self, request, queryset):
        queryset = self.run_rows(request, queryset)
        self._set_status(request, queryset, Match.Status.SCHEDULED)

    def _forfeit(self, request, queryset, side):
        self._each(
            request,
            self.run_rows(request, queryset),
            lambda match: match_forfeit(match, forfeited_by=side),
            done=gettext("forfeited by the home side")
            if side == Match.Side.HOME
            else gettext("forfeited by the away side"),
            refused=gettext("not forfeited"),
        )

    @admin.action(description=_("Forfeit by the home side (awarded score)"), permissions=["change"])
    def forfeit_home(self, request, queryset):
        self._forfeit(request, queryset, Match.Side.HOME)

    @admin.action(description=_("Forfeit by the away side (awarded score)"), permissions=["change"])
    def forfeit_away(self, request, queryset):
        self._forfeit(request, queryset, Match.Side.AWAY)


@admin.register(PlayerMatchStat)
class PlayerMatchStatAdmin(LeagueScopedAdmin):
    league_field = "match__season__league"
    list_display = ["player", "team", "match", *STAT_FIELDS]
    list_filter = ["match__season__league", "match__season", "team"]
    search_fields = ["player__name", "team__name"]
    list_select_related = ["player", "team", "match__home", "match__away"]
    raw_id_fields = ["match", "player"]
