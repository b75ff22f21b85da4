"""Options the tournament commands share."""

import argparse

from competitions.bracket import parse_rounds


def rounds_argument(text: str) -> list[int]:
    """``--two-legged-rounds 1,2``: round numbers, a bad one named by argparse."""
    try:
        return parse_rounds(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def add_two_legged_arguments(parser: argparse.ArgumentParser, whose: str) -> None:
    """``--two-legged-rounds`` and ``--away-goals``, as a bracket takes them."""
    parser.add_argument(
        "--two-legged-rounds",
        type=rounds_argument,
        default=[],
        metavar="1,2",
        help=f"{whose} rounds played home and away (its last round: the final and third place too)",
    )
    parser.add_argument("--away-goals", action="store_true", help="two-legged ties count away goals")
