"""Trades in the admin: a manager proposes for his own team, and a trade's page offers the answers
the person may give as buttons (``rosters.trades`` decides)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.db.models import Q
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from leagues.admin import LEAGUE_PATHS, LeagueScopedAdmin, run_or_managed
from leagues.errors import validation_message
from leagues.models import League, Season, Team
from rosters import trades
from rosters.models import (
    Player,
    SquadMember,
    Trade,
    TradeCard,
)

LEAGUE_PATHS[Player] = "league"


class TradeForm(forms.ModelForm):
    """A proposal: the two teams, the cards each gives and the coins each way, checked by the
    trade service (``rosters.trades.trade_build``) so its refusal shows on the form."""

    offered = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(), required=False, help_text=_("Cards of the proposer's squad it gives.")
    )
    asked = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(), required=False, help_text=_("Cards of the receiver's squad it asks for.")
    )
    user = None  # set per request by TradeAdmin.get_form

    class Meta:
        model = Trade
        fields = ["season", "proposer", "receiver", "offered", "asked", "coins_offered", "coins_asked"]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            trades.trade_build(data["season"], by=self.user, **self.proposal())
        except trades.TransferError as exc:
            errors = exc.message_dict if hasattr(exc, "error_dict") else {None: exc.messages}
            for field, problems in errors.items():
                self.add_error(field if field in self.fields else None, problems)
        return data

    def proposal(self) -> dict:
        """The service's arguments from the form's data."""
        data = self.cleaned_data
        return {
            "proposer_id": data["proposer"].pk,
            "receiver_id": data["receiver"].pk,
            "offered": [p.pk for p in data.get("offered") or []],
            "asked": [p.pk for p in data.get("asked") or []],
            "coins_offered": data["coins_offered"],
            "coins_asked": data["coins_asked"],
        }


class TradeCardInline(admin.TabularInline):
    """The cards of a trade, as proposed: they are chosen on the proposal and never edited."""

    model = TradeCard
    fields = ["player", "from_team"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Trade)
class TradeAdmin(LeagueScopedAdmin):
    """Trades between two teams: a manager proposes for their own team and sees their team's
    trades; the league's commissioners see every trade of their leagues. A trade is never edited:
    its page offers the answers the person may give (``trades.trade_actions``) as buttons, and
    the services check again who may give them."""

    form = TradeForm
    league_field = "season__league"
    change_form_template = "admin/rosters/trade/change_form.html"
    list_display = ["id", "season", "proposer", "receiver", "cards_moved", "coins", "state", "created_at"]
    list_filter = ["state", "season__league", "season"]
    search_fields = ["proposer__name", "receiver__name", "cards__player__name"]
    list_select_related = ["season__league", "proposer", "receiver"]
    #: What a trade's page shows once proposed.
    shown = [
        "season",
        "proposer",
        "receiver",
        "coins_offered",
        "coins_asked",
        "state",
        "reason",
        "proposed_by",
        "decided_by",
        "created_at",
        "accepted_at",
        "executes_at",
        "closed_at",
    ]

    def get_queryset(self, request):
        scope = run_or_managed(request.user, "season__league", "proposer__manager", "receiver__manager")
        return super().get_queryset(request).filter(scope)

    def get_fields(self, request, obj=None):
        return TradeForm.Meta.fields if obj is None else self.shown

    def get_inlines(self, request, obj):
        return [] if obj is None else [TradeCardInline]

    def manages(self, request) -> bool:
        return Team.objects.filter(manager=request.user).exists()

    def has_add_permission(self, request):
        return super().has_add_permission(request) or self.manages(request)

    def has_change_permission(self, request, obj=None):
        """Never edited: answered with the buttons of its page."""
        return False

    def has_delete_permission(self, request, obj=None):
        """Kept: a trade is part of its teams' history, like the ledger entries it wrote."""
        return False

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is None:
            held = SquadMember.objects.filter(season__in=self._seasons(request)).values("player_id")
            cards = Player.objects.filter(pk__in=held).order_by("name")
            form.base_fields["offered"].queryset = form.base_fields["asked"].queryset = cards
            form = type(form.__name__, (form,), {"user": request.user})
        return form

    def _seasons(self, request):
        if request.user.is_superuser:
            return Season.objects.all()
        mine = Team.objects.filter(manager=request.user)
        run = League.objects.run_by(request.user)
        return Season.objects.filter(Q(league__in=run) | Q(teams__in=mine)).distinct()

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        """A manager proposes for their own team, to a team of its league, in its seasons; a
        forged id is refused by the form (and by the service, which checks who may act)."""
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if request.user.is_superuser:
            return field
        run = League.objects.run_by(request.user)
        mine = Team.objects.filter(manager=request.user)
        if db_field.name == "proposer":
            field.queryset = Team.objects.filter(Q(league__in=run) | Q(pk__in=mine))
        elif db_field.name == "receiver":
            field.queryset = Team.objects.filter(Q(league__in=run) | Q(league__teams__in=mine)).distinct()
        elif db_field.name == "season":
            field.queryset = self._seasons(request)
        return field

    def save_model(self, request, obj, form, change):
        """Through the service, which checks everything again in its own transaction."""
        trade = trades.trade_propose(form.cleaned_data["season"], by=request.user, **form.proposal())
        obj.pk, obj.state, obj.created_at = trade.pk, trade.state, trade.created_at

    def save_related(self, request, form, formsets, change):
        """The cards were saved by the service."""

    @admin.display(description=_("cards"))
    def cards_moved(self, trade):
        return ", ".join(
            f"{c.player.name} ({c.from_team.name})" for c in trade.cards.select_related("player", "from_team")
        )

    @admin.display(description=_("BootCoins"))
    def coins(self, trade):
        parts = []
        if trade.coins_offered:
            parts.append(f"{trade.coins_offered} from {trade.proposer.name}")
        if trade.coins_asked:
            parts.append(f"{trade.coins_asked} from {trade.receiver.name}")
        return ", ".join(parts) or "-"

    def get_urls(self):
        act = self.admin_site.admin_view(self.act_view)
        return [path("<path:object_id>/act/<slug:action>/", act, name="rosters_trade_act"), *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        trade = self.get_object(request, unquote(object_id))
        if trade is not None:
            offered = [
                (name, TRADE_BUTTONS[name], reverse("admin:rosters_trade_act", args=[trade.pk, name]))
                for name in trades.trade_actions(trade, request.user)
            ]
            extra_context = {**(extra_context or {}), "trade_actions": offered}
        return super().change_view(request, object_id, form_url, extra_context)

    def act_view(self, request, object_id, action):
        """One answer to one trade, from its page's buttons: the services decide who may give it."""
        trade = self.get_object(request, unquote(object_id))
        if trade is None or action not in TRADE_BUTTONS:
            raise Http404("No such trade or action.")
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        kwargs = {"reason": request.POST.get("reason", "")[:300]} if action in ("decline", "veto") else {}
        try:
            done = TRADE_SERVICES[action](trade.pk, by=request.user, **kwargs)
        except trades.TransferError as exc:
            self.message_user(
                request,
                _("Trade #%(trade_pk)s: %(validation_message_exc)s")
                % {"trade_pk": trade.pk, "validation_message_exc": validation_message(exc)},
                messages.ERROR,
            )
        else:
            line = f"Trade #{done.pk} is {done.state}"
            level = messages.WARNING if done.state == Trade.State.REFUSED else messages.SUCCESS
            self.message_user(request, f"{line}: {done.reason}" if done.reason else f"{line}.", level)
        return redirect(reverse("admin:rosters_trade_change", args=[trade.pk]))


#: The buttons of a trade's page, and the services they call.
TRADE_BUTTONS = {
    "accept": "Accept",
    "decline": "Decline",
    "withdraw": "Withdraw",
    "approve": "Approve",
    "veto": "Veto",
}
TRADE_SERVICES = {
    "accept": trades.trade_accept,
    "decline": trades.trade_decline,
    "withdraw": trades.trade_withdraw,
    "approve": trades.trade_approve,
    "veto": trades.trade_veto,
}
