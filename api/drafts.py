"""Drafts in the API: the board for everyone, and moves for the managers and commissioners.

The views only read the request, check who acts for which team, and call the
services of ``rosters.drafts``, which lock the draft and check the turn, the
budget and the squad rules. A refusal is a 400 naming the field it is about; a
team the user may not act for is a 403 (its manager or the league's
commissioner only); without credentials, a 401 as everywhere in the API.
"""

from __future__ import annotations

import django_filters
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from leagues.models import Team
from leagues.validation import MAX_ID
from rosters.accounts import display_name
from rosters.drafts.moves import autopick_set, move_make, queue_set
from rosters.drafts.state import BID, board_for, on_the_clock
from rosters.drafts.values import fresh_values, team_squad_key, value_rows, values_request
from rosters.models import Draft, DraftPick, QueuedCard
from rosters.permissions import can_act_for

# --- representations ----------------------------------------------------------------------------


class DraftSerializer(serializers.ModelSerializer):
    autopick_teams = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Draft
        fields = [
            "id",
            "season",
            "format",
            "order_method",
            "order",
            "state",
            "pick_number",
            "seconds_per_pick",
            "deadline",
            "lot",
            "autopick_teams",
            "autopick_by",
            "created_at",
        ]
        read_only_fields = fields


class DraftDetailSerializer(DraftSerializer):
    """A draft with the team on the clock and, in the market, the cards on display."""

    on_the_clock = serializers.SerializerMethodField(help_text="The id of the team to move, null when none.")
    display = serializers.SerializerMethodField(help_text="Market format: the ids of the cards on display.")

    class Meta(DraftSerializer.Meta):
        fields = [*DraftSerializer.Meta.fields, "on_the_clock", "display"]
        read_only_fields = fields

    def get_on_the_clock(self, draft: Draft) -> int | None:
        return on_the_clock(draft)

    def get_display(self, draft: Draft) -> list[int] | None:
        return [int(card) for card in draft.market["display"]] if draft.market else None


class DraftPickSerializer(serializers.ModelSerializer):
    made_by = serializers.SerializerMethodField(
        help_text="Who made the move, by public name: the full name, else the username unless it is an e-mail "
        'address, else "Manager of TEAM" or "Commissioner". Null for the clock.'
    )

    class Meta:
        model = DraftPick
        fields = ["id", "number", "kind", "team", "player", "price", "auto", "auto_by", "made_by", "created_at"]
        read_only_fields = fields

    def get_made_by(self, pick: DraftPick) -> str | None:
        if pick.made_by is None:
            return None
        if pick.made_by_id == pick.team.manager_id:
            return display_name(pick.made_by, f"Manager of {pick.team.name}")
        return display_name(pick.made_by, "Commissioner")


class CardValueSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField()
    price = serializers.IntegerField(help_text="BootCoins.")
    strength = serializers.FloatField(
        help_text="The team's expected points a match with the card, the rest of its places at replacement level."
    )
    gain = serializers.FloatField(help_text="Expected points a match the card adds over the cheapest card of its role.")
    stderr = serializers.FloatField(help_text="The gain's standard error.")
    per_coin = serializers.FloatField(help_text="The gain per BootCoin of the price (EP/BC; a free card counts as 1).")


class CardValuesSerializer(serializers.Serializer):
    """What each free card would add to a team's strength (``competitions.card_values``)."""

    draft = serializers.IntegerField()
    team = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["ready", "queued"], help_text="queued: a worker is measuring them for the team's squad as it is."
    )
    squad = serializers.ListField(child=serializers.IntegerField(), help_text="The squad they are measured for.")
    samples = serializers.IntegerField(allow_null=True, help_text="Simulated matches behind each figure.")
    engine_version = serializers.CharField(allow_null=True)
    computed_at = serializers.DateTimeField(allow_null=True)
    cards = CardValueSerializer(many=True, help_text="The cards the team has a place for, the most EP/BC first.")


class DraftMoveSerializer(serializers.Serializer):
    """The answer to a move: the pick it made (none for an auction's nomination or bid) and the draft after it."""

    pick = DraftPickSerializer(allow_null=True)
    draft = DraftDetailSerializer()


def id_field(**kwargs) -> serializers.IntegerField:
    """A row's id in a request: positive and within a 64-bit column (SQLite overflows past it)."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


#: BootCoins in a request: prices and bids are stored in small integer columns.
MAX_COINS = 32767


class PickInSerializer(serializers.Serializer):
    """A pick (or in the market a check or finish; in an auction the nomination of a card with ``amount``)."""

    team = id_field()
    player = id_field(required=False, help_text="The card, for a pick.")
    kind = serializers.ChoiceField(choices=DraftPick.Kind.choices, default=DraftPick.Kind.PICK)
    pick_number = serializers.IntegerField(
        min_value=0,
        max_value=MAX_ID,
        help_text="The pick on the clock as the client saw it (the draft's pick_number, from 0): a double "
        "click or a retry for a pick already made is refused.",
    )
    amount = serializers.IntegerField(
        min_value=1, max_value=MAX_COINS, required=False, help_text="Auction: the opening bid in BootCoins."
    )


class BidInSerializer(serializers.Serializer):
    team = id_field()
    amount = serializers.IntegerField(
        min_value=1, max_value=MAX_COINS, help_text="BootCoins, more than the highest bid."
    )


class QueueSerializer(serializers.Serializer):
    """A team's queue (the cards the clock takes first, in order) and whether autopick is on."""

    team = id_field()
    players = serializers.ListField(child=id_field(), max_length=500)
    autopick = serializers.BooleanField(required=False, help_text="Omitted: left as it is.")


class DraftFilter(django_filters.FilterSet):
    class Meta:
        model = Draft
        fields = ["season", "state", "format"]


# --- views --------------------------------------------------------------------------------------


def refused(exc: DjangoValidationError) -> serializers.ValidationError:
    """A service's refusal as a 400, under the field it is about (``non_field_errors`` for the draft itself)."""
    if hasattr(exc, "error_dict"):
        return serializers.ValidationError(exc.message_dict)
    return serializers.ValidationError({getattr(exc, "field", None) or "non_field_errors": exc.messages})


TEAM_PARAMETER = OpenApiParameter("team", OpenApiTypes.INT, required=True, description="Your team.")


class DraftViewSet(viewsets.ReadOnlyModelViewSet):
    """Drafts and their picks, public. A manager moves, bids and queues for his own team;
    a commissioner of the league for any team."""

    lookup_value_regex = r"\d+"
    serializer_class = DraftSerializer
    filterset_class = DraftFilter
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Draft]:
        return (
            Draft.objects.select_related("season__league")
            .prefetch_related("autopick_teams")
            .order_by("-created_at", "-id")
        )

    def get_serializer_class(self) -> type[DraftSerializer]:
        return DraftSerializer if self.action == "list" else DraftDetailSerializer

    @extend_schema(methods=["GET"], responses=DraftPickSerializer(many=True))
    @extend_schema(
        methods=["POST"],
        request=PickInSerializer,
        responses={201: DraftMoveSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @action(detail=True, methods=["get", "post"])
    def picks(self, request: Request, pk: str | None = None) -> Response:
        """The moves so far, in order (GET); a pick for a team (POST)."""
        if request.method == "POST":
            return self._pick(request)
        draft = self.get_object()
        moves = draft.picks.select_related("made_by", "team").order_by("number")
        page = self.paginate_queryset(moves)
        return self.get_paginated_response(DraftPickSerializer(page, many=True).data)

    @idempotent
    def _pick(self, request: Request) -> Response:
        draft = self.get_object()
        given = PickInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        team = self._team(draft, data["team"])
        if draft.format == Draft.Format.AUCTION and data["kind"] == DraftPick.Kind.PICK and "amount" not in data:
            raise serializers.ValidationError({"amount": [_("an auction's nomination needs an opening bid")]})
        move = self._call(
            move_make,
            draft.pk,
            team_id=team.pk,
            by=request.user,
            player_id=data.get("player"),
            kind=data["kind"],
            pick_number=data["pick_number"],
            amount=data.get("amount"),
        )
        return self._moved(draft, move, status.HTTP_201_CREATED)

    @extend_schema(request=BidInSerializer, responses=DraftMoveSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @action(detail=True, methods=["post"])
    @idempotent
    def bids(self, request: Request, pk: str | None = None) -> Response:
        """A bid on the card up for auction (auction format)."""
        draft = self.get_object()
        given = BidInSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        team = self._team(draft, given.validated_data["team"])
        amount = given.validated_data["amount"]
        self._call(move_make, draft.pk, team_id=team.pk, by=request.user, kind=BID, amount=amount)
        return self._moved(draft, None, status.HTTP_200_OK)

    @extend_schema(methods=["GET"], parameters=[TEAM_PARAMETER], responses=QueueSerializer)
    @extend_schema(methods=["PUT"], request=QueueSerializer, responses=QueueSerializer)
    @action(detail=True, methods=["get", "put"])
    def queue(self, request: Request, pk: str | None = None) -> Response:
        """A team's queue and autopick: only its manager or a commissioner may read (GET) or replace it (PUT)."""
        if not request.user.is_authenticated:
            self.permission_denied(request)
        draft = self.get_object()
        if request.method == "GET":
            given = id_field()
            try:
                team_id = given.run_validation(request.query_params.get("team"))
            except serializers.ValidationError as exc:
                raise serializers.ValidationError({"team": exc.detail}) from exc
            return Response(self._queue(draft, self._team(draft, team_id)))
        given = QueueSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        team = self._team(draft, data["team"])
        with transaction.atomic():  # the queue and autopick change together or not at all
            self._call(queue_set, draft.pk, team_id=team.pk, player_ids=data["players"], by=request.user)
            if "autopick" in data:
                self._call(autopick_set, draft.pk, team_id=team.pk, on=data["autopick"], by=request.user)
        return Response(self._queue(Draft.objects.get(pk=draft.pk), team))

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "team", OpenApiTypes.INT, description="The team to measure for; the team on the clock by default."
            )
        ],
        responses={200: CardValuesSerializer, 202: CardValuesSerializer},
    )
    @action(detail=True, methods=["get"], url_path="card-values")
    def card_values(self, request: Request, pk: str | None = None) -> Response:
        """What each free card would add to a team's strength (snake drafts, while running or
        paused): 202 with no cards while a worker measures them for the team's squad as it is."""
        draft = self.get_object()
        if draft.format != Draft.Format.SNAKE or on_the_clock(draft) is None:
            raise serializers.ValidationError(
                {"non_field_errors": ["card values are measured in a snake draft, while it runs or is paused"]}
            )
        team_id = on_the_clock(draft)
        if "team" in request.query_params:
            try:
                team_id = id_field().run_validation(request.query_params["team"])
            except serializers.ValidationError as exc:
                raise serializers.ValidationError({"team": exc.detail}) from exc
        team_id = self._team(draft, team_id).pk  # a team's own values, as in the room (and they cost a worker)
        values = fresh_values(draft, team_id)
        ready = bool(values) or not board_for(draft).places_left().get(team_id)  # a full squad has none to measure
        if not ready:
            values_request(draft, team_id)
        first = next(iter(values.values()), None)
        body = {
            "draft": draft.pk,
            "team": team_id,
            "status": "ready" if ready else "queued",
            "squad": [int(pk) for pk in team_squad_key(draft, team_id).split(",") if pk],
            "samples": first.samples if first else None,
            "engine_version": first.engine_version if first else None,
            "computed_at": first.computed_at if first else None,
            "cards": value_rows(values),
        }
        code = status.HTTP_200_OK if ready else status.HTTP_202_ACCEPTED
        return Response(CardValuesSerializer(body).data, status=code)

    def _team(self, draft: Draft, team_id: int) -> Team:
        """The team of the draft's season the user acts for: 400 if not in the season, 403 if not his."""
        team = draft.season.teams.select_related("league").filter(pk=team_id).first()
        if team is None:
            raise serializers.ValidationError(
                {"team": [_("team %(team)s does not play in %(season)s") % {"team": team_id, "season": draft.season}]}
            )
        if not can_act_for(self.request.user, team):
            raise PermissionDenied("You may only act for your own team (or as the league's commissioner).")
        return team

    @staticmethod
    def _call(service, *args, **kwargs):
        try:
            return service(*args, **kwargs)
        except DjangoValidationError as exc:
            raise refused(exc) from exc

    def _moved(self, draft: Draft, move: DraftPick | None, code: int) -> Response:
        after = self.get_queryset().get(pk=draft.pk)
        body = {"pick": DraftPickSerializer(move).data if move else None, "draft": DraftDetailSerializer(after).data}
        return Response(body, status=code)

    @staticmethod
    def _queue(draft: Draft, team: Team) -> dict:
        players = QueuedCard.objects.filter(draft=draft, team=team).values_list("player_id", flat=True)
        autopick = draft.autopick_teams.filter(pk=team.pk).exists()
        return {"team": team.pk, "players": list(players), "autopick": autopick}
