"""Moves run at the same moment, each on its own database connection (the race tests)."""

import threading

from django.core.exceptions import ValidationError
from django.db import connection


def race(*moves):
    """Run the moves at once, each in a thread with its own connection; return what each gave,
    or for a refusal its reason (the messages of the ``ValidationError``, joined)."""
    barrier = threading.Barrier(len(moves))
    results = [None] * len(moves)

    def run(index, move):
        try:
            barrier.wait()
            results[index] = move()
        except ValidationError as exc:
            results[index] = " ".join(exc.messages)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, m)) for i, m in enumerate(moves)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results
