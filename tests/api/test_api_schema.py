"""The OpenAPI document as a strict reader takes it: valid OpenAPI 3.0.3, nullable written where
3.0.3 gives it effect, and real answers valid against it read that way.

OpenAPI 3.0.3: ``nullable: true`` adds null to the ``type`` of the same Schema Object and does
nothing else; nothing may stand beside a ``$ref``. Generated clients with typed models read it
so; schemathesis (the fuzz test) reads it leniently, so it is checked here.
"""

import re
from typing import Any

import pytest
from django.conf import settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV30SpecValidator

from api.schema import postprocess_strict_nullable
from competitions.knockout import bracket_draw
from matches.models import Match, PlayerMatchStat
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(client) -> dict[str, Any]:
    return client.get("/api/schema/?format=json").json()


def problems(node: Any, path: str = "#") -> list[str]:
    """Where a Schema Object uses nullable without effect, or puts keys beside a ``$ref``."""
    found = []
    if isinstance(node, dict):
        if node.get("nullable") and "type" not in node:
            found.append(f"{path}: nullable without a type in the same Schema Object")
        if "$ref" in node and set(node) != {"$ref"}:
            found.append(f"{path}: keys beside $ref: {sorted(set(node) - {'$ref'})}")
        if node.get("type") == "null":
            found.append(f"{path}: type null is not OpenAPI 3.0")
        for key, value in node.items():
            found += problems(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += problems(value, f"{path}/{index}")
    return found


def strictly(node: Any) -> Any:
    """An OpenAPI 3.0.3 schema as JSON Schema, nullable read strictly: ``type: [T, "null"]``
    only where ``type`` stands beside it, and nothing else."""
    if isinstance(node, list):
        return [strictly(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: strictly(v) for k, v in node.items() if k not in ("nullable", "readOnly", "writeOnly")}
    if node.get("nullable") and isinstance(node.get("type"), str):
        out["type"] = [node["type"], "null"]
    if isinstance(out.get("$ref"), str):
        out["$ref"] = out["$ref"].replace("#/components/schemas/", "#/$defs/")
    return out


def answer_problems(document: dict[str, Any], path: str, body: Any) -> list[str]:
    """How a GET answer breaks its declared 200 schema, read strictly."""
    content = document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    schema = {**strictly(content["schema"]), "$defs": strictly(document["components"]["schemas"])}
    errors = Draft202012Validator(schema).iter_errors(body)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]


def test_the_schema_validates_against_the_openapi_3_0_3_meta_schema(document):
    assert document["openapi"] == "3.0.3"
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in OpenAPIV30SpecValidator(document).iter_errors()]
    assert not errors, errors[:10]


def test_nullable_is_written_where_openapi_3_0_3_gives_it_effect(document):
    assert not problems(document), problems(document)[:10]


def test_matches_without_a_decision_or_forfeit_answer_null_and_the_schema_admits_it(client, document, played_season):
    Match.objects.filter(id=played_season.matches.first().id).update(
        status="scheduled", home_goals=None, away_goals=None, decided_by=""
    )
    body = client.get("/api/matches/").json()
    assert {m["forfeited_by"] for m in body["results"]} == {None}
    assert None in {m["decided_by"] for m in body["results"]}
    assert "regulation" in {m["decided_by"] for m in body["results"]}
    assert not answer_problems(document, "/api/matches/", body)
    one = played_season.matches.first().id
    assert client.get(f"/api/matches/{one}/").json()["decided_by"] is None


def test_a_bracket_without_a_champion_or_results_matches_its_schema_read_strictly(client, document, db):
    season = draw_bracket_season()
    body = client.get(f"/api/seasons/{season.id}/bracket/").json()
    assert body["champion"] is None
    legs = [leg for round_ in body["rounds"] for tie in round_["ties"] for leg in tie.get("legs", [])]
    assert legs and {leg["decided_by"] for leg in legs} == {None}
    assert not answer_problems(document, "/api/seasons/{id}/bracket/", body)


def test_teams_without_a_manager_match_their_schema_read_strictly(client, document, played_season):
    body = client.get("/api/teams/").json()
    assert None in {team["manager"] for team in body["results"]}
    assert not answer_problems(document, "/api/teams/", body)


def test_the_hook_makes_a_nullable_reference_a_choice_with_null():
    result = {
        "components": {"schemas": {"BlankEnum": {"enum": [""]}}},
        "paths": {"/x/": {"get": {"a": {"allOf": [{"$ref": "#/components/schemas/T"}], "nullable": True}}}},
    }
    out = postprocess_strict_nullable(result, generator=None)
    assert out["paths"]["/x/"]["get"]["a"] == {
        "oneOf": [{"$ref": "#/components/schemas/T"}, {"$ref": "#/components/schemas/NullEnum"}]
    }
    assert out["components"]["schemas"]["NullEnum"] == {"enum": [None]}
    assert out["components"]["schemas"]["BlankEnum"] == {"type": "string", "enum": [""]}


def draw_bracket_season():
    season = demo_season_create(engine="futti", teams=4, seed=2, knockout=True)
    bracket_draw(season)
    return season


def documented_operations(text: str) -> set[tuple[str, str]]:
    """``METHOD /api/...`` in the guide's backticks; a path after another on the same line
    (`` `GET /api/leagues/`, `/api/leagues/{id}/` ``) takes the method before it."""
    found = set()
    for line in text.splitlines():
        method = None
        for given, path in re.findall(r"`(?:(GET|POST|PUT|PATCH|DELETE) )?(/api/[^`\s?]*)", line):
            method = given or method
            if method:
                found.add((method, re.sub(r"\{\w+\}", "{id}", path)))
    return found


def test_the_guide_documents_every_operation_of_the_schema(document):
    guide = documented_operations((settings.BASE_DIR / "docs" / "web-and-api.md").read_text())
    operations = {
        (method.upper(), re.sub(r"\{\w+\}", "{id}", path))
        for path, item in document["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert not sorted(operations - guide)


def test_a_teams_absences_and_a_previews_out_match_their_schema_read_strictly(client, document, db):
    season = demo_season_create(engine="futti", teams=4, seed=31, double=True)
    season.league.suspension_matches = 1
    season.league.save()
    first = season.matches.order_by("kickoff", "id").first()
    Match.objects.filter(id=first.id).update(status="played", home_goals=1, away_goals=0)
    player = first.home.squad_members.filter(season=season).first().player_id
    PlayerMatchStat.objects.create(match=first, player_id=player, team=first.home, red_cards=1)
    body = client.get(f"/api/teams/{first.home_id}/absences/?season={season.id}").json()
    assert [line["player"] for line in body["absences"]] == [player]
    assert not answer_problems(document, "/api/teams/{id}/absences/", body)
    body = client.get("/api/teams/{id}/absences/".replace("{id}", str(first.away_id))).json()
    assert body["absences"] == [] and not answer_problems(document, "/api/teams/{id}/absences/", body)
