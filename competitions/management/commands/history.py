import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from competitions.history import cached_history
from competitions.records import cached_records, history_document, record_detail_shown, record_title_shown
from competitions.standings import format_table
from leagues.models import League


class Command(BaseCommand):
    help = gettext("Print a league's history: every season's tables by division, the all-time table and the records.")

    def add_arguments(self, parser):
        parser.add_argument("league_id", metavar="LEAGUE_ID")
        parser.add_argument("--json", action="store_true", help=gettext_lazy("print the history as JSON"))

    def handle(self, *args, league_id, **options):
        try:
            league = League.objects.get(id=int(league_id))
        except (ValueError, League.DoesNotExist) as exc:
            raise CommandError(_("LEAGUE_ID: no league with id %(league_id)r") % {"league_id": league_id}) from exc
        document = history_document(league)
        if options["json"]:
            self.stdout.write(json.dumps(document))
            return
        history = cached_history(league)
        for entry in history.seasons:
            self.stdout.write("\n" + season_heading(league, entry))
            self.stdout.write(format_table(entry.table))
        self.stdout.write(_("\nAll-time table of %(league_name)s") % {"league_name": league.name})
        for row in history.all_time:
            self.stdout.write(
                _(
                    "%(position)s  %(name_24)s %(seasons)s seasons %(played)s played %(won)s %(drawn)s %(lost)s"
                    " %(goals_for)s-%(goals_against)s %(points)s pts %(titles)s titles"
                )
                % {
                    "position": format(row.position, ">3"),
                    "name_24": format(row.name[:24], "<24"),
                    "seasons": format(row.seasons, ">2"),
                    "played": format(row.played, ">4"),
                    "won": format(row.won, ">4"),
                    "drawn": format(row.drawn, ">4"),
                    "lost": format(row.lost, ">4"),
                    "goals_for": format(row.goals_for, ">5"),
                    "goals_against": format(row.goals_against, "<5"),
                    "points": format(row.points, ">5"),
                    "titles": format(row.titles, ">2"),
                }
            )
        self.stdout.write(_("\nRecords"))
        for record in cached_records(league):
            self.stdout.write(
                _("%(title)s: %(value)s, %(holder)s (%(detail)s)")
                % {
                    "title": record_title_shown(record),
                    "value": record.value,
                    "holder": record.holder,
                    "detail": record_detail_shown(record),
                }
            )


def season_heading(league: League, entry) -> str:
    """ "Premier 2026, Second (tier 2): champion Alpha", in the active language."""
    where = f"{league.name} {entry.season_name}"
    if entry.division.name:
        where = _("%(season)s, %(division)s (tier %(tier)s)") % {
            "season": where,
            "division": entry.division.name,
            "tier": entry.division.tier,
        }
    if entry.champion:
        return _("%(where)s: champion %(champion)s") % {"where": where, "champion": entry.champion_name}
    return _("%(where)s: not finished") % {"where": where}
