"""What belongs to this repository, as opposed to Django's or an installed library's."""

from pathlib import Path

from django.conf import settings


def in_repository(path: str | Path) -> bool:
    """True for a file or folder of this checkout; a virtualenv inside it (``.venv/``) holds
    installed packages, which are not ours."""
    resolved = Path(path).resolve()
    return Path(settings.BASE_DIR).resolve() in resolved.parents and "site-packages" not in resolved.parts
