"""A league's fair-play card weights through the API: shown, changed by its commissioner, checked."""

from leagues.models import FAIR_PLAY_FIELDS, FAIR_PLAY_FIFA, League


def test_the_weights_are_shown_and_a_commissioner_changes_them(clients, played_season):
    url = f"/api/leagues/{played_season.league_id}/"
    shown = clients["anonymous"].get(url).json()
    assert {kind: shown[name] for kind, name in FAIR_PLAY_FIELDS.items()} == FAIR_PLAY_FIFA
    response = clients["commissioner"].patch(url, {"fair_play_direct_red": 6}, format="json")
    assert response.status_code == 200 and response.json()["fair_play_direct_red"] == 6
    assert clients["manager"].patch(url, {"fair_play_direct_red": 2}, format="json").status_code == 403
    assert League.objects.get(id=played_season.league_id).fair_play_direct_red == 6


def test_a_weight_out_of_range_is_refused_naming_the_field(clients, played_season):
    url = f"/api/leagues/{played_season.league_id}/"
    for value in (-1, 100, "red"):
        response = clients["commissioner"].patch(url, {"fair_play_second_yellow": value}, format="json")
        assert response.status_code == 400 and list(response.json()) == ["fair_play_second_yellow"], value
    assert League.objects.get(id=played_season.league_id).fair_play_second_yellow == 3
