from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from audit.context import acting_as
from rosters.trades import trades_execute_due


class Command(BaseCommand):
    help = _(
        "Execute every accepted trade whose veto period has ended (safe from cron, and twice: each trade is"
        " locked and checked on its own; one that has become illegal is refused with the reason)."
    )

    def handle(self, *args, **options):
        with acting_as(None, via="command"):
            done = trades_execute_due()
        for trade in done:
            line = f"trade #{trade.pk} {trade.proposer} - {trade.receiver}: {trade.state}"
            self.stdout.write(f"{line} ({trade.reason})" if trade.reason else line)
        self.stdout.write(_("%(count)s trade(s) due.") % {"count": len(done)})
