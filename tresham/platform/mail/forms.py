"""The preferences form."""
from __future__ import annotations

from django import forms

from .models import Delivery


class PreferencesForm(forms.Form):
    delivery = forms.ChoiceField(label="How do you want the game mails?", choices=Delivery.choices,
                                 widget=forms.RadioSelect,
                                 help_text="Mails about your account itself (a password reset, a changed "
                                           "address, a moderator's decision) always come at once.")
