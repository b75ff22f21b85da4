"""The daily results digest: once a day, to the managers who chose it, with their teams' results
of the day before."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from competitions.results import matches_play
from matches.digests import results_digest_send
from matches.models import Match
from notifications.models import Kind, Notification
from notifications.services import email_kinds_set
from ops.demo import demo_season_create

pytestmark = pytest.mark.django_db


def test_the_digest_tells_yesterdays_results_once_to_those_who_chose_it(settings):
    season = demo_season_create(engine="futti", teams=4, seed=4, double=False)
    users = get_user_model().objects
    ida, max_ = users.create_user("ida", email="ida@example.com"), users.create_user("max", email="max@example.com")
    first, second = season.teams.order_by("id")[:2]
    first.manager, second.manager = ida, max_
    first.save()
    second.save()
    email_kinds_set(ida, [Kind.RESULTS])  # max keeps the defaults: no digest
    now = timezone.now()
    yesterday, today = now - timedelta(days=1), now
    mine = list(Match.objects.filter(season=season, home=first) | Match.objects.filter(season=season, away=first))
    matches_play([m.id for m in mine])
    Match.objects.filter(id=mine[0].id).update(played_at=yesterday)
    Match.objects.filter(id__in=[m.id for m in mine[1:]]).update(played_at=today)  # today's wait for tomorrow
    assert results_digest_send(now) == 1
    (digest,) = Notification.objects.filter(kind=Kind.RESULTS)
    played = Match.objects.get(id=mine[0].id)
    assert digest.user == ida and digest.subject.endswith(": 1 match")
    assert digest.body == f"{season}: {played.home} {played.home_goals}-{played.away_goals} {played.away}"
    assert results_digest_send(now) == 0  # once a day
    assert results_digest_send(now + timedelta(days=1)) == 1  # the next day: today's results
    assert Notification.objects.filter(user=max_).count() == 0
