"""Enter a table result from a script, with the same checks and roles as the admin and the API."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from audit.context import acting_as
from competitions.table_results import result_enter
from matches.models import Match
from matches.table_results import squad_of

SCORE = re.compile(r"^(\d+)-(\d+)$")


class Command(BaseCommand):
    help = _(
        "Enter the result of a match played at the table, as USER: a manager submits it, a commissioner "
        'decides it (or edits it once confirmed). Events: --event "goal home PLAYER_ID 12" (kind side player '
        'minute; a substitution adds the id of who went off); counts: --count "PLAYER_ID shots 3".'
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)
        parser.add_argument("--score", required=True, help="HOME-AWAY, e.g. 2-1")
        parser.add_argument("--user", required=True, help="who enters it (username)")
        parser.add_argument("--event", action="append", default=[], help='"KIND SIDE PLAYER_ID MINUTE [OUT_ID]"')
        parser.add_argument("--count", action="append", default=[], help='"PLAYER_ID STAT N"')
        parser.add_argument("--decided-by", default="", help="a knockout: regulation, sudden_death, penalties ...")
        parser.add_argument("--shootout", default="", help="HOME-AWAY shoot-out goals")
        parser.add_argument("--note", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            match = Match.objects.select_related("season").get(id=options["match_id"])
            user = get_user_model().objects.get(username=options["user"])
        except (Match.DoesNotExist, get_user_model().DoesNotExist) as exc:
            raise CommandError(str(exc)) from exc
        data = _result(match, options)
        try:
            with acting_as(user, via="command"):
                submission = result_enter(match_id=match.id, user=user, data=data, note=options["note"])
        except PermissionDenied as exc:
            raise CommandError(str(exc)) from exc
        except ValidationError as exc:
            lines = [f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items()]
            raise CommandError("\n".join(lines)) from exc
        match.refresh_from_db()
        self.stdout.write(f"{match}: {submission.get_action_display()}, {submission.get_state_display()}")


def _pair(text: str, option: str) -> tuple[int, int]:
    found = SCORE.match(text.strip())
    if not found:
        raise CommandError(_("%(option)s: %(text)r is not HOME-AWAY, e.g. 2-1") % {"option": option, "text": text})
    return int(found[1]), int(found[2])


def _result(match: Match, options: dict[str, Any]) -> dict[str, Any]:
    """The command line as the service's result dict; the side given with an event must be the player's."""
    home_goals, away_goals = _pair(options["score"], "--score")
    squad = squad_of(match)
    events = []
    for i, text in enumerate(options["event"]):
        parts = text.split()
        if len(parts) not in (4, 5) or not all(p.isdigit() for p in parts[2:]):
            raise CommandError(
                _("--event %(i_1)s: %(text)r is not 'KIND SIDE PLAYER_ID MINUTE [OUT_ID]'")
                % {"i_1": i + 1, "text": text}
            )
        kind, side, player, minute = parts[0], parts[1], int(parts[2]), int(parts[3])
        if player in squad and squad[player][0] != side:
            raise CommandError(
                _("--event %(i_1)s: player %(player)s plays for the %(squad_player_0)s side, not %(side)s")
                % {"i_1": i + 1, "player": player, "squad_player_0": squad[player][0], "side": side}
            )
        events.append({"kind": kind, "player": player, "minute": minute, "out": int(parts[4]) if parts[4:] else None})
    counts: dict[str, dict[str, str]] = {}
    for text in options["count"]:
        parts = text.split()
        if len(parts) != 3:
            raise CommandError(_("--count: %(text)r is not 'PLAYER_ID STAT N'") % {"text": text})
        counts.setdefault(parts[0], {})[parts[1]] = parts[2]
    data: dict[str, Any] = {"home_goals": home_goals, "away_goals": away_goals, "events": events, "counts": counts}
    if options["decided_by"]:
        data["decided_by"] = options["decided_by"]
    if options["shootout"]:
        data["shootout_home"], data["shootout_away"] = _pair(options["shootout"], "--shootout")
    return data
