from django.urls import path

from matches import views

urlpatterns = [
    path("matches/<int:match_id>/scoresheet.pdf", views.scoresheet_pdf, name="match-scoresheet-pdf"),
]
