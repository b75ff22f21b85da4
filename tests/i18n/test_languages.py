"""The pages, e-mails and PDFs in the reader's language: the browser's Accept-Language, the
switcher in the header, and a signed-in person's stored choice, which wins over both."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import TestCase
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy
from pypdf import PdfReader

from matches.models import Match
from notifications.languages import language_of, language_set
from notifications.models import Kind, Notification
from notifications.services import email_send, notify
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db
#: A Saturday: German shows it as "Sa., 28. Nov.", English as "Sat 28 Nov".
SATURDAY = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)


@pytest.fixture
def season(db):
    season = demo_season_create(engine="futti", teams=4, seed=1)
    Match.objects.filter(season=season, round=1).update(kickoff=SATURDAY)
    return season


@pytest.fixture
def ida(db):
    return get_user_model().objects.create_user("ida", email="ida@example.com", password="pw-ida-12345")


def test_the_season_page_follows_the_browsers_language(client, season):
    url = reverse("web:season", args=[season.id])
    english = client.get(url).content.decode()
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    italian = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="en">' in english and ">Kickoff<" in english and "Sat 28 Nov" in english
    # the page is cached whole: each language is kept apart
    assert '<html lang="de">' in german and ">Anstoß<" in german and ">Tabelle<" in german
    assert "Sa., 28. Nov." in german and "1. Spieltag" in german and ">Kickoff<" not in german
    assert '<html lang="it">' in italian and ">Classifica<" in italian and ">Calcio d'inizio<" in italian


def test_a_signed_in_persons_stored_language_wins_over_the_browsers(client, season, ida):
    language_set(ida, "it")
    client.force_login(ida)
    html = client.get(reverse("web:season", args=[season.id]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="it">' in html and ">Classifica<" in html
    language_set(ida, "")  # back to the browser's
    html = client.get(reverse("web:home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in html and ">Ligen<" in html


def test_the_switcher_sets_the_language_and_keeps_a_signed_in_persons_choice(client, ida):
    home = reverse("web:home")
    assert 'action="/i18n/setlang/"' in client.get(home).content.decode()
    answer = client.post(reverse("set_language"), {"language": "de", "next": home}, HTTP_SEC_FETCH_SITE="same-origin")
    assert answer.status_code == 302 and answer.cookies["django_language"].value == "de"
    assert ">Ligen<" in client.get(home).content.decode()
    client.force_login(ida)
    client.post(reverse("set_language"), {"language": "it", "next": home}, HTTP_SEC_FETCH_SITE="same-origin")
    assert language_of(ida) == "it"
    client.cookies.clear()
    client.force_login(ida)  # another browser, no cookie: the stored choice
    assert ">Leghe<" in client.get(home, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    # a form posted from another site changes nothing, whether the browser says so or not
    client.post(reverse("set_language"), {"language": "de"}, HTTP_SEC_FETCH_SITE="cross-site")
    client.post(reverse("set_language"), {"language": "de"}, HTTP_ORIGIN="https://elsewhere.example")
    client.post(reverse("set_language"), {"language": "de"})  # no header at all
    assert language_of(ida) == "it"
    client.post(reverse("set_language"), {"language": ""}, HTTP_REFERER="http://testserver/")  # an older browser
    assert language_of(ida) == ""


def test_the_notifications_page_chooses_the_language_of_pages_and_e_mails(client, ida):
    client.force_login(ida)
    page = client.get(reverse("web:notifications")).content.decode()
    assert 'id="my-language"' in page and '<option value="de" lang="de"' in page
    client.post(
        reverse("set_language"),
        {"language": "de", "next": reverse("web:notifications")},
        HTTP_SEC_FETCH_SITE="same-origin",
    )
    page = client.get(reverse("web:notifications")).content.decode()
    assert '<option value="de" lang="de" selected>' in page and "Deine Benachrichtigungen" in page


def test_an_e_mail_is_written_in_its_recipients_language(ida):
    language_set(ida, "de")
    with translation.override("en"), TestCase.captureOnCommitCallbacks(execute=False):  # the sender's English
        note = notify(ida, Kind.CONFIRM, "confirm:1", gettext_lazy("result pending"), url="/matches/1/")
    assert note.subject == "Ergebnis offen"
    assert email_send(note.pk)
    (message,) = mail.outbox
    assert message.subject == "Ergebnis offen"
    assert (
        "Wähle, welche E-Mails du bekommst, und ihre Sprache" in message.body
        and "/account/notifications/" in message.body
    )
    other = get_user_model().objects.create_user("otto", email="otto@example.com")  # no choice: the site's English
    with translation.override("de"), TestCase.captureOnCommitCallbacks(execute=False):
        assert notify(other, Kind.CONFIRM, "confirm:2", gettext_lazy("result pending")).subject == "result pending"
    assert Notification.objects.count() == 2


def test_the_season_summary_pdf_is_printed_in_the_readers_language(client, season):
    answer = client.get(reverse("web:season-summary-pdf", args=[season.id]), HTTP_ACCEPT_LANGUAGE="de")
    text = "".join(page.extract_text() for page in PdfReader(__import__("io").BytesIO(answer.content)).pages)
    assert "gedruckt" in text and "Ergebnismatrix" in text


def test_the_admin_has_the_switcher_and_speaks_the_chosen_language(client, ida):
    ida.is_staff = ida.is_superuser = True
    ida.save()
    language_set(ida, "de")
    client.force_login(ida)
    html = client.get(reverse("admin:index")).content.decode()
    assert 'action="/i18n/setlang/"' in html and "Ligabüro" in html and "Abmelden" in html
