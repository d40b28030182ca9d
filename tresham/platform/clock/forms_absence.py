"""Forms of the absence pages: the pause request (SITE-PAUSE-01) and quitting (SITE-QUIT-02/04)."""
from __future__ import annotations

from django import forms

from . import pauses


class DateInput(forms.DateInput):
    input_type = "date"


class PauseForm(forms.Form):
    """Start Date, End Date (both on the player's own calendar, both included) and a Reason
    the other players read."""

    start_date = forms.DateField(label="Start Date", widget=DateInput,
                                 help_text="the first day of your absence (today or later)")
    end_date = forms.DateField(label="End Date", widget=DateInput, help_text="the last day of your absence")
    reason = forms.CharField(label="Reason", widget=forms.Textarea(attrs={"rows": 3, "cols": 50}),
                             max_length=pauses.MAX_REASON,
                             help_text="the other players of your games see it (travel, illness, holidays...)")

    def days(self) -> int | None:
        """The number of days requested, once both dates are valid and in order."""
        data = getattr(self, "cleaned_data", {})
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end >= start:
            return pauses.days_between(start, end)
        return None

    def clean_reason(self) -> str:
        try:
            return pauses.clean_reason(self.cleaned_data["reason"])
        except pauses.PauseError as e:
            raise forms.ValidationError(e.message) from None

    def clean(self) -> dict:
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "the end date is before the start date")
        return data


class QuitForm(forms.Form):
    """One game's "Replacement User" drop-down and the "Quit" button, with a confirmation."""

    replacement = forms.CharField(label="Replacement User", required=False, max_length=20)
    confirm = forms.BooleanField(label="Yes, I leave this game for good", required=True,
                                 error_messages={"required": "tick the box to confirm that you quit this game"})

    def clean_replacement(self) -> int | None:
        text = (self.cleaned_data.get("replacement") or "").strip()
        if not text:
            return None
        if not text.isdigit():
            raise forms.ValidationError("choose a replacement from the list")
        return int(text)
