"""Replacing a team that withdraws before its first match in a group stage and in a Swiss, from
the admin and the command, as a bracket does; refused once the team has played."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from competitions.groups import groups_draw
from competitions.results import match_play
from competitions.standings import compute_standings
from competitions.swiss import swiss_draw
from leagues.models import Team
from matches.models import Match
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tournaments.models import Entrant, Group, Swiss, SwissBye

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.com", "pw-for-tests-only"))
    return client


def latecomers(season, withdrawn=None, name="Latecomers"):
    """A new team of the league; with ``withdrawn``, it takes over that team's squad for the season."""
    team = Team.objects.create(league=season.league, name=name)
    if withdrawn is not None:
        SquadMember.objects.filter(season=season, team=withdrawn).update(team=team)
    return team


def involving(team, season):
    return Match.objects.filter(season=season, home=team) | Match.objects.filter(season=season, away=team)


def test_a_team_withdrawing_from_a_group_is_replaced_from_the_admin(admin_client):
    season = demo_season_create(engine="futti", teams=8, seed=21)
    stage = groups_draw(season, groups=2, advance=2)
    group = Group.objects.get(stage=stage, label="A")
    withdrawn = group.season.teams.order_by("id").first()
    fixtures = sorted(involving(withdrawn, group.season).values_list("id", flat=True))
    page = f"/admin/tournaments/groupstage/{stage.id}/change/"
    form = {
        "season": season.id,
        "group_count": 2,
        "advance": 2,
        "two_legged_rounds": "[]",
        "groups-TOTAL_FORMS": 0,
        "groups-INITIAL_FORMS": 0,
    }
    assert 'name="replacement"' in admin_client.get(page).content.decode()
    replacement = latecomers(season)
    html = admin_client.post(page, form | {"withdrawn": withdrawn.id, "replacement": replacement.id}).content
    assert "has no squad for" in html.decode()  # refused: nothing changed
    assert group.season.teams.filter(id=withdrawn.id).exists()
    SquadMember.objects.filter(season=season, team=withdrawn).update(team=replacement)
    posted = form | {"withdrawn": withdrawn.id, "replacement": replacement.id, "advance": 9}
    response = admin_client.post(page, posted, follow=True)
    assert "Latecomers takes the place of" in response.content.decode()
    stage.refresh_from_db()
    assert stage.advance == 2  # the stage's options were checked when it was drawn: read-only here
    assert sorted(involving(replacement, group.season).values_list("id", flat=True)) == fixtures
    assert set(involving(replacement, group.season).values_list("sequence", flat=True)) == {1}  # calendars see it
    assert not involving(withdrawn, group.season).exists()
    assert set(group.season.teams.all()) >= {replacement} and withdrawn not in group.season.teams.all()
    assert replacement in season.teams.all() and withdrawn not in season.teams.all()
    assert SquadMember.objects.filter(season=group.season, team=replacement).count() == 8
    assert not SquadMember.objects.filter(season=group.season, team=withdrawn).exists()
    assert replacement.id in [row.team_id for row in compute_standings(group.season).rows]
    # once it has played, the replacement is itself fixed
    match_play(match_id=involving(replacement, group.season).first().id)
    other = Team.objects.create(league=season.league, name="Too late")
    response = admin_client.post(page, form | {"withdrawn": replacement.id, "replacement": other.id})
    assert "Latecomers has played a match already" in response.content.decode()


def test_a_team_withdrawing_from_a_swiss_is_replaced_by_the_command(capsys, admin_client):
    season = demo_season_create(engine="futti", teams=5, seed=3)
    swiss = swiss_draw(season, rounds=3)
    html = admin_client.get(f"/admin/tournaments/swiss/{swiss.id}/change/").content.decode()
    assert 'name="withdrawn"' in html and 'name="replacement"' in html
    bye = SwissBye.objects.get(swiss=swiss, round=1).team
    paired = next(t for t in season.teams.all() if t != bye)
    position = swiss.ranking.index(paired.id)
    replacement = latecomers(season, paired)
    call_command("replace_team", str(season.id), str(paired.id), "latecomers")
    assert "Latecomers takes the place of" in capsys.readouterr().out
    swiss.refresh_from_db()
    assert swiss.ranking[position] == replacement.id and paired.id not in swiss.ranking
    assert involving(replacement, season).count() == 1 and not involving(paired, season).exists()
    # the team with the round-one bye is replaced with its bye, until round two is drawn
    second = latecomers(season, bye, name="Second Chance")
    call_command("replace_team", str(season.id), bye.name, second.name)
    assert SwissBye.objects.get(swiss=swiss, round=1).team == second
    for match in Match.objects.filter(season=season, round=1):
        match_play(match_id=match.id)
    assert Match.objects.filter(season=season, round=2).exists()
    swiss.refresh_from_db()
    third = Team.objects.create(league=season.league, name="Third Time")
    with pytest.raises(CommandError, match="Second Chance has played a match already"):
        call_command("replace_team", str(season.id), "Second Chance", "Third Time")
    with pytest.raises(CommandError, match="Latecomers has played a match already"):
        call_command("replace_team", str(season.id), "Latecomers", str(third.id))
    with pytest.raises(CommandError, match='"Nobody" is not a team'):
        call_command("replace_team", str(season.id), "Nobody", "Third Time")
    assert Swiss.objects.get(id=swiss.id).ranking == swiss.ranking


def test_the_command_replaces_in_a_bracket_too_and_refuses_a_league():
    season = demo_season_create(engine="futti", teams=4, seed=8, knockout=True)
    withdrawn = Entrant.objects.get(bracket=season.bracket, seed=4).team
    replacement = latecomers(season, withdrawn)
    with pytest.raises(CommandError, match="replacement: .* is in the bracket already"):
        call_command("replace_team", str(season.id), str(withdrawn.id), str(season.bracket.entrants.first().team_id))
    call_command("replace_team", str(season.id), str(withdrawn.id), str(replacement.id))
    assert Entrant.objects.get(bracket=season.bracket, seed=4).team == replacement
    league = demo_season_create(engine="futti", teams=4, seed=9)
    with pytest.raises(CommandError, match="is not a bracket, a group stage or a Swiss"):
        call_command("replace_team", str(league.id), *league.teams.values_list("name", flat=True)[:2])
