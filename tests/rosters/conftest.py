"""The cast of the roster tests: two leagues, their commissioners and managers.

Anna runs the Test League; Bruno manages Alpha in it, Carla manages Beta; Dino
runs another league. Each test logs in as one of them.
"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from leagues.models import Team
from rosters import ledger, trades
from rosters.accounts import invite_manager
from rosters.drafting import load_pool
from rosters.drafts import clock
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Player, SquadMember, TransferWindow
from rosters.permissions import COMMISSIONERS
from tests.conftest import make_league, make_season


def staff(username: str):
    return get_user_model().objects.create_user(username=username, password="pw-12345-x", is_staff=True)


@pytest.fixture
def cast(league, season):

    other = make_league("Other League")
    other_season = make_season(other, ["Omega", "Psi"])
    anna, dino = staff("anna"), staff("dino")
    for user, runs in ((anna, league), (dino, other)):
        user.groups.add(Group.objects.get(name=COMMISSIONERS))
        runs.commissioners.add(user)
    alpha, beta = Team.objects.get(league=league, name="Alpha"), Team.objects.get(league=league, name="Beta")
    bruno, _ = invite_manager(alpha, "bruno@example.com")
    carla, _ = invite_manager(beta, "carla@example.com")
    return {
        "anna": anna,
        "dino": dino,
        "bruno": bruno,
        "carla": carla,
        "alpha": alpha,
        "beta": beta,
        "other": other,
        "other_season": other_season,
    }


@pytest.fixture
def pool(league):
    """A small Fütti pool: cheap cards enough to fill four squads, and a few stars."""
    cards = []
    for n in range(40):
        card = {"id": f"c{n}", "name": f"Card {n:02d}", "price": 1 if n < 32 else 4, "sportsmanship": 3}
        if n % 4 == 0:
            card.update(role="goalkeeper", goaltending=61 + n % 6)
        else:
            card.update(role="field", offence=3 + n % 4, defence=3, stars=1)
        cards.append(card)
    return load_pool(league, cards)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """The default hasher takes about a second per password: too slow for a cast of five."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def clock_tasks(monkeypatch):
    """The clock tasks the drafts queue, recorded instead of sent to the broker."""
    queued = []
    monkeypatch.setattr(clock, "schedule_clock", lambda args, eta: queued.append((args, eta)))
    return queued


@pytest.fixture
def draft(season, cast, pool):
    """A snake draft in the manual order Alpha, Beta, Gamma, Delta, started (modules that
    need another draft define their own)."""
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=60)
    return draft_start(made.pk, by=cast["anna"])


@pytest.fixture
def auction(season, cast, pool):
    """An auction in the manual order Alpha, Beta, Gamma, Delta, 20 seconds a lot, started."""
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    made = draft_create(
        season, format=Draft.Format.AUCTION, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=20
    )
    return draft_start(made.pk)


def card(name: str) -> Player:
    return Player.objects.get(name=name)


def give(season, team, *names: str) -> None:
    """Put the named cards in the team's squad, at their prices."""
    for name in names:
        player = card(name)
        SquadMember.objects.create(season=season, team=team, player=player, price=player.price)


@pytest.fixture
def executions(monkeypatch):
    """The execution tasks queued at the end of a veto period, recorded instead of sent."""
    queued = []
    monkeypatch.setattr(trades, "schedule_execution", lambda args, eta: queued.append((args, eta)))
    return queued


@pytest.fixture
def trade_window(season):
    now = timezone.now()
    return TransferWindow.objects.create(
        season=season,
        opens_at=now - timedelta(hours=1),
        claims_deadline=now - timedelta(hours=1),
        closes_at=now + timedelta(days=2),
    )


@pytest.fixture
def trading(season, cast, pool, trade_window, executions):
    """Alpha: keepers Card 00 and 04, field Card 01 02 03 05 06 (a field place free); Beta: keepers
    Card 08 and 12, field Card 09 10 11 13 14 and the star Card 33 (4 BC); Gamma: Card 16 and 17."""
    ledger.open_accounts(season)
    give(season, cast["alpha"], "Card 00", "Card 04", "Card 01", "Card 02", "Card 03", "Card 05", "Card 06")
    give(season, cast["beta"], "Card 08", "Card 12", "Card 09", "Card 10", "Card 11", "Card 13", "Card 14", "Card 33")
    gamma = season.teams.get(name="Gamma")
    give(season, gamma, "Card 16", "Card 17")
    return {**cast, "gamma": gamma, "season": season}
