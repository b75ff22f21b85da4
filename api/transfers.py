"""The free-agent market in the API: free agents and the season's transactions for everyone;
claims, signings and releases for a team's manager (his own team) and the league's
commissioners (any team).

The views read the request, check who acts for which team (403 otherwise; 401 without
credentials) and call ``rosters.free_agents``, which takes the locks and checks the window, the
card, the coins and the squad rules: a refusal is a 400 naming the field it is about.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from api.drafts import MAX_COINS, id_field, refused
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from leagues.models import Season, Team
from rosters import free_agents
from rosters.models import Claim, LedgerEntry, Player, SquadMember
from rosters.permissions import can_act_for

# --- representations ----------------------------------------------------------------------------


class FreeAgentSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.pk")
    name = serializers.CharField(source="player.name")
    role = serializers.CharField(source="player.role")
    price = serializers.IntegerField(source="player.price", help_text="BootCoins")
    affordable = serializers.BooleanField(
        allow_null=True, help_text="With ?team=: whether the team's BootCoins pay the price (null without)."
    )
    fits = serializers.SerializerMethodField(
        help_text="With ?team=: whether the squad has room for the card (null without)."
    )
    fit_problem = serializers.CharField(source="fit", help_text="Why the squad has no room ('' when it has).")

    def get_fits(self, row: free_agents.FreeAgent) -> bool | None:
        return None if row.affordable is None else not row.fit


class ClaimSerializer(serializers.ModelSerializer):
    class Meta:
        model = Claim
        fields = ["id", "window", "team", "player", "release", "bid", "state", "reason", "created_at", "settled_at"]
        read_only_fields = fields


class ClaimInSerializer(serializers.Serializer):
    team = id_field()
    player = id_field(help_text="The free agent claimed.")
    release = id_field(required=False, help_text="A card of the squad to let go if the claim wins.")
    bid = serializers.IntegerField(
        min_value=0,
        max_value=MAX_COINS,
        required=False,
        help_text="Sealed bids: BootCoins offered, at least the price (default: the price). Ignored in waiver order.",
    )


class SignInSerializer(serializers.Serializer):
    team = id_field()
    player = id_field(help_text="The free agent signed.")
    release = id_field(required=False, help_text="A card of the squad let go in the same move.")


class SigningSerializer(serializers.ModelSerializer):
    class Meta:
        model = SquadMember
        fields = ["id", "season", "team", "player", "price"]
        read_only_fields = fields


class ReleaseInSerializer(serializers.Serializer):
    team = id_field()
    player = id_field(help_text="The card of the squad let go.")


class ReleaseSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    player = serializers.IntegerField()
    refund = serializers.IntegerField(help_text="BootCoins paid back.")


class TransactionSerializer(serializers.ModelSerializer):
    team_name = serializers.CharField(source="team.name", read_only=True)
    player_name = serializers.CharField(source="player.name", read_only=True, allow_null=True, default=None)

    class Meta:
        model = LedgerEntry
        fields = ["id", "created_at", "team", "team_name", "reason", "amount", "player", "player_name", "note"]
        read_only_fields = fields


#: ``?ordering=`` of the free agents: each field, ascending or descending.
ORDERINGS = [o for f in free_agents.ORDERINGS for o in (f, f"-{f}")]


class FreeAgentQuerySerializer(serializers.Serializer):
    role = serializers.CharField(required=False, max_length=20)
    max_price = serializers.IntegerField(required=False, min_value=0, max_value=MAX_COINS)
    ordering = serializers.ChoiceField(choices=ORDERINGS, required=False, default="name")
    team = id_field(required=False)


# --- views --------------------------------------------------------------------------------------


def season_of(season_id: str) -> Season:
    return get_object_or_404(Season.objects.select_related("league"), pk=season_id)


def team_for(request: Request, season: Season, team_id: int) -> Team:
    """The season's team the user acts for: 400 if not in the season, 403 if not theirs."""
    team = season.teams.select_related("league").filter(pk=team_id).first()
    if team is None:
        raise serializers.ValidationError(
            {"team": [_("team %(team)s does not play in %(season)s") % {"team": team_id, "season": season}]}
        )
    if not can_act_for(request.user, team):
        raise PermissionDenied("You may only act for your own team (or as the league's commissioner).")
    return team


def move_request(request: Request, season_id: str, given_class: type[serializers.Serializer]) -> tuple[int, dict]:
    """A move's season and body, checked: 404 for no season, 400 for a bad body or a team of
    another season, 403 for a team the user may not act for. The season's id and the
    service's keyword arguments (``team_id``, ``player_id``, ``release_id``, ``bid``: those
    given; ``by``)."""
    season = season_of(season_id)
    given = given_class(data=request.data)
    given.is_valid(raise_exception=True)
    data = given.validated_data
    team = team_for(request, season, data["team"])
    move = {"team_id": team.pk, "player_id": data["player"], "by": request.user}
    if "release" in data:
        move["release_id"] = data["release"]
    if "bid" in data:
        move["bid"] = data["bid"]
    return season.pk, move


def call(service, *args, **kwargs):
    try:
        return service(*args, **kwargs)
    except DjangoValidationError as exc:
        raise refused(exc) from exc


class FreeAgentsView(generics.GenericAPIView):
    """The season's free agents (cards of the league's pool no team holds)."""

    permission_classes = [AllowAny]
    serializer_class = FreeAgentSerializer
    queryset = Player.objects.none()  # for the schema: the rows are ``free_agents_for``'s

    @extend_schema(
        parameters=[
            OpenApiParameter("role", OpenApiTypes.STR, description="Only this role."),
            OpenApiParameter("max_price", OpenApiTypes.INT, description="At most this price."),
            OpenApiParameter(
                "ordering", OpenApiTypes.STR, enum=ORDERINGS, description="A leading - for descending (default: name)."
            ),
            OpenApiParameter("team", OpenApiTypes.INT, description="Say whether this team can afford and fit each."),
        ],
        responses=FreeAgentSerializer(many=True),
    )
    def get(self, request: Request, season_id: str) -> Response:
        season = season_of(season_id)
        query = FreeAgentQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        given = query.validated_data
        team = None
        if "team" in given:
            team = season.teams.filter(pk=given["team"]).first()
            if team is None:
                raise serializers.ValidationError(
                    {
                        "team": [
                            _("team %(team)s does not play in %(season)s") % {"team": given["team"], "season": season}
                        ]
                    }
                )
        rows = call(
            free_agents.free_agents_for,
            season,
            team,
            role=given.get("role", ""),
            max_price=given.get("max_price"),
            ordering=given["ordering"],
        )
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(FreeAgentSerializer(page, many=True).data)


class TransactionsView(generics.ListAPIView):
    """The season's moves, newest first: signings, claims won, releases and trades, as ledger entries."""

    permission_classes = [AllowAny]
    serializer_class = TransactionSerializer
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[LedgerEntry]:
        if getattr(self, "swagger_fake_view", False):
            return LedgerEntry.objects.none()
        return free_agents.transactions(season_of(self.kwargs["season_id"]))


class ClaimsView(generics.GenericAPIView):
    """A season's claims the user may see (GET: their teams', or every team's for a commissioner);
    a claim on a free agent for a team (POST)."""

    permission_classes = [IsAuthenticated]
    serializer_class = ClaimSerializer
    queryset = Claim.objects.none()  # for the schema: ``get`` reads the season's

    @extend_schema(responses=ClaimSerializer(many=True))
    def get(self, request: Request, season_id: str) -> Response:
        season = season_of(season_id)
        claims = Claim.objects.filter(window__season=season).order_by("-created_at", "-id")
        claims = free_agents.claims_visible_to(request.user, claims)
        page = self.paginate_queryset(claims)
        return self.get_paginated_response(ClaimSerializer(page, many=True).data)

    @extend_schema(request=ClaimInSerializer, responses={201: ClaimSerializer}, parameters=[IDEMPOTENCY_PARAMETER])
    @idempotent
    def post(self, request: Request, season_id: str) -> Response:
        season, move = move_request(request, season_id, ClaimInSerializer)
        claim = call(free_agents.claim_make, season, **move)
        return Response(ClaimSerializer(claim).data, status=status.HTTP_201_CREATED)


class ClaimWithdrawView(generics.GenericAPIView):
    """Withdraw a pending claim, until the window's claims deadline."""

    permission_classes = [IsAuthenticated]
    serializer_class = ClaimSerializer

    @extend_schema(request=None, responses=ClaimSerializer)
    def post(self, request: Request, claim_id: str) -> Response:
        claim = get_object_or_404(Claim.objects.select_related("team__league"), pk=claim_id)
        if not can_act_for(request.user, claim.team):
            raise PermissionDenied("You may only withdraw your own team's claims (or as the league's commissioner).")
        return Response(ClaimSerializer(call(free_agents.claim_withdraw, claim.pk, by=request.user)).data)


class SigningsView(generics.GenericAPIView):
    """Sign a free agent for its price, after the window's claims are settled (first come first served)."""

    permission_classes = [IsAuthenticated]
    serializer_class = SigningSerializer

    @extend_schema(request=SignInSerializer, responses={201: SigningSerializer}, parameters=[IDEMPOTENCY_PARAMETER])
    @idempotent
    def post(self, request: Request, season_id: str) -> Response:
        season, move = move_request(request, season_id, SignInSerializer)
        member = call(free_agents.sign, season, **move)
        return Response(SigningSerializer(member).data, status=status.HTTP_201_CREATED)


class ReleasesView(generics.GenericAPIView):
    """Release a card of the squad to the free agents, for the league's refund."""

    permission_classes = [IsAuthenticated]
    serializer_class = ReleaseSerializer

    @extend_schema(request=ReleaseInSerializer, responses=ReleaseSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @idempotent
    def post(self, request: Request, season_id: str) -> Response:
        season, move = move_request(request, season_id, ReleaseInSerializer)
        refund = call(free_agents.release, season, **move)
        return Response({"team": move["team_id"], "player": move["player_id"], "refund": refund})
