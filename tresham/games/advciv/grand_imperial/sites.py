"""City advances on the board: the sites of ``variant_state["sites"]`` (design section 4.2;
GI-CITYADV, GI-CARULE-01..03, GI-CARULE-06).

A site is the area of a city that holds city advances::

    variant_state["sites"][area] = {"owner": nation, "active": [advance ids],
                                    "flipped": [], "decay": None}

``active`` advances work (when their city is not in Revolt, GI-CARULE-06); ``flipped`` ones
are face down and ``decay`` is the site's end-of-turn decay once its city has left the board
(GI-CARULE-04: ``None``, ``"flip"`` or ``"lose"``). This slice (city advances I) never flips
nor decays: those two keys are in the format for the damage slice, which replaces
:func:`city_left`. Until it lands, a site whose city leaves the board loses its advances
(ruling GIA-9).

Invariants (:func:`invariants`): the owner of a site that is not decaying has a city there;
no player has two Palaces (GIR-42); advances are known, and none twice in one site (GIR-47).

The functions take a :class:`Context` (or, for the read-only ones, a ``GameState``) and iterate in
area order, so every rule that reads them is deterministic.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterator

from ..data import PIRATES
from ..state import GameState
from . import data as gi

KEY = "sites"
PALACE = "palace"


def _state(x) -> GameState:
    return x if isinstance(x, GameState) else x.s


def all_sites(x) -> dict[str, dict[str, Any]]:
    """The sites by area (the live dict of ``variant_state``; empty when there are none)."""
    return _state(x).variant_state.get(KEY, {})


def site(x, area: str) -> dict[str, Any] | None:
    """The site in ``area``, or None."""
    return all_sites(x).get(area)


def has(x, area: str, advance: str) -> bool:
    """Whether the site in ``area`` holds ``advance`` face up (active)."""
    s = site(x, area)
    return s is not None and advance in s["active"]


def holds(x, area: str, advance: str) -> bool:
    """Whether the site in ``area`` holds ``advance`` at all, face up or flipped (GIR-47)."""
    s = site(x, area)
    return s is not None and (advance in s["active"] or advance in s["flipped"])


def add(g, area: str, owner: str, advance: str) -> None:
    """Put ``advance`` face up on ``owner``'s city in ``area`` (GI-CARULE-01), making the site
    if there is none. The caller has checked the purchase (``purchase.check_line``)."""
    sites = g.s.variant_state.setdefault(KEY, {})
    s = sites.setdefault(area, {"owner": owner, "active": [], "flipped": [], "decay": None})
    if s["owner"] != owner or advance in s["active"] or advance in s["flipped"]:
        raise RuntimeError(f"{advance} cannot be added to the site in {area}: {s}")
    s["active"].append(advance)


def remove(g, area: str, advance: str) -> bool:
    """Take ``advance`` off the site in ``area`` (face up or flipped); a site left with no
    advance is dropped, a decaying one too (it has nothing left to decay: the calamities'
    invariant "decays with nothing left"). Gives whether it was there."""
    s = site(g, area)
    if s is None:
        return False
    found = False
    for key in ("active", "flipped"):
        if advance in s[key]:
            s[key].remove(advance)
            found = True
    if not s["active"] and not s["flipped"]:
        drop(g, area)
    return found


def drop(g, area: str) -> dict[str, Any] | None:
    """Remove the whole site in ``area``; gives it (None if there was none)."""
    sites = g.s.variant_state.get(KEY)
    if not sites or area not in sites:
        return None
    s = sites.pop(area)
    if not sites:
        del g.s.variant_state[KEY]
    return s


def sites_of(x, nation: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """``nation``'s sites as (area, site), in area order."""
    for area, s in sorted(all_sites(x).items()):
        if s["owner"] == nation:
            yield area, s


def advances_of(x, nation: str, *, flipped: bool = False) -> list[tuple[str, str]]:
    """``nation``'s advances on the board as (area, advance), in area order then the order
    they were placed: the face-up ones, and with ``flipped`` the face-down ones too (their
    victory points count, GI-AST-04)."""
    out = []
    for area, s in sites_of(x, nation):
        out += [(area, a) for a in s["active"]]
        if flipped:
            out += [(area, a) for a in s["flipped"]]
    return out


def in_revolt(x, area: str) -> bool:
    """Whether the city in ``area`` is in Revolt (GI-LUX-04, GI-CARULE-06): its disposition
    (``dispositions.disposition``, from its luxury die) is Revolt. No die: Content (GIR-28)."""
    from .dispositions import REVOLT, disposition

    st = _state(x)
    if area not in st.board.cities or area not in (st.variant_state.get("luxury") or {}):
        return False
    g = x if not isinstance(x, GameState) else _game(x)
    return disposition(g, area) == REVOLT


def _game(state: GameState):
    from ..variant import game_for

    return game_for(state)


def working(x, nation: str) -> list[tuple[str, str]]:
    """The advances that work for ``nation`` (GI-CARULE-06, GI-LUX-04): face up, on a city of
    his that is not in Revolt. As (area, advance), in area order."""
    st = _state(x)
    return [(area, a) for area, a in advances_of(st, nation)
            if st.board.cities.get(area) == nation and not in_revolt(x, area)]


def working_kinds(x, nation: str) -> set[str]:
    """The distinct kinds of advance working for ``nation``: civilization-wide effects count
    once however many cities hold them (GI-CARULE-02, -03)."""
    return {a for _, a in working(x, nation)}


def working_in(x, area: str) -> list[str]:
    """The advances working in the city in ``area`` (its owner's site, GI-CARULE-06)."""
    st = _state(x)
    s = site(st, area)
    if s is None or st.board.cities.get(area) != s["owner"] or in_revolt(x, area):
        return []
    return list(s["active"])


def capital_of(x, nation: str) -> str | None:
    """The area of ``nation``'s capital: his city with a face-up Palace (GI-CITYADV-14), or
    None."""
    for area, s in sites_of(x, nation):
        if PALACE in s["active"]:
            return area
    return None


def palace_of(x, nation: str) -> str | None:
    """Where ``nation``'s Palace stands, face up or flipped (one per player, GIR-42), or None."""
    for area, s in sites_of(x, nation):
        if PALACE in s["active"] or PALACE in s["flipped"]:
            return area
    return None


def points(x, nation: str) -> int:
    """Victory points of ``nation``'s advances on the board, face up or flipped: each its
    printed cost (GI-AST-04, GIR-55, GID-15)."""
    adv = gi.city_advances()
    return sum(adv[a].victory_points for _, a in advances_of(x, nation, flipped=True))


def advances_view(g) -> dict[str, Any]:
    """What everyone sees of the city advances (design 4.3: public at once): the sites, each
    nation's research points and capital; keys left out when empty."""
    from .research import research

    out: dict[str, Any] = {}
    if all_sites(g):
        out["sites"] = {a: {k: (list(v) if isinstance(v, list) else v) for k, v in s.items()}
                        for a, s in sorted(all_sites(g).items())}
    nations = [p.nation for p in g.active()]
    rp = {n: k for n in nations if (k := research(g, n))}
    if rp:
        out["research"] = rp
    capitals = {n: c for n in nations if (c := capital_of(g, n))}
    if capitals:
        out["capitals"] = capitals
    return out


# ---- cities leaving the board or changing hands -----------------------------------------

def _lost_text(g, area: str, owner: str, lost: list[str]) -> None:
    adv = gi.city_advances()
    names = ", ".join(adv[a].name for a in lost)
    g.emit(f"{g.possessive(owner)} city advances in {g.area_name(area)} are lost ({names}).",
           "advances_lost", area=area, nation=owner, advances=list(lost))


def city_left(g, area: str, owner: str) -> None:
    """A city left the board. Attacked and destroyed in the conflict phase
    (``g.damage_rule == "flip"``, GI-CARULE-04, GIR-48): its Palace is removed (GIR-42), one
    random advance is flipped and the site starts the ``"flip"`` decay (:func:`damage`).
    Removed by a calamity that takes advances, the calamity's own loss and decay
    (``calamities.damage``, GI-CAL-01..11). Otherwise (reduced for lack of support, destroyed
    by a calamity that takes none...), its advances are lost (GIA-9)."""
    s = site(g, area)
    if s is None or s["decay"] is not None:
        return
    if getattr(g, "damage_rule", None) == "flip":
        damage(g, area)
        return
    from .calamities.damage import city_left as calamity_damage

    if calamity_damage(g, area):
        return
    drop(g, area)
    lost = s["active"] + s["flipped"]
    if lost:
        _lost_text(g, area, s["owner"], lost)


def _flip_one(g, s: dict[str, Any]) -> str | None:
    """Turn one random face-up advance of site ``s`` face down (``g.rng``); gives it."""
    if not s["active"]:
        return None
    a = s["active"].pop(g.rng.below(len(s["active"])))
    s["flipped"].append(a)
    return a


def damage(g, area: str) -> None:
    """GI-CARULE-04: the city on the site in ``area`` was attacked and forced to reduce: a
    Palace is removed (GIR-42: never taken over), one random advance is flipped, and at the
    end of every turn until a city is rebuilt there the flipped ones are removed and one more
    is flipped (``"flip"`` decay, :func:`decay`)."""
    s = site(g, area)
    if s is None:
        return
    owner = s["owner"]
    if PALACE in s["active"] or PALACE in s["flipped"]:
        for key in ("active", "flipped"):
            if PALACE in s[key]:
                s[key].remove(PALACE)
        _lost_text(g, area, owner, [PALACE])
    flipped = _flip_one(g, s)
    s["decay"] = "flip"
    if not s["active"] and not s["flipped"]:
        drop(g, area)
        return
    adv = gi.city_advances()
    g.emit(f"{g.possessive(owner)} city advances in {g.area_name(area)} are damaged"
           + (f": the {adv[flipped].name} is flipped over" if flipped else "")
           + " (GI-CARULE-04).", "advances_damaged", area=area, nation=owner, flipped=flipped)


def decay(g) -> None:
    """GI-CARULE-04, end of turn: on every site without its city, ``"flip"`` decay removes
    the flipped advances and flips one more; ``"lose"`` decay removes one random advance.
    A site left with nothing is dropped. Sites in area order, choices by ``g.rng``."""
    adv = gi.city_advances()
    for area, s in sorted(all_sites(g).items()):
        if s["decay"] is None:
            continue
        lost: list[str] = []
        if s["decay"] == "flip":
            lost, s["flipped"] = s["flipped"], []
            flipped = _flip_one(g, s)
        else:
            pool = s["active"] + s["flipped"]
            flipped = None
            if pool:
                a = pool[g.rng.below(len(pool))]
                s["active" if a in s["active"] else "flipped"].remove(a)
                lost = [a]
        if lost:
            _lost_text(g, area, s["owner"], lost)
        if flipped:
            g.emit(f"{g.possessive(s['owner'])} {adv[flipped].name} in {g.area_name(area)} is "
                   "flipped over (GI-CARULE-04).", "advance_flipped", area=area,
                   nation=s["owner"], advance=flipped)
        if not s["active"] and not s["flipped"]:
            drop(g, area)


def city_built(g, area: str, owner: str) -> None:
    """A city was built in ``area``: a decaying site there stops decaying (GI-CARULE-04). Its
    owner's city has the advances back, the flipped ones to restore at half price; a city of
    anyone else finds them lost (GIA-17)."""
    s = site(g, area)
    if s is None or s["decay"] is None:
        return
    if s["owner"] == owner:
        s["decay"] = None
        adv = gi.city_advances()
        g.emit(f"{g.possessive(owner)} new city in {g.area_name(area)} has its city advances "
               "again (" + ", ".join(adv[a].name + (" (flipped)" if a in s["flipped"] else "")
                                     for a in s["active"] + s["flipped"]) + ").",
               "advances_rebuilt", area=area, nation=owner)
        return
    drop(g, area)
    _lost_text(g, area, s["owner"], s["active"] + s["flipped"])


def raze(g, area: str, nation: str) -> int:
    """GI-CARULE-05: ``nation`` razes the advances on the site in ``area``: all removed, and 3
    tokens (the data's ``raze_tokens_per_advance``) per advance from his stock to treasury,
    as far as it allows. Gives the tokens moved."""
    s = drop(g, area)
    if s is None:
        return 0
    gone = s["active"] + s["flipped"]
    moved = g.to_treasury(nation, gi.city_advance_rules().raze_tokens_per_advance * len(gone))
    adv = gi.city_advances()
    g.emit(f"{g.name(nation)} razes the city advances in {g.area_name(area)} ("
           + ", ".join(adv[a].name for a in gone) + f") and moves {moved} tokens to treasury.",
           "advances_razed", nation=nation, area=area, advances=gone, tokens=moved)
    return moved


def keep(g, area: str, nation: str) -> None:
    """GI-CARULE-05: ``nation`` keeps the advances on the site in ``area``: a city he builds
    there acquires those that remain (the site becomes his, still decaying)."""
    s = site(g, area)
    if s is None:
        return
    old, s["owner"] = s["owner"], nation
    g.emit(f"{g.name(nation)} keeps the city advances in {g.area_name(area)} for a city of his "
           "(they decay until one is built there).", "advances_kept", nation=nation, area=area, old=old)


def take_over(g, area: str, old: str, new: str, site_before: dict[str, Any] | None) -> None:
    """A city changed owner without a fight (tax revolt, Treachery, Civil War, Monotheism...):
    its advances go with it to the new owner, but the Palace, which is never taken over, and
    a pirate city keeps none (GIR-57, GIR-42)."""
    if site_before is None:
        return
    kept = [a for a in site_before["active"] if a != PALACE]
    kept_flipped = [a for a in site_before["flipped"] if a != PALACE]
    lost = [a for a in site_before["active"] + site_before["flipped"] if a not in kept + kept_flipped]
    if new == PIRATES:
        kept, kept_flipped, lost = [], [], site_before["active"] + site_before["flipped"]
    if lost:
        _lost_text(g, area, old, lost)
    if kept or kept_flipped:
        g.s.variant_state.setdefault(KEY, {})[area] = {
            "owner": new, "active": kept, "flipped": kept_flipped, "decay": None}
        adv = gi.city_advances()
        g.emit(f"{g.possessive(new)} city in {g.area_name(area)} keeps its city advances ("
               + ", ".join(adv[a].name for a in kept + kept_flipped) + ").",
               "advances_taken_over", area=area, nation=new, old=old, advances=kept + kept_flipped)


# ---- checks -----------------------------------------------------------------------------

def invariants(state: GameState) -> list[str]:
    """The sites' invariants (design section 4.2): every advance known, none twice on a site
    (GIR-47); a site not decaying stands on a city of its owner; no player has two Palaces
    (GIR-42)."""
    out: list[str] = []
    known = gi.city_advances()
    palaces: Counter = Counter()
    for area, s in sorted(all_sites(state).items()):
        if set(s) != {"owner", "active", "flipped", "decay"}:
            out.append(f"the site in {area} has the keys {sorted(s)}")
            continue
        both = list(s["active"]) + list(s["flipped"])
        unknown = sorted(set(both) - set(known))
        if unknown:
            out.append(f"the site in {area} holds unknown advances {unknown}")
        twice = sorted(a for a, n in Counter(both).items() if n > 1)
        if twice:
            out.append(f"the site in {area} holds {', '.join(twice)} twice")
        if s["decay"] not in (None, "flip", "lose"):
            out.append(f"the site in {area} has the decay {s['decay']!r}")
        if s["decay"] is None and state.board.cities.get(area) != s["owner"]:
            out.append(f"the site in {area} is {s['owner']}'s but {area} holds "
                       f"{state.board.cities.get(area) or 'no'} city")
        if not both and s["decay"] is None:
            out.append(f"the site in {area} holds no advance")
        if PALACE in both:
            palaces[s["owner"]] += 1
    for nation, n in sorted(palaces.items()):
        if n > 1:
            out.append(f"{nation} has {n} Palaces (one per player, GIR-42)")
    return out
