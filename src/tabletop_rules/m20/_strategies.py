"""Hypothesis strategies for m20 values: characters and combat setups.

Public through :mod:`tabletop_rules.m20.strategies`; this module imports Hypothesis, so the
``tabletop_rules.m20`` package never imports it.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable, Mapping

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.strategies import SearchStrategy

from tabletop_rules.m20._character import Attributes, Character, Specialty, Tendency
from tabletop_rules.m20._combat._values import MAX_PARTICIPANTS, CombatSetup, Participant
from tabletop_rules.m20._ledger import SCENARIO_LIMITS, ScenarioLedger
from tabletop_rules.m20._skills import Skill, SkillPick

__all__ = ["characters", "setups"]

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


@st.composite
def _setups(draw: st.DrawFn, min_participants: int, max_participants: int) -> CombatSetup:
    count = draw(st.integers(min_participants, max_participants))
    sides = draw(st.integers(2, min(3, count)))
    participants: list[Participant] = []
    for index in range(count):
        character = draw(characters())
        # The first participants of each side start above 0 HP, so two sides can fight.
        low = 1 if index < sides else 0
        participants.append(
            Participant(
                id=f"p{index}",
                character=character,
                side=f"side{index % sides}",
                player=draw(st.booleans()),
                hp=draw(st.none() | st.integers(low, character.max_hp)),
            )
        )
    ledger = ScenarioLedger()
    for participant in participants:
        for skill, limit in SCENARIO_LIMITS.items():
            for _ in range(draw(st.integers(0, limit))):
                ledger = ledger.spend(participant.id, skill)
    return CombatSetup(participants=participants, ledger=ledger)


def setups(*, min_participants: int = 2, max_participants: int = 4) -> SearchStrategy[CombatSetup]:
    """Setups of m20 combats: valid characters on two or three sides, carried HP and uses.

    Participants are called ``p0``, ``p1``, ...; each is a player character or GM-run, starts
    at max HP or at a carried HP (the first of each side above 0), and has spent some of its
    uses per scenario.

    Args:
        min_participants: The fewest participants (2 or more).
        max_participants: The most participants (``min_participants`` to 12, the most a
            combat takes).

    Returns:
        A strategy for :class:`~tabletop_rules.m20.CombatSetup`, ready for
        :func:`~tabletop_rules.testing.strategies.games` with ``tabletop_rules.m20.RULESET``.

    Raises:
        InvalidArgument: The bounds are not whole numbers with
            ``2 <= min_participants <= max_participants <= 12``.

    .. versionadded:: 0.1.0
    """
    for name, value in (
        ("min_participants", min_participants),
        ("max_participants", max_participants),
    ):
        if type(value) is not int or not 2 <= value <= MAX_PARTICIPANTS:
            raise InvalidArgument(f"{name}={value!r} must be an int from 2 to {MAX_PARTICIPANTS}")
    if min_participants > max_participants:
        raise InvalidArgument(
            f"min_participants={min_participants!r} must not be greater than "
            f"max_participants={max_participants!r}"
        )
    return _setups(min_participants, max_participants)
