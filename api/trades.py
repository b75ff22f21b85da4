"""Trades in the API: the league sees every trade once accepted; a trade still proposed (or
declined or withdrawn) only its two teams' managers and the league's commissioners.

A manager proposes for their own team and answers the trades addressed to it; commissioners
approve and veto. The views read the request and call ``rosters.trades``, which checks who may
give which answer and everything else under its locks: a refusal is a 400 naming the field it is
about, an answer the person may not give a 403, a trade they may not see a 404, and without
credentials a 401, as everywhere in the API.
"""

from __future__ import annotations

from collections.abc import Callable

import django_filters
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from api.drafts import MAX_COINS, id_field, refused
from api.filters import IdFilter
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from leagues.models import Season
from rosters import trades
from rosters.models import Trade, TradeCard

# --- representations ----------------------------------------------------------------------------


class TradeCardSerializer(serializers.ModelSerializer):
    class Meta:
        model = TradeCard
        fields = ["player", "from_team"]
        read_only_fields = fields


class TradeSerializer(serializers.ModelSerializer):
    cards = TradeCardSerializer(many=True, read_only=True, help_text="Each card and the team that gives it.")

    class Meta:
        model = Trade
        fields = [
            "id",
            "season",
            "proposer",
            "receiver",
            "cards",
            "coins_offered",
            "coins_asked",
            "state",
            "reason",
            "created_at",
            "accepted_at",
            "executes_at",
            "closed_at",
        ]
        read_only_fields = fields


class TradeInSerializer(serializers.Serializer):
    """A proposal: the proposer's cards it gives, the receiver's it asks for, coins each way."""

    season = id_field()
    proposer = id_field(help_text="Your team.")
    receiver = id_field()
    offered = serializers.ListField(
        child=id_field(), max_length=50, default=list, help_text="Cards of the proposer's squad."
    )
    asked = serializers.ListField(child=id_field(), max_length=50, default=list, help_text="Cards of the receiver's.")
    coins_offered = serializers.IntegerField(min_value=0, max_value=MAX_COINS, default=0)
    coins_asked = serializers.IntegerField(min_value=0, max_value=MAX_COINS, default=0)


class AnswerSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=300, required=False, allow_blank=True, help_text="Why (a decline or a veto); kept on the trade."
    )


class TradeFilter(django_filters.FilterSet):
    team = IdFilter(method="filter_team", help_text="Trades this team proposed or received.")

    class Meta:
        model = Trade
        fields = ["season", "team", "state"]

    def filter_team(self, queryset: QuerySet[Trade], name: str, value: int) -> QuerySet[Trade]:
        return queryset.filter(Q(proposer_id=value) | Q(receiver_id=value))


# --- views --------------------------------------------------------------------------------------


class TradeViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Trades of a season or a team, a proposal (POST), and the answers to a trade."""

    lookup_value_regex = r"\d{1,18}"
    serializer_class = TradeSerializer
    filterset_class = TradeFilter
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Trade]:
        rows = Trade.objects.select_related("season").prefetch_related("cards").order_by("-created_at", "-id")
        return trades.trades_visible_to(self.request.user, rows)

    @extend_schema(request=TradeInSerializer, responses={201: TradeSerializer}, parameters=[IDEMPOTENCY_PARAMETER])
    @idempotent
    def create(self, request: Request, *args, **kwargs) -> Response:
        """Propose a trade for your team (a commissioner: for any team of the league)."""
        given = TradeInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = dict(given.validated_data)
        season = Season.objects.select_related("league").filter(pk=data.pop("season")).first()
        if season is None:
            raise serializers.ValidationError({"season": [_("no such season")]})
        data["proposer_id"], data["receiver_id"] = data.pop("proposer"), data.pop("receiver")
        trade = self._call(trades.trade_propose, season, by=request.user, **data)
        return Response(TradeSerializer(self.get_queryset().get(pk=trade.pk)).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=TradeSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def accept(self, request: Request, pk: str | None = None) -> Response:
        """The receiver's manager accepts: the trade executes, or waits for approval or its veto period."""
        return self._answer(trades.trade_accept)

    @extend_schema(request=AnswerSerializer, responses=TradeSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def decline(self, request: Request, pk: str | None = None) -> Response:
        """The receiver's manager declines a proposed trade."""
        return self._answer(trades.trade_decline, reason=True)

    @extend_schema(request=None, responses=TradeSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """The proposer's manager takes back a trade not yet accepted."""
        return self._answer(trades.trade_withdraw)

    @extend_schema(request=None, responses=TradeSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def approve(self, request: Request, pk: str | None = None) -> Response:
        """A commissioner approves an accepted trade that waits for approval: it executes at once."""
        return self._answer(trades.trade_approve)

    @extend_schema(request=AnswerSerializer, responses=TradeSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def veto(self, request: Request, pk: str | None = None) -> Response:
        """A commissioner stops an accepted trade before it executes."""
        return self._answer(trades.trade_veto, reason=True)

    def _answer(self, service: Callable[..., Trade], *, reason: bool = False) -> Response:
        trade = self.get_object()
        kwargs = {}
        if reason:
            given = AnswerSerializer(data=self.request.data)
            given.is_valid(raise_exception=True)
            kwargs["reason"] = given.validated_data.get("reason", "")
        self._call(service, trade.pk, by=self.request.user, **kwargs)
        return Response(TradeSerializer(self.get_queryset().get(pk=trade.pk)).data)

    @staticmethod
    def _call(service, *args, **kwargs):
        try:
            return service(*args, **kwargs)
        except trades.TradeForbidden as exc:
            raise PermissionDenied(" ".join(exc.messages)) from exc
        except trades.TransferError as exc:
            raise refused(exc) from exc
