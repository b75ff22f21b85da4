from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from rosters.free_agents import claims_due, claims_settle
from rosters.models import Claim


class Command(BaseCommand):
    help = _(
        "Settle the free-agent claims of every transfer window whose claims deadline has passed "
        "(safe to run from cron: a settled window is left alone; the worker's task does the same at the deadline)."
    )

    def handle(self, *args, **options):
        windows = list(claims_due().order_by("claims_deadline", "pk").values_list("pk", flat=True))
        for window_id in windows:
            window = claims_settle(window_id)
            claims = Claim.objects.filter(window=window)
            won = claims.filter(state=Claim.State.WON).count()
            lost = claims.filter(state=Claim.State.LOST).count()
            self.stdout.write(
                _("%(window)s: %(won)s claim(s) won, %(lost)s lost.") % {"window": window, "won": won, "lost": lost}
            )
        if not windows:
            self.stdout.write(_("No window's claims are due."))
