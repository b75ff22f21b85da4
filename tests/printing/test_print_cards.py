"""Card sheets read back: nine cards a page (and a back page each for Mutant Soccer), what each
game's card shows, names with umlauts and „quotes“ intact, the fonts embedded."""

import math

import pytest
from reportlab.lib.pagesizes import A4, letter

from engines import ENGINES, get_engine
from leagues.models import Team
from printing.cards.data import CardSet, NothingToPrint, PrintCard
from printing.cards.render import CARD_W, grid_origin, render_cards, slot_position
from printing.cards.selectors import card_set_for_players, card_set_for_pool, card_set_for_season, card_set_for_team
from rosters.models import Player, SquadMember


@pytest.mark.parametrize("engine", ENGINES)
def test_nine_cards_a_page_and_a_back_page_for_two_sided_cards(engine, pdf):
    cards = card_set_for_pool(engine)
    reader = pdf(render_cards(cards).data)
    fronts = math.ceil(len(cards.cards) / 9)
    assert len(reader.pages) == (2 * fronts if engine == "mutant" else fronts)


@pytest.mark.parametrize("count, pages", [(1, 1), (9, 1), (10, 2), (18, 2), (19, 3)])
def test_page_count_follows_the_card_count(count, pages, pdf):
    card = PrintCard(name="Bell", role="field", price=1, team="Ashford Rovers", attributes={"offence": 3})
    data = render_cards(CardSet("test", "futti", (card,) * count)).data
    assert len(pdf(data).pages) == pages


def test_a4_and_letter(pdf):
    cards = card_set_for_pool("futti")
    a4 = pdf(render_cards(cards, page="A4").data).pages[0].mediabox
    us = pdf(render_cards(cards, page="letter").data).pages[0].mediabox
    assert (float(a4.width), float(a4.height)) == pytest.approx(A4)
    assert (float(us.width), float(us.height)) == pytest.approx(letter)
    with pytest.raises(ValueError, match="'A5' is not a page size; choose A4 or Letter"):
        render_cards(cards, page="A5")


def test_futti_cards_show_what_the_rule_book_cards_show(pdf):
    cards = card_set_for_pool("futti")
    bell = next(c for c in cards.cards if c.name == "Bell")
    makarov = next(c for c in cards.cards if c.name == "Makarov")
    text = pdf.text(render_cards(CardSet("t", "futti", (bell, makarov))).data)
    for words in ("Bell", "STANDARD PLAYER", "OFFENCE", "DEFENCE", "3 SP", "★", f"{bell.price} BC"):
        assert words in text
    for words in ("Makarov", "GOALTENDER", "GOAL TENDING", "41", "SP 3"):
        assert words in text
    assert "pool" in text  # the team band of a card nobody drafted


def test_mutant_cards_print_the_mutated_side_on_a_mirrored_back_page(pdf):
    cards = card_set_for_pool("mutant").cards[:3]
    reader = pdf(render_cards(CardSet("t", "mutant", cards)).data)
    front, back = (page.extract_text() for page in reader.pages)
    assert "ATTACK" in front and "SPECIAL" in front and "DEFENCE" in front
    assert "MUTATED SIDE" in back and "Mutant power" in back
    for card in cards:
        assert card.name in front and card.name in back
    # the first card's back sits where the third card's front is: a long-edge flip lines them up
    assert slot_position(A4, 0, mirrored=True) == slot_position(A4, 2)
    assert slot_position(A4, 4, mirrored=True) == slot_position(A4, 4)
    x0, _ = grid_origin(A4)
    assert slot_position(A4, 8)[0] == pytest.approx(x0 + 2 * CARD_W)


def test_umlauts_and_quotes_survive(pdf):
    names = [c.name for c in card_set_for_pool("mutant").cards]
    assert "Edda „Schwalbenkönigin“" in names
    data = render_cards(card_set_for_pool("mutant")).data
    assert "Edda „Schwalbenkönigin“" in pdf.text(data)


def test_the_font_is_embedded(pdf):
    reader = pdf(render_cards(card_set_for_pool("futti")).data)
    fonts = reader.pages[0]["/Resources"]["/Font"]
    embedded = [fonts[name].get_object() for name in fonts]
    names = {str(font["/BaseFont"]) for font in embedded}
    assert any("DejaVuSans" in name for name in names), names
    for font in embedded:
        if "DejaVu" in str(font["/BaseFont"]):
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor  # the TrueType program (a subset) is in the file


@pytest.mark.parametrize(
    "engine, words",
    [
        ("calciotto", ["MOVE", "TACKLE / SHOT", "SAVE", "GOALKEEPER", "strength counts in the"]),
        ("flexdeck", ["STRENGTH", "BLUE"]),
        ("eleven", ["GOALIE", "FOOTBALL PLAYER"]),
    ],
)
def test_each_game_prints_its_own_card(engine, words, pdf):
    text = pdf.text(render_cards(card_set_for_pool(engine)).data)
    for word in words:
        assert word in text


def test_a_game_without_a_face_prints_its_attributes(pdf):
    card = PrintCard(name="Ödön", role="striker", price=2, team="Győr", attributes={"top_speed": 9})
    text = pdf.text(render_cards(CardSet("t", "croquet", (card,))).data)
    assert "Ödön" in text and "Top speed" in text and "9" in text and "Győr" in text and "2 BC" in text


def test_black_and_white_is_another_file():
    cards = card_set_for_pool("futti")
    colour, mono = render_cards(cards), render_cards(cards, mono=True)
    assert mono.filename == "futti-pool-bw-a4.pdf" and colour.filename == "futti-pool-a4.pdf"
    assert colour.data != mono.data


def test_every_pool_card_validates_with_its_engine():
    for engine in ENGINES:
        game = get_engine(engine)
        for card in card_set_for_pool(engine).cards:
            game.validate_card(dict(card.attributes))


@pytest.mark.django_db
def test_a_teams_squad_prints_with_its_team_name(played_season, pdf):
    season = played_season("futti", teams=2, seed=5)
    team = season.teams.order_by("name").first()
    cards = card_set_for_team(team.id)
    squad = SquadMember.objects.filter(season=season, team=team)
    assert len(cards.cards) == squad.count() == 8
    assert {c.team for c in cards.cards} == {team.name}
    text = pdf.text(render_cards(cards).data)
    assert text.count(team.name) == 8 + 1  # eight team bands and the page footer
    assert len(card_set_for_season(season.id).cards) == 16


@pytest.mark.django_db
def test_chosen_players_print_with_their_latest_team(played_season):
    season = played_season("futti", teams=2, seed=5)
    member = SquadMember.objects.filter(season=season).select_related("player", "team").first()
    free = Player.objects.filter(league=season.league).exclude(squad_memberships__season=season).first()
    cards = card_set_for_players([member.player_id, free.id])
    teams = {c.name: c.team for c in cards.cards}
    assert teams[member.player.name] == member.team.name
    assert teams[free.name] == ""


@pytest.mark.django_db
def test_a_team_without_a_squad_has_nothing_to_print(played_season):
    season = played_season("futti", teams=2, seed=5)
    loner = Team.objects.create(league=season.league, name="Loners")
    with pytest.raises(NothingToPrint, match="Loners has no squad"):
        card_set_for_team(loner.id)
