"""Forms of the lobby pages: the player queue and the new-game form.

The new game's options are built from the game's own description (``option_fields`` and
``options_schema``): the form only turns the posted text into JSON values; whether they make
a game is the rules' decision (``parse_options``), and their message is shown as the form's
error."""
from __future__ import annotations

import json
import re
from typing import Any

from django import forms

from ...games.contract import GameRules, OptionField
from ..play.models import display_name
from . import timelimits

OPTION_PREFIX = "opt_"
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
    bot_seats = forms.MultipleChoiceField(label="Seats for the bot", required=False,
                                          widget=forms.CheckboxSelectMultiple)
    bots_take_vacant_seats = forms.BooleanField(
        label="A bot plays a seat its player leaves", required=False, initial=False,
        help_text="when a player quits or is removed, the bot plays his nation until someone takes the seat; "
                  "unchecked, the site's defaults apply at each of the seat's deadlines")

    def __init__(self, *args, rules: GameRules, friends: list, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        side = str(rules.offers.words["side"]).lower()
        self.fields["bots_take_vacant_seats"].help_text = (
            f"when a player quits or is removed, the bot plays his {side} until someone takes the seat; "
            "unchecked, the site's defaults apply at each of the seat's deadlines")
        self.friend_users = {str(u.pk): u for u in friends}
        self.fields["friends"].choices = [(str(u.pk), display_name(u)) for u in friends]
        self.fields["bot_seats"].choices = [(str(i), f"Seat {i + 1}") for i in range(rules.max_players)]
        props = rules.options_schema().get("properties", {})
        self.option_specs: dict[str, tuple[OptionField, dict[str, Any], dict[str, Any]]] = {}
        for f in rules.option_fields():
            facts = _schema_facts(props.get(f.name, {}))
            if facts["const"]:
                continue
            key = OPTION_PREFIX + f.name
            help_text = "; ".join(t for t in (f.help, _suggestions(f)) if t)
            decode: dict[str, Any] = {}
            attrs = {"data-when": json.dumps(f.when, sort_keys=True)} if f.when else {}
            if f.choices is not None:
                decode = {_encode(c.value): c.value for c in f.choices}
                field = forms.CharField(label=f.label, required=False, help_text=help_text,
                                        initial=_encode(facts["default"]),
                                        widget=forms.Select(choices=[(_encode(c.value), c.label) for c in f.choices],
                                                            attrs=attrs))
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

    @property
    def has_conditional_options(self) -> bool:
        """Some option applies only with some values of others (``OptionField.when``)."""
        return any(f.when for f, _, _ in self.option_specs.values())

    def option_bound_fields(self) -> list:
        return [self[k] for k in self.option_specs]

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
        if "time_limit" in data:
            try:
                self.time_limit_seconds = timelimits.from_form(data["time_limit"])
            except ValueError:
                self.add_error("time_limit", "choose one of the time limits offered")
        return data

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
