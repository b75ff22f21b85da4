"""Helpers shared by the management commands."""

from django.core.management.base import CommandError

from leagues.models import Season
from leagues.standings import Table


def get_season(season_id) -> Season:
    try:
        return Season.objects.select_related("league").get(id=int(season_id))
    except (ValueError, Season.DoesNotExist) as exc:
        raise CommandError(f"SEASON_ID: no season with id {season_id!r}") from exc


def format_table(table: Table) -> str:
    header = (
        f"{'Pos':>3}  {'Team':<24} {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'GF':>4} {'GA':>4} {'GD':>4} {'Pts':>4}  Form"
    )
    lines = [header, "-" * len(header)]
    for row in table.rows:
        deducted = f" (-{row.deducted})" if row.deducted else ""
        lines.append(
            f"{row.position:>3}  {row.name[:24]:<24} {row.played:>3} {row.won:>3} {row.drawn:>3} {row.lost:>3}"
            f" {row.goals_for:>4} {row.goals_against:>4} {row.goal_difference:>+4} {row.points:>4}"
            f"  {''.join(row.form[-5:])}{deducted}"
        )
    lines += [f"* {note}" for note in table.notes]
    return "\n".join(lines)
