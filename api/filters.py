"""Query-string filters: ``?season=``, ``?team=``, ``?status=``, ``?round=`` and a few more."""

from __future__ import annotations

from datetime import datetime

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django_filters.fields import IsoDateTimeField

from leagues.models import Season, Team
from leagues.validation import MAX_ID, datetime_errors
from matches.models import Match
from rosters.models import Player


class BoundedIsoDateTimeField(IsoDateTimeField):
    """An ISO 8601 date and time within what every database and time zone can hold: an
    offset such as ``-21:22`` or a date at the calendar's edge is the parameter's 400."""

    def to_python(self, value: str | None) -> datetime | None:
        parsed = super().to_python(value)
        if parsed is not None and (errors := datetime_errors(parsed)):
            raise ValidationError(errors, code="invalid")
        return parsed


class DateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = BoundedIsoDateTimeField


class IdFilter(django_filters.NumberFilter):
    """A row's id: a whole number a database column can hold, else the parameter's 400."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, min_value=1, max_value=MAX_ID, **kwargs)


class SeasonFilter(django_filters.FilterSet):
    class Meta:
        model = Season
        fields = ["league"]


class TeamFilter(django_filters.FilterSet):
    season = IdFilter(field_name="seasons", help_text="Teams playing in this season.")

    class Meta:
        model = Team
        fields = ["league", "season"]


class PlayerFilter(django_filters.FilterSet):
    """``season`` and ``team`` together mean the same squad place: one join with both conditions,
    so a player of team A in season 1 and of team B in season 2 is not in ``season=1&team=B``."""

    season = IdFilter(method="filter_squad", help_text="In a squad this season.")
    team = IdFilter(method="filter_squad", help_text="In this team's squad.")

    class Meta:
        model = Player
        fields = ["league", "role", "season", "team"]

    def filter_squad(self, queryset: QuerySet[Player], name: str, value: int) -> QuerySet[Player]:
        given = {k: self.form.cleaned_data.get(k) for k in ("season", "team")}
        given = {k: v for k, v in given.items() if v is not None}
        if name != next(iter(given)):
            return queryset  # the first of the two given applies both, in one filter()
        return queryset.filter(**{f"squad_memberships__{k}": v for k, v in given.items()})


class MatchFilter(django_filters.FilterSet):
    league = IdFilter(field_name="season__league")
    team = IdFilter(method="filter_team", help_text="Matches this team plays, home or away.")
    kickoff_after = DateTimeFilter(field_name="kickoff", lookup_expr="gte")
    kickoff_before = DateTimeFilter(field_name="kickoff", lookup_expr="lt")

    class Meta:
        model = Match
        fields = ["season", "league", "team", "status", "round", "kickoff_after", "kickoff_before"]

    def filter_team(self, queryset: QuerySet[Match], name: str, value: int) -> QuerySet[Match]:
        return queryset.filter(Q(home_id=value) | Q(away_id=value))
