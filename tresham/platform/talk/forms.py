"""The table talk's forms: start a conversation, write, give an order from one, report a
message. They check the shape only; the services decide (who may, the limit, the rules)."""
from __future__ import annotations

import json

from django import forms

from ..accounts import conduct
from ..play.forms import MAX_ORDER_CHARS, _Submission
from .models import MAX_TEXT

TEXT_HELP = f"Plain text, at most {MAX_TEXT:,} characters. Only the conversation's members read it."


class TextForm(forms.Form):
    text = forms.CharField(label="Your message", max_length=MAX_TEXT, widget=forms.Textarea(attrs={"rows": 4}),
                           help_text=TEXT_HELP)


class StartForm(TextForm):
    seats = forms.TypedMultipleChoiceField(label="Talk with", coerce=int, widget=forms.CheckboxSelectMultiple,
                                           help_text="One or more of the other players.")

    def __init__(self, *args, choices: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seats"].choices = choices


class TalkOrderForm(_Submission):
    """An order given from the conversation, as JSON (the game's order schema), and a message."""

    order = forms.CharField(label="The order (JSON)", max_length=MAX_ORDER_CHARS,
                            widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}))
    text = forms.CharField(label="A message with it (optional)", max_length=MAX_TEXT, required=False,
                           widget=forms.Textarea(attrs={"rows": 2}))

    def clean_order(self) -> dict:
        try:
            value = json.loads(self.cleaned_data["order"])
        except ValueError as e:
            raise forms.ValidationError(f"this is not JSON: {e}") from None
        if not isinstance(value, dict):
            raise forms.ValidationError("an order is a JSON object: {\"type\": ...}")
        return value


class ReportForm(forms.Form):
    rule = forms.TypedChoiceField(label="The rule it breaks", coerce=int)
    reason = forms.CharField(label="What is wrong", max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="A few words (10 characters at least) for the moderators.")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule"].choices = [(r.number, f"{r.number}. {r.title}") for r in conduct.REPORTABLE]
