"""The REST API: thin viewsets over the models, the standings and the fixture services.

Reads are public. Writes (a league's settings, generating fixtures, moving a
kickoff, postponing, cancelling, rescheduling, a forfeit) need a commissioner of the
league, checked by ``CommissionerOrReadOnly`` on the object itself.
"""

from __future__ import annotations

from axes.helpers import get_lockout_message
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch, QuerySet
from django.http import HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, mixins, status, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api import brackets, filters, serializers
from api.history import AllTimeSerializer, CareerSerializer, HistorySerializer, RecordsSerializer
from api.insight import (
    FairnessSerializer,
    OddsHistorySerializer,
    OddsSerializer,
    ParitySerializer,
    PreviewSerializer,
    QueuedSerializer,
    TeamAbsencesSerializer,
)
from api.pdf import PdfRenderer, pdf_download, pdf_schema
from competitions import results
from competitions.careers import career
from competitions.fairness import game_fairness
from competitions.history import cached_history
from competitions.odds import NoTable, check_has_table, odds_request, season_odds_from_cache
from competitions.odds_history import odds_history
from competitions.parity import season_parity
from competitions.previews import PreviewTooSlow, match_preview, preview_request
from competitions.records import cached_records, history_document
from competitions.round_robin import fixtures_generate
from competitions.season_report import season_report
from competitions.seasons import current_season, with_progress
from competitions.standings import cached_standings
from config.throttling import AnonThrottle, ScopeThrottle
from leagues.models import League, Season, SeasonTeam, Team
from leagues.validation import query_id
from matches import fixtures
from matches.absences import match_out, team_out
from matches.models import Match, PlayerMatchStat
from matches.services import MatchNotPlayable
from matches.tactics import season_tactics_set, tactics_paid
from printing.cards.render import render_cards
from printing.cards.selectors import card_set_for_season, card_set_for_team
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import scoresheet_for_match
from printing.season_reports import render_season_report
from rosters import ledger
from rosters.models import Player
from rosters.permissions import can_act_for

#: Ids are numbers of at most 18 digits (a database id is under 2**63): anything else is a 404
#: at the router, before a view passes it to a query the database would refuse.
ID = r"\d{1,18}"
SEASON_PARAMETER = OpenApiParameter("season", OpenApiTypes.INT, description="The season's squad (default: latest).")
#: The league actions that read its (cached) history.
HISTORY_ACTIONS = ("history", "all_time", "records")
#: A preview a request may compute itself; a slower one is queued for a worker.
PREVIEW_BUDGET_SECONDS = 2.0
BLANK_PARAMETER = OpenApiParameter("blank", OpenApiTypes.BOOL, description="The empty sheet to play on.")


class LeagueViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.UpdateModelMixin, viewsets.GenericViewSet):
    """Leagues and their settings; a commissioner may PATCH the settings."""

    lookup_value_regex = ID
    queryset = League.objects.prefetch_related("commissioners").order_by("name", "id")
    serializer_class = serializers.LeagueSerializer
    http_method_names = ["get", "patch", "head", "options"]

    def get_queryset(self):
        queryset = super().get_queryset()
        # the history is cached by the league's results version: the league is its only row
        return queryset.prefetch_related(None) if self.action in HISTORY_ACTIONS else queryset

    @extend_schema(responses=HistorySerializer)
    @action(detail=True, methods=["get"])
    def history(self, request: Request, pk: str | None = None) -> Response:
        """Every season by division (table, champion, promoted and relegated teams), the all-time
        table and the records: what ``manage.py history LEAGUE_ID --json`` prints."""
        return Response(HistorySerializer(history_document(self.get_object())).data)

    @extend_schema(responses=AllTimeSerializer)
    @action(detail=True, methods=["get"], url_path="all-time")
    def all_time(self, request: Request, pk: str | None = None) -> Response:
        """Every season's results added up, with seasons played, titles, promotions and relegations."""
        league = self.get_object()
        rows = cached_history(league).all_time
        return Response(AllTimeSerializer({"league": league.id, "rows": rows}).data)

    @extend_schema(responses=RecordsSerializer)
    @action(detail=True, methods=["get"])
    def records(self, request: Request, pk: str | None = None) -> Response:
        """The league's records, each with the match or season it was set in."""
        league = self.get_object()
        records = [{"key": record.key, **record.to_dict()} for record in cached_records(league)]
        return Response(RecordsSerializer({"league": league.id, "records": records}).data)


class SeasonViewSet(viewsets.ReadOnlyModelViewSet):
    throttle_scope: str | None = None  # the PDF actions set theirs
    lookup_value_regex = ID
    queryset = Season.objects.select_related("league").prefetch_related("teams").order_by("-created_at", "-id")
    serializer_class = serializers.SeasonSerializer
    filterset_class = filters.SeasonFilter

    def get_queryset(self):
        if self.action == "standings":
            # the table is cached by the season's version: reading the season's own row is its
            # only query (its league is read only to compute a table not cached yet)
            return Season.objects.order_by()
        return super().get_queryset()

    def filter_queryset(self, queryset):
        # the list's filters mean nothing to one season's table, and building them cost a request
        # a seventh of its CPU
        return queryset if self.action == "standings" else super().filter_queryset(queryset)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "division",
                OpenApiTypes.INT,
                description="A division's id: that division's table (default: the season's).",
            )
        ],
        responses=serializers.StandingsSerializer,
    )
    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        """The league table with form (last five) and the notes on how tied teams were separated;
        with ``division``, that division's table (a season of several divisions has one each)."""
        season = self.get_object()
        given = request.query_params.get("division")
        division = query_id(given)
        if given is not None and (division is None or not season.entries.filter(division_id=division).exists()):
            raise exceptions.ValidationError(
                {"division": [_("No division with id %(id)r plays in this season.") % {"id": given}]}
            )
        table = cached_standings(season, division)
        body = {"season": season.id, "division": division, "standings": table.to_list(), "notes": table.notes}
        return Response(body)

    @extend_schema(responses=brackets.BracketSerializer)
    @action(detail=True, methods=["get"])
    def bracket(self, request: Request, pk: str | None = None) -> Response:
        """The season's knockout bracket: rounds of ties with seeds, legs, aggregate and winner (404 if none)."""
        return Response(brackets.BracketSerializer(brackets.bracket_of(int(pk))).data)

    @extend_schema(request=serializers.FixturesSerializer, responses=serializers.MatchSerializer(many=True))
    @action(detail=True, methods=["post"])
    def fixtures(self, request: Request, pk: str | None = None) -> Response:
        """(Re)generate the season's round robin; refused once a match has a result."""
        season = self.get_object()
        given = serializers.FixturesSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        try:
            fixtures_generate(season, **given.validated_data)
        except DjangoValidationError as exc:
            raise serializers.django_errors(exc) from exc
        matches = Match.objects.filter(season=season).select_related("home", "away").order_by("round", "id")
        return Response(serializers.MatchSerializer(matches, many=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: OddsSerializer, 202: QueuedSerializer, 404: None})
    @action(detail=True, methods=["get"])
    def odds(self, request: Request, pk: str | None = None) -> Response:
        """Each team's chance of every final place, the title, promotion, relegation and play-offs,
        and its expected points: the remaining matches completed 10,000 times from their previews.
        202 while the workers make the previews (the request queues them); 404 for a knockout or Swiss."""
        season = self.get_object()
        try:
            odds = season_odds_from_cache(season)
        except NoTable as exc:
            raise exceptions.NotFound(str(exc)) from exc
        if odds is None:
            odds_request(season.id)
            return Response({"status": "queued"}, status=status.HTTP_202_ACCEPTED)
        return Response(OddsSerializer(odds).data)

    @extend_schema(responses={200: ParitySerializer, 202: QueuedSerializer, 404: None})
    @action(detail=True, methods=["get"])
    def parity(self, request: Request, pk: str | None = None) -> Response:
        """How strong each squad is: the points it can expect a match against the rest of the
        league, from every pairing's preview. 202 while the workers make them (the request queues
        them); 404 for a knockout or a Swiss."""
        season = self.get_object()
        parity = season_parity(season)
        if parity is None:
            raise exceptions.NotFound(f"season: {season} has no league pairings (a knockout, a Swiss or no fixtures)")
        if not parity.complete:
            return Response({"status": "queued"}, status=status.HTTP_202_ACCEPTED)
        return Response(ParitySerializer({"season": season.id, **parity.to_dict()}).data)

    @extend_schema(responses={200: OddsHistorySerializer, 404: None})
    @action(detail=True, methods=["get"], url_path="odds/history")
    def odds_history(self, request: Request, pk: str | None = None) -> Response:
        """The season's odds after each round they were computed after (each team's title,
        promotion, relegation and play-offs where the season has them, and expected points),
        oldest first; the last round of a finished season is its final table. 404 for a knockout or Swiss."""
        season = self.get_object()
        try:
            check_has_table(season)
        except NoTable as exc:
            raise exceptions.NotFound(str(exc)) from exc
        return Response(OddsHistorySerializer({"season": season.id, "rounds": odds_history(season.id)}).data)

    @pdf_schema("Every squad of the season as printable cards (PDF).")
    @action(detail=True, methods=["get"], url_path="cards", renderer_classes=[PdfRenderer], throttle_scope="pdf")
    def cards(self, request: Request, pk: str | None = None) -> HttpResponse:
        return pdf_download(lambda: render_cards(card_set_for_season(int(pk))))

    @pdf_schema("The season's summary to print: the tables, the results grid and the leaders (PDF).")
    @action(detail=True, methods=["get"], url_path="summary", renderer_classes=[PdfRenderer], throttle_scope="pdf")
    def summary(self, request: Request, pk: str | None = None) -> HttpResponse:
        return pdf_download(lambda: render_season_report(season_report(self.get_object().pk)))


class TeamViewSet(viewsets.ReadOnlyModelViewSet):
    throttle_scope: str | None = None  # the PDF actions set theirs
    lookup_value_regex = ID
    queryset = Team.objects.select_related("manager").order_by("league_id", "name").distinct()
    serializer_class = serializers.TeamSerializer
    filterset_class = filters.TeamFilter

    @pdf_schema("The team's squad as printable cards (PDF).", SEASON_PARAMETER)
    @action(detail=True, methods=["get"], url_path="cards", renderer_classes=[PdfRenderer], throttle_scope="pdf")
    def cards(self, request: Request, pk: str | None = None) -> HttpResponse:
        season = request.query_params.get("season")
        season_id = query_id(season)
        if season and season_id is None:
            return JsonResponse({"season": ["Give a season id."]}, status=400)
        return pdf_download(lambda: render_cards(card_set_for_team(int(pk), season_id)))

    @extend_schema(
        responses=TeamAbsencesSerializer,
        parameters=[OpenApiParameter("season", OpenApiTypes.INT, description="This season; default: the current one.")],
    )
    @action(detail=True, methods=["get"])
    def absences(self, request: Request, pk: str | None = None) -> Response:
        """Who is out of the team's next matches of a season, suspended or injured, why and until
        when, as on the team page (``docs/suspensions.md``)."""
        team = self.get_object()  # ``?season=`` through ``TeamFilter``: a bad id 400, another team's 404
        seasons = with_progress(team.seasons.select_related("league"))
        asked = request.query_params.get("season")
        season = seasons.get(id=int(asked)) if asked else current_season(seasons, timezone.now())
        lines = team_out(season, team.pk) if season is not None else []
        data = {"team": team.pk, "season": season.pk if season else None, "absences": lines}
        return Response(TeamAbsencesSerializer(data).data)

    @extend_schema(
        responses=serializers.TeamLedgerSerializer,
        parameters=[OpenApiParameter("season", OpenApiTypes.INT, description="Only this season.")],
    )
    @action(detail=True, methods=["get"])
    def ledger(self, request: Request, pk: str | None = None) -> Response:
        """The team's BootCoin ledger per season, public as on the team page: the entries and the balance.

        ``?season=`` goes through ``TeamFilter`` in ``get_object`` first: a bad id is a 400,
        a season the team does not play in a 404.
        """
        team = self.get_object()
        season = request.query_params.get("season")
        statements = ledger.statements(team, int(season) if season else None)
        return Response(serializers.TeamLedgerSerializer({"team": team.pk, "seasons": statements}).data)

    @extend_schema(
        request=serializers.SeasonTacticsSerializer,
        responses=serializers.SeasonTacticsSerializer,
        parameters=[OpenApiParameter("season", OpenApiTypes.INT, required=True, description="The season.")],
    )
    @action(detail=True, methods=["get", "put"], permission_classes=[IsAuthenticated])
    def tactics(self, request: Request, pk: str | None = None) -> Response:
        """The team's tactics in ``?season=``, for its manager and the league's commissioners; a
        PUT of ``{"tactics": {...}}`` stores them once the engine accepts them with that season's
        squad, charging the ledger what they buy (a 400 with the engine's or the ledger's reason)."""
        team = self.get_object()
        season_id = query_id(request.query_params.get("season"))
        if season_id is None:
            return Response({"season": ["Give the id of a season the team plays in."]}, status=400)
        entries = SeasonTeam.objects.select_related("season__league", "team")
        entry = entries.filter(team=team, season_id=season_id).first()
        if entry is None:
            raise exceptions.NotFound("The team does not play in this season.")
        if not can_act_for(request.user, team):
            raise exceptions.PermissionDenied("Only the team's manager and the league's commissioners see its tactics.")
        if request.method == "PUT":
            given = serializers.SeasonTacticsSerializer(data=request.data)
            given.is_valid(raise_exception=True)
            try:
                season_tactics_set(entry, given.validated_data["tactics"], by=request.user)
            except DjangoValidationError as exc:
                detail = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
                raise exceptions.ValidationError(detail) from exc
        answer = {"team": team.pk, "season": entry.season_id, "tactics": entry.tactics, "paid": tactics_paid(entry)}
        return Response(serializers.SeasonTacticsSerializer(answer).data)


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Player cards with their attributes (as the league's engine validated them) and prices."""

    lookup_value_regex = ID
    queryset = Player.objects.order_by("league_id", "name", "id").distinct()
    serializer_class = serializers.PlayerSerializer
    filterset_class = filters.PlayerFilter

    @extend_schema(responses=CareerSerializer)
    @action(detail=True, methods=["get"])
    def career(self, request: Request, pk: str | None = None) -> Response:
        """The card's matches, goals, shots, saves, cards, injuries and the game's own counters,
        season by season and team by team, and over its whole career."""
        return Response(CareerSerializer(career(self.get_object().id)).data)


class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.UpdateModelMixin, viewsets.GenericViewSet):
    """Fixtures and results. The detail adds ``events`` (the play-by-play) and ``stats``.

    A commissioner may PATCH ``kickoff`` (a match without a result) and POST to
    ``postpone``, ``cancel``, ``reschedule`` and ``forfeit``.
    """

    lookup_value_regex = ID
    throttle_scope: str | None = None  # the scoresheet sets its own
    serializer_class = serializers.MatchSerializer
    filterset_class = filters.MatchFilter
    http_method_names = ["get", "patch", "post", "head", "options"]

    def get_queryset(self) -> QuerySet[Match]:
        matches = Match.objects.select_related("home", "away", "season__league").order_by("kickoff", "round", "id")
        if self.action == "retrieve":
            matches = matches.select_related("play_by_play").prefetch_related(
                Prefetch("player_stats", PlayerMatchStat.objects.select_related("player").order_by("team_id", "id")),
            )
        return matches

    def get_serializer_class(self) -> type[serializers.MatchSerializer]:
        return serializers.MatchDetailSerializer if self.action == "retrieve" else serializers.MatchSerializer

    def perform_update(self, serializer: serializers.MatchSerializer) -> None:
        kickoff = serializer.validated_data.get("kickoff")
        if kickoff is not None:
            self._apply(fixtures.match_move, match_id=serializer.instance.id, kickoff=kickoff)
        serializer.instance.refresh_from_db()

    @extend_schema(request=None, responses=serializers.MatchSerializer)
    @action(detail=True, methods=["post"])
    def postpone(self, request: Request, pk: str | None = None) -> Response:
        """Postpone a scheduled (or failed) match: it is not played or counted until rescheduled."""
        return self._set_status(Match.Status.POSTPONED)

    @extend_schema(request=None, responses=serializers.MatchSerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        """Cancel a match without a result: it is never played or counted."""
        return self._set_status(Match.Status.CANCELLED)

    @extend_schema(request=serializers.StatusChangeSerializer, responses=serializers.MatchSerializer)
    @action(detail=True, methods=["post"])
    def reschedule(self, request: Request, pk: str | None = None) -> Response:
        """Put a postponed or failed match back in the queue, at a new ``kickoff`` if given."""
        given = serializers.StatusChangeSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return self._set_status(Match.Status.SCHEDULED, kickoff=given.validated_data.get("kickoff"))

    @extend_schema(request=serializers.ForfeitSerializer, responses=serializers.MatchSerializer)
    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str | None = None) -> Response:
        """Award the match against ``forfeited_by`` (home or away) with the league's forfeit score."""
        match = self.get_object()
        given = serializers.ForfeitSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        self._apply(results.match_forfeit, match=match, forfeited_by=given.validated_data["forfeited_by"])
        return self._answer(match.id)

    @pdf_schema("The match's scoresheet (PDF), filled in once played.", BLANK_PARAMETER)
    @action(detail=True, methods=["get"], url_path="scoresheet", renderer_classes=[PdfRenderer], throttle_scope="pdf")
    def scoresheet(self, request: Request, pk: str | None = None) -> HttpResponse:
        blank = request.query_params.get("blank") in ("1", "true", "yes")
        return pdf_download(lambda: render_scoresheet(scoresheet_for_match(int(pk), blank=blank)))

    @extend_schema(responses={200: PreviewSerializer, 202: QueuedSerializer, 404: None})
    @action(detail=True, methods=["get"])
    def preview(self, request: Request, pk: str | None = None) -> Response:
        """A scheduled match's chances (home win, draw, away win, through), expected goals and most
        likely scores, from its pairing played 640 times. 202 while a worker makes a slow game's
        preview (the request queues it); 404 for a match that is not scheduled."""
        match = self.get_object()
        if match.status != Match.Status.SCHEDULED:
            raise exceptions.NotFound(f"Match {match.id} is {match.status}: only a scheduled match has a preview.")
        try:
            preview = match_preview(match, budget=PREVIEW_BUDGET_SECONDS)
        except PreviewTooSlow:
            preview_request(match.id)
            return Response({"status": "queued"}, status=status.HTTP_202_ACCEPTED)
        except MatchNotPlayable as exc:
            raise exceptions.NotFound(str(exc)) from exc
        return Response(PreviewSerializer({"match": match.id, **preview.to_dict(), "out": match_out(match)}).data)

    def _set_status(self, status_: str, **extra: object) -> Response:
        match = self.get_object()
        self._apply(fixtures.match_set_status, match_id=match.id, status=status_, **extra)
        return self._answer(match.id)

    @staticmethod
    def _apply(change, **kwargs: object) -> None:
        try:
            change(**kwargs)
        except DjangoValidationError as exc:
            raise serializers.django_errors(exc) from exc

    def _answer(self, match_id: int) -> Response:
        match = Match.objects.select_related("home", "away").get(id=match_id)
        return Response(serializers.MatchSerializer(match).data)


class LockedOut(exceptions.Throttled):
    """django-axes locked the username out from this address: the right password is refused too."""

    default_detail = "Account locked: too many login attempts."


class TokenView(ObtainAuthToken):
    """The API token of a username and password. After 5 failed logins (``AXES_FAILURE_LIMIT``) of one
    username from one address, its logins are refused with 429, the right password too, for 15
    minutes (``AXES_COOLOFF_MINUTES``); the endpoint also has the ``login`` rate per address."""

    throttle_classes = [AnonThrottle, ScopeThrottle]  # DRF's view has none
    throttle_scope = "login"

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        given = self.get_serializer(data=request.data)
        if not given.is_valid():
            if getattr(request, "axes_locked_out", False):  # set by django-axes on this request
                raise LockedOut(detail=str(get_lockout_message()))
            raise exceptions.ValidationError(given.errors)
        user = given.validated_data["user"]
        # a sign-in like the admin's: django-axes clears the failures before it, Django sets last_login
        user_logged_in.send(sender=type(user), request=request, user=user)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class GameFairnessView(APIView):
    """How fair a game is: its leagues' stored results beside its engine's simulations
    (``simulated`` is null while a worker plays them: the request queues it)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: FairnessSerializer, 404: None})
    def get(self, request: Request, engine: str) -> Response:
        try:
            found = game_fairness(engine)
        except KeyError as exc:
            raise exceptions.NotFound(f"engine: no game {engine!r}") from exc
        data = {
            "engine": found.engine,
            "name": found.name,
            "version": found.version,
            "stored": found.stored.to_dict(),
            "stored_enough": found.stored_enough,
            "simulated": found.simulated.to_dict() if found.simulated else None,
        }
        return Response(FairnessSerializer(data).data)
