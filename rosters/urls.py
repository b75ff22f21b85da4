from django.urls import path

from rosters import views

urlpatterns = [
    path("teams/<int:team_id>/cards.pdf", views.team_cards_pdf, name="team-cards-pdf"),
    path("seasons/<int:season_id>/cards.pdf", views.season_cards_pdf, name="season-cards-pdf"),
    path("pools/<slug:engine>/cards.pdf", views.pool_cards_pdf, name="pool-cards-pdf"),
]
