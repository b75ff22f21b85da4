"""The API's representations. Writable fields are few on purpose: a league's settings and a
match's kickoff; everything else changes through an action with its own rules."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import models
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from leagues.models import League, Season, Team
from leagues.validation import MAX_ROUND_INTERVAL, datetime_errors, json_errors, schedule_errors
from matches.models import Match, PlayerMatchStat, card_names, events_read
from matches.services import STAT_FIELDS
from rosters.accounts import display_name, manager_name
from rosters.models import LedgerEntry, Player


def django_errors(exc: DjangoValidationError) -> serializers.ValidationError:
    """A model's ValidationError as DRF's, field by field."""
    if hasattr(exc, "error_dict"):
        return serializers.ValidationError(exc.message_dict)
    return serializers.ValidationError(exc.messages)


def has_nul(value: Any) -> bool:
    """Whether a NUL character is in any string or key of a JSON value."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(has_nul(k) or has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_nul(v) for v in value)
    return False


class StorableJSONField(serializers.JSONField):
    """JSON that every database here can store: PostgreSQL's jsonb refuses a NUL character
    (``\\u0000``) with an error, so it is a 400 on the field instead of a 500; and within
    the input limits (depth, length) of ``leagues.validation``."""

    def to_internal_value(self, data: Any) -> Any:
        if problems := json_errors(data):  # before the parent's json.dumps, which recurses
            raise serializers.ValidationError(problems)
        value = super().to_internal_value(data)
        if has_nul(value):
            raise serializers.ValidationError(_("NUL characters (\\u0000) cannot be stored."))
        return value


class KickoffField(serializers.DateTimeField):
    """A kickoff: a real UTC offset (at most ±14:00) and a date a season's schedule may use
    (``leagues.validation.schedule_errors``), else the field's 400 instead of a database error."""

    def enforce_timezone(self, value: datetime) -> datetime:
        if problems := datetime_errors(value):  # checked with the offset as given
            raise serializers.ValidationError(problems)
        value = super().enforce_timezone(value)
        if errors := schedule_errors(value, None):
            raise serializers.ValidationError(list(errors.values()))
        return value


class OptionalChoiceField(serializers.ChoiceField):
    """A choice the model stores blank for "none" (``decided_by`` before a result, ``forfeited_by``
    without a forfeit), answered as null: a typed client's enum has no blank member, null it expects."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, allow_null=True, **kwargs)

    def to_representation(self, value: Any) -> Any:
        return None if value in ("", None) else super().to_representation(value)


def optional_choice(model: type[models.Model], name: str) -> OptionalChoiceField:
    """The read-only, null-for-blank field of a model's blank-able choice (a match's ``decided_by``)."""
    return OptionalChoiceField(choices=model._meta.get_field(name).choices, help_text="Null when there is none.")


class LeagueSerializer(serializers.ModelSerializer):
    commissioners = serializers.SerializerMethodField(help_text="Their public names (never an e-mail address).")
    engine_settings = StorableJSONField(required=False, help_text=League._meta.get_field("engine_settings").help_text)
    tiebreakers = StorableJSONField(required=False, help_text=League._meta.get_field("tiebreakers").help_text)

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "slug",
            "engine",
            "engine_settings",
            "points_win",
            "points_draw",
            "points_loss",
            "tiebreakers",
            "fair_play_yellow",
            "fair_play_second_yellow",
            "fair_play_direct_red",
            "fair_play_yellow_direct_red",
            "budget",
            "forfeit_goals_for",
            "forfeit_goals_against",
            "time_zone",
            "commissioners",
            "created_at",
        ]
        # The engine and slug stay: the pool's cards and every link depend on them.
        read_only_fields = ["id", "slug", "engine", "commissioners", "created_at"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The model's own checks (points order, known tie-breakers) on the league as it would be."""
        league = League(**{**({} if self.instance is None else self._current()), **attrs})
        try:
            league.clean()
        except DjangoValidationError as exc:
            raise django_errors(exc) from exc
        return attrs

    def get_commissioners(self, league: League) -> list[str]:
        return [display_name(user, "Commissioner") for user in league.commissioners.all()]

    def _current(self) -> dict[str, Any]:
        return {f: getattr(self.instance, f) for f in self.Meta.fields if f not in ("commissioners", "created_at")}


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = [
            "id",
            "league",
            "name",
            "teams",
            "seed",
            "double_round_robin",
            "first_kickoff",
            "round_interval",
            "engine_settings",
            "created_at",
        ]
        read_only_fields = fields


class FixturesSerializer(serializers.Serializer):
    """Input of ``POST /api/seasons/{id}/fixtures/``: each field defaults to the season's own."""

    first_kickoff = KickoffField(required=False)
    interval = serializers.DurationField(required=False, max_value=MAX_ROUND_INTERVAL)
    double = serializers.BooleanField(required=False)


class TeamSerializer(serializers.ModelSerializer):
    """A team as the public reads it: its tactics are its manager's orders, kept from its
    opponents (the admin shows them to the manager and the commissioners; a played match
    shows those it was played with in ``played_with``). So is the manager's e-mail address:
    only the manager and the league's commissioners see it."""

    manager = serializers.SerializerMethodField(
        help_text="The manager's public name: the full name, else the username unless it is an e-mail address, "
        'else "Manager of TEAM". Null without a manager.'
    )
    manager_email = serializers.SerializerMethodField(
        help_text="The manager's e-mail address, for the manager and the league's commissioners; null for anyone else."
    )

    class Meta:
        model = Team
        fields = ["id", "league", "name", "short_name", "manager", "manager_email"]
        read_only_fields = fields

    def get_manager(self, team: Team) -> str | None:
        return manager_name(team)

    def get_manager_email(self, team: Team) -> str | None:
        user = getattr(self.context.get("request"), "user", None)
        if team.manager is None or user is None or not user.is_authenticated:
            return None
        if user.pk == team.manager_id or user.is_superuser or team.league_id in self._leagues_run(user):
            return team.manager.email or None
        return None

    def _leagues_run(self, user) -> set[int]:
        """The leagues the user runs, looked up once per request (a list shares its context)."""
        if "leagues_run" not in self.context:
            self.context["leagues_run"] = set(user.leagues_run.values_list("pk", flat=True))
        return self.context["leagues_run"]


class SeasonTacticsSerializer(serializers.Serializer):
    """A team's tactics in one season: its orders to the computer coach (the engine's
    ``tactics_schema``), for its manager and the league's commissioners only."""

    team = serializers.IntegerField(read_only=True)
    season = serializers.IntegerField(read_only=True)
    tactics = StorableJSONField(help_text='The orders, e.g. {"coach": "planner"}; {}: the league\'s coach.')
    paid = serializers.IntegerField(
        read_only=True, help_text="BootCoins paid this season for what the tactics buy (Mutant Soccer's extra cards)."
    )


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "league", "name", "role", "attributes", "price", "external_id"]
        read_only_fields = fields


class TeamRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name"]
        read_only_fields = fields


class MatchSerializer(serializers.ModelSerializer):
    """A fixture or result; only ``kickoff`` is writable (by PATCH, while there is no result)."""

    home = TeamRefSerializer(read_only=True)
    away = TeamRefSerializer(read_only=True)
    kickoff = KickoffField(required=False)
    decided_by = optional_choice(Match, "decided_by")
    forfeited_by = optional_choice(Match, "forfeited_by")

    class Meta:
        model = Match
        fields = [
            "id",
            "season",
            "round",
            "home",
            "away",
            "kickoff",
            "status",
            "home_goals",
            "away_goals",
            "decided_by",
            "shootout_home",
            "shootout_away",
            "forfeited_by",
            "seed",
            "engine_version",
            "played_at",
        ]
        read_only_fields = [f for f in fields if f != "kickoff"]


class PlayedEventSerializer(serializers.Serializer):
    """One line of the play-by-play (``matches.models.PlayedEvent``) with its card's name."""

    seq = serializers.IntegerField(read_only=True)
    minute = serializers.IntegerField(read_only=True)
    kind = serializers.CharField(read_only=True)
    side = OptionalChoiceField(choices=Match.Side.choices, help_text="Null when the event is neither side's.")
    player = serializers.IntegerField(read_only=True, allow_null=True)
    player_name = serializers.CharField(read_only=True, allow_null=True)
    detail = serializers.JSONField(read_only=True)


class PlayerMatchStatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = PlayerMatchStat
        fields = ["player", "player_name", "team", *STAT_FIELDS, "extra"]
        read_only_fields = fields


class MatchDetailSerializer(MatchSerializer):
    """A match with its play-by-play (``events``, with the dice or cards in ``detail``) and player stats."""

    events = serializers.SerializerMethodField()
    stats = PlayerMatchStatSerializer(many=True, read_only=True, source="player_stats")

    @extend_schema_field(PlayedEventSerializer(many=True))
    def get_events(self, match: Match) -> list[dict]:
        play_by_play = getattr(match, "play_by_play", None)
        events = events_read(play_by_play.events) if play_by_play else []
        names = card_names(events, {stat.player_id: stat.player.name for stat in match.player_stats.all()})
        # a card deleted since names no player, as when the event's row set it to null
        cards = [e.player_id if e.player_id in names else None for e in events]
        lines = [e._asdict() | {"player": c, "player_name": names.get(c)} for e, c in zip(events, cards, strict=True)]
        return PlayedEventSerializer(lines, many=True).data

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "played_with", "error", "events", "stats"]
        read_only_fields = [f for f in fields if f != "kickoff"]


class StatusChangeSerializer(serializers.Serializer):
    """Input of postpone, cancel and reschedule: rescheduling may set a new kickoff."""

    kickoff = KickoffField(required=False)


class ForfeitSerializer(serializers.Serializer):
    forfeited_by = serializers.ChoiceField(choices=Match.Side.choices)


class StandingRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    goal_difference = serializers.IntegerField()
    points = serializers.IntegerField()
    deducted = serializers.IntegerField()
    form = serializers.CharField(help_text="The last five results, oldest first: W, D or L.")


class StandingsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    division = serializers.IntegerField(
        allow_null=True, help_text="The division whose table this is; null: the season's."
    )
    standings = StandingRowSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField(), help_text="How tied teams were separated.")


class LedgerEntrySerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True, allow_null=True, default=None)

    class Meta:
        model = LedgerEntry
        fields = ["id", "amount", "reason", "player", "player_name", "note", "created_at"]
        read_only_fields = fields


class LedgerSeasonSerializer(serializers.Serializer):
    """A team's BootCoins in one season: the balance and every entry that makes it, oldest first."""

    season = serializers.IntegerField(source="season.pk")
    name = serializers.CharField(source="season.name")
    balance = serializers.IntegerField()
    entries = LedgerEntrySerializer(many=True)


class TeamLedgerSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    seasons = LedgerSeasonSerializer(many=True, help_text="Latest season first.")
