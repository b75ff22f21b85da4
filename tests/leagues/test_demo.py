"""The demo season (`manage.py demo`): its squads are ones the league's engine accepts."""

import pytest

from engines import get_engine
from ops.demo import demo_season_create
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


def test_demo_squads_are_legal_and_within_budget():
    demo_season = demo_season_create(engine="futti", teams=4, seed=11, double=True)
    league = demo_season.league
    rules = get_engine(league.engine).squad_rules
    for team in demo_season.teams.all():
        members = SquadMember.objects.filter(season=demo_season, team=team).select_related("player")
        roles = [m.player.role for m in members]
        for role, count in rules.roles.items():
            assert roles.count(role) >= count
        assert len(members) == rules.size
        assert sum(m.price for m in members) <= league.budget
