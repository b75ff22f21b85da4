"""Result entry in the admin for matches played at the table.

The log of submissions is a read-only list; the entry page (``enter/<match_id>/``) is a
form that knows the game: the kinds its scoresheet records and the players of the two
squads only. Who may do what is decided by ``matches.table_results`` on every POST, so
the page only chooses which buttons to show.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from competitions import table_results as steps
from engines import get_engine
from leagues.admin import rendered_in_zone, run_or_managed
from matches import table_results as service
from matches.models import Match, ResultSubmission
from matches.services import TABLE_MATCHES

EVENT_ROWS = 16


class ScoreForm(forms.Form):
    home_goals = forms.IntegerField(min_value=0)
    away_goals = forms.IntegerField(min_value=0)
    decided_by = forms.ChoiceField(required=False)
    shootout_home = forms.IntegerField(min_value=0, required=False)
    shootout_away = forms.IntegerField(min_value=0, required=False)
    note = forms.CharField(required=False, max_length=200, help_text=_("For the log (commissioner)."))

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        decided_by = get_engine(match.season.league.engine).clock.decided_by
        self.fields["decided_by"].choices = [(d, Match.DecidedBy(d).label) for d in decided_by]
        if not match.winner_required:  # a league match ends in regulation time
            for name in ("decided_by", "shootout_home", "shootout_away"):
                del self.fields[name]


class EventForm(forms.Form):
    minute = forms.IntegerField(min_value=1, required=False)
    kind = forms.ChoiceField(required=False)
    player = forms.ChoiceField(required=False)
    out = forms.ChoiceField(required=False, label=_("Off (substitution)"))

    def __init__(self, *args: Any, kinds: list[str], squad: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", "---"), *((k, k.replace("_", " ")) for k in kinds)]
        self.fields["player"].choices = self.fields["out"].choices = [("", "---"), *squad]

    def is_blank(self) -> bool:
        return not any(self.cleaned_data.get(k) for k in ("minute", "kind", "player"))


class CountsForm(forms.Form):
    """One number field per player and counted stat (``<stat>_<player id>``)."""

    def __init__(self, *args: Any, counted: tuple[str, ...], squad: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = []
        for player, label in squad:
            names = [f"{stat}_{player}" for stat in counted]
            for name, stat in zip(names, counted, strict=True):
                self.fields[name] = forms.IntegerField(min_value=0, required=False, label=stat)
            self.rows.append((label, [self[name] for name in names]))

    def counts(self) -> dict[str, dict[str, int]]:
        counts: dict[str, dict[str, int]] = {}
        for name, value in self.cleaned_data.items():
            if value:
                stat, player = name.rsplit("_", 1)
                counts.setdefault(player, {})[stat] = value
        return counts


EventFormSet = forms.formset_factory(EventForm, extra=EVENT_ROWS, max_num=200)


def involved(user) -> Q:
    """The matches a user has a part in: of the leagues they run, or of the teams they manage."""
    return run_or_managed(user, "season__league", "home__manager", "away__manager")


@admin.register(ResultSubmission)
class ResultSubmissionAdmin(admin.ModelAdmin):
    """The log of table results (read-only) and the pages to enter, confirm and decide them."""

    list_display = ["at", "match", "action", "state", "side", "by_name", "score", "note"]
    list_filter = ["state", "action", "match__season__league"]
    list_select_related = ["match__home", "match__away", "by"]
    search_fields = ["match__home__name", "match__away__name"]  # not accounts: the other side reads this log
    # Who made a step is shown by its public name: the other side's manager reads this log too.
    fields = readonly_fields = ["match", "action", "state", "side", "by_name", "at", "payload", "refers_to", "note"]
    change_list_template = "admin/matches/resultsubmission/change_list.html"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset.filter(match__in=Match.objects.filter(involved(request.user)))

    def _takes_part(self, request) -> bool:
        user = request.user
        return user.is_active and user.is_staff and Match.objects.filter(involved(user)).exists()

    def has_module_permission(self, request) -> bool:
        return self._takes_part(request)

    def has_view_permission(self, request, obj=None) -> bool:
        return self._takes_part(request)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=_("result"))
    def score(self, submission: ResultSubmission) -> str:
        payload = submission.payload
        return f"{payload['home_goals']}-{payload['away_goals']}" if payload else ""

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("matches/", view(self.matches_view), name="matches_table_matches"),
            path("enter/<int:match_id>/", view(self.enter_view), name="matches_table_enter"),
            *super().get_urls(),
        ]

    def matches_view(self, request: HttpRequest) -> HttpResponse:
        """The table matches a user takes part in that are due, with where each stands."""
        if not self._takes_part(request):
            raise PermissionDenied
        matches = (
            Match.objects.filter(involved(request.user))
            .filter(TABLE_MATCHES, kickoff__lte=timezone.now())
            .select_related("season__league", "home", "away")
            .order_by("-kickoff")[:200]
        )
        rows = [
            (m, service.table_state(m), reverse("admin:matches_table_enter", args=[m.id]))
            for m in matches
            if m.status in (Match.Status.SCHEDULED, Match.Status.PLAYED)
        ]
        context = {**self.admin_site.each_context(request), "opts": self.model._meta, "rows": rows}
        context["title"] = gettext("Matches played at the table")
        return TemplateResponse(request, "admin/matches/resultsubmission/matches.html", context)

    def enter_view(self, request: HttpRequest, match_id: int) -> HttpResponse:
        """Enter, confirm, approve, decide or edit the result of one table match."""
        match = get_object_or_404(
            Match.objects.filter(involved(request.user)).select_related("season__league", "home", "away"),
            id=match_id,
        )
        zone = match.season.league.time_zone
        with timezone.override(zone):  # the page's times (kickoff, log) in the league's zone
            response = self.enter(request, match)
        return rendered_in_zone(response, zone)

    def enter(self, request: HttpRequest, match: Match) -> HttpResponse:
        league = match.season.league
        game = service.table_entry(league.engine)
        squad = [
            (str(player), f"{match.home if side == Match.Side.HOME else match.away}: {name}")
            for player, (side, name) in sorted(service.squad_of(match).items(), key=lambda i: (i[1][0] != "home", i[0]))
        ]
        data = request.POST if request.method == "POST" else None
        score = ScoreForm(data, match=match, prefix="score")
        events = EventFormSet(data, prefix="events", form_kwargs={"kinds": list(game.timed), "squad": squad})
        counts = CountsForm(data, counted=game.counted, squad=squad, prefix="counts")
        if request.method == "POST":
            done = self._act(request, match, score, events, counts)
            if done:
                self.message_user(request, done, messages.SUCCESS)
                return HttpResponseRedirect(request.path)
        waiting = service.open_submissions(match)
        names = dict(squad)
        for submission in waiting:
            submission.event_lines = [event_line(event, names) for event in submission.payload.get("events", [])]
        side = service.side_of(match, request.user)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Result: {match}",
            "match": match,
            "game": get_engine(league.engine).name,
            "state": service.table_state(match),
            "score_form": score,
            "events": events,
            "counts": counts,
            "waiting": waiting,
            "log": match.result_submissions.select_related("by"),
            "side": side,
            "can_confirm": bool(side) and any(s.side != side for s in waiting),
            "commissioner": league.is_commissioner(request.user),
            "open": match.status == Match.Status.SCHEDULED,
        }
        return TemplateResponse(request, "admin/matches/resultsubmission/enter.html", context)

    def _act(self, request, match: Match, score: ScoreForm, events, counts: CountsForm) -> str:
        """Run the button pressed through the service; returns the success message, or ""
        with the errors put on the forms (or shown as a message)."""
        user, post = request.user, request.POST
        try:
            if "confirm" in post:
                steps.result_confirm(match_id=match.id, user=user)
                return "Confirmed: the result counts."
            if "approve" in post:
                chosen = int(post["approve"]) if post["approve"].isdigit() else None
                steps.result_decide(match_id=match.id, user=user, submission_id=chosen)
                return "Decided: the result counts."
            if not (score.is_valid() and events.is_valid() and counts.is_valid()):
                return ""
            entered = [form for form in events if not form.is_blank()]
            payload = {k: v for k, v in score.cleaned_data.items() if k != "note"}
            payload["events"] = [form.cleaned_data for form in entered]
            payload["counts"] = counts.counts()
            note = score.cleaned_data.get("note", "")
            try:
                submission = steps.result_enter(match_id=match.id, user=user, data=payload, note=note)
                return gettext("%(action)s: %(state)s.") % {
                    "action": submission.get_action_display().capitalize(),
                    "state": submission.get_state_display(),
                }
            except ValidationError as exc:
                _put_errors(exc, score, entered, counts)
                return ""
        except PermissionDenied as exc:
            self.message_user(request, str(exc) or gettext("You may not do that."), messages.ERROR)

        except ValidationError as exc:
            self.message_user(request, " ".join(exc.messages), messages.ERROR)
        return ""


def _put_errors(exc: ValidationError, score: ScoreForm, entered: list[EventForm], counts: CountsForm) -> None:
    """Hang the service's errors on the fields they name (``events[2].minute`` on the third
    filled-in event row, ``counts[17].shots`` on that player's shots)."""
    for key, messages_ in exc.message_dict.items():
        text = " ".join(messages_)
        event = re.fullmatch(r"events\[(\d+)\]\.(\w+)", key)
        count = re.fullmatch(r"counts\[(\w+)\]\.?(\w*)", key)
        if event and int(event[1]) < len(entered):
            entered[int(event[1])].add_error(event[2], text)
        elif count and f"{count[2]}_{count[1]}" in counts.fields:
            counts.add_error(f"{count[2]}_{count[1]}", text)
        elif key in score.fields:
            score.add_error(key, text)
        else:
            score.add_error(None, format_html("{}: {}", key, text) if key != "__all__" else text)


def event_line(event: dict, names: dict[str, str]) -> str:
    """One event of a submitted result as the managers read it: players by team and name, not by id."""

    def named(player) -> str:
        return names.get(str(player), f"player {player}")

    line = f"{event.get('minute')}' {event.get('kind')} {named(event.get('player'))}"
    return f"{line} (off: {named(event['out'])})" if event.get("out") else line
