from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from matches.models import Match
from printing.output import add_output_argument, write_output, wrote_line
from printing.scoresheets.render import render_scoresheet
from printing.scoresheets.selectors import scoresheet_for_match


class Command(BaseCommand):
    help = gettext(  # type: ignore[assignment]  # lazy: worded when --help runs
        "Write a match's scoresheet as PDF: filled in from the played match, or blank (--blank) "
        "with the teams and squads, for a match played at the table."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "match_id", metavar="MATCH_ID", help=gettext_lazy("the match's id (see the admin or the fixtures)")
        )
        parser.add_argument("--blank", action="store_true", help=gettext_lazy("the sheet to fill in at the table"))
        add_output_argument(parser)

    def handle(self, *args, match_id, blank, output, **options):
        try:
            sheet = scoresheet_for_match(int(match_id), blank=blank)
        except (ValueError, Match.DoesNotExist) as exc:
            raise CommandError(_("MATCH_ID: no match with id %(id)r") % {"id": match_id}) from exc
        pdf = render_scoresheet(sheet)
        where = write_output(pdf, output)
        if not blank and not sheet.played:
            self.stderr.write(
                _("Match %(id)s is %(status)s, not played: wrote the blank sheet.")
                % {"id": match_id, "status": Match.WORDS.get(sheet.status, sheet.status)}
            )
        if where:
            self.stdout.write(wrote_line(_("Wrote %(where)s (%(size)s bytes)."), pdf, where))
