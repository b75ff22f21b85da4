"""Draft parity: each squad's expected points a match against the rest of its league, from
the pairings' previews, shown once the workers made every one of them."""

import json
import statistics

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from competitions.parity import season_parity
from competitions.previews import PREVIEW_TASK, match_preview
from ops.demo import demo_season_create
from rosters.models import Draft, Player, SquadMember

pytestmark = pytest.mark.django_db


def expected_points(season):
    """Each team's mean expected points over its pairings, worked out from the previews."""
    league, points = season.league, {}
    for match in season.matches.select_related("season__league", "home", "away"):
        outlook = match_preview(match)
        home, draw = outlook.share(lambda h, a: h > a), outlook.share(lambda h, a: h == a)
        away = 1 - home - draw
        for team, win, loss in ((match.home_id, home, away), (match.away_id, away, home)):
            points.setdefault(team, []).append(
                win * league.points_win + draw * league.points_draw + loss * league.points_loss
            )
    return {team: statistics.fmean(values) for team, values in points.items()}


def test_strengths_wait_for_every_preview_then_rank_the_squads(small_season, sent):
    parity = season_parity(small_season)
    assert (parity.complete, parity.pairings, parity.ready) == (False, 6, 0)
    assert sorted(args[0] for _, *args in sent) == sorted(small_season.matches.values_list("id", flat=True))
    assert {name for name, *_ in sent} == {PREVIEW_TASK}
    expected = expected_points(small_season)  # the workers' previews, made here
    parity = season_parity(small_season, request=False, play=True)
    assert parity.complete and parity.ready == 6
    assert {t.team_id: t.points for t in parity.teams} == pytest.approx(expected)
    assert [t.points for t in parity.teams] == sorted(expected.values(), reverse=True)
    assert parity.spread == pytest.approx(max(expected.values()) - min(expected.values()))
    assert parity.deviation == pytest.approx(statistics.pstdev(expected.values()))
    team = parity.teams[0]
    value = sum(m.player.price for m in SquadMember.objects.filter(season=small_season, team_id=team.team_id))
    assert team.value == value and parity.of(team.team_id) == (1, team)


def test_a_changed_squad_is_measured_again(small_season, sent):
    assert season_parity(small_season, request=False, play=True).complete
    member = SquadMember.objects.filter(season=small_season).select_related("player").first()
    free = Player.objects.filter(league=small_season.league, role=member.player.role).exclude(
        squad_memberships__season=small_season
    )
    SquadMember.objects.filter(pk=member.pk).update(player=free.first())
    parity = season_parity(small_season)
    assert not parity.complete and parity.ready == 3  # the other three teams' pairings are cached
    assert len(sent) == 3


def test_pages_api_and_command_show_them(small_season, sent, client, capsys):
    api = APIClient().get(f"/api/seasons/{small_season.id}/parity/")
    assert api.status_code == 202 and api.json() == {"status": "queued"}
    team = small_season.teams.order_by("id").first()
    assert "points a match" not in client.get(f"/teams/{team.id}/").content.decode()
    call_command("parity", str(small_season.id), "--json")
    printed = json.loads(capsys.readouterr().out)
    assert printed["complete"] and len(printed["teams"]) == 4
    body = APIClient().get(f"/api/seasons/{small_season.id}/parity/").json()
    assert body == {"season": small_season.id, **printed}
    mine = next(t for t in printed["teams"] if t["team"] == team.id)
    page = client.get(f"/teams/{team.id}/").content.decode()
    assert f"{mine['points_per_match']:.2f} points a match" in page
    Draft.objects.create(season=small_season, state=Draft.State.DONE)
    board = client.get(f"/seasons/{small_season.id}/draft/").content.decode()
    assert "Strength of each squad" in board and all(t["name"] in board for t in printed["teams"])


def test_a_knockout_has_no_parity(db, sent):
    cup = demo_season_create(engine="futti", teams=4, seed=9, knockout=True)
    assert season_parity(cup) is None
    assert APIClient().get(f"/api/seasons/{cup.id}/parity/").status_code == 404
    with pytest.raises(CommandError, match="has no league pairings"):
        call_command("parity", str(cup.id))
