"""Worked scenarios for Tigris & Euphrates: a position written by hand, orders applied to it,
and what should result (``docs/scenarios/te-*.json``; the format is in ``docs/scenarios.md``,
section "Tigris & Euphrates scenarios"). One job a module:

- ``schema``: the file's format (pydantic, strict: unknown keys and wrong types are refused
  by name);
- ``reading``: :func:`load_file` / :func:`parse` check the document (:class:`ScenarioError`
  names the first fault), and the names of seats and squares;
- ``position``: :func:`build` makes the :class:`TEState` and refuses positions that cannot
  occur (tiles, treasures and catastrophes must be accounted for, the state's invariants
  must hold);
- ``checking``: :func:`check` says, in words, what differs from an expectation;
- ``describe``: the words for a square and :func:`summary` of a state;
- ``runner``: :func:`run` applies the steps and checks the expectations, returning a
  :class:`Result` whose ``mismatches`` say what differed.
"""
from .checking import check
from .describe import summary
from .position import build
from .reading import ScenarioError, load_file, parse
from .runner import Result, run
from .schema import Expect, Scenario, Step

__all__ = ["Scenario", "ScenarioError", "Result", "Expect", "Step", "parse", "load_file", "build",
           "run", "check", "summary"]
