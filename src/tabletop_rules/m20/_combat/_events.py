"""The events of an m20 combat: what happened, with every die rolled.

Events that a command produces first, events that answer a prompt, and *automatic* events
that the rules call for on their own (a strike's damage, a fall, a summon vanishing, the end
of a round or of the combat).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from tabletop_rules.checks import CheckResult
from tabletop_rules.m20._character import Specialty
from tabletop_rules.m20._checks import AttackKind, Stance
from tabletop_rules.m20._combat._values import (
    NO_BOOSTS,
    AttackMode,
    Boosts,
    DefenseBoosts,
    HinderChoice,
    Status,
    Strike,
)


def _strikes(values: Iterable[Strike]) -> tuple[Strike, ...]:
    return tuple(values)


@attrs.frozen
class SplitFocusDeclared:
    """分神援護 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen
class CoolDownDeclared:
    """冷卻 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen
class FrenzyDeclared:
    """狂暴 was declared.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen(kw_only=True)
class WideGuardDeclared:
    """廣域防禦 was declared over the protected creatures.

    .. versionadded:: 0.1.0
    """

    #: The guard.
    actor: str
    #: The protected creatures.
    protected: tuple[str, ...]


@attrs.frozen(kw_only=True)
class SummonDismissed:
    """A summoner sent its summon back.

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str
    #: The summon.
    summon: str


@attrs.frozen(kw_only=True)
class Attacked:
    """An attack action: every attack and defense die, judged, strike by strike.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str
    #: Physical or special.
    kind: AttackKind
    #: Single, double or area.
    mode: AttackMode
    #: The targets named by the command.
    aimed: tuple[str, ...]
    #: The strikes, in order.
    strikes: tuple[Strike, ...] = attrs.field(converter=_strikes)
    #: What the attack checks took beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: What each defender's defense check took.
    defense_boosts: tuple[DefenseBoosts, ...] = ()


@attrs.frozen(kw_only=True)
class Hid:
    """A hide check.

    .. versionadded:: 0.1.0
    """

    #: Who hid.
    actor: str
    #: From whom.
    target: str
    #: The way (物攻 or 特攻).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult
    #: What the check took beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: The helpers who cooperated.
    helpers: tuple[str, ...] = ()


@attrs.frozen
class FocusedDefense:
    """專注防禦 was taken.

    .. versionadded:: 0.1.0
    """

    #: Who.
    actor: str


@attrs.frozen(kw_only=True)
class Assisted:
    """An assist check.

    .. versionadded:: 0.1.0
    """

    #: Who assisted.
    actor: str
    #: The creature to be attacked.
    target: str
    #: The ally who gets the bonus.
    ally: str
    #: The way (物防 or 特防).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult
    #: What the check took beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: The helpers who cooperated.
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Hindered:
    """A hinder check.

    .. versionadded:: 0.1.0
    """

    #: Who hindered.
    actor: str
    #: Whom.
    target: str
    #: The target's attack or defense.
    choice: HinderChoice
    #: The way (物攻 or 特攻).
    kind: AttackKind
    #: The check against 10.
    check: CheckResult
    #: What the check took beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: The helpers who cooperated.
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Treated:
    """A 治療 or first-aid check, and the target's HP after it.

    .. versionadded:: 0.1.0
    """

    #: Who treated.
    actor: str
    #: Whom.
    target: str
    #: Whether it was first aid (else 治療).
    first_aid: bool
    #: Whether it was magical (特防).
    magical: bool
    #: The check.
    check: CheckResult
    #: The target's HP afterwards.
    hp: int
    #: What the check took beyond the rules.
    boosts: Boosts = NO_BOOSTS
    #: The helpers who cooperated.
    helpers: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Summoned:
    """A summon appeared.

    .. versionadded:: 0.1.0
    """

    #: The summoner.
    actor: str
    #: The summon's id.
    summon: str
    #: The summon's HP (1, or 2 with 強化召喚物耐久).
    hp: int


@attrs.frozen
class DecisiveStrikeUsed:
    """必殺一擊 was spent: +5 to the attack check.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class NarrowEscapeUsed:
    """危機閃避 was spent: +5 to the defense check.

    .. versionadded:: 0.1.0
    """

    #: The defender.
    actor: str


@attrs.frozen
class DamageBoosted:
    """傷害增幅 was spent: +1 damage.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    actor: str


@attrs.frozen
class IndomitableUsed:
    """頑強不屈 was spent: HP 1 instead of 0.

    .. versionadded:: 0.1.0
    """

    #: The one hit.
    actor: str


@attrs.frozen
class Declined:
    """The one asked passed on the question.

    .. versionadded:: 0.1.0
    """

    #: Who passed.
    actor: str


@attrs.frozen(kw_only=True)
class StrikeResolved:
    """Automatic: a strike's damage (0 for a miss) and the target's HP after it.

    .. versionadded:: 0.1.0
    """

    #: The attacker.
    attacker: str
    #: The defender.
    target: str
    #: Whether it hit.
    hit: bool
    #: The damage dealt.
    damage: int
    #: The target's HP afterwards.
    hp: int
    #: Whether the strike was lost, its target down before it came (雙重攻擊's second
    #: strike), so that its check, hit or miss, dealt nothing.
    lost: bool = False


@attrs.frozen(kw_only=True)
class Fell:
    """Automatic: a combatant reached 0 HP (M20-065, M20-066, M20-121).

    .. versionadded:: 0.1.0
    """

    #: Who.
    participant: str
    #: Unconscious (a player character), down (awaiting the GM) or gone (a summon).
    status: Status


@attrs.frozen
class SummonVanished:
    """Automatic: a summon vanished because its summoner fell (M20-121).

    .. versionadded:: 0.1.0
    """

    #: The summon.
    summon: str


@attrs.frozen(kw_only=True)
class RoundEnded:
    """The round ended: all standing acted (automatic), or the GM ended it.

    .. versionadded:: 0.1.0
    """

    #: The round that ended.
    round: int
    #: Whether the GM ended it.
    by_gm: bool = False


@attrs.frozen(kw_only=True)
class CombatEnded:
    """The combat ended: one side is left standing (automatic), or the GM ended it.

    .. versionadded:: 0.1.0
    """

    #: The winning side, if any.
    winners: tuple[str, ...]
    #: A catalog key saying why.
    reason: str


@attrs.frozen(kw_only=True)
class FallenRuled:
    """The GM ruled a fallen non-player character unconscious or dead.

    .. versionadded:: 0.1.0
    """

    #: Whom.
    target: str
    #: Dead or unconscious.
    dead: bool


@attrs.frozen(kw_only=True)
class DangerChecked:
    """A specialty check against a danger that the GM called for.

    .. versionadded:: 0.2.0
    """

    #: Who made the check.
    participant: str
    #: The specialty it used.
    specialty: Specialty
    #: Acting or reacting.
    stance: Stance
    #: Whether it dodged a danger.
    dodge: bool
    #: The situation, for 專精特長.
    situation: str | None
    #: What the check took beyond the rules.
    boosts: Boosts
    #: The helpers who cooperated.
    helpers: tuple[str, ...]
    #: The check, against the GM's difficulty.
    check: CheckResult


#: Every m20 combat event (a union, tagged by class name in JSON).
Event = (
    SplitFocusDeclared
    | CoolDownDeclared
    | FrenzyDeclared
    | WideGuardDeclared
    | SummonDismissed
    | Attacked
    | Hid
    | FocusedDefense
    | Assisted
    | Hindered
    | Treated
    | Summoned
    | DecisiveStrikeUsed
    | NarrowEscapeUsed
    | DamageBoosted
    | IndomitableUsed
    | Declined
    | StrikeResolved
    | Fell
    | SummonVanished
    | RoundEnded
    | CombatEnded
    | FallenRuled
    | DangerChecked
)

#: The reason of a combat the GM ended.
GM_ENDED: Final = "m20.result.gm_ended"
