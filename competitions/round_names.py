"""A knockout's words in the reader's language: round names ("Semi-finals", "Round of 16",
"Losers R2", "Grand final 1"), the bracket's box labels ("SF 1", "W2-1") and section titles,
where a team not known yet comes from ("Winner of QF 2"), a tie's matches ("first leg") and
how a tie was settled ("legs 0-2, 6-4; through on away goals").

They are made in English where they are computed (``competitions.bracket.round_name``,
``competitions.knockout.tie_round_name``, ``competitions.drawing``, ``competitions.two_legs``):
the API names them, the export writes them and caches keep them, so they stay the same
whatever the language of the request that made them. They are translated here when shown
(the pages through ``web.templatetags.translated_names``, the printed bracket, the admin's
refusals): each English form is read back with the pattern that made it, and its parts are
translated (msgids with a context where a word alone is ambiguous). A text of no known form
is shown as it is. No model is read, so the printed bracket's renderer may call it.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, pgettext


def _words() -> dict[str, str]:
    """The names without a number, in the active language (read when shown, not at import)."""
    return {
        "Final": pgettext("knockout round", "Final"),
        "Semi-finals": pgettext("knockout round", "Semi-finals"),
        "Quarter-finals": pgettext("knockout round", "Quarter-finals"),
        "Third place": pgettext("knockout round", "Third place"),
        "Grand final": pgettext("knockout round", "Grand final"),
        "Grand final (reset)": pgettext("knockout round", "Grand final (reset)"),
        "Bracket": pgettext("bracket section", "Bracket"),
        "Winners' bracket": pgettext("bracket section", "Winners' bracket"),
        "Losers' bracket": pgettext("bracket section", "Losers' bracket"),
        "bye": pgettext("bracket", "bye"),
    }


def _short(short: str) -> str:
    """A round's short name in a box label: "SF", "QF", "R16"."""
    if short == "SF":
        return pgettext("semi-final, short", "SF")
    if short == "QF":
        return pgettext("quarter-final, short", "QF")
    return pgettext("round of, short", "R%(n)s") % {"n": short[1:]}


def _numbered(match: re.Match) -> str:
    kind, n = match.group(1), match.group(2)
    if kind == "Round of":
        return gettext("Round of %(n)s") % {"n": n}
    if kind == "Winners R":
        return pgettext("knockout round", "Winners R%(n)s") % {"n": n}
    if kind == "Losers R":
        return pgettext("knockout round", "Losers R%(n)s") % {"n": n}
    return pgettext("knockout round", "Grand final %(n)s") % {"n": n}


def _label(match: re.Match) -> str:
    return pgettext("bracket label", "%(short)s %(n)s") % {"short": _short(match.group(1)), "n": match.group(2)}


def _double_label(match: re.Match) -> str:
    numbers = {"round": match.group(2), "slot": match.group(3)}
    if match.group(1) == "W":
        return pgettext("winners' bracket label", "W%(round)s-%(slot)s") % numbers
    return pgettext("losers' bracket label", "L%(round)s-%(slot)s") % numbers


def _pending(match: re.Match) -> str:
    label = round_name_shown(match.group(2))
    if match.group(1) == "Winner":
        return gettext("Winner of %(label)s") % {"label": label}
    return gettext("Loser of %(label)s") % {"label": label}


#: The numbered forms, each with what shows it: ``round_name`` ("Round of 16"),
#: ``tie_round_name`` ("Losers R2", "Grand final 1"), the drawing's labels ("SF 1", "R16 3",
#: "W2-1") and its teams to come ("Winner of QF 2").
PATTERNS = (
    (re.compile(r"(Round of|Winners R|Losers R|Grand final) ?(\d+)"), _numbered),
    (re.compile(r"(SF|QF|R\d+) (\d+)"), _label),
    (re.compile(r"([WL])(\d+)-(\d+)"), _double_label),
    (re.compile(r"(Winner|Loser) of (.+)"), _pending),
)


def round_name_shown(name: str) -> str:
    """A round's name, a box's label or a section's title as the reader reads it."""
    words = _words()
    if name in words:
        return words[name]
    for pattern, shown in PATTERNS:
        match = pattern.fullmatch(name)
        if match:
            return shown(match)
    return name


def pending_name_shown(name: str) -> str:
    """A bracket entry's name when its team is not known yet: where it comes from ("Winner of
    SF 1"), "bye", or the seed's team (a name, shown as it is)."""
    if name == "bye" or re.fullmatch(r"(Winner|Loser) of .+", name):
        return round_name_shown(name)
    return name


def tie_match_shown(name: str) -> str:
    """What a tie's match is called (``competitions.two_legs.tie_matches``)."""
    return {
        "match": pgettext("a tie's match", "match"),
        "first leg": pgettext("a tie's match", "first leg"),
        "second leg": pgettext("a tie's match", "second leg"),
        "deciding match": pgettext("a tie's match", "deciding match"),
    }.get(name, name)


SCORE = r"\d+-\d+"
#: How a match was settled, as ``competitions.two_legs`` writes it: "walkover", "extra time",
#: "sudden death", or a shoot-out with its score ("penalties 4-3").
HOW = re.compile(rf"(walkover|[a-z]+(?: [a-z]+)*?)(?: ({SCORE}))?")
LEG = rf"{SCORE}(?: \([^()]*\))?"
LEGS = re.compile(rf"(?:legs ({LEG}), ({LEG})|first leg ({LEG}))(?:; (.+))?")
DECIDING = re.compile(rf"level; deciding match ({SCORE})(?: \((.+)\))?")
SECOND_LEG = re.compile(r"through on the second leg's (.+)")


def how_shown(how: str) -> str:
    """ "walkover", "extra time", "penalties 4-3" in the reader's language."""
    match = HOW.fullmatch(how)
    if match is None:
        return how
    word, score = match.groups()
    settled = {
        "walkover": pgettext("a tie settled by", "walkover"),
        "extra time": pgettext("a tie settled by", "extra time"),
        "sudden death": pgettext("a tie settled by", "sudden death"),
        "penalties": pgettext("a tie settled by", "penalties"),
    }
    if word not in settled:
        return how
    return f"{settled[word]} {score}" if score else settled[word]


def _leg_shown(leg: str) -> str:
    score, _, how = leg.partition(" (")
    return f"{score} ({how_shown(how[:-1])})" if how else score


def _settled_shown(part: str) -> str:
    if part == "through on away goals":
        return gettext("through on away goals")
    if part == "level: a deciding match to come":
        return gettext("level: a deciding match to come")
    match = SECOND_LEG.fullmatch(part)
    if match:
        return gettext("through on the second leg's %(how)s") % {"how": how_shown(match.group(1))}
    match = DECIDING.fullmatch(part)
    if match:
        shown = gettext("level; deciding match %(score)s") % {"score": match.group(1)}
        return f"{shown} ({how_shown(match.group(2))})" if match.group(2) else shown
    return part


def tie_score_shown(text: str) -> str:
    """How a tie was settled (``competitions.two_legs.TieScore.text``) as the reader reads it:
    "penalties 4-3", "legs 0-2, 6-4; through on away goals", "first leg 1-0"."""
    if not text:
        return text
    match = LEGS.fullmatch(text)
    if match is None:
        return how_shown(text)
    first, second, only, settled = match.groups()
    if only is not None:
        shown = gettext("first leg %(score)s") % {"score": _leg_shown(only)}
    else:
        shown = gettext("legs %(first)s, %(second)s") % {"first": _leg_shown(first), "second": _leg_shown(second)}
    return f"{shown}; {_settled_shown(settled)}" if settled else shown
