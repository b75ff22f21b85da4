from collections import Counter

from django.core.management.base import BaseCommand
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from competitions.results import due_matches_play
from matches.models import Match


class Command(BaseCommand):
    help = gettext("Play every match whose kickoff has passed, here and now (no worker needed).")

    def handle(self, *args, **options):
        matches = due_matches_play()
        for match in matches:
            self.stdout.write(f"{match.id:>6}  {match}  [{match.get_status_display()}]")
        counts = Counter(m.status for m in matches)
        self.stdout.write(due_summary(counts))


def due_summary(counts: Counter) -> str:
    """ "2 matches played, 1 match forfeited", in the active language (statuses by their labels)."""
    if not counts:
        return _("no match was due")
    labels = dict(Match.Status.choices)
    return ", ".join(
        ngettext("%(count)s match: %(status)s", "%(count)s matches: %(status)s", n)
        % {"count": n, "status": labels.get(status, status)}
        for status, n in sorted(counts.items())
    )
