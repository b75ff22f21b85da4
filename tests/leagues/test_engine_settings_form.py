"""A league's engine settings in the admin: a form built from the engine's settings schema
(choices a select, whole numbers a number box, true/false a checkbox, charts a JSON box),
so a typo cannot be entered; a value the engine refuses is named on its own field."""

import re

import pytest
from django.urls import reverse

from engines import get_engine
from leagues.engine_forms import PREFIX, setting_fields, tactics_help
from leagues.models import League
from tests.leagues.test_hardening_input import league_change_form

pytestmark = pytest.mark.django_db


def make_league(engine: str, **settings) -> League:
    return League.objects.create(
        name=f"{engine} league", slug=f"{engine}-league", engine=engine, engine_settings=settings
    )


def change_page(league: League) -> str:
    return reverse("admin:leagues_league_change", args=[league.pk])


def field_row(html: str, name: str) -> str:
    """The admin's row of one field: its label, input, help and errors."""
    start = html.index(f"field-{name}")
    return html[start : html.index("form-row", start + 1) if "form-row" in html[start + 1 :] else None]


def test_every_setting_of_every_game_has_a_field():
    for key in ("futti", "flexdeck", "mutant", "eleven", "calciotto"):
        fields = setting_fields(get_engine(key))
        assert set(fields) == {PREFIX + name for name in get_engine(key).settings_schema["properties"]}


def test_the_futti_page_offers_the_tie_break_as_a_choice_and_no_json_box(admin_client):
    league = make_league("futti", tie_break="penalties")
    html = admin_client.get(change_page(league)).content.decode()
    assert 'name="engine_settings"' not in html
    row = field_row(html, "setting_tie_break")
    assert "<select" in row and "default (sudden_death)" in row
    assert re.search(r'<option value="&quot;penalties&quot;" selected>penalties</option>', row)
    assert "Fütti settings" in html


def test_flexdeck_numbers_and_checkboxes_come_with_their_ranges(admin_client):
    html = admin_client.get(change_page(make_league("flexdeck"))).content.decode()
    squad = field_row(html, "setting_squad_size")
    assert 'type="number"' in squad and 'min="12"' in squad and 'max="26"' in squad
    bonus = field_row(html, "setting_red_card_bonus_on_shots")
    assert 'type="checkbox"' in bonus and "checked" in bonus  # its default is true


def test_saving_keeps_what_is_given_and_leaves_empty_fields_out(admin_client):
    league = make_league("futti")
    data = league_change_form(league, setting_tie_break='"penalties"')
    assert admin_client.post(change_page(league), data).status_code == 302
    league.refresh_from_db()
    assert league.engine_settings == {"tie_break": "penalties"}
    admin_client.post(change_page(league), league_change_form(league, setting_tie_break=""))
    league.refresh_from_db()
    assert league.engine_settings == {}


def test_a_checkbox_at_its_default_is_left_out(admin_client):
    league = make_league("flexdeck")
    admin_client.post(change_page(league), league_change_form(league, setting_red_card_bonus_on_shots="on"))
    league.refresh_from_db()
    assert league.engine_settings == {}
    admin_client.post(change_page(league), league_change_form(league))  # unticked
    league.refresh_from_db()
    assert league.engine_settings == {"red_card_bonus_on_shots": False}


def test_a_value_the_engine_refuses_is_named_on_its_field(admin_client):
    league = make_league("futti")
    response = admin_client.post(change_page(league), league_change_form(league, setting_control_ranges="[[0, 1, 99]]"))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["setting_control_ranges"] and "control" in errors["setting_control_ranges"][0]
    league.refresh_from_db()
    assert league.engine_settings == {}


def test_a_number_out_of_range_is_refused_by_the_form(admin_client):
    league = make_league("mutant")
    response = admin_client.post(change_page(league), league_change_form(league, setting_goals_to_win="0"))
    assert (
        "Ensure this value is greater than or equal to 1."
        in response.context["adminform"].form.errors["setting_goals_to_win"][0]
    )


def test_the_team_page_says_which_tactics_the_game_reads():
    assert "coach: " in tactics_help(get_engine("eleven")) and "style: " in tactics_help(get_engine("eleven"))
    assert "takes no tactics" in tactics_help(get_engine("flexdeck"))
