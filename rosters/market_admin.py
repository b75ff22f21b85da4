"""The transfer market in the admin: windows (their own page and inline on the season's), claims
(a manager sees and makes his own team's) and the free agents page."""

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path

from leagues.admin import LEAGUE_PATHS, LeagueScopedAdmin, ScopedInline, rendered_in_zone
from leagues.errors import validation_message
from leagues.models import League, Season
from rosters import free_agents, ledger
from rosters.models import (
    Claim,
    Player,
    SquadMember,
    TransferWindow,
)
from rosters.permissions import can_act_for
from rosters.transfers import open_window

LEAGUE_PATHS[Player] = "league"


class TransferWindowInline(ScopedInline):
    """A season's transfer windows, on the season's page (``competitions.league_admin``), their
    times in the league's zone (the season's page makes it current)."""

    model = TransferWindow
    extra = 0
    fields = ["opens_at", "claims_deadline", "closes_at", "after_round", "claims_settled_at"]
    readonly_fields = ["claims_settled_at"]


@admin.register(TransferWindow)
class TransferWindowAdmin(LeagueScopedAdmin):
    """A league's commissioners set each season's windows; the claims are settled at the deadline
    by a worker (``rosters.tasks.claims_settle``, queued whenever a window is saved) or by
    ``manage.py settle_claims``."""

    league_field = "season__league"
    list_display = ["season", "opens_at", "claims_deadline", "closes_at", "after_round", "claims_settled_at"]
    list_filter = ["season__league", "season"]
    list_select_related = ["season__league"]
    fields = ["season", "opens_at", "claims_deadline", "closes_at", "after_round", "claims_settled_at"]
    readonly_fields = ["claims_settled_at"]


@admin.register(Claim)
class ClaimAdmin(LeagueScopedAdmin):
    """Claims on free agents: a manager sees his own teams' (a rival's sealed bid stays sealed,
    from a commissioner too until the window's claims are settled: ``free_agents.claims_visible_to``).
    Claims are made on the free agents page (its buttons post to ``act_view``) and withdrawn with
    the action; the services check who acts for which team."""

    league_field = "window__season__league"
    list_display = ["player", "team", "bid", "release", "state", "reason", "window", "created_at"]
    list_filter = ["state", "window__season__league", "window__season"]
    list_select_related = ["player", "team", "release", "window__season__league"]
    actions = ["withdraw_action"]

    def get_queryset(self, request):
        return free_agents.claims_visible_to(request.user, super().get_queryset(request))

    def has_add_permission(self, request):
        return False  # made on the free agents page, through the service

    def has_change_permission(self, request, obj=None):
        return False  # a claim is withdrawn, never edited

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Withdraw selected claims")
    def withdraw_action(self, request, queryset):
        for claim in queryset.select_related("player", "team"):
            try:
                free_agents.claim_withdraw(claim.pk, by=request.user)
            except ValidationError as exc:
                self.message_user(request, f"{claim}: {validation_message(exc)}", messages.ERROR)
            else:
                self.message_user(request, f"{claim}: withdrawn.")

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("free-agents/", view(self.free_agents_view), name="rosters_claim_free_agents"),
            *super().get_urls(),
        ]

    def free_agents_view(self, request):
        """The free agents of a season, sorted and filtered, and for the team the user acts for
        whether it can pay for each and has room; Claim (until the claims deadline) and Sign
        (after it) buttons post back here and call the services."""
        seasons = self._seasons(request)
        season = seasons.filter(pk=_int(request.GET.get("season"))).first() or seasons.first()
        teams = [t for t in season.teams.select_related("league")] if season else []
        teams = [t for t in teams if can_act_for(request.user, t)]
        team = next((t for t in teams if t.pk == _int(request.GET.get("team"))), teams[0] if teams else None)
        if request.method == "POST" and season is not None:
            self._act(request, season)
            return redirect(request.get_full_path())
        role, ordering = request.GET.get("role", ""), request.GET.get("ordering", "name")
        if ordering.lstrip("-") not in free_agents.ORDERINGS:
            ordering = "name"
        rows = free_agents.free_agents_for(season, team, role=role, ordering=ordering) if season else []
        window = open_window(season) if season else None
        squad = (
            SquadMember.objects.filter(season=season, team=team).select_related("player").order_by("player__name")
            if team
            else []
        )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Free agents",
            "seasons": seasons,
            "season": season,
            "teams": teams,
            "team": team,
            "rows": rows,
            "role": role,
            "roles": sorted(set(Player.objects.filter(league_id=season.league_id).values_list("role", flat=True)))
            if season
            else [],
            "ordering": ordering,
            "orderings": ORDERING_LABELS,
            "window": window,
            "claiming": window is not None and free_agents.claims_open(window),
            "bids": season is not None and season.league.claims_by == "bids",
            "coins": ledger.balance(season, team) if team else None,
            "squad": squad,
        }
        page = TemplateResponse(request, "admin/rosters/claim/free_agents.html", context)
        return rendered_in_zone(page, season.league.time_zone if season else settings.TIME_ZONE)  # the window's times

    def _seasons(self, request):
        """Seasons of the leagues the user runs and of the teams they manage."""
        seasons = Season.objects.select_related("league").order_by("-created_at", "-id")
        if request.user.is_superuser:
            return seasons
        run = League.objects.run_by(request.user)
        return seasons.filter(Q(league__in=run) | Q(teams__manager=request.user)).distinct()

    def _act(self, request, season) -> None:
        """A Claim or Sign button: the service decides, the message says what happened or why not."""
        action = request.POST.get("action")
        team_id, player_id = _int(request.POST.get("team")), _int(request.POST.get("player"))
        release_id, bid = _int(request.POST.get("release")), _int(request.POST.get("bid"))
        try:
            if action == "claim":
                claim = free_agents.claim_make(
                    season.pk, team_id=team_id, player_id=player_id, release_id=release_id, bid=bid, by=request.user
                )
                self.message_user(request, f"{claim}: claimed for {claim.bid} BC, settled at the claims deadline.")
            elif action == "sign":
                member = free_agents.sign(
                    season.pk, team_id=team_id, player_id=player_id, release_id=release_id, by=request.user
                )
                self.message_user(request, f"{member.player.name} signed by {member.team} for {member.price} BC.")
            else:
                self.message_user(request, f"Unknown action {action!r}.", messages.ERROR)
        except ValidationError as exc:
            self.message_user(request, validation_message(exc), messages.ERROR)


#: The free agents page's orderings, as its select shows them.
ORDERING_LABELS = [
    ("name", "name"),
    ("role", "role"),
    ("price", "price, cheapest first"),
    ("-price", "price, dearest first"),
]


def _int(value) -> int | None:
    """A positive id from a form or query, else None."""
    return int(value) if value and str(value).isdigit() and len(str(value)) < 19 else None
