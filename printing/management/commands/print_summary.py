from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.season_report import season_report
from leagues.models import Season
from printing.output import add_output_argument, add_page_argument, check_page, write_output, wrote_line
from printing.season_reports import render_season_report


class Command(BaseCommand):
    help = _(  # type: ignore[assignment]  # lazy: worded when --help runs
        "Write a season's summary (tables, results grid, leaders) as a PDF, for the notice board."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int)
        add_page_argument(parser)
        add_output_argument(parser)

    def handle(self, *args, season_id, page, output, **options):
        check_page(page)
        try:
            report = season_report(season_id)
        except Season.DoesNotExist:
            raise CommandError(_("season_id: there is no season %(id)s") % {"id": season_id}) from None
        pdf = render_season_report(report, page=page)
        where = write_output(pdf, output)
        if where:
            self.stdout.write(
                wrote_line(
                    _("Wrote the summary of %(title)s to %(where)s (%(size)s bytes)."), pdf, where, title=report.title
                )
            )
