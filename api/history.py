"""The API's view of a league's past: its history, all-time table and records, and a card's
career (``competitions.history`` and ``competitions.careers`` compute them)."""

from __future__ import annotations

from rest_framework import serializers


class LeagueRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


class HistoryStandingSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    points = serializers.IntegerField()


class HistorySeasonSerializer(serializers.Serializer):
    """One division's season: its final (or current) table and what it decided."""

    id = serializers.IntegerField(help_text="The season.")
    name = serializers.CharField()
    division = serializers.CharField(allow_null=True, help_text="Null: the league's single division.")
    tier = serializers.IntegerField(help_text="1 is the top division.")
    champion = serializers.IntegerField(allow_null=True, help_text="Null until the season is finished.")
    promoted = serializers.ListField(child=serializers.IntegerField(), help_text="Teams in a higher tier next season.")
    relegated = serializers.ListField(child=serializers.IntegerField(), help_text="Teams in a lower tier next season.")
    standings = HistoryStandingSerializer(many=True)


class AllTimeEntrySerializer(HistoryStandingSerializer):
    seasons = serializers.IntegerField()
    points = serializers.IntegerField(help_text="After deductions.")
    titles = serializers.IntegerField(help_text="Top-tier championships.")


class RecordSerializer(serializers.Serializer):
    title = serializers.CharField()
    value = serializers.IntegerField()
    holder = serializers.CharField(help_text="The team or player who first reached the record.")
    team = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField(allow_null=True)
    season = serializers.IntegerField(allow_null=True)
    match = serializers.IntegerField(allow_null=True)
    detail = serializers.CharField()


class HistorySerializer(serializers.Serializer):
    """What ``manage.py history LEAGUE_ID --json`` prints."""

    league = LeagueRefSerializer()
    seasons = HistorySeasonSerializer(many=True, help_text="Oldest first, each season's divisions top tier first.")
    all_time = AllTimeEntrySerializer(many=True)
    records = serializers.DictField(
        child=RecordSerializer(),
        help_text="By key: biggest_win, highest_scoring, most_points, most_goals, winning_run, unbeaten_run, "
        "player_goals_match, player_goals_season (a record nobody holds yet is left out).",
    )


class AllTimeRowSerializer(AllTimeEntrySerializer):
    position = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    name = serializers.CharField()
    promotions = serializers.IntegerField()
    relegations = serializers.IntegerField()


class AllTimeSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    rows = AllTimeRowSerializer(many=True, help_text="By points, goal difference, goals scored, then name.")


class RecordEntrySerializer(RecordSerializer):
    key = serializers.CharField()


class RecordsSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    records = RecordEntrySerializer(many=True)


class CareerLineSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="season_id", allow_null=True, help_text="Null on the career's total.")
    season_name = serializers.CharField(source="season")
    team = serializers.IntegerField(source="team_id", allow_null=True, help_text="Null on the career's total.")
    team_name = serializers.CharField(source="team")
    matches = serializers.IntegerField()
    goals = serializers.IntegerField()
    shots = serializers.IntegerField()
    saves = serializers.IntegerField()
    steals = serializers.IntegerField()
    yellow_cards = serializers.IntegerField()
    red_cards = serializers.IntegerField()
    injuries = serializers.IntegerField()
    extra = serializers.DictField(
        child=serializers.IntegerField(), help_text="The game's own counters (whole numbers) added up."
    )


class CareerSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player.id")
    name = serializers.CharField(source="player.name")
    role = serializers.CharField(source="player.role")
    league = serializers.IntegerField(source="player.league_id")
    seasons = CareerLineSerializer(source="lines", many=True, help_text="Oldest first, a line per season and team.")
    total = CareerLineSerializer()
