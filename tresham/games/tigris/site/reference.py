"""What the help pages show of Tigris & Euphrates (``Reference.facts``): the steps of a
turn in the order they are settled (TE-BASE-25..28, TE-Z-01), each with the decision it asks,
its order types and what the site does when the player's time runs out (the contract's
defaults, docs/tigris.md), and the game's options (TE-ADVB, TE-BLD, TE-ENG, TE-WON, TE-Z-09).
"""
from __future__ import annotations

from ..rules.turn import ACTION_TYPES


def _phase(pid: str, name: str, rule: str, orders: list[str], decide: str, deadline: str,
           option: str = "") -> dict:
    out = {"id": pid, "name": name, "rule": rule, "orders": orders,
           "help": {"decide": decide, "deadline": deadline}}
    if option:
        out["option"] = option
    return out


def phases() -> list[dict]:
    """The steps of a turn, in the order they are settled."""
    return [
        _phase("action", "Actions", "TE-BASE-25", list(ACTION_TYPES),
               "On your turn you take two actions, the same one twice if you like: place or move a "
               "leader (beside a face-up temple), withdraw a leader, place a tile from your hand (a "
               "farm only on a river, the others only on land), place a catastrophe, or swap tiles "
               "with the bag; or pass to give up the actions left. Each action is settled completely "
               "(its conflicts, buildings, monument, wonder and treasures) before the next.",
               "You pass: the actions you have left are not taken."),
        _phase("commit", "Conflict: commit tiles", "TE-BASE-48", ["commit"],
               "In a revolt (a leader joining a kingdom with a leader of its colour) both sides "
               "commit red temples; in a war (a tile joining two kingdoms with leaders of one "
               "colour) tiles of that colour. The attacker commits first, then the defender, each "
               "seeing the strengths so far; the higher total wins, a tie goes to the defender. "
               "With the English variant the attacker may commit only to pass the defender's "
               "strength, the defender only to reach exactly a tie.",
               "You commit nothing."),
        _phase("war_order", "Choose the next war", "TE-BASE-53", ["war_order"],
               "When a tile unites kingdoms with leaders of several colours, the active player "
               "chooses which war is fought first.",
               "The first colour at war in the order red, blue, green, black."),
        _phase("building", "Civilization building", "TE-BLD-03", ["building"],
               "A tile completing a line of three or more tiles of its colour lets you place that "
               "colour's building on the line (or move it there from a shorter line), or decline.",
               "You decline: no building is placed or moved.", "Civilization buildings"),
        _phase("monument", "Monument", "TE-BASE-62", ["monument"],
               "A tile completing a square of four face-up tiles of one colour lets you build an "
               "unused monument of that colour on it, now or never.",
               "You decline: no monument is built."),
        _phase("wonder", "Wonder", "TE-WON-02", ["wonder"],
               "A tile completing a cross of five tiles of one colour lets you erect the wonder "
               "on it, or decline.", "You decline: the wonder is not erected.", "Wonder"),
        _phase("treasure", "Treasure", "TE-BASE-72", ["treasure"],
               "A kingdom with two or more treasures and a trader gives all but one of them to the "
               "trader's owner; those on special-border squares go first. When he has a choice, he "
               "picks the treasure to take.",
               "The first eligible treasure in reading order."),
        _phase("wonder_point", "The wonder's point", "TE-WON-06", ["wonder_point"],
               "At the end of his turn, the active player with a king in the wonder's kingdom "
               "scores 1 point of the colour he chooses.",
               "Your weakest colour (the first of red, blue, green, black on a tie).", "Wonder"),
        _phase("end", "End of the turn: monument points, refill", "TE-BASE-28", [],
               "The active player scores 1 point of a monument's colour for each of his leaders of "
               "that colour in the monument's kingdom; every hand is refilled to six tiles. The "
               "game ends when two or fewer treasures are left on the board, or the bag cannot "
               "refill the hands; the score is each player's weakest colour (treasures count as "
               "any colour).", ""),
    ]


def options() -> list[dict]:
    """The game's options as the help page explains them."""
    return [
        {"name": "board", "label": "Board side", "default": "base",
         "about": "The base side (gold border, 10 temples with treasures) or the advanced side "
                  "(blue border, 14 Shedu temples with treasures, six of them on special-border squares "
                  "whose treasures are taken first)."},
        {"name": "buildings", "label": "Civilization buildings", "default": "off",
         "about": "Four buildings (library, granary, market hall, palace) stand on lines of three "
                  "or more tiles of their colour; a tile placed in a kingdom holding the building "
                  "of its colour scores 2 points instead of 1."},
        {"name": "english", "label": "English variant", "default": "off",
         "about": "Tiles are committed to a conflict only to win it: the attacker only to pass the "
                  "defender's strength, the defender only to reach exactly a tie."},
        {"name": "wonder", "label": "Wonder", "default": "off",
         "about": "A cross of five tiles of one colour may become the wonder, which cannot be "
                  "destroyed; a king in its kingdom scores a point of a chosen colour each turn."},
        {"name": "open_scoring", "label": "Open scoring", "default": "off",
         "about": "Everyone sees every player's points during the game (hidden by default)."},
    ]


def reference(variant: str | None = None) -> dict:
    """``Reference.facts``: the turn's steps and the options (no variants)."""
    return {"phases": phases(), "options": options()}
