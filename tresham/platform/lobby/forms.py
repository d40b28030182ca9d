"""Forms of the lobby pages: the player queue and the new-game form.

The new game's options are built from the game's own description (``option_fields`` and
``options_schema``): the form only turns the posted text into JSON values; whether they make
a game is the rules' decision (``parse_options``), and their message is shown as the form's
error.

What depends on the player count follows it (SITE-TABLE-12): the option ``players`` (the one
the site reads the count from, ``play.services.create_game``) starts in the middle of the
game's range (:func:`initial_players`); a choice of an option that applies to some counts only
(``OptionChoice.when``, e.g. a board part) and each bot seat carry ``data-when``, which
``static/tresham/options.js`` follows as the count changes; the suggestions of an option
(``OptionField.suggested``) are named per count for it too. Without the script every choice
shows: the rules refuse a board of another count, and the form refuses bot seats beyond it."""
from __future__ import annotations

import json
import re
from typing import Any

from django import forms

from ...games.contract import GameRules, OptionField
from ..play.models import display_name
from . import timelimits

OPTION_PREFIX = "opt_"
#: the option that holds the number of players (as ``play.services.create_game`` reads it)
PLAYERS = "players"
_WHOLE = re.compile(r"-?\d{1,9}")
_OMIT = object()


def _limit_choices() -> list[tuple[str, str]]:
    return [(timelimits.form_value(v), label) for v, label in timelimits.CHOICES]


class QueueForm(forms.Form):
    """The queue controls of the list page (SITE-QUEUE-01..04)."""

    max_time_limit = forms.ChoiceField(label="Maximum Time Limit", choices=_limit_choices,
                                       initial=timelimits.form_value(timelimits.QUEUE_DEFAULT_MAX))
    min_time_limit = forms.ChoiceField(label="Minimum Time Limit", choices=_limit_choices,
                                       initial=timelimits.form_value(timelimits.QUEUE_DEFAULT_MIN))
    join_new = forms.BooleanField(label="Join New Games?", required=False, initial=True)
    join_in_progress = forms.BooleanField(label="Join Games in Progress?", required=False, initial=False)

    def limits(self) -> tuple[int | None, int | None]:
        return (timelimits.from_form(self.cleaned_data["min_time_limit"]),
                timelimits.from_form(self.cleaned_data["max_time_limit"]))


def _when_attr(when: dict[str, list[Any]]) -> dict[str, str]:
    return {"data-when": json.dumps(when, sort_keys=True)} if when else {}


class SelectWhen(forms.Select):
    """A drop-down whose options may carry ``data-when`` (``when``: option value -> the values
    other options must have for it to apply)."""

    def __init__(self, *args, when: dict[str, dict] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.when = when or {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"].update(_when_attr(self.when.get(str(value), {})))
        return option


class CheckboxesWhen(forms.CheckboxSelectMultiple):
    """Checkboxes that may carry ``data-when``, like :class:`SelectWhen`'s options."""

    def __init__(self, *args, when: dict[str, dict] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.when = when or {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"].update(_when_attr(self.when.get(str(value), {})))
        return option


def player_counts(rules: GameRules) -> list[int]:
    """The player counts the game offers: its ``players`` field's choices, else its range."""
    field = next((f for f in rules.option_fields() if f.name == PLAYERS and f.choices), None)
    if field is not None:
        return sorted(c.value for c in field.choices if isinstance(c.value, int))
    return list(range(rules.min_players, rules.max_players + 1))


def initial_players(counts: list[int]) -> int | None:
    """The player count the form starts at: the middle of the game's range (the lower middle
    of an even number of counts), a table that fills sooner than the largest and plays the
    game as its makers meant it, not as its smallest variant (ruling: docs/platform.md, "The
    new-game form"): a game of 2 to 8 players starts at 5, one of 2 to 4 at 3."""
    return counts[(len(counts) - 1) // 2] if counts else None


def _seat_words(seats: list[int]) -> str:
    words = [str(i + 1) for i in seats]
    return "seat " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])


def _schema_facts(prop: dict) -> dict[str, Any]:
    """Types, nullability, bounds and default of one option in a JSON Schema."""
    alts = prop.get("anyOf", [prop])
    types, lo, hi = set(), None, None
    for a in alts:
        if "type" in a:
            types.add(a["type"])
        lo = a.get("minimum", lo)
        hi = a.get("maximum", hi)
    return {"types": types - {"null"}, "nullable": "null" in types, "min": lo, "max": hi,
            "default": prop.get("default"), "const": "const" in prop}


def _encode(v: Any) -> str:
    return "" if v is None else str(v)


def _suggestions(f: OptionField) -> str:
    if not f.suggested:
        return ""
    return "Suggested: " + ", ".join(f"{n} players {v}" for n, v in sorted(f.suggested.items(), reverse=True))


class Suggested:
    """The suggestions of an option per player count (``OptionField.suggested``), in words for
    every count (no script) and as JSON for options.js, which keeps the chosen count's."""

    def __init__(self, f: OptionField) -> None:
        self.text = _suggestions(f)
        self.json = json.dumps({str(n): v for n, v in sorted(f.suggested.items())})
        self.follows = OPTION_PREFIX + PLAYERS


class NewGameForm(forms.Form):
    """Create a game (SITE-CREATE-01..15): name, the game's options, time limit, friends,
    bot seats, and whether the creator plays."""

    name = forms.CharField(label="Game name", max_length=200,
                           help_text="chosen at random: keep it or write your own")
    time_limit = forms.ChoiceField(
        label="Time limit per turn", choices=_limit_choices, initial=timelimits.form_value(timelimits.DEFAULT),
        help_text="how long each player has for his turn. No time limit: nobody ever times out, "
                  "not even in initial placement, so a player who stops playing stops the game: "
                  "choose it only with players you trust to finish")
    take_seat = forms.BooleanField(label="I play in this game (seat 1)", required=False, initial=True,
                                   help_text="clear to only create the game")
    friends = forms.MultipleChoiceField(label="Add friends", required=False, widget=forms.CheckboxSelectMultiple,
                                        help_text="mutual friends, seated in the game at once")
    bot_seats = forms.MultipleChoiceField(label="Seats for the bot", required=False, widget=CheckboxesWhen)
    bots_take_vacant_seats = forms.BooleanField(
        label="A bot plays a seat its player leaves", required=False, initial=False,
        help_text="when a player quits or is removed, the bot plays his nation until someone takes the seat; "
                  "unchecked, the site's defaults apply at each of the seat's deadlines")
    rated_against_bots = forms.BooleanField(
        label="Rated even against bots only", required=False, initial=False,
        help_text="if you are the only person in the game, every other seat a bot's, the game still counts for "
                  "the rankings; unchecked, such a game is not rated (a game with two people or more always is)")
    reveal_talk = forms.BooleanField(
        label="Reveal the table talk after the game", required=False, initial=False,
        help_text="once the game is over, everyone can read every private conversation of its players "
                  "(SITE-CHAT-05); unchecked, only their members ever read them")

    def __init__(self, *args, rules: GameRules, friends: list, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        side = str(rules.offers.words["side"]).lower()
        self.fields["bots_take_vacant_seats"].help_text = (
            f"when a player quits or is removed, the bot plays his {side} until someone takes the seat; "
            "unchecked, the site's defaults apply at each of the seat's deadlines")
        self.friend_users = {str(u.pk): u for u in friends}
        self.fields["friends"].choices = [(str(u.pk), display_name(u)) for u in friends]
        self.counts = player_counts(rules)
        self.fields["bot_seats"].choices = [(str(i), f"Seat {i + 1}") for i in range(rules.max_players)]
        self.fields["bot_seats"].widget.when = {  # a seat exists only from its number of players
            str(i): {PLAYERS: [n for n in self.counts if n > i]} for i in range(rules.max_players)
            if any(n <= i for n in self.counts)}
        self.bot_levels = list(rules.offers.bots)
        self.level_keys: list[str] = []
        if len(self.bot_levels) > 1:  # SITE-BOT-05: each bot seat's level, the default first
            for i in range(rules.max_players):
                key = f"bot_level_{i}"
                when = self.fields["bot_seats"].widget.when.get(str(i), {})
                self.fields[key] = forms.ChoiceField(
                    label=f"Bot level, seat {i + 1}", required=False, initial=self.bot_levels[0].key,
                    choices=[(b.key, b.label) for b in self.bot_levels],
                    widget=forms.Select(attrs=_when_attr(when)))
                self.level_keys.append(key)
        props = rules.options_schema().get("properties", {})
        self.option_specs: dict[str, tuple[OptionField, dict[str, Any], dict[str, Any]]] = {}
        self.suggested: dict[str, Suggested] = {}
        for f in rules.option_fields():
            facts = _schema_facts(props.get(f.name, {}))
            if facts["const"]:
                continue
            key = OPTION_PREFIX + f.name
            help_text = f.help
            if f.suggested:
                self.suggested[key] = Suggested(f)
            decode: dict[str, Any] = {}
            attrs = _when_attr(f.when)
            if f.choices is not None:
                decode = {_encode(c.value): c.value for c in f.choices}
                initial = facts["default"]
                if f.name == PLAYERS and initial_players(self.counts) in decode.values():
                    initial = initial_players(self.counts)
                field = forms.CharField(label=f.label, required=False, help_text=help_text,
                                        initial=_encode(initial),
                                        widget=SelectWhen(choices=[(_encode(c.value), c.label) for c in f.choices],
                                                          attrs=attrs, when={_encode(c.value): c.when
                                                                             for c in f.choices if c.when}))
            elif facts["types"] == {"boolean"}:
                field = forms.BooleanField(label=f.label, required=False, help_text=help_text,
                                           initial=bool(facts["default"]))
            elif facts["types"] == {"integer"}:
                attrs = {k: v for k, v in (("min", facts["min"]), ("max", facts["max"])) if v is not None}
                field = forms.CharField(label=f.label, required=False, help_text=help_text,
                                        initial=_encode(facts["default"]), widget=forms.NumberInput(attrs=attrs))
            else:
                field = forms.CharField(label=f.label, required=False, help_text=help_text,
                                        initial=_encode(facts["default"]))
            self.fields[key] = field
            self.option_specs[key] = (f, facts, decode)

    def option_bound_fields(self) -> list:
        return [self[k] for k in self.option_specs]

    def option_rows(self) -> list[tuple[Any, Suggested | None]]:
        """Each option's bound field with its suggestions per player count (or None)."""
        return [(self[k], self.suggested.get(k)) for k in self.option_specs]

    def clean(self) -> dict:
        data = super().clean()
        raw: dict[str, Any] = {}
        conditional = []
        for key, (f, facts, decode) in self.option_specs.items():
            value = self._option_value(key, data.get(key), facts, decode)
            if value is _OMIT:
                continue
            if f.when and value == "" and "" not in decode:
                continue  # not posted: the rules' default applies
            if f.when:
                conditional.append((f, value))
            else:
                raw[f.name] = value
        for f, value in conditional:  # sent only when the options it depends on have its values
            if all(raw.get(k, self._default(k)) in vals for k, vals in f.when.items()):
                parent, dot, member = f.name.partition(".")
                if dot:
                    raw.setdefault(parent, {})[member] = value
                else:
                    raw[f.name] = value
        self.raw_options = raw
        self._check_bot_seats(raw, data)
        if "time_limit" in data:
            try:
                self.time_limit_seconds = timelimits.from_form(data["time_limit"])
            except ValueError:
                self.add_error("time_limit", "choose one of the time limits offered")
        return data

    def _check_bot_seats(self, raw: dict[str, Any], data: dict) -> None:
        """Bot seats within the chosen player count, refused on their field with the count's
        seats (SITE-TABLE-12); the rest (seat 1 taken by the creator, friends and bots
        together) is the lobby's to refuse (``lobby.services.create``)."""
        players = raw.get(PLAYERS, self._default(PLAYERS))
        if isinstance(players, bool) or not isinstance(players, int):
            return  # no count, or one the rules refuse themselves
        beyond = sorted(int(k) for k in data.get("bot_seats", []) if int(k) >= players)
        if beyond:
            room = players - 1 if data.get("take_seat") else players
            self.add_error("bot_seats", f"a {players}-player game has seats 1 to {players} only, not "
                                        f"{_seat_words(beyond)}: at most {room} bots"
                                        + (" beside you" if data.get("take_seat") else ""))

    def _default(self, name: str) -> Any:
        """An option's default in the rules' schema (for a field the form does not show)."""
        return self.rules.options_schema().get("properties", {}).get(name, {}).get("default")

    def _option_value(self, key: str, text: Any, facts: dict[str, Any], decode: dict[str, Any]) -> Any:
        if isinstance(text, bool):
            return text
        text = (text or "").strip()
        if decode:
            return decode.get(text, text)  # an unknown value goes to the rules, which say why
        if text == "":
            return None if facts["nullable"] else _OMIT
        if facts["types"] == {"integer"}:
            if not _WHOLE.fullmatch(text):
                self.add_error(key, "enter a whole number")
                return _OMIT
            return int(text)
        return text

    def chosen_friends(self) -> list:
        return [self.friend_users[k] for k in self.cleaned_data.get("friends", [])]

    def chosen_bot_seats(self) -> list[int]:
        return sorted(int(k) for k in self.cleaned_data.get("bot_seats", []))

    def bot_level_fields(self) -> list:
        """The drop-downs of each seat's bot level (none for a game with one level or none)."""
        return [self[k] for k in self.level_keys]

    def chosen_bot_levels(self) -> dict[int, str]:
        """Each chosen bot seat's level key ("" left to the default), SITE-BOT-05."""
        return {i: self.cleaned_data.get(f"bot_level_{i}") or "" for i in self.chosen_bot_seats()
                if f"bot_level_{i}" in self.fields}
