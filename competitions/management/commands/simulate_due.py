from collections import Counter

from django.core.management.base import BaseCommand
from django.utils.translation import gettext_lazy

from competitions.results import due_matches_play


class Command(BaseCommand):
    help = gettext_lazy("Play every match whose kickoff has passed, here and now (no worker needed).")

    def handle(self, *args, **options):
        matches = due_matches_play()
        for match in matches:
            self.stdout.write(f"{match.id:>6}  {match}  [{match.status}]")
        counts = Counter(m.status for m in matches)
        summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "no match was due"
        self.stdout.write(summary)
