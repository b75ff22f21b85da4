from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from competitions.drawing import bracket_drawing
from printing.brackets import render_bracket
from printing.output import add_output_argument, add_page_argument, check_page, write_output, wrote_line
from tournaments.models import Bracket


class Command(BaseCommand):
    help = _(  # type: ignore[assignment]  # lazy: worded when --help runs
        "Write a season's knockout bracket as a one-page PDF, to print for the club room's wall."
    )

    def add_arguments(self, parser):
        parser.add_argument("season_id", type=int)
        add_page_argument(parser)
        add_output_argument(parser)

    def handle(self, *args, season_id, page, output, **options):
        check_page(page)
        try:
            drawing = bracket_drawing(season_id)
        except Bracket.DoesNotExist:
            raise CommandError(_("season_id: season %(id)s has no bracket") % {"id": season_id}) from None
        pdf = render_bracket(drawing, page=page)
        where = write_output(pdf, output)
        if where:
            self.stdout.write(wrote_line(_("Wrote the bracket to %(where)s (%(size)s bytes)."), pdf, where))
