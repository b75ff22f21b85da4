"""The last English corners, in German and Italian: the draft clock's and the invitation's
notifications in each recipient's language, whoever set them off; refusals worded as whole
sentences (no English word spliced in); the print commands' lines in the settings' language; the
records' details on the records page in the reader's, and in English in the API."""

import io
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.template import Context, Template
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from competitions.records import Record, record_detail, record_detail_shown
from leagues.models import Team
from matches.digests import digest_subject
from notifications.languages import language_set
from notifications.models import Kind, Notification
from rosters import trades
from rosters.accounts import invite_manager
from rosters.drafting import load_pool
from rosters.drafts import clock
from rosters.drafts.moves import draft_start
from rosters.drafts.setup import draft_create
from rosters.models import Draft, Trade
from rosters.transfers import TransferError
from tests.conftest import make_league, make_season
from tests.history.conftest import FIRST, SECOND, START, play_season
from tournaments.models import Group, Tie


@pytest.fixture
def managers(db, settings, sent):
    """Alpha managed by bruno, who reads German, Beta by carla, who reads Italian; a pool to draft from."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    league = make_league()
    season = make_season(league, ["Alpha", "Beta", "Gamma", "Delta"])
    people = {}
    for name, team, language in (("bruno", "Alpha", "de"), ("carla", "Beta", "it")):
        user = get_user_model().objects.create_user(username=f"{name}@example.com", email=f"{name}@example.com")
        language_set(user, language)
        with translation.override("en"):  # the commissioner's request is in English
            invite_manager(Team.objects.get(league=league, name=team), user.email)
        people[name] = user
    cards = [
        {"id": f"c{n}", "name": f"Card {n:02d}", "price": 1, "sportsmanship": 3}
        | (
            {"role": "goalkeeper", "goaltending": 62}
            if n % 4 == 0
            else {"role": "field", "offence": 4, "defence": 3, "stars": 1}
        )
        for n in range(40)
    ]
    load_pool(league, cards)
    return {"league": league, "season": season, **people}


def notification(user, kind):
    return Notification.objects.filter(user=user, kind=kind).latest("id")


def test_an_invitation_reads_in_the_invited_persons_language(managers):
    german, italian = notification(managers["bruno"], Kind.INVITATION), notification(managers["carla"], Kind.INVITATION)
    assert german.subject == "Du führst Alpha in Test League auf Bootroom"
    assert german.body.startswith("Ein Kommissar hat dich zum Manager von Alpha gemacht.")
    assert italian.subject == "Gestisci Beta in Test League su Bootroom"
    assert "poi accedi con carla@example.com per fare il draft" in italian.body


def test_the_draft_clock_tells_and_warns_each_manager_in_their_own_language(managers, monkeypatch):
    monkeypatch.setattr(clock, "schedule_clock", lambda args, eta: None)
    season = managers["season"]
    order = [Team.objects.get(league=season.league, name=n).pk for n in ("Alpha", "Beta", "Gamma", "Delta")]
    with translation.override("it"):  # whoever starts it, in whatever language
        made = draft_create(season, order_method=Draft.OrderMethod.MANUAL, order=order, seconds_per_pick=90)
        draft = draft_start(made.pk)
    told = notification(managers["bruno"], Kind.PICK)
    assert (told.subject, told.body) == (
        "Alpha ist im Draft von Test League 2026 an der Reihe",
        "Du hast 90 Sekunden für deinen Zug.",
    )
    language_set(managers["bruno"], "it")  # the warning reads in the language chosen since
    with translation.override("de"):
        clock.pick_tell(draft, warning=True)
    warned = notification(managers["bruno"], Kind.PICK_WARNING)
    assert (
        warned.subject == f"Restano {clock.WARNING_SECONDS} secondi per la mossa di Alpha nel draft di Test League 2026"
    )
    assert warned.body == "Quando il tempo scade, l'orologio sceglie per la tua squadra."


@pytest.mark.parametrize(
    ("language", "state", "reason", "action", "refusal"),
    [
        ("en", "executed", "", "accept", "Trade #4 is executed; it can be accepted only while proposed."),
        (
            "de",
            "executed",
            "",
            "accept",
            "Tausch #4 ist ausgeführt; er kann nur angenommen werden, solange er vorgeschlagen ist.",
        ),
        (
            "it",
            "vetoed",
            "collusione",
            "approve",
            "Lo scambio #4 è bloccato con veto (collusione); può essere approvato solo mentre è accettato.",
        ),
    ],
)
def test_a_trades_refusal_is_one_sentence_in_the_readers_language(language, state, reason, action, refusal):
    trade = Trade(pk=4, state=state, reason=reason)
    with translation.override(language), pytest.raises(TransferError) as refused:
        trades._require_state(trade, action)
    assert refused.value.messages == [refusal]


@pytest.fixture
def past(db):
    league = make_league("Old League")
    first, _ = play_season(league, "2025", FIRST, start=START)
    play_season(league, "2026", SECOND, start=START + timedelta(days=100))
    return league, first


def test_records_details_are_worded_on_the_page_and_stay_english_in_the_api(client, past):
    league, _ = past
    english = client.get(reverse("web:records", args=[league.slug])).content.decode()  # caches the records
    german = client.get(reverse("web:records", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    italian = client.get(reverse("web:records", args=[league.slug]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Alpha 3-0 Beta, season 2025" in english
    assert "Alpha 3-0 Beta, Saison 2025" in german and "season 2025" not in german
    assert "Alpha 3-0 Beta, stagione 2025" in italian
    api = client.get(f"/api/leagues/{league.id}/records/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert "Alpha 3-0 Beta, season 2025" in str(api)


def test_a_records_detail_of_an_unknown_form_is_shown_as_written():
    run = Record(
        "winning_run",
        "Longest winning run",
        3,
        "Alpha",
        **record_detail("run", first="2025", first_round=1, last="2026", last_round=2),
    )
    older = Record("biggest_win", "Biggest win", 3, "Alpha", detail="as cached before")
    template = Template("{% load translated_names %}{{ run|record_detail }} / {{ older|record_detail }}")
    with translation.override("it"):
        shown = template.render(Context({"run": run, "older": older}))
    assert shown == "dalla stagione 2025, giornata 1, alla stagione 2026, giornata 2 / as cached before"
    assert run.detail == "from season 2025 round 1 to season 2026 round 2" and "detail_form" not in run.to_dict()
    assert record_detail_shown(run) == run.detail  # English outside a translated request


@pytest.mark.parametrize(
    ("language", "wrote"),
    [("en", "Wrote the summary of"), ("de", "Zusammenfassung von"), ("it", "Riepilogo di")],
)
def test_a_print_commands_line_is_in_the_language_of_the_settings(past, tmp_path, language, wrote):
    _, season = past
    out = io.StringIO()
    with override_settings(LANGUAGE_CODE=language):
        call_command("print_summary", str(season.id), "-o", str(tmp_path / "summary.pdf"), stdout=out)
    line = out.getvalue().strip()
    assert line.startswith(wrote) and str(tmp_path / "summary.pdf") in line
    size = (tmp_path / "summary.pdf").stat().st_size
    grouped = {"en": f"{size:,}", "de": f"{size:,}".replace(",", "."), "it": f"{size:,}".replace(",", ".")}[language]
    assert f"({grouped} " in line  # the size in the language's digits


def test_the_history_commands_headings_and_records_read_in_the_settings_language(past):
    league, _ = past
    out = io.StringIO()
    with override_settings(LANGUAGE_CODE="de"):
        call_command("history", str(league.id), stdout=out)
    text = out.getvalue()
    assert "Old League 2025: Meister Alpha" in text
    assert "Höchster Sieg: 3, Alpha (Alpha 3-0 Beta, Saison 2025)" in text
    assert "Sp " in text.splitlines()[2]  # the table's heading: Pos  Team  Sp  S  U  N ...


def test_the_results_digest_names_its_day_and_count_in_the_readers_language():
    day = datetime(2026, 11, 28, tzinfo=UTC)
    with translation.override("it"):
        italian = digest_subject(day, 2)
    with translation.override("de"):
        german = digest_subject(day, 1)
    assert italian == "I risultati delle tue squadre di Sab 28 Nov: 2 partite"
    assert german == "Die Ergebnisse deiner Teams vom Sa., 28. Nov.: 1 Spiel"


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["R2 (3rd place) Alpha v Beta", "R1 Alpha v bye", "Group A"]),
        ("de", ["R2 (Platz 3) Alpha – Beta", "R1 Alpha – Freilos", "Gruppe A"]),
        ("it", ["T2 (3º posto) Alpha – Beta", "T1 Alpha – riposo", "Girone A"]),
    ],
)
def test_the_admins_rows_of_ties_and_groups_are_named_in_the_readers_language(language, names):
    alpha, beta = Team(name="Alpha"), Team(name="Beta")
    rows = [Tie(round=2, third_place=True, home=alpha, away=beta), Tie(round=1, bye=True, home=alpha), Group(label="A")]
    with translation.override(language):
        assert [str(row) for row in rows] == names
