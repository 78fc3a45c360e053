"""A duelist: a name and 4 points over skill, guard and vigor, every rule checked at once."""

from __future__ import annotations

from typing import Final

import attrs

from tabletop_rules.errors import InvalidCharacter
from tabletop_rules.i18n import Label

__all__ = ["MAX_NAME", "POINTS", "Character"]

#: The points a character spreads over skill, guard and vigor.
POINTS: Final = 4
#: The longest name, in characters.
MAX_NAME: Final = 40
#: The highest value of each score.
_HIGHEST: Final = {"skill": 3, "guard": 3, "vigor": 2}


@attrs.frozen(kw_only=True)
class Character:
    """A duelist.

    Raises:
        InvalidCharacter: Every rule the character breaks, at once: a name that is empty or
            too long, a score outside its range, more than :data:`POINTS` points.

    >>> Character(name="Kira", skill=2, guard=1, vigor=1).max_hp
    4
    """

    #: The name a log shows.
    name: str
    #: Added to attacks (and to initiative), 0 to 3.
    skill: int = 0
    #: Added to the target number of attacks against the character, 0 to 3.
    guard: int = 0
    #: Extra HP, 0 to 2.
    vigor: int = 0

    def __attrs_post_init__(self) -> None:
        problems: list[tuple[str, dict[str, object]]] = []
        if not isinstance(self.name, str) or not 1 <= len(self.name.strip()) <= MAX_NAME:  # pyright: ignore[reportUnnecessaryIsInstance]
            problems.append(("duel.problem.name", {"most": MAX_NAME}))
        for score, highest in _HIGHEST.items():
            value = getattr(self, score)
            if type(value) is not int or not 0 <= value <= highest:
                label = Label(f"duel.score.{score}")
                problems.append(("duel.problem.score", {"score": label, "highest": highest}))
        scores = [getattr(self, s) for s in _HIGHEST]
        if all(type(v) is int for v in scores) and sum(scores) > POINTS:
            problems.append(("duel.problem.points", {"spent": sum(scores), "points": POINTS}))
        if problems:
            raise InvalidCharacter(problems)

    @property
    def max_hp(self) -> int:
        """3 + vigor."""
        return 3 + self.vigor
