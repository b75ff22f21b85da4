"""A signed-in person's own pages: their home (their teams, the next match with its preview,
what waits for them, the latest results) and their notifications with the choice of what
comes by e-mail. Never cached: they are one person's."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.tz import do_timezone
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.i18n import set_language

from competitions.previews import cached_previews
from competitions.seasons import current_season, with_progress
from leagues.models import Team
from leagues.zones import zone_of
from matches.models import HAPPENED_AT, Match, ResultSubmission
from notifications.languages import language_of, language_set
from notifications.models import Kind, Notification
from notifications.services import email_kinds, email_kinds_set, mark_read
from rosters.drafts.state import on_the_clock
from rosters.models import Draft, Trade

#: How many notifications the page lists, and results the home shows per team.
NOTIFICATIONS_SHOWN = 50
RESULTS_SHOWN = 5
#: The kinds a person may choose to get by e-mail (an invitation always comes by e-mail).
CHOSEN_KINDS = [kind for kind in Kind if kind != Kind.INVITATION]

signed_in = login_required(login_url="admin:login")


@dataclass
class Action:
    text: str
    url: str


@dataclass
class TeamHome:
    team: Team
    season_name: str = ""
    next_match: Match | None = None
    #: Its kickoff in its league's zone (for the ``date`` filter as it is), and whether to name
    #: the zone: the user's teams play in leagues of different zones.
    kickoff: datetime | None = None
    zone_shown: bool = False
    #: Its preview (``Outlook.to_dict``) once a worker made it.
    preview: dict | None = None
    results: list[Match] = field(default_factory=list)


def manager_home(user) -> tuple[list[TeamHome], list[Action]]:
    """The user's teams, each in its current season, and what waits for the user's move."""
    teams = list(Team.objects.filter(manager=user).select_related("league").order_by("league__name", "name"))
    homes, actions = [], []
    zone_shown = len({team.league.time_zone for team in teams}) > 1
    for team in teams:
        season = current_season(with_progress(team.seasons.all()), timezone.now())
        home = TeamHome(team, season.name if season else "")
        if season is not None:
            mine = Match.objects.filter(Q(home=team) | Q(away=team), season=season).select_related(
                "season__league", "home", "away"
            )
            home.next_match = mine.filter(status=Match.Status.SCHEDULED).order_by("kickoff", "id").first()
            if home.next_match is not None:
                home.kickoff = do_timezone(home.next_match.kickoff, zone_of(team.league.time_zone))
                home.zone_shown = zone_shown
                outlook = cached_previews([home.next_match]).get(home.next_match.id)
                home.preview = outlook.to_dict() if outlook else None
            home.results = list(
                mine.filter(status__in=Match.RESULT_STATUSES).order_by(HAPPENED_AT).reverse()[:RESULTS_SHOWN]
            )
        homes.append(home)
    team_ids = [team.id for team in teams]
    running = Draft.objects.filter(state=Draft.State.RUNNING, season__teams__in=team_ids).distinct()
    for draft in running.select_related("season__league"):
        if on_the_clock(draft) in team_ids:
            text = _("Your move in the draft of %(season)s") % {"season": draft.season}
            actions.append(Action(text, reverse("admin:rosters_draft_room", args=[draft.pk])))
    waiting = (
        # pending: waiting for this side (a disputed one waits for the commissioner)
        ResultSubmission.objects.filter(action=ResultSubmission.Action.SUBMIT, state=ResultSubmission.State.PENDING)
        .filter(Q(match__home_id__in=team_ids) | Q(match__away_id__in=team_ids))
        .exclude(by=user)
        .select_related("match__home", "match__away")
    )
    for submission in waiting:
        match = submission.match
        text = _("Confirm the result of %(match)s") % {"match": match}
        actions.append(Action(text, reverse("admin:matches_table_enter", args=[match.pk])))
    offers = Trade.objects.filter(state=Trade.State.PROPOSED, receiver_id__in=team_ids).select_related("proposer")
    for trade in offers.order_by("created_at"):
        url = reverse("admin:rosters_trade_change", args=[trade.pk])
        text = _("Answer trade #%(number)s, offered by %(team)s") % {"number": trade.pk, "team": trade.proposer}
        actions.append(Action(text, url))
    return homes, actions


@require_safe
@signed_in
def home(request: HttpRequest) -> HttpResponse:
    homes, actions = manager_home(request.user)
    unread = Notification.objects.filter(user=request.user, read_at__isnull=True)
    return render(
        request, "web/me.html", {"homes": homes, "actions": actions, "unread": list(unread[:NOTIFICATIONS_SHOWN])}
    )


@require_http_methods(["GET", "HEAD", "POST"])
@signed_in
def notifications(request: HttpRequest) -> HttpResponse:
    """The user's notifications, newest first; POST ``email`` (the kinds wanted by e-mail) saves
    the choice, POST ``read`` marks them all read."""
    user = request.user
    if request.method == "POST":
        if "read" in request.POST:
            done = mark_read(user)
            text = ngettext("%(count)d notification marked read.", "%(count)d notifications marked read.", done)
            messages.success(request, text % {"count": done})
        else:
            chosen = [kind for kind in request.POST.getlist("email") if kind in Kind.values]
            email_kinds_set(user, chosen)
            messages.success(request, _("Your choice of e-mails is saved."))
        return redirect("web:notifications")
    wanted = set(email_kinds(user))
    choices = [(kind.value, kind.label, kind.value in wanted) for kind in CHOSEN_KINDS]
    listed = Notification.objects.filter(user=user)[:NOTIFICATIONS_SHOWN]
    context = {
        "notifications": listed,
        "choices": choices,
        "language": language_of(user),
        "languages": settings.LANGUAGES,
    }
    return render(request, "web/notifications.html", context)


def posted_from_here(request: HttpRequest) -> bool:
    """Whether a form was posted from this site's own pages: the browser's Sec-Fetch-Site, or
    where a browser sends none (older ones), its Origin or Referer naming this host."""
    if fetch_site := request.headers.get("Sec-Fetch-Site"):
        return fetch_site in ("same-origin", "none")
    source = request.headers.get("Origin") or request.headers.get("Referer") or ""
    return urlsplit(source).netloc == request.get_host()


@csrf_exempt
@require_POST
def language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (the language cookie, then back to ``next``), and for a signed-in
    person their stored choice too, which their later requests and e-mails use; "" goes back
    to the browser's language.

    Without a CSRF token: the switcher is in the header of pages cached whole for every reader
    (the season page), which cannot carry a token of one visitor's; a form posted from another
    site changes nothing (``posted_from_here``).
    """
    if not posted_from_here(request):
        return redirect("web:home")
    chosen = request.POST.get("language", "")
    response = set_language(request)
    if not chosen:
        response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
    if request.user.is_authenticated and (chosen == "" or chosen in dict(settings.LANGUAGES)):
        language_set(request.user, chosen)
    return response
