from django.core.management.base import BaseCommand, CommandError

from ops.migration_lock import LOCK_FILE, current_migrations, lock_new_migrations, lock_problems, read_lock


class Command(BaseCommand):
    help = "Add new migrations to the migration lock (ops/migrations.lock.json); --check only reports."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="report differences, change nothing")

    def handle(self, *args, check=False, **options):
        problems = lock_problems(read_lock(), current_migrations())
        changed = [p for p in problems if not p.endswith("'python manage.py lock_migrations'")]
        if check or changed:
            for problem in problems:
                self.stdout.write(problem)
            if problems:
                raise CommandError(f"{len(problems)} difference(s) from {LOCK_FILE.name}")
            self.stdout.write("every migration is locked and unchanged")
            return
        for name in lock_new_migrations():
            self.stdout.write(f"locked {name}")
