from django.core.management.base import BaseCommand

from matches.services import queue_due_matches


class Command(BaseCommand):
    help = "Queue a worker task for every match whose kickoff has passed (what celery beat does each minute)."

    def handle(self, *args, **options):
        ids = queue_due_matches()
        self.stdout.write(f"queued {len(ids)} matches")
