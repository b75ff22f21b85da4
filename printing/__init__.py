"""Printing: scoresheets, player cards and brackets as PDF, for every way of asking for one.

Each kind has a selector (the database read into frozen dataclasses) and a renderer (those
dataclasses drawn into a ``PdfFile``, with no database access); the views, admin actions,
management commands and the API's endpoints all go through the same two steps. The app sits
above ``competitions`` and below web / api / ops; nothing below it imports it.
"""
