from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from ops.migration_lock import LOCK_FILE, current_migrations, lock_new_migrations, lock_problems, read_lock


class Command(BaseCommand):
    help = _("Add new migrations to the migration lock (ops/migrations.lock.json); --check only reports.")

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="report differences, change nothing")

    def handle(self, *args, check=False, **options):
        problems = lock_problems(read_lock(), current_migrations())
        changed = [p for p in problems if not p.endswith("'python manage.py lock_migrations'")]
        if check or changed:
            for problem in problems:
                self.stdout.write(problem)
            if problems:
                raise CommandError(
                    _("%(count)s difference(s) from %(lock_file_name)s")
                    % {"count": len(problems), "lock_file_name": LOCK_FILE.name}
                )
            self.stdout.write(_("every migration is locked and unchanged"))
            return
        for name in lock_new_migrations():
            self.stdout.write(_("locked %(name)s") % {"name": name})
