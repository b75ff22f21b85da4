"""Files written by earlier versions of ``ops.backup``: what their tables held then, turned
into today's before the import reads them (each as the migration of that change did for a
database)."""

from __future__ import annotations

from typing import Any

from engines import ENGINES
from matches.absences import serious_injuries

#: Tables an older file may hold, which the import turns into today's (``events_per_match``).
FORMER_MODELS = {"matches.MatchEvent"}


def older_tables_updated(tables: dict) -> None:
    """Bring the tables of an older file up to today's, in the order the changes came."""
    season_teams_as_rows(tables)
    tactics_per_season(tables)
    events_per_match(tables)
    serious_injuries_counted(tables)


def season_teams_as_rows(tables: dict) -> None:
    """A file written before divisions lists a season's teams on the season (``"teams": [ids]``,
    a table of Django's then); they are ``leagues.SeasonTeam`` rows now, with no division."""
    seasons = [row for row in tables.get("leagues.Season", []) if isinstance(row, dict) and "teams" in row]
    if not seasons:
        return
    entries = tables.setdefault("leagues.SeasonTeam", [])
    number = _last_id(entries)
    for season in seasons:
        for team in season.pop("teams") or []:
            number += 1
            entries.append({"id": number, "season": season["id"], "team": team, "division": None})


def tactics_per_season(tables: dict) -> None:
    """A file written before tactics were per season keeps them on the team: each of the
    team's seasons gets them, as ``leagues/0008`` did for a database."""
    teams = {row.get("id"): row.get("tactics") for row in tables.get("leagues.Team", []) if isinstance(row, dict)}
    for entry in tables.get("leagues.SeasonTeam", []):
        if isinstance(entry, dict) and "tactics" not in entry and teams.get(entry.get("team")):
            entry["tactics"] = teams[entry.get("team")]


def events_per_match(tables: dict) -> None:
    """A file written before the play-by-play was one row per match lists its events as rows
    (``matches.MatchEvent``, a table of the time); each match's become its ``PlayByPlay`` row,
    in order, as ``matches/0010`` did for a database."""
    rows = tables.pop("matches.MatchEvent", None)
    if not rows:
        return
    events: dict[Any, list[dict]] = {}
    for row in rows:
        if isinstance(row, dict):
            event = {key: row.get(key) for key in ("seq", "minute", "kind", "side", "player", "detail")}
            events.setdefault(row.get("match"), []).append(event)
    entries = tables.setdefault("matches.PlayByPlay", [])
    for number, (match, listed) in enumerate(events.items(), start=_last_id(entries) + 1):
        listed.sort(key=lambda event: event["seq"] if isinstance(event["seq"], int) else 0)
        entries.append({"id": number, "match": match, "events": listed})


def serious_injuries_counted(tables: dict) -> None:
    """A file written before ``matches/0011`` (with its events as rows or, after ``matches/0010``,
    as a list per match) has stat lines that do not count serious injuries: they are counted from
    the play-by-play, as ``matches/0011`` did for a database (a line made for a card of the file
    who had none; a card removed since, which a list may still name, gets none)."""
    stats = tables.setdefault("matches.PlayerMatchStat", [])
    if stats and all(isinstance(row, dict) and "serious_injuries" in row for row in stats):
        return  # today's file: counted when each result was stored
    leagues = [row for row in tables.get("leagues.League", []) if isinstance(row, dict)]
    engine = leagues[0].get("engine") if len(leagues) == 1 else None
    if engine not in ENGINES:
        return  # the file's own problem, named by the checks that follow
    matches = {row.get("id"): row for row in tables.get("matches.Match", []) if isinstance(row, dict)}
    cards = {row.get("id") for row in tables.get("rosters.Player", []) if isinstance(row, dict)}
    events = {
        row.get("match"): [e for e in row["events"] if isinstance(e, dict)]
        for row in tables.get("matches.PlayByPlay", [])
        if isinstance(row, dict) and isinstance(row.get("events"), list)
    }
    lines = {(row.get("match"), row.get("player")): row for row in stats if isinstance(row, dict)}
    number = _last_id(stats)
    for match_id, listed in events.items():
        sides = {"home": matches.get(match_id, {}).get("home"), "away": matches.get(match_id, {}).get("away")}
        usable = [e for e in listed if isinstance(e.get("side"), str) and isinstance(e.get("detail"), dict)]
        team_of = {
            e.get("player"): sides[e["side"]] for e in usable if e.get("player") in cards and sides.get(e["side"])
        }
        records = [
            (e.get("seq"), e.get("minute"), e.get("kind"), e["side"], e.get("player"), e["detail"]) for e in usable
        ]
        for player, count in serious_injuries(engine, records, team_of).items():
            if (match_id, player) not in lines:
                number += 1
                lines[match_id, player] = {"id": number, "match": match_id, "player": player, "team": team_of[player]}
                stats.append(lines[match_id, player])
            lines[match_id, player]["serious_injuries"] = count


def _last_id(rows: list) -> int:
    """The highest id among a table's rows (0 for none): the rows a shim adds are numbered after it."""
    return max((row["id"] for row in rows if isinstance(row, dict) and isinstance(row.get("id"), int)), default=0)
