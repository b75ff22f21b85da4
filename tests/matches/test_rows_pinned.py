"""Writing many rows in one statement (``config.rows``): what is written is exactly what was
given, relations by id and JSON as objects, and nothing at all costs no statement."""

from contextlib import contextmanager
from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audit import services as audit
from audit.models import Entry
from config.rows import insert_rows, rows_update
from matches.models import Match, PlayerMatchStat, ResultSubmission
from matches.services import STAT_FIELDS
from ops.demo import demo_season_create
from rosters.models import SquadMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches():
    season = demo_season_create(engine="futti", teams=4, seed=5, double=False)
    return list(Match.objects.filter(season=season).order_by("id"))


def test_inserted_rows_hold_their_values_relations_by_id_and_json_as_objects(matches):
    first, second = matches[:2]
    members = SquadMember.objects.filter(season=first.season).order_by("id").values_list("player_id", "team_id")
    (player, team), (other_player, other_team) = members[:2]
    fields = ["match", "player", "team", *STAT_FIELDS, "serious_injuries", "extra"]
    numbers = tuple(range(1, len(STAT_FIELDS) + 2))
    rows = [
        (first.id, player, team, *numbers, {"note": "first", "n": [1, 2]}),
        (second.id, other_player, other_team, *(0 for _ in numbers), {}),
    ]
    insert_rows(PlayerMatchStat, fields, rows)
    stored = PlayerMatchStat.objects.order_by("match_id").values_list(
        *[f"{f}_id" if f in ("match", "player", "team") else f for f in fields]
    )
    assert list(stored) == rows


def test_nothing_to_write_costs_no_statement(matches):
    with CaptureQueriesContext(connection) as queries:
        insert_rows(PlayerMatchStat, ["match", "player", "team", "goals"], [])
        rows_update(Match, ["status", "error"], [])
    assert queries.captured_queries == []


def test_an_update_writes_the_fields_given_of_each_row_and_nothing_else(matches):
    first, second, untouched = matches[:3]
    when = timezone.now() - timedelta(hours=1)
    first.error, first.played_with, first.played_at = "first's", {"settings": {"a": 1}}, when
    second.error, second.played_with, second.played_at = "second's", {}, None
    for match in (first, second):
        match.home_goals = 9  # changed in memory, not among the fields written
    with CaptureQueriesContext(connection) as queries:
        rows_update(Match, ["error", "played_with", "played_at"], [first, second])
    assert len(queries.captured_queries) == 1
    rows = Match.objects.filter(id__in=[first.id, second.id, untouched.id]).order_by("id")
    assert list(rows.values_list("error", "played_with", "played_at", "home_goals")) == [
        ("first's", {"settings": {"a": 1}}, when, None),
        ("second's", {}, None, None),
        ("", untouched.played_with, None, None),
    ]


class CopyRecorder:
    """Stands in for psycopg's cursor under Django's: records each COPY and the rows written."""

    def __init__(self):
        self.statements: list[str] = []
        self.rows: list[list] = []
        self.cursor = self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @contextmanager
    def copy(self, statement: str):
        self.statements.append(statement)
        yield self

    def write_row(self, values) -> None:
        self.rows.append(values)


def test_on_postgresql_the_rows_go_in_as_one_copy_with_json_as_text(matches, monkeypatch):
    """The COPY names the table and its columns (a relation by its column) in the order given, then
    those not given, with their defaults, and
    writes each row once, its JSON fields as JSON text (a number as a key becomes a string, as
    in the json module); measured end to end on PostgreSQL too."""
    first, second = matches[:2]
    recorder = CopyRecorder()
    with monkeypatch.context() as patched:
        patched.setattr(connection, "vendor", "postgresql")
        patched.setattr(connection, "cursor", lambda: recorder)
        insert_rows(
            PlayerMatchStat,
            ["match", "goals", "player", "extra"],
            [(first.id, 1, 7, {"note": "Fütti", "n": [1, 2], 3: "a number's key"}), (second.id, 2, None, {})],
        )
    rest = ["team_id", "shots", "saves", "steals", "yellow_cards", "red_cards", "injuries", "minutes"]
    columns = ", ".join(f'"{column}"' for column in ["match_id", "goals", "player_id", "extra", *rest])
    assert recorder.statements == [f'COPY "matches_playermatchstat" ({columns}, "serious_injuries") FROM STDIN']
    defaults = [None, 0, 0, 0, 0, 0, 0, 0, 0]  # the fields not given, as Django gives a new row them
    assert recorder.rows == [
        [first.id, 1, 7, '{"note":"Fütti","n":[1,2],"3":"a number\'s key"}', *defaults],
        [second.id, 2, None, "{}", *defaults],
    ]
    assert not PlayerMatchStat.objects.exists()  # nothing went around the COPY


def test_json_is_stored_as_django_stores_it_none_as_null_and_with_the_fields_encoder(matches):
    """An audit entry written in one statement reads back as one Django saved: None as SQL NULL
    (not JSON null), dates and decimals as the field's own encoder writes them."""
    match = matches[0]
    when = timezone.now().replace(microsecond=123456)
    values = {"kickoff": when, "fee": Decimal("1.50")}
    saved = audit.entry("match.rescheduled", match, before=None, after=values, **match.audit_scope())
    copied = audit.entry("match.rescheduled", match, before=None, after=values, **match.audit_scope())
    Entry.objects.bulk_create([saved])
    audit.record_all([copied])
    rows = (
        Entry.objects.filter(action="match.rescheduled")
        .order_by("id")
        .values_list("action", "object_id", "before", "after")
    )
    assert (
        list(rows)
        == [("match.rescheduled", match.id, None, {"kickoff": DjangoJSONEncoder().default(when), "fee": "1.50"})] * 2
    )
    assert Entry.objects.filter(action="match.rescheduled", before__isnull=True).count() == 2


def test_json_the_copy_writes_reads_back_as_djangos_own_save_would_have_stored_it(matches):
    """``insert_rows`` encodes JSON with orjson on PostgreSQL: a value that Django's json.dumps
    (the SQLite path) stores must store the same there too. An integer beyond 64 bits (jsonb
    keeps any number) is refused by orjson with a TypeError: json.dumps writes it."""
    match = matches[0]
    season = match.season
    player, team = SquadMember.objects.filter(season=season, team=match.home).values_list("player_id", "team_id")[0]
    extra = {"big": 2**70, "negative": -(2**64)}
    fields = ["match", "player", "team", *STAT_FIELDS, "serious_injuries", "extra"]
    insert_rows(PlayerMatchStat, fields, [(match.id, player, team, *(0 for _ in STAT_FIELDS), 0, extra)])
    assert PlayerMatchStat.objects.get(match=match, player_id=player).extra == extra


def test_fields_not_given_get_their_defaults_as_django_would_write_them(matches):
    """The COPY names every column: one not given is written with the field's default (and
    ``auto_now_add`` the time), as ``bulk_create`` writes it elsewhere, not as NULL."""
    first = matches[0]
    player, team = SquadMember.objects.filter(season=first.season).values_list("player_id", "team_id").first()
    before = timezone.now()
    insert_rows(PlayerMatchStat, ["match", "player", "team", "goals"], [(first.id, player, team, 2)])
    kind = ContentType.objects.get_for_model(Match)
    insert_rows(Entry, ["action", "content_type"], [("match.result", kind.id)])
    line = PlayerMatchStat.objects.get(match=first, player_id=player)
    assert (line.goals, line.team_id, line.extra) == (2, team, {})
    assert all(getattr(line, name) == 0 for name in STAT_FIELDS if name != "goals") and line.serious_injuries == 0
    entry = Entry.objects.get(action="match.result")
    assert (entry.before, entry.actor_id, entry.actor_name, entry.via, entry.object_repr) == (None, None, "", "", "")
    assert before <= entry.at <= timezone.now()
    insert_rows(ResultSubmission, ["match", "action"], [(first.id, ResultSubmission.Action.SUBMIT)])
    submitted = ResultSubmission.objects.get(match=first)
    assert (submitted.state, submitted.payload, submitted.note) == (ResultSubmission.State.RECORDED, {}, "")
    assert before <= submitted.at <= timezone.now()  # auto_now_add: the time of the insert
