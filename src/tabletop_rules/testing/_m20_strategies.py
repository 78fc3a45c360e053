"""Hypothesis strategies for m20 values (re-exported by :mod:`tabletop_rules.testing.strategies`).

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable, Mapping

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from tabletop_rules.m20 import Attributes, Character, Skill, SkillPick, Specialty, Tendency

__all__ = ["characters"]

_SLOTS = 4

#: Every spread of 10 attribute points with each attribute 0–4, most even first.
_SPREADS: tuple[Attributes, ...] = tuple(
    Attributes(physical_attack=a, special_attack=b, physical_defense=c, special_defense=d)
    for a, b, c, d in sorted(
        (v for v in itertools.product(range(5), repeat=4) if sum(v) == 10),
        key=lambda v: (max(v) - min(v), v),
    )
)


def _avoids(marks: str) -> SearchStrategy[str]:
    # One character that is not a control, separator or surrogate and that no reading of the
    # sheet can take for one of *marks* (NFKC: "：" is ":", "（" is "("; the sheet also reads
    # the rule text's own "︰" as a colon).
    return st.characters(exclude_categories=("C", "Z")).filter(
        lambda ch: (
            not any(mark in unicodedata.normalize("NFKC", ch) for mark in marks)
            and not (":" in marks and ch == "︰")
        )
    )


def _texts(*, min_size: int, max_size: int, avoid: str = "") -> SearchStrategy[str]:
    return st.text(_avoids(avoid), min_size=min_size, max_size=max_size)


def _normalized(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _legal(wanted: Iterable[Skill], slots: int) -> tuple[Skill, ...]:
    """The wanted skills made legal: repeats within limits, prerequisites first, *slots* picks.

    A skill that cannot be added (at its limit, or no room left for its prerequisites)
    becomes 專精特長, which has neither limit nor prerequisite.
    """
    picked: list[Skill] = []
    for skill in wanted:
        room = slots - len(picked)
        if room <= 0:
            break
        missing = sorted(skill.prerequisites - set(picked), key=lambda s: s.value)
        limit = skill.repeat_limit
        if (limit is not None and picked.count(skill) >= limit) or len(missing) + 1 > room:
            picked.append(Skill.EXPERTISE)
            continue
        picked.extend(missing)
        picked.append(skill)
    return tuple(picked)


def _pick(skill: Skill) -> SearchStrategy[SkillPick]:
    situations: SearchStrategy[tuple[str, ...]] = st.just(())
    if skill is Skill.EXPERTISE:
        situations = st.lists(
            _texts(min_size=1, max_size=8, avoid="[]"),
            min_size=2,
            max_size=2,
            unique_by=_normalized,
        ).map(tuple)
    return st.builds(
        SkillPick,
        skill=st.just(skill),
        display_name=st.none() | _texts(min_size=1, max_size=8, avoid=":()"),
        situations=situations,
    )


@st.composite
def _characters(
    draw: st.DrawFn,
    min_picks: int,
    max_picks: int,
    picks: Mapping[Skill, SearchStrategy[SkillPick]],
) -> Character:
    count = draw(st.integers(min_picks, max_picks))
    wanted = draw(st.lists(_SKILLS, min_size=count, max_size=count))
    return Character(
        name=draw(_NAMES),
        description=draw(_DESCRIPTIONS),
        attributes=draw(_ATTRIBUTES),
        tendency=draw(_TENDENCIES),
        bonus_specialty=draw(_SPECIALTIES),
        picks=tuple(draw(picks[skill]) for skill in _legal(wanted, count)),
    )


# Strategies are built once: building one per draw would cost more than drawing from it.
_SKILLS = st.sampled_from(list(Skill))
_NAMES = _texts(min_size=1, max_size=10)
_DESCRIPTIONS = _texts(min_size=0, max_size=20)
_ATTRIBUTES = st.sampled_from(_SPREADS)
_TENDENCIES = st.sampled_from(Tendency)
_SPECIALTIES = st.sampled_from(Specialty)


def characters(*, min_picks: int = 0, max_picks: int = _SLOTS) -> SearchStrategy[Character]:
    """Valid m20 characters, built valid (nothing is filtered out).

    Attributes are one of the 68 spreads of 10 points; skills are drawn from every
    :class:`~tabletop_rules.m20.Skill`, then made legal: a skill at its repeat limit, or
    without room for its prerequisite, becomes 專精特長, and a prerequisite is picked just
    before the skill that needs it.
    Names, descriptions, display names and situations are one line of any text a sheet can
    hold, so every character survives :func:`~tabletop_rules.m20.format_sheet` and
    :func:`~tabletop_rules.m20.parse_sheet`.

    Args:
        min_picks: The fewest skill picks (0 to 4).
        max_picks: The most skill picks (``min_picks`` to 4).

    Returns:
        A strategy for :class:`~tabletop_rules.m20.Character`.

    Raises:
        InvalidArgument: The bounds are not whole numbers with
            ``0 <= min_picks <= max_picks <= 4``.

    .. versionadded:: 0.1.0
    """
    for name, value in (("min_picks", min_picks), ("max_picks", max_picks)):
        if type(value) is not int or not 0 <= value <= _SLOTS:
            raise InvalidArgument(f"{name}={value!r} must be an int from 0 to {_SLOTS}")
    if min_picks > max_picks:
        raise InvalidArgument(
            f"min_picks={min_picks!r} must not be greater than max_picks={max_picks!r}"
        )
    return _characters(min_picks, max_picks, {skill: _pick(skill) for skill in Skill})
