"""The events of an m20 combat: what happened, with every die rolled.

Events that a command produces first, events that answer a prompt, and *automatic* events
that the rules call for on their own (a strike's damage, a fall, a summon vanishing, the end
of a round or of the combat).
An event holds what happened and what its fold needs, not its command: a record keeps each
command beside its events (:class:`~tabletop_rules.engine.Entry`).
The round's end and the combat's are the kit's :class:`~tabletop_rules.kit.RoundEnded` and
:class:`~tabletop_rules.kit.CombatEnded`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tabletop_rules.checks import CheckResult
from tabletop_rules.kit import CombatEnded, RoundEnded
from tabletop_rules.m20._character import Specialty
from tabletop_rules.m20._combat._values import AttackMode, HinderChoice, Status, Strike


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
    #: Single, double or area.
    mode: AttackMode
    #: The targets named by the command.
    aimed: tuple[str, ...]
    #: The strikes, in order.
    strikes: tuple[Strike, ...] = attrs.field(converter=_strikes)


@attrs.frozen(kw_only=True)
class Hid:
    """A hide check.

    .. versionadded:: 0.1.0
    """

    #: Who hid.
    actor: str
    #: From whom.
    target: str
    #: The check against 10.
    check: CheckResult


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
    #: The check against 10.
    check: CheckResult


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
    #: The check against 10.
    check: CheckResult


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
    #: The check.
    check: CheckResult
    #: The target's HP afterwards.
    hp: int


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

    .. versionadded:: 0.1.0
    """

    #: Who made the check.
    participant: str
    #: The specialty it used.
    specialty: Specialty
    #: Whether it dodged a danger (專注防禦's +2 applied).
    dodge: bool
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
