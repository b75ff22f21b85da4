from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect

from competitions.results import match_forfeit, matches_play
from leagues.admin import LeagueScopedAdmin
from leagues.errors import validation_message
from matches.fixtures import MOVABLE, match_move, match_set_status
from matches.models import Match, MatchEvent, PlayerMatchStat
from matches.services import STAT_FIELDS


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
        self.message_user(request, f"Played {len(played) - len(failed) - len(waiting)} matches.", messages.SUCCESS)
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
        rest; the success counts only the matches changed."""
        changed = 0
        for match in queryset.select_related("season__league", "home", "away"):
            try:
                change(match)
                changed += 1
            except ValidationError as exc:
                self.message_user(request, f"{match}: {refused}: {validation_message(exc)}", messages.ERROR)
        if changed:
            self.message_user(request, f"{changed} {done}.", messages.SUCCESS)

    def _set_status(self, request, queryset, status):
        """The same rules as the API (matches.fixtures): a result is never touched."""
        self._each(
            request,
            queryset,
            lambda match: match_set_status(match_id=match.id, status=status),
            done=f"matches now {status}",
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
            done=f"matches forfeited by the {side} side",
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
