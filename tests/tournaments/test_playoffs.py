"""League then play-offs: the top of the final table goes into a seeded knockout."""

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from competitions.knockout import champion
from competitions.results import due_matches_play
from competitions.standings import compute_standings
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db


def test_playoffs_take_the_top_of_the_table_with_their_squads(capsys):
    season = demo_season_create(engine="futti", teams=5, seed=6, double=False)
    with pytest.raises(CommandError, match="season: 10 matches of .* are not finished yet"):
        call_command("draw_playoffs", str(season.id), "--top", "4")
    due_matches_play()
    with pytest.raises(CommandError, match="top: 6 is not between 2 and the 5 teams"):
        call_command("draw_playoffs", str(season.id), "--top", "6")
    call_command("draw_playoffs", str(season.id), "--top", "4", "--third-place")
    assert "Semi-finals" in capsys.readouterr().out
    playoffs = season.league.seasons.exclude(id=season.id).get()
    with pytest.raises(
        CommandError, match=f"season: The play-offs of .* are drawn already \\(season id {playoffs.id}\\)"
    ):
        call_command("draw_playoffs", str(season.id), "--top", "4")
    last_kickoff = season.matches.order_by("-kickoff").first().kickoff
    assert playoffs.first_kickoff >= last_kickoff + season.round_interval
    table = [row.team_id for row in compute_standings(season).rows[:4]]
    assert list(Entrant.objects.filter(bracket=playoffs.bracket).values_list("team_id", flat=True)) == table
    assert SquadMember.objects.filter(season=playoffs).count() == 4 * 8
    # bring the play-offs forward so that every round is due now
    playoffs.first_kickoff = timezone.now() - timedelta(days=3)
    playoffs.save()
    playoffs.matches.update(kickoff=playoffs.first_kickoff)
    for _ in range(4):
        due_matches_play()
    assert champion(playoffs.bracket).id in table
    assert playoffs.matches.filter(status="played").count() == 4  # two semis, final, third place
