"""Where a season's matches stand in a tournament, as plain data: what ``export_season``
writes beside each match, so a reader needs no knowledge of brackets, groups or legs.

A stage of a tournament is a season of its own (a group, the knockout after the groups,
the play-offs after a league), so the season says the stage and, in a bracket, the tie
a match belongs to says the side, the round's name and the leg.
"""

from __future__ import annotations

from competitions.knockout import tie_round_name
from leagues.models import Season
from tournaments.models import Bracket, Group, Playoffs, Swiss, Tie

#: What a match outside a bracket (or of a bracket's place without these) carries.
NO_PLACE = {"group": None, "side": None, "round_name": None, "leg": None, "decider": False}

BRACKET_SIDES: dict[str, str] = {Tie.Side.WINNERS: "winners", Tie.Side.LOSERS: "losers", Tie.Side.FINAL: "grand_final"}


def season_stage(season: Season) -> str:
    """The season's stage: "swiss", "group", "playoffs" (a knockout after a league),
    "knockout" (any other bracket, single or double elimination) or "league"."""
    if Swiss.objects.filter(season=season).exists():
        return "swiss"
    if Group.objects.filter(season=season).exists():
        return "group"
    if not Bracket.objects.filter(season=season).exists():
        return "league"
    return "playoffs" if Playoffs.objects.filter(knockout=season).exists() else "knockout"


def match_places(season: Season) -> tuple[str, dict[int, dict]]:
    """The season's stage and, by match id, each match's place in it (the keys of
    ``NO_PLACE``): the group's label; in a bracket the side (winners, losers, grand_final in
    double elimination, third_place for the third-place match, else None), the round's name,
    the leg (1, 2) of a two-legged tie and whether it is the deciding match after two legs.
    A fixed number of queries, whatever the number of matches."""
    stage = season_stage(season)
    places: dict[int, dict] = {}
    if stage == "group":
        label = Group.objects.filter(season=season).values_list("label", flat=True).first()
        return stage, {m: {**NO_PLACE, "group": label} for m in season.matches.values_list("id", flat=True)}
    if stage not in ("knockout", "playoffs"):
        return stage, places
    bracket = Bracket.objects.get(season=season)
    for tie in bracket.ties.all():
        side = BRACKET_SIDES[tie.side] if bracket.double_elimination else None
        if tie.third_place:
            side = "third_place"
        place = {**NO_PLACE, "side": side, "round_name": tie_round_name(bracket, tie)}
        two_legged = tie.first_leg_id is not None
        for match_id, extra in (
            (tie.first_leg_id, {"leg": 1}),
            (tie.match_id, {"leg": 2 if two_legged else None}),
            (tie.decider_id, {"decider": True}),
        ):
            if match_id is not None:
                places[match_id] = {**place, **extra}
    return stage, places
