"""Query-string filters: ``?season=``, ``?team=``, ``?status=``, ``?round=`` and a few more."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from leagues.models import Season, Team
from matches.models import Match
from rosters.models import Player


class SeasonFilter(django_filters.FilterSet):
    class Meta:
        model = Season
        fields = ["league"]


class TeamFilter(django_filters.FilterSet):
    season = django_filters.NumberFilter(field_name="seasons", help_text="Teams playing in this season.")

    class Meta:
        model = Team
        fields = ["league", "season"]


class PlayerFilter(django_filters.FilterSet):
    season = django_filters.NumberFilter(field_name="squad_memberships__season", help_text="In a squad this season.")
    team = django_filters.NumberFilter(field_name="squad_memberships__team", help_text="In this team's squad.")

    class Meta:
        model = Player
        fields = ["league", "role", "season", "team"]


class MatchFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="season__league")
    team = django_filters.NumberFilter(method="filter_team", help_text="Matches this team plays, home or away.")
    kickoff_after = django_filters.IsoDateTimeFilter(field_name="kickoff", lookup_expr="gte")
    kickoff_before = django_filters.IsoDateTimeFilter(field_name="kickoff", lookup_expr="lt")

    class Meta:
        model = Match
        fields = ["season", "league", "team", "status", "round", "kickoff_after", "kickoff_before"]

    def filter_team(self, queryset: QuerySet[Match], name: str, value: int) -> QuerySet[Match]:
        return queryset.filter(Q(home_id=value) | Q(away_id=value))
