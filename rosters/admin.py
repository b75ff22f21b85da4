from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from leagues.admin import LEAGUE_PATHS, LeagueScopedAdmin
from leagues.errors import validation_message
from leagues.models import League
from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.models import SPENDING_REASONS, LedgerEntry, Player, SquadMember
from rosters.pools import export_csv, import_csv
from rosters.print_actions import print_player_cards, print_player_cards_bw

LEAGUE_PATHS[Player] = "league"


class PoolImportForm(forms.Form):
    league = forms.ModelChoiceField(queryset=League.objects.none())
    csv_file = forms.FileField(required=False, help_text="A header row (name, role, price, ...), then a card a row.")
    seed = forms.IntegerField(initial=1, help_text="Which of the engine's sample pools.")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["league"].queryset = League.objects.run_by(user)


@admin.register(Player)
class PlayerAdmin(LeagueScopedAdmin):
    list_display = ["name", "role", "price", "league", "attributes"]
    list_filter = ["league", "role", "price"]
    search_fields = ["name", "external_id"]
    list_select_related = ["league"]
    actions = ["export_csv_action", print_player_cards, print_player_cards_bw]

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
                    text = form.cleaned_data["csv_file"].read().decode("utf-8", errors="replace")
                    players = import_csv(league, text)
                else:
                    raise ValidationError("choose a CSV file")
            except ValidationError as exc:
                errors = exc.messages if "sample" not in request.POST else [validation_message(exc)]
            else:
                self.message_user(request, f"{len(players)} cards added to {league}'s pool.", messages.SUCCESS)
                return redirect(reverse("admin:rosters_player_changelist") + f"?league__id__exact={league.pk}")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Import player cards",
            "form": form,
            "errors": errors,
        }
        return TemplateResponse(request, "admin/rosters/player/import.html", context)

    @admin.action(description="Export selected cards to CSV")
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
        elif season and team and amount is not None and ledger.balance(season, team) + amount < 0:
            self.add_error(
                "amount", f"{team} has only {ledger.balance(season, team)} BC; a balance never goes below 0."
            )
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
        """Through the ledger service, which locks the team and checks the balance again (the form's
        check is only for the message: another spend may have come in since)."""
        entry = ledger.post_one(
            obj.season, obj.team, obj.amount, obj.reason, player=obj.player, note=obj.note, by=request.user
        )
        obj.pk = entry.pk
