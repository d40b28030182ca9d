"""A tiny game for the attention tests, registered through ``TRESHAM_GAMES`` as any third game
would be: its decisions open one at a time, two together, and may step out and come back, so
the "your turn" mail's rules (SITE-NOTIFY-01) can be seen on decisions one chooses.

Two seats. Seat 0 owes the "north" errand; once it is done, seat 1 owes "east" and "west"
together; once both are done, seat 0 owes "south"; then the game is over. A seat may step
"out" (its errands stay its own but the game no longer waits on them) and back "in"."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from tresham.games.contract import BotLevel, Decision, Event, IllegalOrder, Offers, OptionField, SeatSummary, Standing, Table

NEXT = {("north",): {"1": ["east", "west"]}, ("east", "west"): {"0": ["south"]}}


class Errands:
    name = "errands"
    title = "Errands"
    min_players = 2
    max_players = 2
    points_label = "Errands done"

    def __init__(self) -> None:
        self.offers = Offers(
            standing=Standing(self.standing_kinds, self.standing_order, self.standing_schema, self.parse_standing),
            bots=(BotLevel("plain", "Plain", "does its errands", self.bot),), hand=self.hand, messages=self.public_messages, commands=self.commands,
            pick_order=self.pick_order, prepared=None,
        )

    def options_schema(self) -> dict:
        return {"type": "object", "properties": {"players": {"const": 2}}, "additionalProperties": False}

    def parse_options(self, raw: Any) -> dict:
        if not isinstance(raw, dict) or set(raw) - {"players"} or raw.get("players", 2) != 2:
            raise IllegalOrder("options", "errands are for 2 players")
        return {"players": 2}

    def order_schema(self) -> dict:
        return {"oneOf": [{"type": "object", "properties": {"type": {"const": t}, "player": {"type": "integer"},
                                                             "errand": {"type": "string"}}, "required": ["type"]}
                          for t in ("do", "out", "in", "ask")]}

    def option_fields(self) -> list[OptionField]:
        return []

    def new_game(self, options: dict, seed: int | str) -> dict:
        return {"owed": {"0": ["north"], "1": []}, "done": {"0": [], "1": []}, "out": []}

    def apply(self, state: dict, order: dict, *, by_site: bool = False) -> tuple[dict, list[Event]]:
        s = json.loads(json.dumps(state))
        p = order.get("player")
        if p not in (0, 1):
            raise IllegalOrder("seat", "no such seat")
        me = str(p)
        kind = order.get("type")
        if kind == "out":
            if p in s["out"]:
                raise IllegalOrder("out", "already out")
            s["out"].append(p)
            return s, [Event(f"Seat {p + 1} steps out.", "out")]
        if kind == "in":
            if p not in s["out"]:
                raise IllegalOrder("in", "not out")
            s["out"].remove(p)
            return s, [Event(f"Seat {p + 1} is back.", "in")]
        if kind == "ask":
            if p != 0 or "favour" in s["owed"]["1"]:
                raise IllegalOrder("ask", "seat 1 owes a favour already")
            s["owed"]["1"].append("favour")
            return s, [Event("Seat 1 is asked a favour.", "ask")]
        errand = order.get("errand")
        if kind != "do" or errand not in s["owed"][me]:
            raise IllegalOrder("do", f"seat {p + 1} owes {s['owed'][me]}")
        s["owed"][me].remove(errand)
        s["done"][me].append(errand)
        for done, then in NEXT.items():
            if errand in done and not any(x in s["owed"][me] for x in done):
                for seat, errands in then.items():
                    s["owed"][seat] += errands
        return s, [Event(f"Seat {p + 1} did the {errand} errand.", "do")]

    def pending(self, state: dict) -> list[Decision]:
        return [Decision(int(seat), e, f"Do the {e} errand", required=int(seat) not in state["out"],
                         default=f"the {e} errand is done for you")
                for seat in ("0", "1") for e in state["owed"][seat]]

    def round(self, state: dict) -> int:
        return 1

    def timers(self, state: dict) -> list:
        return []

    def accepts(self, state: dict, player: int) -> list[str]:
        return ["do", "out", "in", "ask"]

    def default(self, state: dict, player: int) -> dict:
        return {"type": "do", "player": player, "errand": state["owed"][str(player)][0]}

    def view(self, state: dict, player: int | None) -> dict:
        return state

    def finished(self, state: dict) -> bool:
        return "south" in state["done"]["0"]

    def result(self, state: dict) -> list[int] | None:
        return [1, 1] if self.finished(state) else None

    def summary(self, state: dict) -> list[SeatSummary]:
        return [SeatSummary(s, f"Seat {s + 1}", len(state["done"][str(s)])) for s in (0, 1)]

    def stage(self, state: dict) -> str:
        return "Game over" if self.finished(state) else "Errands"

    def pick_order(self, state: dict) -> list[int] | None:
        return None

    def placement_done(self, state: dict) -> bool:
        return True

    def board_table(self, view: dict) -> Table:
        return Table("Errands", ["seat", "owed"], [[s, ", ".join(view["owed"][s])] for s in ("0", "1")])

    def hand(self, view: dict) -> list[str]:
        return []

    def public_messages(self, view: dict) -> list[tuple[int, str]]:
        return []

    def commands(self, state: dict, player: int) -> dict[str, dict]:
        return {}

    def standing_kinds(self) -> dict[str, str]:
        return {e: f"{e.capitalize()}: do it when the time comes" for e in ("north", "east", "west", "south")}

    def standing_schema(self) -> dict[str, dict]:
        return {k: {"type": "object"} for k in self.standing_kinds()}

    def parse_standing(self, kind: str, spec: Any) -> dict:
        if kind not in self.standing_kinds() or spec != {}:
            raise IllegalOrder("standing", "an errand's standing order is {}")
        return {}

    def standing_order(self, state: dict, player: int, kind: str, spec: Any) -> dict | None:
        return {"type": "do", "player": player, "errand": kind}

    def bot(self, state: dict, seat: int, rng_seed: str) -> dict:
        return self.default(state, seat)

    def is_site_order(self, order: dict) -> bool:
        return False

    def dumps(self, state: dict) -> str:
        return json.dumps(state, sort_keys=True)

    def loads(self, text: str) -> dict:
        return json.loads(text)

    def digest(self, state: dict) -> str:
        return hashlib.sha256(self.dumps(state).encode()).hexdigest()
