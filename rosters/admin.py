from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import AdminForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from leagues.admin import LEAGUE_PATHS, LeagueScopedAdmin, run_or_managed
from leagues.errors import validation_message
from leagues.models import League, Season, Team
from rosters import free_agents, ledger, market_admin, trade_admin  # noqa: F401  the two register their pages
from rosters.drafting import load_engine_pool
from rosters.drafts.moves import (
    autopick_set,
    draft_pause,
    draft_resume,
    draft_start,
    move_make,
    pick_undo_last,
    queue_set,
)
from rosters.drafts.room import room_state
from rosters.drafts.setup import check_setup
from rosters.drafts.state import pick_label
from rosters.models import (
    SPENDING_REASONS,
    Draft,
    Keeper,
    LedgerEntry,
    Player,
    SquadMember,
)
from rosters.pools import export_csv, import_csv

LEAGUE_PATHS[Player] = "league"


class PoolImportForm(forms.Form):
    league = forms.ModelChoiceField(
        queryset=League.objects.none(), help_text=_("The cards join this league's pool, checked by its game.")
    )
    csv_file = forms.FileField(
        required=False,
        label=_("CSV file"),
        help_text=_(
            "A header row naming the columns (at least name, role and price, then the game's card attributes), "
            "then one card a row. A file with any bad row imports nothing."
        ),
    )
    seed = forms.IntegerField(
        initial=1, help_text=_("Which of the engine's sample pools: the same number gives the same cards.")
    )

    #: Django admin's fieldsets: the league, then each way in with the button that takes it.
    fieldsets = [
        (None, {"fields": ["league"]}),
        (
            _("Import a CSV file"),
            {
                "fields": ["csv_file"],
                "description": _(
                    'Export a pool with the "Export selected cards to CSV" action on the card list to see the '
                    "columns of a game."
                ),
            },
        ),
        (
            _("Or load the engine's sample pool"),
            {"fields": ["seed"], "description": _("The game's generic player set, with a price on every card.")},
        ),
    ]

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = League.objects.run_by(user)


@admin.register(Player)
class PlayerAdmin(LeagueScopedAdmin):
    list_display = ["name", "role", "price", "league", "attributes"]
    list_filter = ["league", "role", "price"]
    search_fields = ["name", "external_id"]
    list_select_related = ["league"]
    actions = ["export_csv_action"]  # and printing's card actions

    def get_urls(self):
        pool_import = path("import/", self.admin_site.admin_view(self.import_view), name="rosters_player_import")
        return [pool_import, *super().get_urls()]

    def import_view(self, request):
        """Import a CSV file or the engine's sample pool into a league the user runs."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = PoolImportForm(request.POST or None, request.FILES or None, user=request.user)
        errors: list[str] = []
        if request.method == "POST" and form.is_valid():
            league = form.cleaned_data["league"]
            try:
                if "sample" in request.POST:
                    players = load_engine_pool(league, league.engine, seed=form.cleaned_data["seed"])
                elif form.cleaned_data["csv_file"]:
                    players = import_csv(league, form.cleaned_data["csv_file"].read())
                else:
                    raise ValidationError(_("choose a CSV file"))
            except ValidationError as exc:
                errors = exc.messages if "sample" not in request.POST else [validation_message(exc)]
            else:
                self.message_user(
                    request,
                    _("%(count)s cards added to %(league)s's pool.") % {"count": len(players), "league": league},
                    messages.SUCCESS,
                )
                return redirect(reverse("admin:rosters_player_changelist") + f"?league__id__exact={league.pk}")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Import player cards",
            "form": form,
            "adminform": AdminForm(form, PoolImportForm.fieldsets, {}),
            "errors": errors,
        }
        return TemplateResponse(request, "admin/rosters/player/import.html", context)

    @admin.action(description=_("Export selected cards to CSV"))
    def export_csv_action(self, request, queryset):
        response = HttpResponse(export_csv(queryset.order_by("league", "id")), content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="pool.csv"'
        return response


@admin.register(SquadMember)
class SquadMemberAdmin(LeagueScopedAdmin):
    league_field = "season__league"
    list_display = ["player", "team", "season", "price"]
    list_filter = ["season__league", "season", "team"]
    search_fields = ["player__name", "team__name"]
    list_select_related = ["player", "team", "season__league"]
    autocomplete_fields = ["player"]
    actions = ["release_action"]

    @admin.action(description=_("Release selected cards to the free agents (for the league's refund)"))
    def release_action(self, request, queryset):
        """A manager releases his own team's cards, a commissioner any team's: the service checks
        who acts for which team, the window and the squad, row by row."""
        for member in queryset.select_related("player", "team", "season"):
            try:
                refund = free_agents.release(
                    member.season_id, team_id=member.team_id, player_id=member.player_id, by=request.user
                )
            except ValidationError as exc:
                self.message_user(request, f"{member}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(
                    request,
                    _("%(member_player_name)s released by %(member_team)s: %(refund)s BC back.")
                    % {"member_player_name": member.player.name, "member_team": member.team, "refund": refund},
                )


@admin.register(Keeper)
class KeeperAdmin(LeagueScopedAdmin):
    """The cards a team keeps into the next season: its manager chooses them (the league's
    commissioners too) until the season's keepers deadline; the rollover pays for them."""

    league_field = "season__league"
    list_display = ["player", "team", "season"]
    list_filter = ["season__league", "season", "team"]
    list_select_related = ["player", "team", "season__league"]
    fields = ["season", "team", "player"]
    autocomplete_fields = ["player"]

    def manages(self, request, obj=None) -> bool:
        """Whether the user manages a team (``obj``'s, when given)."""
        if obj is not None:
            return obj.team.manager_id == request.user.pk
        return Team.objects.filter(manager=request.user).exists()

    def has_add_permission(self, request):
        return super().has_add_permission(request) or self.manages(request)

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.settled():
            return False
        return super().has_change_permission(request, obj) or self.manages(request, obj)

    def has_delete_permission(self, request, obj=None):
        """Not once the keepers are settled (deadline passed, season rolled over): the record of
        what was kept and paid stays."""
        if obj is not None and obj.settled():
            return False
        return super().has_delete_permission(request, obj) or self.manages(request, obj)

    def get_actions(self, request):
        """No bulk delete: it would pass over the per-row check of ``has_delete_permission``."""
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def get_queryset(self, request):
        """A manager sees their own team's keepers (a rival's choice is theirs until the
        rollover); the league's commissioners see every team's."""
        return super().get_queryset(request).filter(run_or_managed(request.user, "season__league", "team__manager"))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        """A manager chooses for their own team, in its league's seasons; a forged id is refused by the form."""
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if request.user.is_superuser:
            return field
        run = League.objects.run_by(request.user)
        mine = Team.objects.filter(manager=request.user)
        if db_field.name == "team":
            field.queryset = Team.objects.filter(Q(league__in=run) | Q(pk__in=mine))
        elif db_field.name == "season":
            field.queryset = Season.objects.filter(Q(league__in=run) | Q(league__teams__in=mine)).distinct()
        elif db_field.name == "player":
            field.queryset = Player.objects.filter(Q(league__in=run) | Q(league__teams__in=mine)).distinct()
        return field


class LedgerEntryForm(forms.ModelForm):
    class Meta:
        model = LedgerEntry
        fields = ["season", "team", "reason", "amount", "player", "note"]

    def clean(self):
        """Check the sign and the team's season here, so the person sees the reason next to the field."""
        data = super().clean()
        season, team, reason, amount = (data.get(k) for k in ("season", "team", "reason", "amount"))
        if reason in SPENDING_REASONS and amount is not None and amount > 0:
            self.add_error("amount", "A fine or a spend takes coins away: give a negative amount.")
        if reason not in SPENDING_REASONS and amount is not None and amount < 0:
            self.add_error("amount", "A grant, refund or prize brings coins in: give a positive amount.")
        if season and team and not season.teams.filter(pk=team.pk).exists():
            self.add_error("team", "The team does not play in this season.")
        elif season and team and amount is not None and not self.errors:
            try:  # the ledger's own rules: never below 0, nor below a bid the team holds in an auction
                ledger.lock_teams([team.pk])  # held to the end of the admin's transaction: no bid slips in
                ledger.check_postings(season, [ledger.Posting(team.pk, amount, reason)])
            except ledger.InsufficientFunds as exc:
                self.add_error("amount", exc.messages)
        return data


@admin.register(LedgerEntry)
class LedgerEntryAdmin(LeagueScopedAdmin):
    """Commissioners add grants, fines and prize money; entries are never changed or deleted."""

    form = LedgerEntryForm
    league_field = "season__league"
    list_display = ["created_at", "team", "season", "amount", "reason", "player", "note", "created_by"]
    list_filter = ["season__league", "season", "team", "reason"]
    search_fields = ["team__name", "note", "player__name"]
    list_select_related = ["team", "season__league", "player", "created_by"]
    autocomplete_fields = ["player"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        """Through the ledger service, which locks the team and checks the balance again (the form
        checked it under the same lock, in the same transaction, to show the reason on the form)."""
        entry = ledger.post_one(
            obj.season, obj.team, obj.amount, obj.reason, player=obj.player, note=obj.note, by=request.user
        )
        obj.pk = entry.pk


class DraftForm(forms.ModelForm):
    class Meta:
        model = Draft
        fields = ["season", "format", "order_method", "order", "previous_season", "seconds_per_pick", "autopick_by"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "autopick_by" in self.fields:  # a form that does not send it keeps the rule of old: by rating
            self.fields["autopick_by"].required = False

    def clean_autopick_by(self) -> str:
        return self.cleaned_data.get("autopick_by") or Draft.AutopickBy.RATING

    def clean(self):
        """Check the format and the order now, with the same rules the start applies."""
        data = super().clean()
        if self.errors or self.instance.state != Draft.State.SETUP:
            return data
        trial = Draft(**{k: data.get(k) for k in self.Meta.fields if k in data})
        try:
            data["order"] = check_setup(trial)
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                self.add_error(field, errors)
        return data


def team_names_by_id(draft: Draft) -> str:
    """The season's teams as "id name", for the order box that takes ids."""
    return ", ".join(f"{pk} {name}" for pk, name in draft.season.teams.order_by("pk").values_list("pk", "name"))


@admin.register(Draft)
class DraftAdmin(LeagueScopedAdmin):
    """Drafts are set up here; they are run in the draft room (a page per draft)."""

    form = DraftForm
    league_field = "season__league"
    list_display = ["season", "format", "state", "progress", "room_link"]
    list_filter = ["season__league", "state", "format"]
    list_select_related = ["season__league"]
    readonly_fields = ["state", "pick_number"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.state != Draft.State.SETUP:
            return [*self.get_fields(request, obj), *self.readonly_fields]
        return self.readonly_fields

    def get_fields(self, request, obj=None):
        """Once started, the order is shown by team name, not as the list of ids it is stored as."""
        if obj is not None and obj.state != Draft.State.SETUP:
            return ["draft_order" if name == "order" else name for name in DraftForm.Meta.fields]
        return [*DraftForm.Meta.fields, *self.readonly_fields]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is not None and "order" in form.base_fields:
            form.base_fields["order"].help_text = "Team ids: " + team_names_by_id(obj)
        return form

    @admin.display(description=_("order"))
    def draft_order(self, draft):
        names = dict(draft.season.teams.values_list("pk", "name"))
        return ", ".join(f"{n}. {names.get(team_id, team_id)}" for n, team_id in enumerate(draft.order, start=1))

    @admin.display(description=_("pick"))
    def progress(self, draft):
        return pick_label(draft)

    @admin.display(description=_("draft room"))
    def room_link(self, draft):
        return format_html('<a href="{}">open</a>', reverse("admin:rosters_draft_room", args=[draft.pk]))

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:draft_id>/room/", view(self.room_view), name="rosters_draft_room"),
            path("<int:draft_id>/room/state/", view(self.state_view), name="rosters_draft_state"),
            path("<int:draft_id>/room/act/", view(self.act_view), name="rosters_draft_act"),
            *super().get_urls(),
        ]

    def _draft(self, request, draft_id) -> Draft:
        """The draft, if the user may see it (the queryset is scoped to their leagues)."""
        draft = self.get_queryset(request).select_related("season__league").filter(pk=draft_id).first()
        if draft is None or not self.has_view_permission(request, draft):
            raise PermissionDenied
        return draft

    def room_view(self, request, draft_id):
        draft = self._draft(request, draft_id)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": f"Draft room: {draft.season}",
            "draft": draft,
            "state_url": reverse("admin:rosters_draft_state", args=[draft.pk]),
            "act_url": reverse("admin:rosters_draft_act", args=[draft.pk]),
        }
        return TemplateResponse(request, "admin/rosters/draft/room.html", context)

    def state_view(self, request, draft_id):
        return JsonResponse(room_state(self._draft(request, draft_id), request.user))

    def act_view(self, request, draft_id):
        """Every button of the room posts here; the services decide who may do what."""
        if request.method != "POST":
            return JsonResponse({"error": "POST only"}, status=405)
        draft = self._draft(request, draft_id)
        action, user = request.POST.get("action", ""), request.user
        try:
            team_id = int(request.POST.get("team") or 0)
            player_id = int(request.POST.get("player") or 0) or None
            pick_number = int(request.POST["pick_number"]) if request.POST.get("pick_number") else None
            amount = int(request.POST["amount"]) if request.POST.get("amount") else None
            if action in PICK_ACTIONS and pick_number is None:  # a double click must not make two picks
                return JsonResponse({"error": "pick_number: give the number of the pick on the clock"}, status=400)
            if action in (*PICK_ACTIONS, "bid"):
                move_make(
                    draft.pk,
                    team_id=team_id,
                    by=user,
                    player_id=player_id,
                    kind=action,
                    pick_number=pick_number,
                    amount=amount,
                )
            elif action == "queue":
                ids = [int(i) for i in request.POST.getlist("players")]
                queue_set(draft.pk, team_id=team_id, player_ids=ids, by=user)
            elif action == "autopick":
                autopick_set(draft.pk, team_id=team_id, on=request.POST.get("on") == "1", by=user)
            elif action in ROOM_COMMANDS:
                ROOM_COMMANDS[action](draft.pk, by=user)
            else:
                return JsonResponse({"error": f"unknown action {action!r}"}, status=400)
        except (ValueError, KeyError):
            return JsonResponse({"error": "bad request"}, status=400)
        except ValidationError as exc:
            return JsonResponse({"error": validation_message(exc)}, status=409)
        return JsonResponse({"ok": True})


#: The room's moves that make a pick: each carries the pick number the manager saw.
PICK_ACTIONS = ("pick", "check", "finish")
ROOM_COMMANDS = {
    "start": draft_start,
    "pause": draft_pause,
    "resume": draft_resume,
    "undo": pick_undo_last,
}
