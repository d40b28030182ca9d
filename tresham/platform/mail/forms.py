"""The preferences page's forms: the site-wide choice, the reminders, one game's choice."""
from __future__ import annotations

from django import forms

from .models import Delivery, GameDelivery
from .preferences import MAX_BEFORE, MAX_SHARE


class PreferencesForm(forms.Form):
    delivery = forms.ChoiceField(label="How do you want the game mails?", choices=Delivery.choices,
                                 widget=forms.RadioSelect,
                                 help_text="Mails about your account itself (a password reset, a changed "
                                           "address, a moderator's decision) always come at once.")


class RemindersForm(forms.Form):
    remind_share = forms.IntegerField(label="Remind me when this share of my time is left (percent; 0: never)",
                                      min_value=0, max_value=MAX_SHARE)
    remind_before = forms.IntegerField(label="Remind me this many minutes before my deadline (0: never)",
                                       min_value=0, max_value=MAX_BEFORE)


GAME_CHOICES = [("", "As my choice for all games")] + list(GameDelivery.choices)


class GameMailForm(forms.Form):
    game = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    delivery = forms.ChoiceField(label="Mails of this game", choices=GAME_CHOICES, required=False)
