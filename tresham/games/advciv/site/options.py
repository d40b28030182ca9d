"""The game's options as the site shows them: their JSON Schema, the lobby's fields with their
labels and help (SITE-CREATE-04..13), the options checked with their defaults filled in, and
their values in words (SITE-CREATE-15)."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ...contract import OptionChoice, OptionField
from ..data import load
from ..engine import check_options
from ..position import position_words
from ..state import Options, options_model
from ..variant import built_in, built_in_sub_options


def options_schema() -> dict:
    """The options' JSON Schema. ``variant_options`` is in it only when a variant the
    product registers (``variant.BUILT_IN``) takes sub-options; the option ``variant``
    lists those variants only (a variant registered later, e.g. by a test, is accepted,
    not advertised)."""
    schema = options_model().model_json_schema()
    if not built_in_sub_options():
        schema.get("properties", {}).pop("variant_options", None)
    return schema


def parse_options(raw: Any) -> dict:
    """Options checked (type, range, board for the player count) with defaults filled in."""
    opts = Options.from_json(raw)
    check_options(opts)
    out = opts.to_json(every=True)
    if opts.position is not None:  # a plain JSON copy, not the caller's object
        out["position"] = json.loads(json.dumps(opts.position))
    return out


def option_text(name: str, value: Any) -> str | None:
    """An option's value in words where the plain value would not do (the lobby's option
    list, SITE-CREATE-15): a prepared position is summed up, its hands never shown."""
    if name == "position" and value is None:
        return "the normal start (nation picking)"
    if name == "position" and isinstance(value, dict):
        return position_words(value)
    if name == "variant_options" and isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')}: {value_words(v)}" for k, v in sorted(value.items()))
    return None


def value_words(v: Any) -> str:
    return "yes" if v is True else "no" if v is False else str(v).replace("_", " ")


def option_fields(counts: range) -> list[OptionField]:
    """The site's game options (SITE-CREATE-04..13, labels free per SZ-06) for ``counts``
    players: boards from the §16 configurations, tokens suggested per player count by the
    same figures. When the product registers more than the plain game (``variant.BUILT_IN``),
    the choice of rules comes first, with each variant's sub-options (shown only for it;
    EP-14)."""
    configs = load().map.configs.values()
    boards = [OptionChoice(None, "The standard board for the number of players (16)")]
    boards += [OptionChoice(c.key, f"{'/'.join(map(str, c.players))} players: {c.description} ({c.rule})",
                            {"players": list(c.players)}) for c in configs]
    return [*variant_fields(), *plain_option_fields(counts, boards)]


def plain_option_fields(counts: range, boards: list[OptionChoice]) -> list[OptionField]:
    """The plain game's option fields, for ``counts`` players and these ``boards``."""
    return [
        OptionField("players", "Number of players",
                    choices=[OptionChoice(n, f"{n} players") for n in counts]),
        OptionField("board", "Part of the map", "which panels are played, for the number of "
                    "players (16.2-16.8)", choices=boards),
        OptionField("wem", "Western Extension Map", "play with the western extension (3.1A)"),
        OptionField("tokens", "Starting tokens per player", "population tokens each nation "
                    "plays with (5.1); blank: the suggested number for the board",
                    suggested={n: parse_options({"players": n})["tokens"] for n in counts}),
        OptionField("hand_limit", "Hand limit", "trade cards a player may keep after buying "
                    "advances; standard 8 (31.71)"),
        OptionField("show_deck_counts", "Show deck counts",
                    "players can see each trade deck's card count on the trade cards page"),
        OptionField("show_nontradable_depth", "Show where the non-tradable calamities are",
                    "players can see how far from the top of each deck its non-tradable calamity is"),
        OptionField("only_active_calamity", "Only the active calamity",
                    "players see only the calamity being resolved, not the upcoming ones"),
        OptionField("shuffle_nontradable_with_bottom_two", "Hide non-tradable calamities at the bottom",
                    "a non-tradable calamity put at the bottom of its stack is first shuffled "
                    "with the stack's bottom two cards (also at setup)"),
        OptionField("stoic", "Stoic", "players may be primary victim of more than 2 calamities (29.4)"),
        OptionField("ep_major", "Expansion Project major calamities",
                    "Cyclone, Corruption, Tyranny and Regression, non-tradable, in stacks 6-9"),
        OptionField("ep_later_modifiers", "Expansion Project: cards of the later text",
                    "with the major calamities, the Expansion Project's later rulebook in place of the "
                    "calamity page's cards Advanced Civilization lacks: against Cyclone Engineering "
                    "spares two cities and keeps two ships (for Calendar), against Tyranny Military "
                    "spares 5 unit points and Democracy 10 (for Sculpture); off: the page's own text, "
                    "where no advance softens either"),
        OptionField("ep_minor", "Expansion Project minor calamities",
                    "Squandered Wealth, Tempest, City in Flames, City Riots, Coastal Migration, "
                    "Tribal Conflict, Minor Uprising and Banditry, tradable, one in each of stacks 2-9"),
        OptionField("public_trade_message", "Public trade message",
                    "after each trade, an e-mail tells all other players what was said to be "
                    "traded; clear to disable it"),
        OptionField("turn_limit", "Turn limit", "end the game after this many turns (34.1B); "
                    "blank: no limit"),
    ]


def variant_fields() -> list[OptionField]:
    """The choice of rules among the built-in variants (``variant.BUILT_IN``; none while the
    plain game is the only one) and the sub-options of each, shown only for it."""
    variants = built_in()
    if len(variants) < 2:
        return []
    out = [OptionField("variant", "Rules", "the rules played: the plain game or a variant",
                       choices=[OptionChoice(v.key, v.option_label()) for v in variants])]
    for v in variants:
        out += [replace(f, when={"variant": [v.key], **f.when}) for f in v.option_fields()]
    return out
