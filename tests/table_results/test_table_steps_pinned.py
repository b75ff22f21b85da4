"""The steps of a table result (``competitions.table_results``) pinned where mutation testing
found them free: the confirmation asked of the other side, word for word, whichever side
entered the result; a stranger's refusal; a suspended player's stat line kept."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q

from competitions.table_results import result_decide, result_enter, result_submit
from matches import absences
from matches.models import Match, PlayerMatchStat
from notifications.models import Kind, Notification

from .conftest import players, scoresheet

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("entered_by", ["home", "away"])
def test_the_other_side_is_asked_to_confirm_with_the_score_and_who_entered_it(match, entered_by):
    entering, asked = (match.home, match.away) if entered_by == "home" else (match.away, match.home)
    submission = result_submit(match_id=match.id, user=entering.manager, data=scoresheet(match, 3, 1))
    (note,) = Notification.objects.all()
    assert (note.user, note.kind, note.key) == (asked.manager, Kind.CONFIRM, f"confirm:{submission.pk}")
    # the score is the home side's first, whoever entered it
    assert note.subject == f"Confirm the result {match.home} 3-1 {match.away}"
    assert note.body == (
        f"The manager of {entering} entered it; it counts once you confirm it (or the commissioner decides if you "
        "enter another)."
    )


def test_someone_neither_manager_nor_commissioner_may_not_enter_a_result(match, other_manager):
    with pytest.raises(PermissionDenied) as refused:
        result_enter(match_id=match.id, user=other_manager, data=scoresheet(match))
    assert str(refused.value) == f"Only the managers of {match.home} and {match.away}, or a commissioner, may enter it."
    assert not match.result_submissions.exists()


def test_a_suspended_players_stat_line_entered_at_the_table_is_kept(season, match, commissioner):
    """The table result says who played, as entered: a card the next match's sheet leaves off
    (suspended) keeps the stats entered for it."""
    season.league.suspension_matches = 1
    season.league.save(update_fields=["suspension_matches"])
    team = match.home
    sent_off = players(match, "home", "field")[-1]
    assert sent_off not in players(match, "home")[:2]  # the scoresheet's goals and booking are not his
    red = scoresheet(match, 2, 1)
    red["events"].append({"minute": 40, "kind": "red_card", "player": sent_off})
    result_decide(match_id=match.id, user=commissioner, data=red)
    scheduled = Match.objects.filter(season=season, status=Match.Status.SCHEDULED)
    later = scheduled.filter(Q(home=team) | Q(away=team)).order_by("kickoff", "id").first()
    assert [a.player_id for a in absences.season_absences(season)[team.id]] == [sent_off]
    data = scoresheet(later, 0, 0)
    data["counts"][str(sent_off)] = {"shots": 2}
    result_decide(match_id=later.id, user=commissioner, data=data)
    line = PlayerMatchStat.objects.get(match=later, player_id=sent_off)
    stats = ("goals", "shots", "saves", "steals", "yellow_cards", "red_cards", "injuries")
    assert (line.team_id, *(getattr(line, stat) for stat in stats)) == (team.id, 0, 2, 0, 0, 0, 0, 0)
