"""``main`` builds the parser of the command it runs only: the same parser as the full one's."""

from __future__ import annotations

import argparse

import pytest

from rummykit.cli import build_parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


FULL = _commands(build_parser())


@pytest.mark.parametrize("name", sorted(FULL))
def test_one_command_is_built_as_in_the_full_parser(name: str) -> None:
    alone = _commands(build_parser(only=name))
    assert list(alone) == [name]
    assert alone[name].format_help() == FULL[name].format_help()


def test_an_unknown_command_gets_every_command() -> None:
    assert _commands(build_parser(only="validat")).keys() == FULL.keys()
    assert len(FULL) >= 13
