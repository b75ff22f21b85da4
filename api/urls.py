from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from api import drafts, table_results, trades, views

app_name = "api"

router = DefaultRouter()
router.register("leagues", views.LeagueViewSet, basename="league")
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("teams", views.TeamViewSet, basename="team")
router.register("players", views.PlayerViewSet, basename="player")
router.register("matches", views.MatchViewSet, basename="match")
router.register("drafts", drafts.DraftViewSet, basename="draft")
router.register("trades", trades.TradeViewSet, basename="trade")

urlpatterns = [
    path("matches/<int:match_id>/result/", table_results.TableResultView.as_view(), name="match-result"),
    path("matches/<int:match_id>/result/confirm/", table_results.ConfirmView.as_view(), name="match-result-confirm"),
    path("matches/<int:match_id>/result/decide/", table_results.DecideView.as_view(), name="match-result-decide"),
    path("games/<slug:engine>/fairness/", views.GameFairnessView.as_view(), name="game-fairness"),
    path("", include(router.urls)),
    path("auth/token/", views.TokenView.as_view(), name="token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
]
