"""The API fuzzed from its own OpenAPI schema: no generated request may get a server error,
and every answer must match the schema it declares (schemathesis' ``response_schema_conformance``),
since generated clients with typed models break on anything else.

Schemathesis draws requests for every operation of ``/api/schema/`` (GET, POST, PATCH,
PUT; positive and negative data: wrong types, missing fields, odd strings), sent as a
manager (Bruno, who runs Alpha in a running draft), as a commissioner of every league
(Anna) and without credentials, through the project's own WSGI application. A path
id, and a body's ``team`` or ``player``, is often swapped for one that exists, so
requests reach the code behind the 404. Each request runs in a savepoint rolled back
after it, so every example sees the same world.

Bounded: ``FUZZ_EXAMPLES`` (25) examples per operation, about 900 requests and 15 CPU
seconds; the test fails past 60. Hypothesis is derandomized, so CI sends the same
requests every run; ``FUZZ_RANDOM=1 FUZZ_EXAMPLES=200`` hunts further by hand.
"""

import os
import re
import time

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import response_schema_conformance

from competitions.knockout import bracket_draw
from competitions.results import due_matches_play
from leagues.models import League, Season, Team
from matches.models import Match
from ops.demo import demo_season_create
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Player
from tests.api.conftest import token_client

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
#: Who sends the requests (besides anonymous): Bruno manages Alpha, Anna is the league's commissioner.
ROLES = ["bruno", "anna"]
#: Whole run, both roles, every operation: the test fails past this, so it stays bounded in CI.
BUDGET_SECONDS = 60


@pytest.fixture(autouse=True)
def unthrottled(settings):
    """Hundreds of requests per role in seconds are far past the public rates (config.throttling):
    raised here only, so every generated request reaches the code behind the throttle."""
    rates = {scope: "1000000/minute" for scope in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


@pytest.fixture
def app():
    """The WSGI application, kept from closing the test's connection at the end of each request
    (as Django's test client does), so requests run inside the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield get_wsgi_application()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(cast, season, pool):
    """A played season, a drawn knockout, and the cast's season with a running draft."""
    demo_season_create(engine="futti", teams=4, seed=1)
    due_matches_play()
    bracket_draw(demo_season_create(engine="futti", teams=4, seed=2, knockout=True))
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    draft = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order)
    draft_start(draft.pk)
    for league in League.objects.all():  # Anna may change every league, so her writes get past the 403
        league.commissioners.add(cast["anna"])
    return {
        "leagues": list(League.objects.values_list("pk", flat=True)),
        "seasons": list(Season.objects.values_list("pk", flat=True)),
        "teams": list(Team.objects.values_list("pk", flat=True)),
        "players": list(Player.objects.values_list("pk", flat=True)[:20]),
        "matches": list(Match.objects.values_list("pk", flat=True)[:20]),
        "drafts": [draft.pk],
    }


def real_ids(world: dict, path: str) -> list[int]:
    """Ids that exist for the collection a path starts with (``/api/matches/{id}/...``)."""
    collection = re.match(r"/api/(\w+)/", path)
    return world.get(collection.group(1), []) if collection else []


def fuzz(app, operation, world: dict, roles: list[dict], failures: list[str]) -> int:
    """Send ``EXAMPLES`` generated requests to one operation; note each server error; return how many were sent."""
    sent, ids = 0, real_ids(world, operation.path)

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=not os.environ.get("FUZZ_RANDOM"),
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def send(data):
        nonlocal sent
        mode = data.draw(st.sampled_from([GenerationMode.POSITIVE, GenerationMode.NEGATIVE]), label="mode")
        case = data.draw(operation.as_strategy(generation_mode=mode))
        for name in list(case.path_parameters or {}):
            if ids and data.draw(st.booleans(), label="real id"):
                case.path_parameters[name] = data.draw(st.sampled_from(ids), label=name)
        if isinstance(case.body, dict):
            for name in set(case.body) & {"team", "player"}:
                if data.draw(st.booleans(), label=f"real {name}"):
                    case.body[name] = data.draw(st.sampled_from(world[f"{name}s"]), label=name)
        headers = data.draw(st.sampled_from(roles), label="role")
        with transaction.atomic():
            response = case.call(app=app, headers=headers)
            transaction.set_rollback(True)
        sent += 1
        if response.status_code >= 500:
            failures.append(f"{response.status_code} {case.as_curl_command(headers=headers)}")
            return
        try:
            case.validate_response(response, checks=[response_schema_conformance], headers=headers)
        except FailureGroup as exc:  # schemathesis' failure report: the operation, the field, the value
            failures.append(str(exc))

    send()
    return sent


def test_no_generated_request_gets_a_server_error_or_an_answer_off_its_schema(app, world, cast):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)
    roles = [{"Authorization": token_client(cast[who])._credentials["HTTP_AUTHORIZATION"]} for who in ROLES]
    failures: list[str] = []
    started = time.process_time()
    sent = sum(fuzz(app, op.ok(), world, [*roles, {}], failures) for op in schema.get_all_operations())
    spent = time.process_time() - started
    assert not failures, "\n".join(failures[:20])
    assert sent > 100 and spent < BUDGET_SECONDS, (sent, spent)
