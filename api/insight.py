"""The API's previews and season odds (``competitions.previews`` and ``competitions.odds``)."""

from __future__ import annotations

from rest_framework import serializers

from matches.absences import REASON_LABELS


class LikelyScoreSerializer(serializers.Serializer):
    home = serializers.IntegerField()
    away = serializers.IntegerField()
    probability = serializers.FloatField()


class AbsenceSerializer(serializers.Serializer):
    """A player out of his team's next matches: suspended or injured (``docs/suspensions.md``)."""

    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()
    reasons = serializers.ListField(
        child=serializers.ChoiceField(choices=list(REASON_LABELS)),
        help_text="Why, in the order the causes came: sent_off, yellow_cards (the league's ban), injury.",
    )
    matches = serializers.IntegerField(help_text="The team's matches he still misses, from its next.")
    until = serializers.CharField(help_text='In words: "misses the next match v X (round 4)".')
    until_match = serializers.IntegerField(
        source="until_match_id", allow_null=True, help_text="The last match he misses; null: more than remain."
    )
    until_round = serializers.IntegerField(allow_null=True)


class MatchOutSerializer(serializers.Serializer):
    home = AbsenceSerializer(many=True)
    away = AbsenceSerializer(many=True)


class TeamAbsencesSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    season = serializers.IntegerField(allow_null=True, help_text="The season asked for, else the current one.")
    absences = AbsenceSerializer(many=True)


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
    out = MatchOutSerializer(
        help_text="Who is out of the match by side, suspended or injured: left off the sheets the preview plays."
    )


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
