"""Matches, their play-by-play and the players' numbers in them."""

from collections.abc import Mapping
from typing import NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Case, F, Q, When
from django.utils.translation import gettext_lazy as _

from leagues.models import PlayMode, new_seed
from rosters.accounts import display_name
from rosters.models import Player


class Match(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        PLAYED = "played", _("Played")
        POSTPONED = "postponed", _("Postponed")
        CANCELLED = "cancelled", _("Cancelled")
        FORFEITED = "forfeited", _("Forfeited")
        FAILED = "failed", _("Failed")

    #: A status as a sentence says it ("a postponed match"), in the reader's language.
    WORDS = {
        Status.SCHEDULED: _("scheduled"),
        Status.PLAYED: _("played"),
        Status.POSTPONED: _("postponed"),
        Status.CANCELLED: _("cancelled"),
        Status.FORFEITED: _("forfeited"),
        Status.FAILED: _("failed"),
    }
    #: The statuses of a match whose result counts (in tables, brackets, rankings).

    RESULT_STATUSES = (Status.PLAYED, Status.FORFEITED)
    #: The statuses of a match that will not be played any more.
    CLOSED_STATUSES = (*RESULT_STATUSES, Status.CANCELLED)

    class DecidedBy(models.TextChoices):
        """Labels are lowercase, as they read inside a sentence ("2-2, penalties 4-3")."""

        REGULATION = "regulation", _("regulation")
        EXTRA_TIME = "extra_time", _("extra time")
        SUDDEN_DEATH = "sudden_death", _("sudden death")
        PENALTIES = "penalties", _("penalties")
        FORFEIT = "forfeit", _("forfeit")

    class Side(models.TextChoices):
        HOME = "home", _("Home")
        AWAY = "away", _("Away")

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    home = models.ForeignKey("leagues.Team", on_delete=models.RESTRICT, related_name="home_matches")
    away = models.ForeignKey("leagues.Team", on_delete=models.RESTRICT, related_name="away_matches")
    kickoff = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    seed = models.BigIntegerField(
        default=new_seed, help_text=_("The engine's seed: the same seed replays the same match.")
    )
    engine_version = models.CharField(max_length=20, blank=True)
    played_with = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text=_(
            "The engine settings and team lineups (tactics) the match was played with, when any: "
            "with the seed, the engine version and the squads, what replays it after they change."
        ),
    )
    home_goals = models.PositiveSmallIntegerField(null=True, blank=True)
    away_goals = models.PositiveSmallIntegerField(null=True, blank=True)
    decided_by = models.CharField(max_length=12, choices=DecidedBy.choices, blank=True)
    shootout_home = models.PositiveSmallIntegerField(null=True, blank=True)
    shootout_away = models.PositiveSmallIntegerField(null=True, blank=True)
    winner_required = models.BooleanField(
        default=False, help_text=_("A knockout match: a draw is settled by the game's own procedure.")
    )
    forfeited_by = models.CharField(max_length=4, choices=Side.choices, blank=True)
    forfeit_reason = models.CharField(
        max_length=500,
        blank=True,
        help_text=_(
            "Why the match was forfeited, when the platform awarded it: a side that could not "
            "field the game's minimum without its suspended and injured players."
        ),
    )
    error = models.TextField(blank=True, help_text=_("Why the engine could not play the match."))
    play_mode = models.CharField(
        max_length=10,
        choices=PlayMode.choices,
        blank=True,
        help_text=_("Blank: as the league plays. 'Played at the table': the worker never plays it."),
    )
    queued_at = models.DateTimeField(null=True, blank=True, editable=False)
    played_at = models.DateTimeField(null=True, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True, help_text=_("The last change: a calendar's LAST-MODIFIED."))
    sequence = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Changes of kickoff or status so far: a calendar's SEQUENCE (RFC 5545), "
            "so subscribers take the new time (matches.services.match_revised)."
        ),
    )

    class Meta:
        ordering = ["season", "round", "kickoff", "id"]
        verbose_name_plural = _("matches")
        indexes = [models.Index(fields=["status", "kickoff"])]
        constraints = [
            models.CheckConstraint(condition=~Q(home=F("away")), name="match_home_is_not_away"),
        ]

    def __str__(self) -> str:
        if self.home_goals is None:
            return f"R{self.round} {self.home} v {self.away}"
        return f"R{self.round} {self.home} {self.home_goals}-{self.away_goals} {self.away}"

    @property
    def winner_id(self) -> int | None:
        """The team that won, on goals and then on the shoot-out; None for a draw or no result."""
        if self.home_goals is None or self.away_goals is None:
            return None
        home = (self.home_goals, self.shootout_home or 0)
        away = (self.away_goals, self.shootout_away or 0)
        if home == away:
            return None
        return self.home_id if home > away else self.away_id

    def audit_scope(self) -> dict[str, int]:
        """The ids an audit entry about this match is filed under: its season, both teams, itself."""
        return {"season": self.season_id, "team": self.home_id, "opponent": self.away_id, "match": self.id}

    @property
    def happened_at(self):
        """When the match took place: its kickoff, or the time it was played when that came
        earlier (a commissioner's "Play now"), so a result never looks played in the future."""
        if self.status == self.Status.PLAYED and self.played_at and self.played_at < self.kickoff:
            return self.played_at
        return self.kickoff

    @property
    def played_at_table(self) -> bool:
        """Whether the result comes from the table (entered and confirmed), not from the engine."""
        return (self.play_mode or self.season.league.play_mode) == PlayMode.TABLE

    @property
    def counts_in_table(self) -> bool:
        return self.status in (self.Status.PLAYED, self.Status.FORFEITED)

    def clean(self) -> None:
        errors: dict[str, object] = {}

        if self.home_id and self.home_id == self.away_id:
            errors["away"] = _("A team cannot play against itself.")
        if self.season_id:
            league_id = self.season.league_id
            for side in ("home", "away"):
                team = getattr(self, side) if getattr(self, f"{side}_id") else None
                if team is not None and team.league_id != league_id:
                    errors[side] = _("%(team)s does not play in %(season_league)s.") % {
                        "team": team,
                        "season_league": self.season.league,
                    }
        if errors:
            raise ValidationError(errors)


#: ``Match.happened_at`` in the database, to order matches by.
HAPPENED_AT = Case(When(status=Match.Status.PLAYED, played_at__lt=F("kickoff"), then="played_at"), default="kickoff")


class PlayByPlay(models.Model):
    """A match's play-by-play as the engine told it (or as entered at the table), in one row.

    ``events`` is a list of ``{"seq", "minute", "kind", "side", "player", "detail"}`` in
    order: ``side`` is "home", "away" or "" and ``player`` a card's id or null. One row per
    match, not one per event: a worker writes some seventy events a match, and a row each
    (with its keys checked at commit) cost the database more than the engine took to play them.
    On PostgreSQL the list is compressed with lz4 where the server has it (``matches/0012``):
    pglz took a worker's database twice the time, for a quarter less room.
    Read it with ``played_events``."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="play_by_play")
    events = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("play-by-play")
        verbose_name_plural = _("play-by-plays")

    def __str__(self) -> str:
        return f"{self.match}: {len(self.events)} events"


#: The shape of ``PlayByPlay.events`` (JSON Schema): what ``events_read`` needs of every event. A
#: league file's play-by-plays are checked against it on import (``ops.backup``), so that no page
#: meets an event it cannot read.
PLAY_BY_PLAY_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["seq", "minute", "kind", "side", "player", "detail"],
        "properties": {
            "seq": {"type": "integer", "minimum": 1},
            "minute": {"type": "integer", "minimum": 0},
            "kind": {"type": "string", "minLength": 1},
            "side": {"enum": ["home", "away", ""]},
            "player": {"type": ["integer", "null"]},
            "detail": {"type": "object"},
        },
    },
}


class PlayedEvent(NamedTuple):
    """One line of a stored play-by-play."""

    seq: int
    minute: int
    kind: str
    side: str
    player_id: int | None
    detail: dict


def played_events(match_id: int) -> list[PlayedEvent]:
    """The match's play-by-play in order; empty for a match without one (one query)."""
    events = PlayByPlay.objects.filter(match_id=match_id).values_list("events", flat=True).first() or []
    return events_read(events)


def events_read(events: list[dict]) -> list[PlayedEvent]:
    """A stored ``PlayByPlay.events`` list as ``PlayedEvent`` lines."""
    return [PlayedEvent(e["seq"], e["minute"], e["kind"], e["side"], e["player"], e["detail"]) for e in events]


def card_names(events: list[PlayedEvent], known: Mapping[int, str] | None = None) -> dict[int, str]:
    """The name of each card the events name, by id: those in ``known`` (the stat lines' cards a
    reader has already) as they are, the rest in one query. A card deleted since has none."""
    names = dict(known or {})
    unnamed = {e.player_id for e in events if e.player_id is not None and e.player_id not in names}
    if unnamed:  # a card in the play-by-play without a stat line (a table result's)
        names.update(Player.objects.filter(id__in=unnamed).values_list("id", "name"))
    return names


class PlayerMatchStat(models.Model):
    """A player's numbers in one match; ``extra`` keeps the game's own counters."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="player_stats")
    player = models.ForeignKey("rosters.Player", on_delete=models.CASCADE, related_name="match_stats")
    #: No key constraint in the database: a line's team is one of its match's sides (``results_store``
    #: takes it from their sheets), which the match's own keys hold. PostgreSQL checks a key row by
    #: row at commit: this one was a fifth of its work for a stored match, for nothing more.
    team = models.ForeignKey("leagues.Team", on_delete=models.CASCADE, related_name="player_stats", db_constraint=False)
    goals = models.PositiveSmallIntegerField(default=0)
    shots = models.PositiveSmallIntegerField(default=0)
    saves = models.PositiveSmallIntegerField(default=0)
    steals = models.PositiveSmallIntegerField(default=0)
    yellow_cards = models.PositiveSmallIntegerField(default=0)
    red_cards = models.PositiveSmallIntegerField(default=0)
    injuries = models.PositiveSmallIntegerField(default=0)
    minutes = models.PositiveSmallIntegerField(default=0)
    serious_injuries = models.PositiveSmallIntegerField(
        default=0,
        help_text=_(
            "Injuries that outlast the match (the events the game's engine calls serious), "
            "counted when the result is stored: what keeps the player out of the next matches."
        ),
    )
    extra = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["match", "team", "player"]
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="one_stat_line_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}"


class ResultSubmission(models.Model):
    """One step in agreeing a table result, kept for good: who did what to which result, and when.

    A manager's ``submit`` row carries the result as entered (``payload``) and a ``state``
    that moves on as the other side confirms, disagrees or the commissioner decides;
    ``confirm``, ``approve``, ``decide`` and ``edit`` rows record those steps themselves.
    """

    class Action(models.TextChoices):
        SUBMIT = "submit", _("Submit")
        CONFIRM = "confirm", _("Confirm")
        APPROVE = "approve", _("approve (commissioner)")
        DECIDE = "decide", _("decide (commissioner)")
        EDIT = "edit", _("edit a confirmed result (commissioner)")

    class State(models.TextChoices):
        PENDING = "pending", _("pending: waiting for the other manager")
        DISPUTED = "disputed", _("disputed: the commissioner decides")
        ACCEPTED = "accepted", _("Accepted")
        REJECTED = "rejected", _("Rejected")
        SUPERSEDED = "superseded", _("superseded by a later submission")
        RECORDED = "recorded", _("recorded (a step, not a result)")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="result_submissions")
    action = models.CharField(max_length=10, choices=Action.choices)
    state = models.CharField(max_length=10, choices=State.choices, default=State.RECORDED)
    side = models.CharField(
        max_length=4,
        choices=Match.Side.choices,
        blank=True,
        help_text=_("The side of the manager; blank: commissioner."),
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="result_submissions"
    )
    at = models.DateTimeField(auto_now_add=True)
    payload = models.JSONField(default=dict, blank=True, help_text=_("The result as entered (score, events, counts)."))
    refers_to = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="steps",
        help_text=_("The submission this step confirms, approves or decides for."),
    )
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["match", "at", "id"]
        indexes = [models.Index(fields=["match", "state"])]

    def __str__(self) -> str:
        return f"{self.action} of {self.match} by {self.by_name} ({self.state})"

    @property
    def by_name(self) -> str:
        """Who made this step, as the other side may read it: never a username that is an e-mail."""
        if self.by is None:
            return "?"
        return display_name(self.by, f"Manager of the {self.side} side" if self.side else "Commissioner")
