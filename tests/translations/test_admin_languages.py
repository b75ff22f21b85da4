"""What a commissioner reads in the admin comes in their language: an action's message and a
refusal raised by a service, in German and Italian; English stays the default."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from rosters import trades
from rosters.transfers import TransferError
from tests.conftest import make_league, make_season


@pytest.fixture
def commissioner(db, client):
    user = get_user_model().objects.create_superuser("carla", password="x")
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    ("language", "done"),
    [
        ("en", "1 league now counts fair play as FIFA does."),
        ("de", "1 Liga zählt Fairplay nun wie die FIFA."),
        ("it", "1 lega ora conta il fair play come la FIFA."),
    ],
)
def test_an_admin_actions_message_is_in_the_readers_language(client, commissioner, language, done):
    league = make_league()
    with override_settings(LANGUAGE_CODE=language):
        page = client.post(
            reverse("admin:leagues_league_changelist"),
            {"action": "fair_play_fifa", "_selected_action": [league.id]},
            HTTP_ACCEPT_LANGUAGE=language,
            follow=True,
        )
    assert done in page.content.decode()


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "Points must satisfy win >= draw >= loss."),
        ("de", "Für die Punkte muss Sieg >= Unentschieden >= Niederlage gelten."),
        ("it", "I punti devono rispettare vittoria >= pareggio >= sconfitta."),
    ],
)
def test_a_models_refusal_is_in_the_readers_language(db, language, refusal):
    league = make_league()
    league.points_draw = 4
    with translation.override(language):
        with pytest.raises(ValidationError) as refused:
            league.full_clean()
        assert refused.value.message_dict["points_draw"] == [refusal]


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "A trade is between two teams: choose another team than the proposer."),
        ("de", "Ein Tausch ist zwischen zwei Teams: wähle ein anderes Team als den Anbietenden."),
        ("it", "Uno scambio è tra due squadre: scegli una squadra diversa da chi propone."),
    ],
)
def test_a_services_refusal_is_in_the_readers_language(db, language, refusal):
    season = make_season(make_league(), ["Alpha", "Beta"])
    alpha = season.teams.get(name="Alpha")
    with translation.override(language), pytest.raises(TransferError) as refused:
        trades.trade_build(season, proposer_id=alpha.pk, receiver_id=alpha.pk, coins_offered=1)
    assert refused.value.message_dict == {"receiver": [refusal]}


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "every migration is locked and unchanged"),
        ("de", "jede Migration ist gesperrt und unverändert"),
        ("it", "ogni migrazione è bloccata e invariata"),
    ],
)
def test_a_commands_lines_are_in_the_language_of_the_settings(language, line):
    out = io.StringIO()
    with override_settings(LANGUAGE_CODE=language):
        call_command("lock_migrations", "--check", stdout=out)
    assert out.getvalue().strip() == line
