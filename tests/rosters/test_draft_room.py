"""The draft room in the admin: who sees it, what it shows, and that every button asks the services."""

import pytest
from django.urls import reverse

from rosters import ledger
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.drafts.state import on_the_clock
from rosters.models import Draft, DraftPick, LedgerEntry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(season, cast, pool):
    order = [
        cast["alpha"].pk,
        cast["beta"].pk,
        *season.teams.exclude(pk__in=[cast["alpha"].pk, cast["beta"].pk]).order_by("pk").values_list("pk", flat=True),
    ]
    return draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)


def urls(draft):
    return [reverse(f"admin:rosters_draft_{name}", args=[draft.pk]) for name in ("room", "state", "act")]


def test_managers_and_the_commissioner_open_the_room_others_may_not(client, cast, draft):
    room, state, _ = urls(draft)
    for name in ("anna", "bruno", "carla"):
        client.force_login(cast[name])
        assert client.get(room).status_code == 200
        assert client.get(state).status_code == 200
    client.force_login(cast["dino"])
    assert client.get(room).status_code == 403
    assert client.get(state).status_code == 403


def test_the_commissioner_starts_the_draft_a_manager_cannot(client, cast, draft):
    _, _, act = urls(draft)
    client.force_login(cast["bruno"])
    refused = client.post(act, {"action": "start"})
    assert refused.status_code == 409 and "commissioner" in refused.json()["error"]
    client.force_login(cast["anna"])
    assert client.post(act, {"action": "start"}).json() == {"ok": True}
    assert Draft.objects.get(pk=draft.pk).state == "running"


def test_a_manager_picks_in_turn_and_another_is_refused_out_of_turn(client, cast, draft):
    draft_start(draft.pk)
    _, state_url, act = urls(draft)
    star = Player.objects.get(name="Card 33")
    client.force_login(cast["carla"])
    refused = client.post(act, {"action": "pick", "team": cast["beta"].pk, "player": star.pk, "pick_number": 0})
    assert refused.status_code == 409 and refused.json()["error"] == "it is Alpha's turn, not Beta's"
    sneaky = client.post(act, {"action": "pick", "team": cast["alpha"].pk, "player": star.pk, "pick_number": 0})
    assert sneaky.status_code == 409 and "your own team" in sneaky.json()["error"]
    client.force_login(cast["bruno"])
    ok = client.post(act, {"action": "pick", "team": cast["alpha"].pk, "player": star.pk, "pick_number": 0})
    assert ok.json() == {"ok": True}
    again = client.post(act, {"action": "pick", "team": cast["alpha"].pk, "player": star.pk, "pick_number": 0})
    assert "already been made" in again.json()["error"]
    assert DraftPick.objects.count() == 1

    state = client.get(state_url).json()
    assert state["on_the_clock"]["name"] == "Beta" and 0 < state["seconds_left"] <= 60
    assert state["me"]["name"] == "Alpha" and state["me"]["coins"] == 11
    assert state["me"]["needs"] == {"field": 5, "goalkeeper": 2}
    assert state["board"][0]["player"] == "Card 33"
    assert star.pk not in {c["id"] for c in state["cards"]}
    assert not state["can_move"]


def test_queue_and_autopick_from_the_room(client, cast, draft):
    draft_start(draft.pk)
    _, state_url, act = urls(draft)
    client.force_login(cast["carla"])
    wanted = list(Player.objects.filter(name__in=["Card 05", "Card 34"]).values_list("pk", flat=True))
    assert client.post(act, {"action": "queue", "team": cast["beta"].pk, "players": wanted}).json() == {"ok": True}
    assert client.get(state_url).json()["me"]["queue"] == wanted
    assert client.post(act, {"action": "queue", "team": cast["alpha"].pk, "players": wanted}).status_code == 409
    client.post(act, {"action": "autopick", "team": cast["beta"].pk, "on": "1"})
    client.force_login(cast["bruno"])
    client.post(act, {"action": "pick", "team": cast["alpha"].pk, "player": wanted[1], "pick_number": 0})
    # Beta's autopick took the first card of its queue still free at once
    assert DraftPick.objects.get(number=1).player.name == "Card 05"


def test_the_commissioner_picks_for_the_team_on_the_clock_and_undoes(client, cast, draft):
    draft_start(draft.pk)
    _, _, act = urls(draft)
    client.force_login(cast["anna"])
    card = Player.objects.get(name="Card 01")
    assert client.post(
        act, {"action": "pick", "team": cast["alpha"].pk, "player": card.pk, "pick_number": 0}
    ).json() == {"ok": True}
    assert DraftPick.objects.get().made_by == cast["anna"]
    assert client.post(act, {"action": "undo"}).json() == {"ok": True}
    assert not DraftPick.objects.exists()


def test_the_admin_add_form_checks_the_order(client, cast, season):
    client.force_login(cast["anna"])
    response = client.post(
        reverse("admin:rosters_draft_add"),
        {"season": season.pk, "format": "snake", "order_method": "manual", "order": "[1]", "seconds_per_pick": 60},
    )
    assert "every team of the season exactly once" in response.content.decode()
    response = client.post(
        reverse("admin:rosters_draft_add"),
        {"season": season.pk, "format": "market", "order_method": "random", "order": "[]", "seconds_per_pick": 60},
    )
    assert "Mutant Soccer" in response.content.decode()
    ok = client.post(
        reverse("admin:rosters_draft_add"),
        {"season": season.pk, "format": "snake", "order_method": "random", "order": "[]", "seconds_per_pick": 60},
    )
    assert ok.status_code == 302
    assert sorted(Draft.objects.get().order) == sorted(season.teams.values_list("pk", flat=True))


def test_nominate_and_bid_in_an_auction_room(client, cast, season, pool):
    auction = draft_create(season, format=Draft.Format.AUCTION, seconds_per_pick=30)
    draft_start(auction.pk)
    _, state_url, act = urls(auction)
    nominator = season.teams.get(pk=on_the_clock(Draft.objects.get(pk=auction.pk)))
    bidder = cast["alpha"] if nominator != cast["alpha"] else cast["beta"]
    client.force_login(cast["anna"])  # the commissioner nominates for the team on the clock
    star = Player.objects.get(name="Card 33")
    nominated = client.post(
        act, {"action": "pick", "team": nominator.pk, "player": star.pk, "amount": 1, "pick_number": 0}
    )
    assert nominated.json() == {"ok": True}
    client.force_login(bidder.manager)
    assert client.post(act, {"action": "bid", "team": bidder.pk, "amount": 2}).json() == {"ok": True}
    low = client.post(act, {"action": "bid", "team": bidder.pk, "amount": 2})
    assert low.status_code == 409
    lot = client.get(state_url).json()["lot"]
    assert (lot["player"], lot["bid"], lot["team"]) == ("Card 33", 2, bidder.name)


def test_the_admin_counts_picks_from_one_and_names_the_order(client, cast, draft):
    client.force_login(cast["anna"])
    assert (
        '<td class="field-progress">not started</td>'
        in client.get(reverse("admin:rosters_draft_changelist")).content.decode()
    )
    setup = client.get(reverse("admin:rosters_draft_change", args=[draft.pk])).content.decode()
    assert f"Team ids: {cast['alpha'].pk} Alpha, {cast['beta'].pk} Beta" in setup
    draft_start(draft.pk)
    total = 4 * draft.season.league.squad_rules.size
    listing = client.get(reverse("admin:rosters_draft_changelist")).content.decode()
    assert f'<td class="field-progress">pick 1 of {total}</td>' in listing
    change = client.get(reverse("admin:rosters_draft_change", args=[draft.pk])).content.decode()
    assert "1. Alpha, 2. Beta, 3. " in change
    assert f"[{cast['alpha'].pk}, {cast['beta'].pk}" not in change


def test_the_room_refuses_before_the_click_the_cards_a_team_cannot_take(client, cast, draft):
    draft_start(draft.pk)
    ledger.post_one(draft.season, cast["alpha"], -7, LedgerEntry.Reason.FINE)  # 8 BC left for 6 places
    _, state_url, _ = urls(draft)
    client.force_login(cast["bruno"])
    cards = {c["name"]: c for c in client.get(state_url).json()["cards"]}
    assert cards["Card 33"]["refusal"] == "after Card 33 the team could not complete its squad with the 4 BC left"
    assert cards["Card 01"]["refusal"] == ""
