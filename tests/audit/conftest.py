"""The audit tests reuse the rosters' cast (Anna runs the Test League, Bruno manages Alpha,
Carla Beta, Dino runs the Other League) and its small Fütti pool."""

from tests.rosters.conftest import cast, clock_tasks, draft, fast_passwords, pool  # noqa: F401
