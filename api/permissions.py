"""Who may write: a commissioner of the league the object belongs to (or a superuser).

Reads are public. The check runs on the server for every unsafe request, whatever
the client shows or hides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

from leagues.models import League

if TYPE_CHECKING:  # rest_framework.views imports the default permission classes: no cycle at run time
    from rest_framework.request import Request
    from rest_framework.views import APIView


def league_of(obj: Any) -> League:
    """The league a league, season, team, player or match belongs to."""
    if isinstance(obj, League):
        return obj
    if hasattr(obj, "season"):
        return obj.season.league
    return obj.league


class CommissionerOrReadOnly(BasePermission):
    """Anyone may read; only a signed-in commissioner of the object's league may change it."""

    message = "Only a commissioner of this league may change it."

    def has_permission(self, request: Request, view: APIView) -> bool:
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return request.method in SAFE_METHODS or league_of(obj).is_commissioner(request.user)
