from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from matches.services import queue_due_matches


class Command(BaseCommand):
    help = _("Queue a worker task for every match whose kickoff has passed (what celery beat does each minute).")

    def handle(self, *args, **options):
        ids = queue_due_matches()
        self.stdout.write(_("queued %(count)s matches") % {"count": len(ids)})
