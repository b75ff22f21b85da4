"""Card values in the draft room, and the clock's autopick by value.

The roster tests' Fütti pool: field cards of offence 4 to 6 and goalkeepers of goaltending 61 to 65,
32 of them at 1 BC and the stars (Card 32 to 39) at 4 BC; a squad is six field players and two
keepers within 15 BC, no reserves. Alpha is on the clock first, then Beta, Gamma, Delta.
"""

import json

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from competitions.card_values import card_values_store, completed, replacement_cards, team_card_values
from competitions.tasks import draft_card_values
from config.celery import odds_queue, task_route
from engines import get_engine
from engines.core import SquadRules
from engines.futti.engine import FuttiEngine
from rosters.drafts.moves import _autopick, move_make
from rosters.drafts.room import room_state
from rosters.drafts.values import CARD_VALUES_TASK, fresh_values, team_squad_key, values_request
from rosters.models import CardValue, Draft, DraftPick, Player
from tests.rosters.conftest import card, give

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(monkeypatch):
    """Counts the matches the engine plays."""
    count = {"matches": 0}
    simulate = FuttiEngine.simulate

    def counted(self, *args, **kwargs):
        count["matches"] += 1
        return simulate(self, *args, **kwargs)

    monkeypatch.setattr(FuttiEngine, "simulate", counted)
    return count


def by_name(values) -> dict:
    return {card_row.player_id: card_row for card_row in values.cards}


def test_a_better_keeper_is_worth_more_than_a_weaker_one(draft, cast):
    values = by_name(team_card_values(draft, cast["alpha"].pk))
    best, middle, cheapest = values[card("Card 04").pk], values[card("Card 08").pk], values[card("Card 00").pk]
    # goaltending 65, 63 and 61 (the cheapest keeper: the replacement level itself, exactly 0)
    assert cheapest.gain == 0 and cheapest.stderr == 0
    assert best.gain - middle.gain > 2 * best.stderr
    assert middle.gain - cheapest.gain > 2 * middle.stderr
    assert best.strength > middle.strength > cheapest.strength


def test_the_values_are_the_same_for_the_same_seeds(draft, cast):
    first = team_card_values(draft, cast["alpha"].pk)
    cache.clear()
    assert team_card_values(draft, cast["alpha"].pk) == first


def test_a_squad_measured_once_is_reused_by_every_team_with_it(draft, cast, played):
    team_card_values(draft, cast["alpha"].pk, samples=16)
    measured = played["matches"]
    # one sheet per different card (the base, and cards with the same ratings once), 16 matches each
    assert 0 < measured < 16 * 40
    team_card_values(draft, cast["beta"].pk, samples=16)  # the same empty squad
    assert played["matches"] == measured
    team_card_values(draft, cast["beta"].pk, samples=8)  # another number of samples is another measure
    assert played["matches"] > measured


def test_the_stored_values_go_stale_when_the_team_picks(draft, cast):
    card_values_store(draft.pk, cast["alpha"].pk, samples=8)
    values = fresh_values(draft, cast["alpha"].pk)
    assert len(values) == 40 and all(v.samples == 8 for v in values.values())
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 04").pk, pick_number=0)
    assert fresh_values(draft, cast["alpha"].pk) == {}  # measured for the empty squad
    card_values_store(draft.pk, cast["beta"].pk, samples=8)
    assert card("Card 04").pk not in fresh_values(draft, cast["beta"].pk)  # taken meanwhile
    assert len(fresh_values(draft, cast["beta"].pk)) == 39
    CardValue.objects.filter(team=cast["beta"]).update(engine_version="0.9")  # measured by an older engine
    assert fresh_values(draft, cast["beta"].pk) == {}


def value(draft, team, name: str, gain: float) -> CardValue:
    """A stored value, made up, for the team's squad as it is."""
    return CardValue.objects.create(
        draft=draft,
        team=team,
        player=card(name),
        squad=team_squad_key(draft, team.pk),
        strength=1 + gain,
        gain=gain,
        stderr=0.01,
        samples=64,
        engine_version=get_engine(draft.season.league.engine).version,
        computed_at=timezone.now(),
    )


def by_value(draft) -> Draft:
    draft.autopick_by = Draft.AutopickBy.VALUE
    draft.save()
    return Draft.objects.select_related("season__league").get(pk=draft.pk)


def test_the_clock_by_value_takes_the_most_points_per_bootcoin_it_may(draft, cast):
    draft = by_value(draft)
    value(draft, cast["alpha"], "Card 39", 0.8)  # 0.2 a coin
    value(draft, cast["alpha"], "Card 05", 0.3)  # 0.3 a coin: the best
    value(draft, cast["alpha"], "Card 06", 0.25)
    pick = _autopick(draft)
    assert (pick.player.name, pick.auto, pick.auto_by) == ("Card 05", True, "value")


def test_the_clock_by_value_skips_a_card_the_team_may_not_take(draft, cast):
    give(draft.season, cast["alpha"], "Card 00", "Card 12")  # both keepers' places filled
    draft = by_value(draft)
    value(draft, cast["alpha"], "Card 04", 2.0)  # a keeper: no place for it
    value(draft, cast["alpha"], "Card 06", 0.25)
    pick = _autopick(draft)
    assert (pick.player.name, pick.auto_by) == ("Card 06", "value")


def test_without_values_for_its_squad_the_clock_picks_by_rating_and_says_so(draft, cast):
    draft = by_value(draft)
    stale = value(draft, cast["alpha"], "Card 05", 0.3)
    stale.squad = "999"  # measured for another squad
    stale.save()
    pick = _autopick(draft)
    assert pick.auto_by == "rating"
    assert pick.player.price == 4  # the dearest card, as by rating
    assert room_state(Draft.objects.get(pk=draft.pk), cast["bruno"])["board"][0]["auto_by"] == "rating"


def test_a_draft_by_rating_ignores_the_values(draft, cast):
    value(draft, cast["alpha"], "Card 05", 0.3)
    pick = _autopick(Draft.objects.select_related("season__league").get(pk=draft.pk))
    assert (pick.player.price, pick.auto_by) == (4, "rating")


def test_the_room_shows_the_values_and_asks_a_worker_for_missing_ones(
    draft, cast, sent, django_capture_on_commit_callbacks
):
    cache.clear()  # the draft's start asked already (and its commit never came in this test)
    with django_capture_on_commit_callbacks(execute=True):
        state = room_state(draft, cast["bruno"])
    assert state["values"]["ready"] is False and state["cards"][0]["per_coin"] is None
    assert (CARD_VALUES_TASK, draft.pk, cast["alpha"].pk) in sent
    card_values_store(draft.pk, cast["alpha"].pk, samples=8)
    state = room_state(draft, cast["bruno"])
    assert state["values"]["ready"] is True and state["values"]["samples"] == 8
    keeper = next(c for c in state["cards"] if c["name"] == "Card 04")
    assert keeper["gain"] > 0 and keeper["per_coin"] == round(keeper["gain"], 4)


def test_a_request_rolled_back_is_asked_again(draft, cast, sent, django_capture_on_commit_callbacks):
    cache.clear()
    asked = (CARD_VALUES_TASK, draft.pk, cast["alpha"].pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        values_request(draft, cast["alpha"].pk)
        raise RuntimeError("the page failed after asking")
    with django_capture_on_commit_callbacks(execute=True):
        values_request(draft, cast["alpha"].pk)
        values_request(draft, cast["alpha"].pk)  # the room polls: asked once
    assert sent.count(asked) == 1


def test_a_pick_asks_a_worker_for_the_next_teams_values(draft, cast, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 04").pk, pick_number=0)
    assert (CARD_VALUES_TASK, draft.pk, cast["beta"].pk) in sent


def test_the_api_answers_queued_then_the_values_best_first(draft, cast, sent):
    api = APIClient()
    assert api.get(f"/api/drafts/{draft.pk}/card-values/").status_code in (401, 403)  # anonymous: nothing queued
    api.force_authenticate(cast["bruno"])  # Alpha's manager
    assert api.get(f"/api/drafts/{draft.pk}/card-values/", {"team": cast["beta"].pk}).status_code == 403
    assert not sent
    waiting = api.get(f"/api/drafts/{draft.pk}/card-values/")
    assert waiting.status_code == 202
    assert waiting.json() | {"cards": None} == {
        "draft": draft.pk,
        "team": cast["alpha"].pk,
        "status": "queued",
        "squad": [],
        "samples": None,
        "engine_version": None,
        "computed_at": None,
        "cards": None,
    }
    card_values_store(draft.pk, cast["beta"].pk, samples=8)
    api.force_authenticate(cast["anna"])  # the commissioner sees every team's
    ready = api.get(f"/api/drafts/{draft.pk}/card-values/", {"team": cast["beta"].pk})
    assert ready.status_code == 200
    body = ready.json()
    assert (body["status"], body["team"], body["samples"]) == ("ready", cast["beta"].pk, 8)
    per_coin = [c["per_coin"] for c in body["cards"]]
    assert per_coin == sorted(per_coin, reverse=True) and len(per_coin) == 40
    assert set(body["cards"][0]) == {"player", "name", "role", "price", "strength", "gain", "stderr", "per_coin"}
    assert api.get(f"/api/drafts/{draft.pk}/card-values/", {"team": 999999}).status_code == 400
    schema = api.get("/api/schema/").content.decode()
    assert "/api/drafts/{id}/card-values/" in schema and "per_coin" in schema


def test_the_command_measures_and_stores_them(draft, cast, capsys):
    call_command("card_values", str(draft.pk), "--samples", "8", "--json")
    printed = json.loads(capsys.readouterr().out)
    assert (printed["team"], printed["samples"], len(printed["cards"])) == (cast["alpha"].pk, 8, 40)
    assert printed["cards"][0]["per_coin"] >= printed["cards"][-1]["per_coin"]
    assert CardValue.objects.filter(draft=draft, team=cast["alpha"]).count() == 40
    assert DraftPick.objects.count() == 0


def test_the_commissioner_sets_the_rule_in_the_admin(client, cast, season):
    client.force_login(cast["anna"])
    form = client.get(reverse("admin:rosters_draft_add")).content.decode()
    assert "the most expected points per BootCoin" in form and "picks by rating" in form  # the choice and its help
    fields = {"season": season.pk, "format": "snake", "order_method": "random", "order": "[]", "seconds_per_pick": 60}
    client.post(reverse("admin:rosters_draft_add"), {**fields, "autopick_by": "value"})
    assert Draft.objects.get(season=season).autopick_by == "value"


def test_a_completed_squad_fills_every_role_and_reserve_place():
    rules = SquadRules(roles={"D": 2, "A": 1}, reserves=2)
    cheap_d, dear_d, cheap_a = (
        Player(pk=1, role="D", price=2),
        Player(pk=2, role="D", price=5),
        Player(pk=3, role="A", price=1),
    )
    replacement = replacement_cards([dear_d, cheap_d, cheap_a])
    assert replacement == {"D": cheap_d, "A": cheap_a}
    # Calciotto plays only a squad of every place: the reserves are the cheapest card of all
    assert completed(rules, [dear_d], replacement) == [dear_d, cheap_a, cheap_d, cheap_a, cheap_a]


def test_a_full_squad_has_nothing_to_measure(draft, cast, sent):
    delta = draft.season.teams.get(name="Delta")
    give(draft.season, delta, *[f"Card {n:02d}" for n in (0, 12, 1, 2, 3, 5, 6, 7)])  # 2 keepers, 6 field
    api = APIClient()
    api.force_authenticate(cast["anna"])
    answer = api.get(f"/api/drafts/{draft.pk}/card-values/", {"team": delta.pk})
    assert (answer.status_code, answer.json()["status"], answer.json()["cards"]) == (200, "ready", [])
    assert not [task for task in sent if task[0] == CARD_VALUES_TASK]


def test_in_a_draft_by_value_a_pick_has_the_picking_teams_values_measured_again(
    draft, cast, sent, django_capture_on_commit_callbacks
):
    draft = by_value(draft)
    with django_capture_on_commit_callbacks(execute=True):
        _autopick(draft)  # Alpha, on autopick say: by rating, none measured yet
    assert (CARD_VALUES_TASK, draft.pk, cast["alpha"].pk) in sent  # for its next turn


def test_the_task_stores_the_values_on_the_odds_queue():
    assert task_route(CARD_VALUES_TASK, (), {}, {}) == {"queue": odds_queue()}


def test_the_task_measures_and_stores(draft, cast):
    draft_card_values(draft.pk, cast["beta"].pk)
    assert CardValue.objects.filter(draft=draft, team=cast["beta"], samples=64).count() == 40


def test_values_of_a_squad_picked_from_meanwhile_are_not_stored(draft, cast, monkeypatch):
    """A slow task for the squad before a pick must not replace the values of the squad after it."""
    measured = team_card_values(draft, cast["alpha"].pk, samples=8)  # for the empty squad
    card_values_store(draft.pk, cast["alpha"].pk, samples=8)
    give(draft.season, cast["alpha"], "Card 04")  # a pick lands while another task measures
    monkeypatch.setattr("competitions.card_values.team_card_values", lambda *args, **kwargs: measured)
    before = set(CardValue.objects.filter(draft=draft, team=cast["alpha"]).values_list("pk", flat=True))
    assert card_values_store(draft.pk, cast["alpha"].pk, samples=8) is None
    assert set(CardValue.objects.filter(draft=draft, team=cast["alpha"]).values_list("pk", flat=True)) == before
