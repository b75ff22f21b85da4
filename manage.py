#!/usr/bin/env python
"""Django's command-line utility for Bootroom."""

import os
import sys

from django.core.management import execute_from_command_line

from audit.context import acting_as

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

    # What a command changes is in the audit log as done "via command" (enter_result names its user).
    with acting_as(None, via="command"):
        execute_from_command_line(sys.argv)
