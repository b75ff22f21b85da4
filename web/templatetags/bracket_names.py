"""``{% load bracket_names %}``: a bracket entry's name as the page fits it (``web.bracket_names``)."""

from django import template

from web.bracket_names import page_name, page_name_room

register = template.Library()
register.filter("page_name", page_name)
register.filter("page_name_room", page_name_room)
