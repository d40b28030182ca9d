"""The form of the standing-orders page: one kind, its spec as JSON text, save or clear.
The form checks only the shape of what was posted; the game checks the spec
(``standing.set_order``)."""
from __future__ import annotations

import json
from typing import Any

from django import forms

from ..play.forms import _unstorable

#: Longest spec text the form reads (a spec is a few hundred characters).
MAX_SPEC_CHARS = 8000


class StandingOrderForm(forms.Form):
    kind = forms.CharField(widget=forms.HiddenInput, max_length=40)
    spec = forms.CharField(label="Your standing order (JSON)", max_length=MAX_SPEC_CHARS, strip=True,
                           required=False,
                           widget=forms.Textarea(attrs={"rows": 5, "cols": 72, "spellcheck": "false"}),
                           help_text="fields left out take their defaults; {} = every default")
    action = forms.ChoiceField(choices=[("save", "Save"), ("clear", "Clear")], widget=forms.HiddenInput)

    def clean_spec(self) -> Any:
        text = self.cleaned_data.get("spec") or ""
        if self.data.get("action") == "clear":
            return None
        if not text:
            raise forms.ValidationError("write the standing order as a JSON object, e.g. {}")
        try:
            value = json.loads(text)
        except RecursionError:
            raise forms.ValidationError("this JSON is nested too deeply for a standing order") from None
        except ValueError as e:
            where = f" (line {e.lineno}, column {e.colno})" if isinstance(e, json.JSONDecodeError) else ""
            raise forms.ValidationError(f"this is not JSON{where}: write an object such as {{}}") from None
        if not isinstance(value, dict):
            raise forms.ValidationError("a standing order is a JSON object such as {}")
        bad = _unstorable(value)
        if bad:
            raise forms.ValidationError(f"the standing order holds {bad}, which none may hold")
        return value
