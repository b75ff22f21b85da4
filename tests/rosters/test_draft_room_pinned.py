"""What the draft room shows, key by key, to a manager, the commissioner and an outsider, in a
running, paused, auction and finished market draft, and the command's summary of the squads
(found by mutation testing: the room tests read a few keys of the state each).

The cast and the pool as in test_draft_snake: Alpha, Beta, Gamma, Delta in that order, 60 seconds
a pick; Bruno manages Alpha, Carla Beta, Anna runs the league, Dino another one.
"""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from rosters import ledger
from rosters.drafting import load_engine_pool
from rosters.drafts import room
from rosters.drafts.moves import draft_pause, draft_start, move_make, queue_set, run_autodraft
from rosters.drafts.room import room_state, squad_lines
from rosters.drafts.setup import draft_create
from rosters.drafts.state import market_rules, on_the_clock
from rosters.drafts.values import team_squad_key
from rosters.models import CardValue, Draft, DraftPick, Player
from tests.conftest import make_league, make_season
from tests.rosters.conftest import card, give

pytestmark = pytest.mark.django_db

NEEDS = {"field": 6, "goalkeeper": 2}


def fresh(draft) -> Draft:
    return Draft.objects.get(pk=draft.pk)


def ratings(entry: dict) -> set[tuple[str, str]]:
    """A card's ratings as the room writes them ("offence 4 defence 3 ..."), as pairs: the order of
    the attributes is the database's (PostgreSQL's jsonb sorts them, SQLite keeps them as stored)."""
    words = entry.pop("ratings").split()
    return set(zip(words[::2], words[1::2], strict=True))


def stored_value(draft, team, name, at, gain=0.1, strength=1.0, stderr=0.01) -> CardValue:
    """A card value measured at ``at`` for the team's squad as it is, 64 matches each."""
    squad = team_squad_key(draft, team.pk)
    return CardValue.objects.create(
        draft=draft,
        team=team,
        player=card(name),
        squad=squad,
        strength=strength,
        gain=gain,
        stderr=stderr,
        samples=64,
        engine_version="1.3",
        computed_at=at,
    )


def line(team, coins=15, needs=NEEDS, squad=(), autopick=False) -> dict:
    return {
        "id": team.pk,
        "name": team.name,
        "coins": coins,
        "squad": list(squad),
        "kept": 0,
        "kept_cost": 0,
        "needs": needs,
        "reserves": 0,
        "autopick": autopick,
    }


def test_a_manager_on_the_clock_sees_the_whole_room(draft, cast):
    alpha, beta = cast["alpha"], cast["beta"]
    gamma, delta = draft.season.teams.get(name="Gamma"), draft.season.teams.get(name="Delta")
    move_make(draft.pk, team_id=alpha.pk, by=cast["bruno"], player_id=card("Card 33").pk)
    fresh(draft).autopick_teams.add(delta)
    state = room_state(fresh(draft), cast["carla"])
    assert 58 <= state.pop("seconds_left") <= 60
    cards = state.pop("cards")
    squad_card = state["teams"][0]["squad"][0]
    assert ratings(squad_card) == {("stars", "1"), ("defence", "3"), ("offence", "4"), ("sportsmanship", "3")}
    star = {
        "id": card("Card 33").pk,
        "name": "Card 33",
        "role": "field",
        "price": 4,
        "kept": False,
    }
    assert state == {
        "id": draft.pk,
        "season": "Test League 2026",
        "format": "snake",
        "state": "running",
        "state_label": "running",
        "pick_number": 1,
        "pick_label": "pick 2 of 32",
        "total_picks": 32,
        "on_the_clock": {"id": beta.pk, "name": "Beta"},
        "commissioner": False,
        "me": {**line(beta), "queue": []},
        "can_move": True,
        "lot": None,
        "autopick_by": "rating",
        "values": {
            "team": beta.pk,
            "team_name": "Beta",
            "ready": False,
            "computed_at": None,
            "samples": None,
            "measured": True,
        },
        "teams": [
            line(alpha, 11, {"field": 5, "goalkeeper": 2}, [star]),
            line(beta),
            line(gamma),
            line(delta, autopick=True),
        ],
        "board": [
            {
                "number": 1,
                "team": "Alpha",
                "kind": "pick",
                "player": "Card 33",
                "price": 4,
                "auto": False,
                "auto_by": "",
            }
        ],
    }
    assert len(cards) == 39 and card("Card 33").pk not in [c["id"] for c in cards]
    keeper = next(c for c in cards if c["name"] == "Card 32")
    assert ratings(keeper) == {("goaltending", "63"), ("sportsmanship", "3")}
    assert keeper == {
        "id": card("Card 32").pk,
        "name": "Card 32",
        "role": "goalkeeper",
        "price": 4,
        "on_display": True,
        "refusal": "",
        "gain": None,
        "per_coin": None,
        "strength": None,
        "stderr": None,
    }


def test_a_manager_waiting_cannot_move_and_one_on_the_clock_sees_why_a_card_is_refused(draft, cast):
    state = room_state(draft, cast["carla"])
    assert (state["can_move"], state["commissioner"], state["values"]["team"]) == (False, False, cast["beta"].pk)
    ledger.post_one(draft.season, cast["alpha"], -7, ledger.Reason.FINE, note="8 BC for 8 places")
    cards = {c["name"]: c["refusal"] for c in room_state(fresh(draft), cast["bruno"])["cards"]}
    assert cards["Card 01"] == ""
    assert cards["Card 33"] == "after Card 33 the team could not complete its squad with the 4 BC left"


def test_the_commissioner_acts_for_the_team_on_the_clock(draft, cast):
    state = room_state(draft, cast["anna"])
    assert (state["commissioner"], state["me"], state["can_move"]) == (True, None, True)
    assert state["values"]["team"] == cast["alpha"].pk


def test_an_outsider_sees_the_room_but_acts_for_nobody(draft, cast):
    for user in (cast["dino"], AnonymousUser()):
        state = room_state(draft, user)
        assert (state["commissioner"], state["me"], state["can_move"], state["values"]) == (False, None, False, None)
        assert {c["refusal"] for c in state["cards"]} == {""}


def test_a_paused_draft_shows_the_time_it_had_left(draft, cast):
    draft_pause(draft.pk, by=cast["anna"])
    Draft.objects.filter(pk=draft.pk).update(seconds_left=12.6)
    state = room_state(fresh(draft), cast["bruno"])
    assert (state["state"], state["seconds_left"], state["can_move"]) == ("paused", 13, False)
    assert state["values"]["team"] == cast["alpha"].pk
    Draft.objects.filter(pk=draft.pk).update(seconds_left=None)
    assert room_state(fresh(draft), cast["bruno"])["seconds_left"] == 0


def test_a_clock_run_out_shows_no_time_left(draft, cast):
    Draft.objects.filter(pk=draft.pk).update(deadline=timezone.now() - timedelta(seconds=30))
    assert room_state(fresh(draft), cast["bruno"])["seconds_left"] == 0


def test_an_auction_shows_the_lot_and_no_move_while_it_runs(auction, cast):
    move_make(auction.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk, amount=2)
    state = room_state(fresh(auction), cast["carla"])
    assert state["lot"] == {
        "player": "Card 33",
        "player_id": card("Card 33").pk,
        "bid": 2,
        "team": "Alpha",
        "team_id": cast["alpha"].pk,
    }
    assert (state["can_move"], state["total_picks"], state["values"]["measured"]) == (False, None, False)


def test_the_command_sums_up_each_squad_in_the_draft_order(draft, cast):
    move_make(draft.pk, team_id=cast["alpha"].pk, by=cast["bruno"], player_id=card("Card 33").pk)
    move_make(draft.pk, team_id=cast["beta"].pk, by=cast["carla"], player_id=card("Card 32").pk)
    give(draft.season, cast["alpha"], "Card 01")
    assert squad_lines(fresh(draft)) == [
        "Alpha: 11 BC left; Card 01 (field, 1), Card 33 (field, 4)",
        "Beta: 11 BC left; Card 32 (goalkeeper, 4)",
        "Gamma: 15 BC left; ",
        "Delta: 15 BC left; ",
    ]


def test_the_values_shown_are_rounded_and_say_when_and_how_they_were_measured(draft, cast):
    at = timezone.now()
    stored_value(draft, cast["alpha"], "Card 33", at, gain=0.1234567, strength=1.1234567, stderr=0.0123456)
    state = room_state(fresh(draft), cast["bruno"])
    shown = next(c for c in state["cards"] if c["name"] == "Card 33")
    assert {k: shown[k] for k in ("gain", "per_coin", "strength", "stderr")} == {
        "gain": 0.123,
        "per_coin": 0.0309,  # 0.1234567 over 4 BC
        "strength": 1.123,
        "stderr": 0.012,
    }
    assert state["values"] == {
        "team": cast["alpha"].pk,
        "team_name": "Alpha",
        "ready": True,
        "computed_at": at.isoformat(),
        "samples": 64,
        "measured": True,
    }


def test_before_the_start_a_manager_sees_no_clock_and_without_an_order_no_needs(season, cast, pool):
    waiting = draft_create(season, seconds_per_pick=60)
    assert room_state(waiting, cast["bruno"])["me"]["needs"] == NEEDS
    Draft.objects.filter(pk=waiting.pk).update(order=[])  # no order drawn yet: no board to count needs on
    state = room_state(fresh(waiting), cast["bruno"])
    assert (state["state"], state["seconds_left"], state["on_the_clock"], state["teams"]) == ("setup", None, None, [])
    assert (state["me"]["needs"], state["me"]["coins"], state["me"]["reserves"]) == ({}, 15, 0)


def test_a_role_filled_leaves_the_needs_and_one_place_left_stays(season, cast, pool):
    give(season, cast["alpha"], "Card 00", "Card 04", "Card 01", "Card 02", "Card 03", "Card 05", "Card 06")
    order = [season.teams.get(name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    state = room_state(draft_start(made.pk, by=cast["anna"]), cast["bruno"])
    assert (state["me"]["needs"], state["me"]["kept"], state["me"]["kept_cost"]) == ({"field": 1}, 7, 7)


def test_a_manager_sees_their_own_queue_in_this_draft_only(league, draft, cast):
    later = draft_create(make_season(league, ["Alpha", "Beta"], name="2027"))
    queue_set(later.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 09").pk], by=cast["bruno"])
    queue_set(draft.pk, team_id=cast["beta"].pk, player_ids=[card("Card 05").pk], by=cast["carla"])
    queue_set(draft.pk, team_id=cast["alpha"].pk, player_ids=[card("Card 06").pk], by=cast["bruno"])
    assert room_state(fresh(draft), cast["bruno"])["me"]["queue"] == [card("Card 06").pk]


@pytest.fixture
def asked(monkeypatch):
    """The card values the room asks a worker for, recorded."""
    calls = []
    monkeypatch.setattr(room, "values_request", lambda d, team_id: calls.append((d.pk, team_id)))
    return calls


def test_an_auction_room_asks_for_no_card_values(auction, cast, asked):
    room_state(auction, cast["bruno"])
    assert asked == []


def test_the_room_asks_for_card_values_only_while_a_snake_team_has_none(draft, cast, asked):
    room_state(draft, cast["bruno"])
    assert asked == [(draft.pk, cast["alpha"].pk)]
    stored_value(draft, cast["alpha"], "Card 33", timezone.now())
    room_state(fresh(draft), cast["bruno"])
    assert asked == [(draft.pk, cast["alpha"].pk)]


def test_a_finished_snake_draft_has_no_clock_and_no_tactical_cards(draft, cast):
    done = run_autodraft(draft.pk)
    left = next(
        p
        for p in Player.objects.filter(league=done.season.league)
        if p.pk not in done.picks.values_list("player_id", flat=True)
    )
    stored_value(done, cast["alpha"], left.name, timezone.now())  # measured, but the draft is over
    state = room_state(done, cast["bruno"])
    assert {c["gain"] for c in state["cards"]} == {None}
    assert (state["on_the_clock"], state["seconds_left"], state["values"]) == (None, None, None)
    assert "extra_tactical_cards" not in state["me"]


@pytest.fixture
def market(django_user_model):
    league = make_league("Mutants", engine="mutant")
    load_engine_pool(league, "mutant", seed=1)
    season = make_season(league, ["Alpha", "Beta", "Gamma"])
    boss = django_user_model.objects.create_superuser("boss", "boss@example.com", "pw-12345-x")
    return draft_start(draft_create(season, format=Draft.Format.MARKET).pk), boss


def test_the_market_room_shows_the_display_the_checks_and_the_reserve_places(market):
    draft, boss = market
    move_make(draft.pk, team_id=on_the_clock(draft), by=boss, kind=DraftPick.Kind.CHECK)
    state = room_state(fresh(draft), boss)
    shown = {c["id"] for c in state["cards"] if c["on_display"]}
    assert shown == {int(i) for i in fresh(draft).market["display"]}
    assert state["board"][0]["player"] == ""
    assert {line["reserves"] for line in state["teams"]} == {fresh(draft).season.league.squad_rules.reserves}


def test_a_manager_of_a_finished_market_sees_the_tactical_cards_their_coins_buy(market, django_user_model):
    draft, _ = market
    alpha = draft.season.teams.get(name="Alpha")
    alpha.manager = django_user_model.objects.create_user("al", password="pw-12345-x")
    alpha.save()
    done = run_autodraft(draft.pk)
    me = room_state(done, alpha.manager)["me"]
    assert me["extra_tactical_cards"] == market_rules(done).extra_tactical_cards(me["coins"])
