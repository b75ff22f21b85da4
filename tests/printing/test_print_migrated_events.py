"""The play-by-play through its migrations: ``matches/0010`` moves each match's event rows into
one ``PlayByPlay`` row, in order, and back; ``matches/0011`` counts serious injuries on the
stat lines; a Mutant Soccer shoot-out stored before engine 1.2 (``matches/0007`` renames its
kicks) prints its kicks after them all."""

from collections import Counter

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from competitions.results import matches_play
from matches.models import Match, PlayByPlay, PlayerMatchStat, played_events
from ops.demo import demo_season_create
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import scoresheet_for_match
from rosters.models import SquadMember

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
BEFORE_SHOOTOUT_KINDS = [("matches", "0006_match_updated_at_sequence")]


def migrate(targets) -> MigrationExecutor:
    connection.close()  # a fresh executor reads what is recorded now
    run = MigrationExecutor(connection)
    run.migrate(targets)
    return run


def head() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def at_head():
    yield
    migrate(head())


@pytest.mark.usefixtures("at_head")
def test_events_go_to_rows_and_back_in_order_and_an_old_shootout_prints(pdf):
    season = demo_season_create(engine="mutant", teams=2, seed=5, double=False)
    matches_play(Match.objects.filter(season=season).values_list("id", flat=True))
    match = Match.objects.filter(season=season).first()
    match.decided_by, match.shootout_home, match.shootout_away = "penalties", 2, 1
    match.home_goals = match.away_goals = 0
    match.save()
    played = played_events(match.id)
    assert any(e.player_id is not None for e in played)

    run = migrate(BEFORE_SHOOTOUT_KINDS)
    MatchEvent = run.loader.project_state(BEFORE_SHOOTOUT_KINDS).apps.get_model("matches", "MatchEvent")
    rows = MatchEvent.objects.filter(match_id=match.id).order_by("seq")
    assert [tuple(row) for row in rows.values_list("seq", "minute", "kind", "side", "player_id", "detail")] == [
        tuple(event) for event in played
    ]
    # as Mutant Soccer logged a shoot-out before 1.2: ``penalty`` kicks, the toss a ``penalty``
    seq = len(played)
    for n, (side, scored) in enumerate([("home", True), ("away", False), ("home", True), ("away", True)], 1):
        detail = {"scored": scored, "attack": 5, "defence": 4, "score": [1, 0]}
        MatchEvent.objects.create(match_id=match.id, seq=seq + n, minute=200, kind="penalty", side=side, detail=detail)
    toss = {"coin_toss": True, "score": [2, 1]}
    MatchEvent.objects.create(match_id=match.id, seq=seq + 5, minute=200, kind="penalty", side="home", detail=toss)
    # and a serious injury (matches/0011 counts it on the player's stat line)
    hurt = SquadMember.objects.filter(season=season, team_id=match.away_id).values_list("player_id", flat=True)[0]
    MatchEvent.objects.create(
        match_id=match.id, seq=seq + 6, minute=200, kind="serious_injury", side="away", player_id=hurt, detail={}
    )

    migrate(head())
    events = played_events(match.id)
    assert events[:seq] == played
    kicks, [injury] = events[seq:-1], events[-1:]
    assert (injury.kind, injury.player_id) == ("serious_injury", hurt)
    serious = Counter(e.player_id for e in events if e.kind == "serious_injury")
    lines = PlayerMatchStat.objects.filter(match=match, serious_injuries__gt=0)
    assert dict(lines.values_list("player_id", "serious_injuries")) == serious
    assert [(e.seq, e.kind) for e in kicks] == [(seq + n, "penalty_kick") for n in range(1, 5)] + [
        (seq + 5, "coin_toss")
    ]
    assert kicks[0].detail == {"scored": True, "attack": 5, "defence": 4, "score": [1, 0], "shootout": True}
    assert kicks[4].detail == {"score": [2, 1]}
    assert PlayByPlay.objects.filter(match__season=season).count() == Match.objects.filter(season=season).count()
    text = pdf.text(render_scoresheet(scoresheet_for_match(match.id)).data)
    assert "PENALTY SHOOT-OUT" in text
    assert text.count("●") - 1 == 3 and text.count("○") - 1 == 1
