"""Forms of the play pages: an order (JSON text), the Reset/Done command, a message to the
table, the history's order. The forms only check the shape of what was posted; whether an
order is legal is the rules' decision, given through ``services.submit``."""
from __future__ import annotations

import json
import secrets
from typing import Any

from django import forms
from django.core.validators import RegexValidator

#: Longest order text the form reads (an order is a few kilobytes).
MAX_ORDER_CHARS = 16_000
#: Longest message to the table (the column's own limit).
MAX_MESSAGE_CHARS = 2000

_client_key = RegexValidator(r"^[A-Za-z0-9_.:-]{1,64}$", "a client key is 1 to 64 letters, digits or _.:-")


def new_client_key() -> str:
    """A fresh key for one rendering of a form: posting it twice applies the order once."""
    return secrets.token_urlsafe(18)


class _Submission(forms.Form):
    """What every order-giving form carries: the key that makes a retry harmless and the
    revision the player decided on."""

    client_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64,
                                 validators=[_client_key])
    revision = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    def key(self) -> str | None:
        return self.cleaned_data.get("client_key") or None


class OrderForm(_Submission):
    """An order as JSON, e.g. ``{"type": "trade_done"}``; ``player`` may be left out."""

    order = forms.CharField(label="Your order (JSON)", max_length=MAX_ORDER_CHARS, strip=True,
                            widget=forms.Textarea(attrs={"rows": 8, "cols": 72, "spellcheck": "false"}),
                            help_text="one order of a type listed above; your seat is filled in for you")

    def clean_order(self) -> dict[str, Any]:
        text = self.cleaned_data["order"]
        try:
            value = json.loads(text)
        except RecursionError:
            raise forms.ValidationError("this JSON is nested too deeply for an order") from None
        except ValueError as e:
            where = f" (line {e.lineno}, column {e.colno})" if isinstance(e, json.JSONDecodeError) else ""
            raise forms.ValidationError(f"this is not JSON{where}: write an object such as "
                                        '{"type": "done"}') from None
        if not isinstance(value, dict):
            raise forms.ValidationError('an order is a JSON object such as {"type": "done"}')
        bad = _unstorable(value)
        if bad:
            raise forms.ValidationError(f"the order holds {bad}, which no order may hold")
        return value


def _unstorable(value: Any) -> str:
    """What in a parsed JSON value no database keeps as text: the NUL character (PostgreSQL
    refuses it) or a lone surrogate (not UTF-8); "" when there is none."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            if "\x00" in v:
                return "the NUL character (\\u0000)"
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return "a lone surrogate (such as \\ud800)"
    return ""


class CommandForm(_Submission):
    """The drop-down + GO of the top panel (SITE-GEN-05)."""

    command = forms.ChoiceField(label="Command", choices=[("reset", "Reset"), ("done", "Done")])


class DecisionPost(_Submission):
    """What every decision form posts besides its fields: which form it is (the fields
    themselves are read by ``decision_forms``)."""

    form = forms.CharField(widget=forms.HiddenInput, max_length=80)


class MessageForm(forms.Form):
    """A message to the table, public (SITE-MSG-01)."""

    text = forms.CharField(label="Your message", max_length=MAX_MESSAGE_CHARS, strip=True,
                           widget=forms.Textarea(attrs={"rows": 4, "cols": 72}),
                           help_text=f"at most {MAX_MESSAGE_CHARS} characters; every player and visitor can read it")


class HistoryForm(forms.Form):
    """The history's order and page; anything else falls back to the defaults."""

    order = forms.ChoiceField(label="Order", required=False,
                              choices=[("newest", "Newest first"), ("oldest", "Oldest first")])
    page = forms.IntegerField(required=False, min_value=1, max_value=10**6)

    def newest_first(self) -> bool:
        return not self.is_valid() or self.cleaned_data.get("order") != "oldest"

    def page_number(self) -> int | str:
        if self.is_valid() and self.cleaned_data.get("page"):
            return self.cleaned_data["page"]
        return 1
