"""The daily digest of results, for the managers who chose it: one notification a day with
their teams' results of the day before (matches played or forfeited that day), e-mailed with
the other notifications. Beat runs it every hour; the day's key makes it once a day."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime, time, timedelta

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.translation import ngettext, pgettext

from leagues.models import Team
from matches.models import Match
from notifications.models import Kind, NotificationSettings
from notifications.services import notify

DIGEST_TASK = "matches.tasks.results_digest"


def results_digest_send(now: datetime | None = None) -> int:
    """Tell every manager who chose the digest their teams' results of yesterday (in the site's
    time zone); returns how many were told now (a second run the same day tells nobody)."""
    today = timezone.localtime(now or timezone.now()).date()
    start = timezone.make_aware(datetime.combine(today - timedelta(days=1), time.min))
    end = start + timedelta(days=1)
    chosen = [s.user for s in NotificationSettings.objects.select_related("user") if Kind.RESULTS in s.email_kinds]
    teams: dict[int, list[Team]] = defaultdict(list)
    for team in Team.objects.filter(manager__in=chosen):
        teams[team.manager_id].append(team)
    told = 0
    for user in chosen:
        ids = [team.id for team in teams[user.pk]]
        results = list(
            Match.objects.filter(Q(home_id__in=ids) | Q(away_id__in=ids))
            .filter(
                Q(status=Match.Status.PLAYED, played_at__gte=start, played_at__lt=end)
                | Q(status=Match.Status.FORFEITED, updated_at__gte=start, updated_at__lt=end)
            )
            .select_related("home", "away", "season__league")
            .order_by("played_at", "kickoff", "id")
        )
        if not results:
            continue
        lines = "\n".join(f"{m.season}: {m.home} {m.home_goals}-{m.away_goals} {m.away}" for m in results)
        subject = lazy(digest_subject, str)(start, len(results))  # ``notify`` words it in the manager's language
        key = f"results:{today.isoformat()}"
        told += notify(user, Kind.RESULTS, key, subject, lines, reverse("web:me")) is not None
    return told


def digest_subject(day: datetime, count: int) -> str:
    """ "Your teams' results of Sat 28 Nov: 2 matches", in the active language."""
    return ngettext(
        "Your teams' results of %(day)s: %(count)s match",
        "Your teams' results of %(day)s: %(count)s matches",
        count,
    ) % {"day": date_format(day, pgettext("date format", "D j M")), "count": count}
