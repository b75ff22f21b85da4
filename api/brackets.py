"""A season's knockout bracket as the API shows it: rounds of ties, with seeds, legs, aggregate and winner.

Everything is read in three queries whatever the bracket's size (the bracket, its
entrants, its ties with their teams and matches); the round names and the champion
come from ``competitions.knockout``, as on the commands' text bracket.
"""

from __future__ import annotations

from itertools import groupby

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from rest_framework import serializers

from api.serializers import optional_choice
from competitions.knockout import final_tie, tie_order, tie_round_name
from competitions.two_legs import tie_aggregate, tie_score
from matches.models import Match
from tournaments.models import Bracket, Entrant, Tie


class BracketTeam(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeededBracketTeam(BracketTeam):
    seed = serializers.IntegerField(allow_null=True)


class TieLegSerializer(serializers.ModelSerializer):
    """One match of a tie, from its own home side (a first leg is at the tie's away ground)."""

    leg = serializers.CharField(help_text="first, second (a two-legged tie), single, or decider.")
    decided_by = optional_choice(Match, "decided_by")

    class Meta:
        model = Match
        fields = [
            "leg",
            "id",
            "home",
            "away",
            "kickoff",
            "status",
            "home_goals",
            "away_goals",
            "decided_by",
            "shootout_home",
            "shootout_away",
        ]
        read_only_fields = fields


class TieAggregate(serializers.Serializer):
    home = serializers.IntegerField(help_text="Goals of the tie's home side (the higher seed) over both legs.")
    away = serializers.IntegerField()


class TieScoreSerializer(serializers.Serializer):
    """The tie's result from its home side (the higher seed) in every leg: the text the
    bracket page and the text bracket show, from ``competitions.knockout.tie_score``."""

    home = serializers.IntegerField(help_text="The home side's goals: the one match's, or over both legs.")
    away = serializers.IntegerField()
    shootout = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="[home, away]: the shoot-out that settled it."
    )
    legs = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Two-legged ties: each leg's [home side's goals, away side's goals], the tie's home side first.",
    )
    text = serializers.CharField(help_text='How it was settled, e.g. "legs 0-2, 6-4; through on away goals".')


class TieSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slot = serializers.IntegerField()
    third_place = serializers.BooleanField()
    bye = serializers.BooleanField(help_text="The home team goes through without a match.")
    home = SeededBracketTeam(allow_null=True)
    away = SeededBracketTeam(allow_null=True)
    legs = TieLegSerializer(many=True)
    aggregate = TieAggregate(allow_null=True, help_text="Two-legged ties, once both legs are played.")
    score = TieScoreSerializer(allow_null=True, help_text="Once a match of the tie is played.")
    winner = BracketTeam(allow_null=True)


class RoundSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=Tie.Side.choices)
    round = serializers.IntegerField()
    name = serializers.CharField()
    ties = TieSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    round_count = serializers.IntegerField(help_text="Rounds of the winners' bracket.")
    third_place = serializers.BooleanField()
    two_legged_rounds = serializers.ListField(child=serializers.IntegerField())
    away_goals = serializers.BooleanField()
    double_elimination = serializers.BooleanField()
    bracket_reset = serializers.BooleanField()
    drawn_at = serializers.DateTimeField(allow_null=True)
    entrants = SeededBracketTeam(many=True)
    champion = BracketTeam(allow_null=True)
    rounds = RoundSerializer(many=True)


def _team(team, seed=None) -> dict | None:
    return None if team is None else {"id": team.pk, "name": team.name, "seed": seed}


def _legs(tie: Tie) -> list[Match]:
    legs = []
    for name, match in (("first", tie.first_leg), ("second", tie.match), ("decider", tie.decider)):
        if match is not None:
            match.leg = "single" if name == "second" and tie.first_leg is None else name
            legs.append(match)
    return legs


def _aggregate(tie: Tie) -> dict | None:
    aggregate = tie_aggregate(tie)
    return None if aggregate is None else {"home": aggregate[0], "away": aggregate[1]}


def _score(bracket: Bracket, tie: Tie) -> dict | None:
    score = tie_score(bracket, tie)
    if score.goals is None:
        return None
    return {
        "home": score.goals[0],
        "away": score.goals[1],
        "shootout": list(score.shootout) if score.shootout else None,
        "legs": [list(leg) for leg in score.legs],
        "text": score.text,
    }


def _tie(bracket: Bracket, tie: Tie) -> dict:
    return {
        "id": tie.pk,
        "slot": tie.slot,
        "third_place": tie.third_place,
        "bye": tie.bye,
        "home": _team(tie.home, tie.home_seed),
        "away": _team(tie.away, tie.away_seed),
        "legs": _legs(tie),
        "aggregate": _aggregate(tie),
        "score": _score(bracket, tie),
        "winner": _team(tie.winner),
    }


def bracket_of(season_id: int) -> dict:
    """The season's bracket, round by round; a 404 when the season has none."""
    ties = Tie.objects.select_related("home", "away", "winner", "first_leg", "match", "decider")
    bracket = get_object_or_404(
        Bracket.objects.prefetch_related(
            Prefetch("entrants", Entrant.objects.select_related("team").order_by("seed")),
            Prefetch("ties", ties),
        ),
        season_id=season_id,
    )
    ordered = sorted(bracket.ties.all(), key=tie_order)
    final = final_tie(bracket, ordered)
    rounds = []
    for _, same_round in groupby(ordered, key=lambda t: (t.side, t.round, t.third_place)):
        ties_of_round = list(same_round)
        head = ties_of_round[0]
        name = tie_round_name(bracket, head)
        rounds.append(
            {"side": head.side, "round": head.round, "name": name, "ties": [_tie(bracket, t) for t in ties_of_round]}
        )
    return {
        "season": season_id,
        "round_count": bracket.rounds,
        "third_place": bracket.third_place,
        "two_legged_rounds": bracket.two_legged_rounds,
        "away_goals": bracket.away_goals,
        "double_elimination": bracket.double_elimination,
        "bracket_reset": bracket.bracket_reset,
        "drawn_at": bracket.drawn_at,
        "entrants": [_team(e.team, e.seed) for e in bracket.entrants.all()],
        "champion": _team(final.winner) if final else None,
        "rounds": rounds,
    }
