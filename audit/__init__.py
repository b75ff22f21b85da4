"""The audit log: who changed a result, a match's status, a points deduction, a ledger, a
draft or a squad, when, and what it was before and after.

It sits at the bottom of the apps (it imports only Django), so every service above can
record what it changes: ``audit.services.record`` for one change, ``record_all`` for many
in one insert. Who acted comes from ``audit.context`` (set per request by the middleware,
per task by the workers, per command by the commands that act as a user).
"""
