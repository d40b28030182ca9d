"""The site's code of conduct (SITE-CONDUCT-01..11), in the site's own words.

Each rule says whether a player may report another under it: rule 9 says what is *not* a
breach (hard play within the game's rules), rule 10 is how reporting works, so neither is a
ground for a report.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    number: int
    title: str
    text: str
    reportable: bool = True

    @property
    def site_id(self) -> str:
        """The rule's ID in the behaviour checklist, e.g. ``SITE-CONDUCT-02``."""
        return f"SITE-CONDUCT-{self.number:02d}"


RULES: tuple[Rule, ...] = (
    Rule(1, "Be kind", "Treat everyone at the table with courtesy and good will."),
    Rule(2, "No abuse", "Insults, crude language aimed at someone and belittling remarks are not accepted; "
                        "neither is any attack on a person's sex or gender, origin, sexual orientation, "
                        "faith or culture."),
    Rule(3, "Finish what you join", "Sign up for a game only when you mean to play it to the end. Leaving "
                                    "because you are losing or annoyed with someone spoils the game for the "
                                    "rest; leaving because real life got in the way is understood."),
    Rule(4, "Keep to the game's pace", "The creator chose the time limit; play within it. If you can only "
                                       "look in once a day, pick games with limits of a day or more. "
                                       "Availability windows help, but do not replace this."),
    Rule(5, "Pause only when you must", "Ask for a pause when you really will be offline (a trip, an "
                                        "emergency) or when the site keeps you from playing. Pausing to "
                                        "stretch or dodge the time limits is a breach of this code."),
    Rule(6, "Quit rather than vanish", "If you cannot go on with a game, quit it so that someone else can "
                                       "take over your nation. Sitting in a game you will not finish "
                                       "ruins it for everybody."),
    Rule(7, "Removal is for absent players", "Speeding up the removal of a player who misses orders is meant "
                                             "for players who are really gone, never for pushing out "
                                             "someone you dislike or want to punish."),
    Rule(8, "One person, one nation", "Never use a second account to play more than one nation in the "
                                      "same game."),
    Rule(9, "Hard play is fair play", "Anything the game's rules allow is allowed here: ganging up on the "
                                      "leader, or promising three cards and handing over two and a "
                                      "calamity. It may cost you friends, but it is not a breach of this "
                                      "code. If it happens to you, learn from it and answer on the board.",
         reportable=False),
    Rule(10, "Reporting", "If you believe a player broke one of these rules, report him to the "
                          "administrators (use the Report link, which e-mails them). They decide what to do; "
                          "a serious breach can get an account warned, suspended or banned from the site.",
         reportable=False),
    Rule(11, "Enjoy it", "Above all this is a game and we are here to have a good time: no need for anyone "
                         "to be nasty."),
)

BY_NUMBER: dict[int, Rule] = {r.number: r for r in RULES}
REPORTABLE: tuple[Rule, ...] = tuple(r for r in RULES if r.reportable)


def report_choices() -> list[tuple[int, str]]:
    """The rules a report may be about, as form choices."""
    return [(r.number, f"{r.number}. {r.title}") for r in REPORTABLE]
