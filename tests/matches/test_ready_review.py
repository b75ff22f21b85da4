"""Review of issue #29's batch reads (h/rev38): what ``matches_ready`` reads in two queries
must hold together when a season goes between them."""

import pytest
from django.db.models.query import QuerySet

from competitions import results
from competitions.playoffs import plan_playoffs
from config.rows import insert_rows
from leagues.models import Season
from matches import services
from matches.models import Match, PlayerMatchStat
from matches.services import STAT_FIELDS
from ops.demo import demo_season_create
from rosters.models import SquadMember
from tournaments.models import Playoffs

pytestmark = pytest.mark.django_db


def test_a_season_deleted_between_the_matches_and_their_seasons_read_leaves_only_its_matches_out(monkeypatch):
    """The matches are read, then their seasons: a season deleted in between (a group stage
    drawn again deletes its group seasons with their scheduled matches) takes only its own
    matches out of the batch, never fails the read of every other season's matches. One
    query with joins, as before, had no such gap."""
    gone = demo_season_create(engine="futti", teams=4, seed=11, double=False)
    kept = demo_season_create(engine="futti", teams=4, seed=12, double=False)
    ids = list(Match.objects.filter(season__in=[gone, kept]).values_list("id", flat=True))
    in_bulk = QuerySet.in_bulk

    def season_deleted_first(self, *args, **kwargs):
        if self.model is Season:
            Season.objects.filter(id=gone.id).delete()  # its matches go with it (CASCADE)
        return in_bulk(self, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "in_bulk", season_deleted_first)
    ready = services.matches_ready(ids)
    assert {match.season_id for match in ready} == {kept.id}


def test_json_the_copy_writes_reads_back_as_djangos_own_save_would_have_stored_it():
    """``insert_rows`` encodes JSON with orjson on PostgreSQL: a value that Django's json.dumps
    (the SQLite path, and this COPY before issue #29) stores must store the same there too.
    An integer beyond 64 bits (jsonb keeps any number) is refused by orjson with a TypeError."""
    season = demo_season_create(engine="futti", teams=4, seed=5, double=False)
    match = Match.objects.filter(season=season).order_by("id").first()
    player, team = SquadMember.objects.filter(season=season, team=match.home).values_list("player_id", "team_id")[0]
    extra = {"big": 2**70, "negative": -(2**64)}
    fields = ["match", "player", "team", *STAT_FIELDS, "serious_injuries", "extra"]
    insert_rows(PlayerMatchStat, fields, [(match.id, player, team, *(0 for _ in STAT_FIELDS), 0, extra)])
    assert PlayerMatchStat.objects.get(match=match, player_id=player).extra == extra


def test_play_offs_planned_while_the_last_round_is_simulated_are_drawn_when_it_is_stored():
    """The commissioner plans the play-offs (``plan_playoffs``: drawn by the worker that stores
    the last league match) while the worker simulates the last round, read before: storing it
    under the lock draws them. Before issue #29 the lock read the season's stages again; now
    what ``matches_ready`` read of them is kept, and the play-offs are never drawn."""
    season = demo_season_create(engine="futti", teams=4, seed=21, double=False)
    last = season.matches.order_by("-round").values_list("round", flat=True).first()
    results.matches_play(season.matches.exclude(round=last).values_list("id", flat=True))
    ready = services.matches_ready(season.matches.filter(round=last).values_list("id", flat=True))
    assert len(ready) == 2
    plan_playoffs(Season.objects.get(id=season.id), top=2)  # another process, between read and lock
    results.batch_play(ready)
    assert not season.matches.exclude(status=Match.Status.PLAYED).exists()
    assert Playoffs.objects.get(season=season).knockout_id is not None
