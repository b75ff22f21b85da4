"""The API's previews and season odds (``competitions.previews`` and ``competitions.odds``)."""

from __future__ import annotations

from rest_framework import serializers


class LikelyScoreSerializer(serializers.Serializer):
    home = serializers.IntegerField()
    away = serializers.IntegerField()
    probability = serializers.FloatField()


class PreviewSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    home_win = serializers.FloatField()
    draw = serializers.FloatField()
    away_win = serializers.FloatField()
    expected_home_goals = serializers.FloatField()
    expected_away_goals = serializers.FloatField()
    samples = serializers.IntegerField(help_text="Matches played: each probability's standard error < 2 points.")
    likely_scores = LikelyScoreSerializer(many=True)
    home_through = serializers.FloatField(required=False, help_text="When a winner is required.")
    away_through = serializers.FloatField(required=False, help_text="When a winner is required.")


class QueuedSerializer(serializers.Serializer):
    status = serializers.CharField(help_text='"queued": the workers compute it; ask again shortly.')


class TeamRoundOddsSerializer(serializers.Serializer):
    """A team's odds as kept after a round; the current odds add the chance of every place."""

    team = serializers.IntegerField()
    division = serializers.IntegerField(required=False, help_text="Its division, in a season of divisions.")
    expected_points = serializers.FloatField()
    title = serializers.FloatField(help_text="First place (of its division).")
    promotion = serializers.FloatField(required=False)
    relegation = serializers.FloatField(required=False)
    playoffs = serializers.FloatField(required=False)
    knockout = serializers.FloatField(required=False, help_text="Going through to the knockout, in a group.")


class TeamOddsSerializer(TeamRoundOddsSerializer):
    positions = serializers.ListField(child=serializers.FloatField(), help_text="Places 1 to n.")


class OddsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    completions = serializers.IntegerField()
    teams = TeamOddsSerializer(many=True)


class RoundOddsSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="The last complete round when computed (0: before any match).")
    computed_at = serializers.DateTimeField()
    completions = serializers.IntegerField()
    teams = TeamRoundOddsSerializer(many=True)


class OddsHistorySerializer(serializers.Serializer):
    season = serializers.IntegerField()
    rounds = RoundOddsSerializer(
        many=True, help_text="Oldest first; a round the odds were not computed after is missing."
    )


class GoalShareSerializer(serializers.Serializer):
    goals = serializers.CharField(help_text='Total goals in a match: "0" ... "7", then "8+".')
    share = serializers.FloatField()


class StrongerSquadSerializer(serializers.Serializer):
    matches = serializers.IntegerField(help_text="Matches between squads of different value (BootCoins).")
    stronger_win = serializers.FloatField(help_text="The dearer squad won (a shoot-out counts).")
    weaker_win = serializers.FloatField()


class KnockoutSerializer(serializers.Serializer):
    matches = serializers.IntegerField(help_text="Matches that needed a winner.")
    decided_by = serializers.DictField(
        child=serializers.FloatField(), help_text="Share by regulation, extra_time, penalties, sudden_death."
    )


class MatchupSerializer(serializers.Serializer):
    home = serializers.CharField()
    away = serializers.CharField()
    matches = serializers.IntegerField()
    home_win = serializers.FloatField()
    draw = serializers.FloatField()
    away_win = serializers.FloatField()


class MatchupsSerializer(serializers.Serializer):
    tactic = serializers.CharField(help_text='What is compared ("coach", "coach style", "style"); "" for none.')
    pairs = MatchupSerializer(many=True)


class FiguresSerializer(serializers.Serializer):
    matches = serializers.IntegerField()
    home_win = serializers.FloatField()
    draw = serializers.FloatField()
    away_win = serializers.FloatField()
    home_goals_per_match = serializers.FloatField()
    away_goals_per_match = serializers.FloatField()
    goals = GoalShareSerializer(many=True)
    stronger_squad = StrongerSquadSerializer()
    knockout = KnockoutSerializer()
    matchups = MatchupsSerializer()


class FairnessSerializer(serializers.Serializer):
    engine = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    stored = FiguresSerializer(help_text="Every match of the game's leagues that its engine played.")
    stored_enough = serializers.BooleanField(help_text="At least 100 stored results.")
    simulated = FiguresSerializer(
        allow_null=True, help_text="The engine's sample teams against each other; null while a worker plays them."
    )


class TeamStrengthSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    points_per_match = serializers.FloatField(help_text="Expected against the rest of the league.")
    squad_value = serializers.IntegerField(help_text="The squad's cards at their prices (BootCoins).")


class ParitySerializer(serializers.Serializer):
    season = serializers.IntegerField()
    complete = serializers.BooleanField()
    pairings = serializers.IntegerField()
    ready = serializers.IntegerField()
    spread = serializers.FloatField(help_text="Points a match between the strongest squad and the weakest.")
    deviation = serializers.FloatField(help_text="Standard deviation of the strengths.")
    teams = TeamStrengthSerializer(many=True, help_text="Strongest first.")
