"""REST endpoints for table results: read where a result stands, submit, confirm, decide.

Thin over ``matches.table_results``: the service decides who may do what (a manager of
either team submits and confirms, the commissioner approves, decides and edits) and
answers 403 or 400 with the field at fault. Reading a match's submissions needs a part
in it (manager of either team or commissioner).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.serializers import django_errors
from competitions import table_results as steps
from matches import table_results as service
from matches.models import Match, ResultSubmission


class EventSerializer(serializers.Serializer):
    minute = serializers.IntegerField()
    kind = serializers.CharField()
    player = serializers.IntegerField()
    out = serializers.IntegerField(required=False, allow_null=True)


class ResultSerializer(serializers.Serializer):
    """A result as the scoresheet gives it; the service checks it against the game and squads."""

    home_goals = serializers.IntegerField(min_value=0)
    away_goals = serializers.IntegerField(min_value=0)
    decided_by = serializers.CharField(required=False, allow_blank=True)
    shootout_home = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    shootout_away = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    events = EventSerializer(many=True, required=False)
    counts = serializers.DictField(child=serializers.DictField(child=serializers.IntegerField()), required=False)
    note = serializers.CharField(required=False, allow_blank=True, max_length=200)


class DecisionSerializer(serializers.Serializer):
    submission = serializers.IntegerField(required=False, help_text="The submission approved; or give ``result``.")
    result = ResultSerializer(required=False)
    note = serializers.CharField(required=False, allow_blank=True, max_length=200)


class SubmissionSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by_name", read_only=True, help_text="Who made the step: a public name.")

    class Meta:
        model = ResultSubmission
        fields = ["id", "action", "state", "side", "by", "at", "payload", "refers_to", "note"]


class TableStateSerializer(serializers.Serializer):
    """Where a match's table result stands, and every step taken so far."""

    match = serializers.IntegerField()
    state = serializers.CharField(help_text="awaiting, pending, disputed, confirmed ('' for a simulated match)")
    status = serializers.CharField()
    home_goals = serializers.IntegerField(allow_null=True)
    away_goals = serializers.IntegerField(allow_null=True)
    log = SubmissionSerializer(many=True)


class TableResultView(APIView):
    """GET: the table state of a match and its log. POST: a manager submits the result; a
    commissioner's POST enters and decides it (or edits a confirmed one, logged)."""

    permission_classes = [IsAuthenticated]

    def match(self, match_id: int) -> Match:
        match = get_object_or_404(Match.objects.select_related("season__league", "home", "away"), id=match_id)
        user = self.request.user
        if not (service.side_of(match, user) or match.season.league.is_commissioner(user)):
            raise PermissionDenied("Only the managers of the two teams and the commissioner see this match's results.")
        return match

    def answer(self, match_id: int) -> Response:
        match = Match.objects.select_related("season__league").get(id=match_id)
        log = match.result_submissions.select_related("by")
        return Response(
            {
                "match": match.id,
                "state": service.table_state(match),
                "status": match.status,
                "home_goals": match.home_goals,
                "away_goals": match.away_goals,
                "log": SubmissionSerializer(log, many=True).data,
            }
        )

    @staticmethod
    def run(step, **kwargs: Any) -> None:
        try:
            step(**kwargs)
        except DjangoValidationError as exc:
            raise django_errors(exc) from exc
        except DjangoPermissionDenied as exc:
            raise PermissionDenied(str(exc)) from exc

    @extend_schema(responses=TableStateSerializer)
    def get(self, request: Request, match_id: int) -> Response:
        return self.answer(self.match(match_id).id)

    @extend_schema(request=ResultSerializer, responses=TableStateSerializer)
    def post(self, request: Request, match_id: int) -> Response:
        match = self.match(match_id)
        data = ResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = dict(data.validated_data)
        note = result.pop("note", "")
        self.run(steps.result_enter, match_id=match.id, user=request.user, data=result, note=note)
        return self.answer(match.id)


class ConfirmView(TableResultView):
    """POST: the other manager confirms the result waiting for them."""

    @extend_schema(request=None, responses=TableStateSerializer)
    def post(self, request: Request, match_id: int) -> Response:
        match = self.match(match_id)
        self.run(steps.result_confirm, match_id=match.id, user=request.user)
        return self.answer(match.id)


class DecideView(TableResultView):
    """POST (commissioner): approve a waiting submission, pick one side of a dispute, or enter the result."""

    @extend_schema(request=DecisionSerializer, responses=TableStateSerializer)
    def post(self, request: Request, match_id: int) -> Response:
        match = self.match(match_id)
        data = DecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = data.validated_data.get("result")
        if result is not None:
            result = {k: v for k, v in result.items() if k != "note"}
        self.run(
            steps.result_decide,
            match_id=match.id,
            user=request.user,
            submission_id=data.validated_data.get("submission"),
            data=result,
            note=data.validated_data.get("note", ""),
        )
        return self.answer(match.id)
