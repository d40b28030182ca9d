"""What a player decides in each phase of an Advanced Civilization turn on this site, and what
the site does for him when his time runs out (the defaults of site-behaviour section 18, which
the rules apply). Keyed by the phase ids the rules list in ``reference()["phases"]``; the
help page adds each phase's name, rule and order types from the rules themselves. The game
declares it as its ``Reference.phase_help`` (``rules.py``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhaseHelp:
    """``decide``: what the player chooses; ``deadline``: what happens if he does not."""

    decide: str
    deadline: str


#: Phases that ask nothing of anyone say so in ``decide``; their ``deadline`` is empty.
PHASES: dict[str, PhaseHelp] = {
    "pick": PhaseHelp(
        "Which nation you lead, by naming one of its start areas (Crete's is its island). You may "
        "name it before your turn in the pick order comes: when it comes, your choice is confirmed "
        "if nobody ahead of you took that nation, and you are asked again if somebody did.",
        "A free nation and one of its start areas are picked for you at random."),
    "tax": PhaseHelp(
        "Usually nothing: two tokens per city go from your stock to your treasury by themselves. "
        "With Coinage you set one rate, 1, 2 or 3 per city. If another nation's cities revolt "
        "because it cannot pay and you gain them, you choose which of them you take.",
        "A Coinage holder pays 2 per city, or 1 if 2 would leave cities unpaid; the cities a "
        "revolt hands over are chosen at random."),
    "population": PhaseHelp(
        "Nothing when your stock covers the full growth: the site places it. When it does not, "
        "you say where the tokens you have go.",
        "Your tokens are placed at random, no area growing more than it normally would."),
    "census": PhaseHelp(
        "Nothing: the site counts every nation's tokens on the board. The count sets the order "
        "of the ship and movement phases.",
        ""),
    "ships": PhaseHelp(
        "Which ships to build (at most 4 on the board) and how each is paid for: two tokens "
        "from its area, two from your treasury, or one of each; and which of your ships you keep "
        "paying for.",
        "Nothing is built and nothing is maintained, so the ships you had are gone."),
    "movement": PhaseHelp(
        "Your moves. Everybody may enter them at any time, but they take effect only on your turn "
        "in census order (Military holders move last). Done makes them final; \"done unless "
        "threatened\" asks you again if a nation moving before you came into an area you hold or "
        "are heading for. Until your turn you may still change them.",
        "The moves you entered are carried out even if you never confirmed them; with none "
        "entered, nothing of yours moves."),
    "conflict": PhaseHelp(
        "The site fights every conflict. You are asked something only after destroying a "
        "city: how many tokens, up to 3, you move from stock to treasury as pillage.",
        "The largest pillage you are allowed is taken."),
    "cities": PhaseHelp(
        "Which of the cities you could found you really build. All of them start marked to "
        "build when your population can support them all.",
        "Every city that can be built is, those on areas without a city site first, then those "
        "on city sites, as far as your support allows; Architecture is not used."),
    "surplus": PhaseHelp(
        "Tokens above an area's limit are removed by the site. If your tokens cannot support "
        "all your cities, you choose which cities are reduced.",
        "Cities are reduced at random, those built this turn first."),
    "acquisition": PhaseHelp(
        "With 18 or more tokens in treasury you may buy cards of stack 9 (Gold, Ivory or "
        "Piracy) for 18 each. Then the site deals everyone's trade cards.",
        "No stack-9 card is bought."),
    "trade": PhaseHelp(
        "Your deals with the other players, your public message, and when you leave the "
        "market (Done). The trading page explains it all.",
        "Nobody has a deadline of his own: the market closes at its cutoff and you keep your hand."),
    "calamities": PhaseHelp(
        "The choices your calamities ask of you: which of your units or cities are lost, how "
        "the losses of other players are shared out, where a flood or eruption strikes when "
        "there is a tie. A Monotheism holder may then convert one area.",
        "Losses you hand out go to the leading players by Total Public Points; the units and "
        "cities you lose are chosen at random; Monotheism converts nothing."),
    "advances": PhaseHelp(
        "Which civilization cards you buy and how you pay: sets of commodity cards (they may "
        "pay more than the price; no change is given) and treasury tokens (only while something "
        "is still owed). You then keep no more trade cards than the hand limit.",
        "If your hand is over the limit, the site buys the cheapest card you can pay for from "
        "your hand that brings you within it; if none does, your lowest-valued extra cards are "
        "discarded. Within the limit, nothing is bought."),
    "ast": PhaseHelp(
        "Nothing: each marker moves one space when its nation meets the requirements of the "
        "next space, and a nation without a city moves back one.",
        ""),
}

