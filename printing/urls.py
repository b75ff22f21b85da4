from django.urls import path

from printing import views

urlpatterns = [
    path("matches/<int:match_id>/scoresheet.pdf", views.scoresheet_pdf, name="match-scoresheet-pdf"),
    path("teams/<int:team_id>/cards.pdf", views.team_cards_pdf, name="team-cards-pdf"),
    path("seasons/<int:season_id>/cards.pdf", views.season_cards_pdf, name="season-cards-pdf"),
    path("pools/<slug:engine>/cards.pdf", views.pool_cards_pdf, name="pool-cards-pdf"),
]
