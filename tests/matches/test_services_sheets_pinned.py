"""The sheets of a replay, of a side too short and of a side with every player out: pinned where
mutation testing found no test of ``matches.services`` looking."""

from datetime import timedelta

import pytest

from competitions import results
from engines import CardError, MatchOptions, TeamSheet, get_engine
from matches import services
from matches.absences import SENT_OFF, Absence
from matches.models import Match, PlayerMatchStat
from ops.demo import demo_season_create
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    """Four Fütti teams, a double round robin; a player sent off misses one match."""
    season = demo_season_create(engine="futti", teams=4, seed=31, double=True)
    season.league.suspension_matches = 1
    season.league.save()
    return season


def squad_ids(match: Match, team_id: int) -> list[str]:
    rows = SquadMember.objects.filter(season_id=match.season_id, team_id=team_id).order_by("player_id")
    return [str(player_id) for player_id in rows.values_list("player_id", flat=True)]


def sent_off(match: Match, team_id: int, player_ids: list[str]) -> None:
    """Store ``match`` as played, ``player_ids`` of ``team_id`` sent off in it."""
    match.status, match.home_goals, match.away_goals = Match.Status.PLAYED, 0, 0
    match.played_at = match.kickoff + timedelta(hours=1)
    match.save()
    for player_id in player_ids:
        PlayerMatchStat.objects.create(match=match, player_id=int(player_id), team_id=team_id, red_cards=1)


def test_a_replay_plays_the_squads_without_the_players_recorded_absent_with_the_recorded_tactics(season):
    """Who is out now does not matter: the players recorded absent are left off each side, and
    a side with every player out now is replayed all the same."""
    match = season.matches.filter(round=1).select_related("home", "away").order_by("id").first()
    home_ids, away_ids = squad_ids(match, match.home_id), squad_ids(match, match.away_id)
    sent_off(match, match.home_id, [home_ids[1]])  # out of the home side's next match, not of this one
    sent_off(match, match.away_id, away_ids)  # every away player out now
    match.played_with = {
        "lineups": {"home": {"press": "high"}, "away": {"press": "low"}},
        "absent": {"home": [{"id": home_ids[0], "reasons": [SENT_OFF]}]},
    }
    match.save(update_fields=["played_with"])
    home, away = services.played_sheets(match)
    assert (home.name, [card["id"] for card in home.players], home.lineup) == (
        match.home.name,
        home_ids[1:],
        {"press": "high"},
    )
    assert (away.name, [card["id"] for card in away.players], away.lineup) == (
        match.away.name,
        away_ids,
        {"press": "low"},
    )
    # a side with every player out has its squad, and no player, for its next match
    later = season.matches.filter(round=2).filter(home=match.away) | season.matches.filter(round=2, away=match.away)
    sheets = {sheet.name: sheet for sheet in services.team_sheets(later.get())}
    assert (sheets[match.away.name].players, len(sheets[match.away.name].squad)) == ((), len(away_ids))


def test_a_side_with_every_player_out_forfeits_its_match(season):
    """Not a failure for want of a squad: the side cannot field the game's minimum, so the match
    is awarded against it, with why."""
    match = season.matches.filter(round=1).select_related("home", "away").order_by("id").first()
    sent_off(match, match.away_id, squad_ids(match, match.away_id))
    later = (season.matches.filter(round=2, home=match.away) | season.matches.filter(round=2, away=match.away)).get()
    results.matches_play([later.id])
    later.refresh_from_db()
    assert (later.status, later.forfeited_by) == (
        Match.Status.FORFEITED,
        "home" if later.home_id == match.away_id else "away",
    )
    assert later.forfeit_reason.startswith(f"{match.away.name} cannot field a side without ")


def test_a_replay_of_a_side_without_a_squad_cannot_be_played(season):
    match = season.matches.filter(round=1).select_related("home", "away").order_by("id").first()
    sent_off(match, match.home_id, [])
    SquadMember.objects.filter(season=season, team_id=match.away_id).delete()
    with pytest.raises(services.MatchNotPlayable, match=f"^{match.away.name} has no squad for this season$"):
        services.played_sheets(match)


def test_a_refused_match_is_tried_for_a_short_side_with_the_matchs_options(season, monkeypatch):
    first = season.matches.filter(round=1).select_related("home").order_by("id").first()
    player = squad_ids(first, first.home_id)[0]
    sent_off(first, first.home_id, [player])
    later = season.matches.filter(round=2).filter(home=first.home) | season.matches.filter(round=2, away=first.home)
    match = later.select_related("season__league", "home", "away").get()
    season.engine_settings = {"pitch": "wet"}
    season.save(update_fields=["engine_settings"])
    match.season.refresh_from_db()
    calls = []

    def refuse(home, away, *, seed, options=None):
        calls.append(options)
        raise CardError("too few")

    monkeypatch.setattr(get_engine("futti"), "simulate", refuse)
    with pytest.raises(services.SidesShort) as short:
        services.match_simulate(match)
    side = "home" if match.home_id == first.home_id else "away"
    name = SquadMember.objects.get(season=season, player_id=int(player)).player.name
    reason = f"{first.home.name} cannot field a side without {name} (sent off): too few"
    assert short.value.sides == {side: reason} and str(short.value) == reason
    expected = MatchOptions(winner_required=match.winner_required, settings=match.season.match_settings)
    assert match.season.match_settings and calls == [expected, expected]


def card(player_id: str) -> dict:
    return {"id": player_id, "role": "field"}


def absence(player_id: int, name: str, reason: str) -> Absence:
    return Absence(player_id=player_id, player_name=name, team_id=1, matches=1, reasons=(reason,), caused_by=(9,))


def test_a_side_is_short_when_its_sheet_without_tactics_is_refused_against_the_others_full_one():
    """Each side with players out is tried on its own side of the pitch, without its tactics,
    against the other side's whole squad without tactics; a side with nobody out is not tried."""
    calls = []
    options = MatchOptions(settings={"pitch": "wet"})

    class Engine:
        def simulate(self, home, away, *, seed, options):
            calls.append((home, away, seed, options))
            if min(len(home.players), len(away.players)) < 3:
                raise CardError("too few")

    full = tuple(card(f"h{i}") for i in range(5))
    short_home = services.SquadSheet(
        name="Home",
        players=full[:2],
        lineup={"press": "high"},
        squad=full,
        absences=(absence(3, "Ann", SENT_OFF), absence(4, "Bo", "injury"), absence(5, "Cy", SENT_OFF)),
    )
    away_full = tuple(card(f"a{i}") for i in range(4))
    away = services.SquadSheet(name="Away", players=away_full, lineup={"press": "low"}, squad=away_full)
    assert services.short_sides(Engine(), short_home, away, seed=7, options=options) == {
        "home": "Home cannot field a side without Ann (sent off), Bo (injury), Cy (sent off): too few"
    }
    assert calls == [(services.SquadSheet("Home", full[:2], None, full, short_home.absences), away.full, 7, options)]
    # the away side short, the home side a plain sheet with tactics: its cards, without them
    calls.clear()
    plain_home = TeamSheet(name="Home", players=full, lineup={"press": "high"})
    short_away = services.SquadSheet(
        name="Away",
        players=away_full[:3],
        lineup={"press": "low"},
        squad=away_full,
        absences=(absence(8, "Di", SENT_OFF),),
    )
    assert services.short_sides(Engine(), plain_home, short_away, seed=3, options=options) == {}
    assert calls == [
        (
            TeamSheet(name="Home", players=full),
            services.SquadSheet("Away", away_full[:3], None, away_full, short_away.absences),
            3,
            options,
        )
    ]


def test_a_match_both_sides_are_too_short_for_says_both_why():
    refused = services.SidesShort({"home": "Home cannot field a side", "away": "Away cannot field a side"})
    assert str(refused) == "Home cannot field a side; Away cannot field a side"
