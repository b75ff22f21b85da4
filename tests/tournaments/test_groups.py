"""Groups then knockout: pots, a round robin per group, winners crossing to runners-up."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from hypothesis import given
from hypothesis import strategies as st

from competitions.bracket import first_round, group_crossing
from competitions.groups import group_knockout_draw, groups_draw, pot_draw
from competitions.knockout import champion
from competitions.results import match_play
from competitions.standings import compute_standings
from leagues.models import Season
from matches.models import Match
from ops.demo import demo_season_create
from tournaments.models import Entrant, GroupStage, Tie


def test_four_groups_cross_winners_with_runners_up():
    seeds = group_crossing(4, 2)
    # seed 1 (A winner) meets seed 8, seed 4 (D winner) meets seed 5 ...
    assert [(seeds[high - 1], seeds[low - 1]) for high, low in first_round(8)] == [
        ((0, 1), (1, 2)),
        ((3, 1), (2, 2)),
        ((1, 1), (0, 2)),
        ((2, 1), (3, 2)),
    ]


@given(groups=st.integers(min_value=2, max_value=9), advance=st.integers(min_value=1, max_value=3))
def test_no_winner_meets_a_runner_up_of_its_own_group_first(groups, advance):
    seeds = group_crossing(groups, advance)
    assert sorted(seeds) == [(g, p) for g in range(groups) for p in range(1, advance + 1)]
    for high, low in first_round(groups * advance):
        if low is not None and seeds[high - 1][1] == 1 and seeds[low - 1][1] == 2:
            assert seeds[high - 1][0] != seeds[low - 1][0]
    # the group winners hold the top seeds, so they get any byes
    assert [p for _, p in seeds[:groups]] == [1] * groups


def test_pots_put_one_team_of_each_pot_in_every_group():
    groups = pot_draw(list(range(10)), 4, seed=3)
    assert sorted(len(g) for g in groups) == [2, 2, 3, 3]
    for group in groups:
        pots = [team // 4 for team in group]
        assert pots == sorted(set(pots))


@pytest.mark.django_db
def test_groups_then_knockout_end_to_end(play_out):
    season = demo_season_create(engine="futti", teams=8, seed=21)
    ranking = list(season.teams.order_by("name"))
    stage = groups_draw(season, groups=2, advance=2, ranking=ranking, third_place=True)
    assert not season.matches.exists()  # the round robin of the whole season is gone
    groups = list(stage.groups.order_by("label"))
    assert [g.label for g in groups] == ["A", "B"]
    for group in groups:
        members = set(group.season.teams.values_list("id", flat=True))
        assert len(members) == 4
        # one team of each pot of two
        assert sorted(ranking.index(t) // 2 for t in group.season.teams.all()) == [0, 1, 2, 3]
        assert group.season.matches.count() == 6  # a single round robin of four
        assert group.season.squad_members.count() == 4 * 8
    with pytest.raises(ValidationError, match="12 group matches are not finished yet"):
        group_knockout_draw(stage)
    play_out()  # the last group result draws the knockout, in the worker's transaction
    stage.refresh_from_db()
    knockout = stage.knockout
    assert knockout.bracket.third_place
    tables = [[row.team_id for row in compute_standings(g.season).rows] for g in groups]
    entrants = list(Entrant.objects.filter(bracket=knockout.bracket).values_list("team_id", flat=True))
    assert entrants == [tables[0][0], tables[1][0], tables[0][1], tables[1][1]]
    semis = {(t.home_id, t.away_id) for t in Tie.objects.filter(bracket=knockout.bracket, round=1)}
    assert semis == {(tables[0][0], tables[1][1]), (tables[1][0], tables[0][1])}
    with pytest.raises(ValidationError, match="already drawn"):
        group_knockout_draw(stage)
    knockout.matches.update(kickoff=season.first_kickoff)
    knockout.first_kickoff = season.first_kickoff
    knockout.save()
    play_out()
    assert champion(knockout.bracket).id in tables[0][:2] + tables[1][:2]
    with pytest.raises(CommandError, match="cannot be drawn again"):
        call_command("draw_groups", str(season.id), "--groups", "2")


@pytest.mark.django_db
def test_groups_by_hand_and_refusals():
    season = demo_season_create(engine="futti", teams=6, seed=22)
    teams = list(season.teams.order_by("id"))
    stage = groups_draw(season, by_hand=[teams[:3], teams[3:]], advance=1)
    assert [set(g.season.teams.all()) for g in stage.groups.order_by("label")] == [set(teams[:3]), set(teams[3:])]
    with pytest.raises(ValidationError, match="every team of the season once"):
        groups_draw(season, by_hand=[teams[:3], teams[3:5]])
    with pytest.raises(ValidationError, match="at least 3 teams"):
        groups_draw(season, groups=3, advance=3)
    Match.objects.filter(season__group__stage=stage).update(status="played", home_goals=1, away_goals=0)
    with pytest.raises(ValidationError, match="cannot be drawn again"):
        groups_draw(season, groups=2)


@pytest.mark.django_db
def test_the_command_draws_groups_then_refuses_an_early_knockout(capsys):
    season = demo_season_create(engine="futti", teams=4, seed=23)
    with pytest.raises(CommandError, match="has no groups"):
        call_command("draw_groups", str(season.id), "--knockout")
    call_command("draw_groups", str(season.id), "--groups", "2")
    assert "Group A" in capsys.readouterr().out
    with pytest.raises(CommandError, match="2 group matches are not finished yet"):
        call_command("draw_groups", str(season.id), "--knockout")
    # results written straight into the rows (a repair by hand) set nothing off: the command draws
    Match.objects.filter(season__group__stage__season=season).update(status="played", home_goals=1, away_goals=0)
    call_command("draw_groups", str(season.id), "--knockout")
    assert "Final" in capsys.readouterr().out
    with pytest.raises(CommandError, match="already drawn"):
        call_command("draw_groups", str(season.id), "--knockout")


@pytest.mark.django_db(transaction=True)
def test_the_last_two_group_results_at_once_draw_the_knockout_once(play_at_once):
    season = demo_season_create(engine="futti", teams=4, seed=5)
    stage = groups_draw(season, groups=2, advance=1)
    last = []
    for group in stage.groups.all():
        *played, final = group.season.matches.order_by("id")
        for match in played:
            match_play(match_id=match.id)
        last.append(final.id)
    play_at_once(last)
    stage.refresh_from_db()
    assert stage.knockout is not None
    assert Season.objects.filter(league=season.league, name__endswith="knockout").count() == 1
    assert Tie.objects.filter(bracket__season=stage.knockout).count() == 1


@pytest.mark.django_db
def test_the_command_takes_groups_by_hand_by_id_or_name(capsys):
    season = demo_season_create(engine="futti", teams=6, seed=24)
    a, b, c, d, e, f = season.teams.order_by("id")
    call_command(
        "draw_groups", str(season.id), "--advance", "1",
        "--group", f"A: {a.id}, {b.name.upper()}, {c.id}", "--group", f"{d.name}, {e.id}, {f.name}",
    )  # fmt: skip
    stage = GroupStage.objects.get(season=season)
    assert [set(g.season.teams.all()) for g in stage.groups.order_by("label")] == [{a, b, c}, {d, e, f}]
    assert "Group B" in capsys.readouterr().out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("groups", "problem"),
    [
        (["A: 1, 2, Nobody FC", "B: 4, 5, 6"], '--group: group A: "Nobody FC" is not a team of'),
        (["A: 1, 2, 3", "B: 3, 4, 5, 6"], "--group: Castlegate United is in group A and group B."),
        (["A: 1, 2, 2, 3", "B: 4, 5, 6"], "Bellbrook Athletic is twice in group A."),
        (["A: 1, 2, 3, 4, 5", "B: 6"], "groups of 1 and 5 teams: group sizes may differ by one at most."),
        (["A: 1, 2, 3, 4, 5, 6", "B: "], "group B is empty."),
        (["A: 1, 2, 3", "B: 4, 5"], "not in any group: Fenwick Albion."),
        (["B: 1, 2, 3", "A: 4, 5, 6"], "group 1 is labelled B: the groups are A, B, C ... in order."),
        (["A: 1, 2, 3", "B: 4, 5, 6, 7"], "group B: Glenholm Celtic is not in"),
    ],
)
def test_groups_by_hand_name_every_problem(groups, problem):
    season = demo_season_create(engine="futti", teams=7, seed=25)
    season.teams.remove(season.teams.get(name="Glenholm Celtic"))  # of the league, not in the season
    ids = [team.id for team in season.league.teams.order_by("name")]  # 1 is Ashford Rovers, 7 Glenholm Celtic
    lines = [re.sub(r"\b\d\b", lambda n: str(ids[int(n[0]) - 1]), line) for line in groups]
    arguments = [arg for line in lines for arg in ("--group", line)]
    with pytest.raises(CommandError) as error:
        call_command("draw_groups", str(season.id), "--advance", "1", *arguments)
    assert problem in str(error.value)
    assert not GroupStage.objects.filter(season=season).exists()
