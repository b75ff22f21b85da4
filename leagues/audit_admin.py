"""The audit log in the admin: read-only for everybody, scoped like the rest of the admin.

Commissioners read the entries of their leagues' seasons, managers those about their own
teams (a match's entries belong to both its teams). Nobody adds, changes or deletes an entry
here, superusers included. The match, team and season pages link to their entries
(``?match_id=``, ``?team=``, ``?season_id=``).
"""

from django.contrib import admin
from django.db.models import Q
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from audit.models import Entry
from leagues.models import League, Season, Team


def entries_visible_to(user):
    """The entries ``user`` may read: all for a superuser; those of seasons of the leagues they
    run, and those about the teams they manage."""
    entries = Entry.objects.all()
    if user.is_superuser:
        return entries
    seasons = Season.objects.filter(league__in=League.objects.run_by(user)).values("pk")
    teams = Team.objects.filter(manager=user).values("pk")
    return entries.filter(Q(season_id__in=seasons) | Q(team_id__in=teams) | Q(opponent_id__in=teams))


class TeamFilter(admin.SimpleListFilter):
    """A team's entries: those about it, and those of its matches (home or away)."""

    title = "team"
    parameter_name = "team"

    def lookups(self, request, model_admin):
        teams = Team.objects.filter(league__in=League.objects.visible_to(request.user)).select_related("league")
        return [(str(t.pk), f"{t} ({t.league})") for t in teams]

    def queryset(self, request, queryset):
        if not (self.value() or "").isdigit():
            return queryset
        team = int(self.value())
        return queryset.filter(Q(team_id=team) | Q(opponent_id=team))


def seasons_run_by(user) -> set[int] | None:
    """The ids of the seasons whose entries ``user`` reads with accounts; None: all (a superuser)."""
    if user.is_superuser:
        return None
    return set(Season.objects.filter(league__in=League.objects.run_by(user)).values_list("pk", flat=True))


def public_actor(entry: Entry) -> str:
    """Who acted, as a manager of the other team may read it: no username that is an e-mail."""
    if entry.actor is not None and entry.actor.get_full_name().strip():
        return entry.actor.get_full_name().strip()
    name = entry.actor_name or entry.via or "system"
    return name if "@" not in name else "a manager or commissioner"


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["at", "actor_name", "via", "action", "object_repr", "changes"]
    list_filter = ["action", "via", TeamFilter]
    search_fields = ["action", "object_repr", "actor_name"]
    date_hierarchy = "at"
    fields = [
        *["at", "actor", "actor_name", "via", "action", "content_type", "object_id", "object_repr"],
        *["season_id", "team_id", "opponent_id", "match_id", "before", "after"],
    ]
    readonly_fields = fields

    def get_queryset(self, request):
        return entries_visible_to(request.user).select_related("actor")

    def get_list_display(self, request):
        """Who acted: the account for the entries of seasons the reader runs, a public name on
        the others (a manager reads the entries of matches against other managers)."""
        runs = seasons_run_by(request.user)

        @admin.display(description=_("who"))
        def who(entry: Entry) -> str:
            return entry.actor_name if runs is None or entry.season_id in runs else public_actor(entry)

        return ["at", who, *self.list_display[2:]]

    def get_fields(self, request, obj=None):
        runs = seasons_run_by(request.user)
        if runs is None or (obj is not None and obj.season_id in runs):
            return self.fields
        return ["who" if f == "actor_name" else f for f in self.fields if f != "actor"]

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    def get_search_fields(self, request):
        """Searching accounts would spell out e-mail usernames one letter at a time."""
        return self.search_fields if request.user.is_superuser else [f for f in self.search_fields if f != "actor_name"]

    def lookup_allowed(self, lookup, value, request=None):
        if lookup.startswith("actor") and not (request is not None and request.user.is_superuser):
            return False
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description=_("who"))
    def who(self, entry: Entry) -> str:
        return public_actor(entry)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("before → after"))
    def changes(self, entry: Entry):
        before, after = entry.before or {}, entry.after or {}
        keys = list(dict.fromkeys([*before, *after]))
        return format_html_join(
            mark_safe("<br>"),
            "{}: {} → {}",
            ((key, _shown(before, key), _shown(after, key)) for key in keys),
        )


def _shown(values: dict, key: str) -> str:
    return "–" if key not in values else str(values[key])
