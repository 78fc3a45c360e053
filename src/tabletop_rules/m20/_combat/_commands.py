"""The commands of an m20 combat: main actions, free declarations, answers and GM rulings.

Every command names its ``actor``; ``decide`` checks each field's type (from these classes'
attrs fields) before any rule reads it.
The GM's round commands are the kit's :class:`~tabletop_rules.kit.EndRound` and
:class:`~tabletop_rules.kit.EndCombat`.
"""

from __future__ import annotations

import attrs

from tabletop_rules.engine import Pass
from tabletop_rules.kit import GM, EndCombat, EndRound
from tabletop_rules.m20._character import Specialty
from tabletop_rules.m20._checks import AttackKind, Stance
from tabletop_rules.m20._combat._values import (
    NO_BOOSTS,
    AttackMode,
    Boosts,
    DefenseBoosts,
    HinderChoice,
)


@attrs.frozen(kw_only=True)
class Attack:
    """Main action: attack (M20-051), 雙重攻擊 (two targets) or 範圍攻擊 (every one named).

    .. versionadded:: 0.1.0
    """

    #: Who attacks.
    actor: str
    #: The targets — one; two for 雙重攻擊 (may be the same twice), in the order of the
    #: strikes; any number for 範圍攻擊 (every creature in the area, named by the caller).
    targets: tuple[str, ...]
    #: Physical (物攻 against 物防) or special (特攻 against 特防).
    kind: AttackKind = AttackKind.PHYSICAL
    #: Single, double or area.
    mode: AttackMode = AttackMode.SINGLE
    #: What the attack checks take beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: What each defender's defense check takes, by defender.
    defense_boosts: tuple[DefenseBoosts, ...] = ()


@attrs.frozen(kw_only=True)
class Hide:
    """Main action: hide from *target* (M20-052); *kind* chooses 物攻 or 特攻.

    .. versionadded:: 0.1.0
    """

    #: Who hides.
    actor: str
    #: From whom.
    target: str
    #: How the hiding is done, physical (物攻) or special (特攻).
    kind: AttackKind = AttackKind.PHYSICAL
    #: What the check takes beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate, +1 each, at most +3 (M20-042..046).
    helpers: tuple[str, ...] = ()


@attrs.frozen
class FocusDefense:
    """Main action: +2 to your defense checks this round (M20-055).

    .. versionadded:: 0.1.0
    """

    #: Who focuses.
    actor: str


@attrs.frozen(kw_only=True)
class Assist:
    """Main action: help *ally*'s next attack on *target* (M20-057, M20-058).

    .. versionadded:: 0.1.0
    """

    #: Who assists.
    actor: str
    #: The creature the ally will attack.
    target: str
    #: The ally who gets the bonus.
    ally: str
    #: How the assist is done, physical (物防) or special (特防).
    kind: AttackKind = AttackKind.PHYSICAL
    #: What the check takes beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate, +1 each, at most +3 (M20-042..046).
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Hinder:
    """Main action: worsen *target*'s next attack or defense check (M20-059, M20-060).

    .. versionadded:: 0.1.0
    """

    #: Who hinders.
    actor: str
    #: Whom.
    target: str
    #: Which check of the target, chosen at once.
    choice: HinderChoice
    #: How the hinder is done, physical (物攻) or special (特攻).
    kind: AttackKind = AttackKind.PHYSICAL
    #: What the check takes beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate, +1 each, at most +3 (M20-042..046).
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Heal:
    """Main action: 治療 (M20-087, M20-088), on yourself or another, unconscious included.

    .. versionadded:: 0.1.0
    """

    #: Who heals.
    actor: str
    #: Whom.
    target: str
    #: Whether the healing is magical or psionic (知識 + 特防 instead of 物防).
    magical: bool = False
    #: What the check takes beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate, +1 each, at most +3 (M20-042..046).
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class FirstAid:
    """Main action: first aid on a target at exactly max HP − 1 (M20-062..064).

    .. versionadded:: 0.1.0
    """

    #: Who gives first aid.
    actor: str
    #: Whom.
    target: str
    #: Whether the healing is magical or psionic (知識 + 特防 instead of 物防).
    magical: bool = False
    #: What the check takes beyond the rules (reward items, GM terms, a reroll).
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate, +1 each, at most +3 (M20-042..046).
    helpers: tuple[str, ...] = ()


@attrs.frozen
class Summon:
    """Main action: 召喚師, once a combat (M20-119, M20-124).

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str


@attrs.frozen
class SplitFocus:
    """Free, before your first main action: 分神援護's extra main action (M20-078).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen
class CoolDown:
    """Free, before a main action, once a round: 冷卻 (M20-090, M20-091).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen
class Frenzy:
    """Free, before a main action, once a round: 狂暴 (M20-114, M20-115).

    .. versionadded:: 0.1.0
    """

    #: Who declares it.
    actor: str


@attrs.frozen(kw_only=True)
class WideGuard:
    """Free, on your turn, once a round: 廣域防禦 over *protected* (M20-082..084).

    .. versionadded:: 0.1.0
    """

    #: The guard.
    actor: str
    #: The creatures whose next attack the guard takes.
    protected: tuple[str, ...]


@attrs.frozen
class Dismiss:
    """Free, any time no question waits: send your summon back (M20-123).

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str


@attrs.frozen
class UseDecisiveStrike:
    """Answer: spend 必殺一擊 on the attack that would miss (M20-098).

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class UseNarrowEscape:
    """Answer: spend 危機閃避 on the defense that would fail (M20-076).

    .. versionadded:: 0.1.0
    """

    #: The defender.
    actor: str


@attrs.frozen
class BoostDamage:
    """Answer: spend 傷害增幅 on the hit (M20-109).

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class UseIndomitable:
    """Answer: spend 頑強不屈, HP 1 instead of 0 (M20-134).

    .. versionadded:: 0.1.0
    """

    #: The one hit.
    actor: str


@attrs.frozen(kw_only=True)
class RuleFallen:
    """GM ruling: a non-player character at 0 HP is unconscious or dead (M20-066).

    .. versionadded:: 0.1.0
    """

    #: The fallen non-player character.
    target: str
    #: Dead (``True``) or unconscious (``False``).
    dead: bool
    #: The GM.
    actor: str = GM


@attrs.frozen(kw_only=True)
class DangerCheck:
    """GM ruling: a participant makes a specialty check against a danger (M20-009, M20-056).

    Dodging falling rocks, climbing under fire: the check uses the specialty and stance the
    GM names (the attribute follows them, M20-038, M20-039), 專注防禦's +2 when it is a dodge,
    分神援護's −2, the summoner's penalty, 廣域防禦's +1, 專精特長 for the situation, helpers
    and boosts. It takes no main action.

    .. versionadded:: 0.1.0
    """

    #: Who makes the check.
    participant: str
    #: The specialty it uses.
    specialty: Specialty
    #: Its difficulty (4, 8, 12, 16 on the ladder, or any whole number).
    difficulty: int
    #: Acting (物攻 or 特攻) or reacting (物防 or 特防).
    stance: Stance = Stance.REACTING
    #: Whether it dodges a danger, so that 專注防禦's +2 applies (M20-056).
    dodge: bool = True
    #: The situation, for 專精特長 (the GM agreed it applies).
    situation: str | None = None
    #: What the check takes beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: The ids of the helpers who cooperate.
    helpers: tuple[str, ...] = ()
    #: The GM.
    actor: str = GM


#: Every m20 combat command (a union, tagged by class name in JSON).
Command = (
    Attack
    | Hide
    | FocusDefense
    | Assist
    | Hinder
    | Heal
    | FirstAid
    | Summon
    | SplitFocus
    | CoolDown
    | Frenzy
    | WideGuard
    | Dismiss
    | UseDecisiveStrike
    | UseNarrowEscape
    | BoostDamage
    | UseIndomitable
    | Pass
    | EndRound
    | EndCombat
    | RuleFallen
    | DangerCheck
)
