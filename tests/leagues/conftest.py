"""The roster tests' cast (Anna, Bruno, Carla, Dino), for the team admin's tests."""

from tests.rosters.conftest import cast, clock_tasks, fast_passwords  # noqa: F401
