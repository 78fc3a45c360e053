"""Artifacts (アーティファクト) and the session ledger that remembers which are spent.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from tabletop_rules.errors import IllegalCommand, InvalidCheck
from tabletop_rules.kit import checked_text

__all__ = ["MAX_ARTIFACTS", "SessionLedger"]

#: The most artifacts a party holds (BAY-48, 「１２個あるそれは」).
MAX_ARTIFACTS = 12


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _spent(values: Iterable[str]) -> frozenset[str]:
    return frozenset(values)


@attrs.frozen(kw_only=True)
class SessionLedger:
    """The party's artifacts and those spent this session (BAY-47 to BAY-49).

    The caller carries it from battle to battle, as m20's scenario ledger, and calls
    :meth:`next_session` when a new session starts.
    The text gives no artifact's effect, so an artifact is a name: using one records the
    use, and the GM applies what it does.

    >>> from tabletop_rules.bayside23 import SessionLedger
    >>> ledger = SessionLedger(artifacts=("星の指輪", "時の砂"))
    >>> ledger = ledger.use("時の砂")
    >>> ledger.available
    ('星の指輪',)
    >>> ledger.next_session().available
    ('星の指輪', '時の砂')

    .. versionadded:: 0.1.0
    """

    #: The artifacts the party holds, at most 12, each named once (BAY-48).
    artifacts: tuple[str, ...] = attrs.field(default=(), converter=_names)
    #: The artifacts used this session, spent until the next (BAY-49).
    spent: frozenset[str] = attrs.field(default=frozenset(), converter=_spent)

    def __attrs_post_init__(self) -> None:
        if len(self.artifacts) > MAX_ARTIFACTS:
            raise InvalidCheck(
                "bayside23.error.too_many_artifacts", count=len(self.artifacts), most=MAX_ARTIFACTS
            )
        names: tuple[object, ...] = self.artifacts
        if len(set(names)) != len(names) or not all(type(a) is str and a.strip() for a in names):
            raise InvalidCheck("bayside23.error.artifact_names")
        if not self.spent <= set(self.artifacts):
            raise InvalidCheck("bayside23.error.artifact_unknown", artifact=min(self.spent))

    @property
    def available(self) -> tuple[str, ...]:
        """The artifacts that may still be used this session, in the party's order."""
        return tuple(a for a in self.artifacts if a not in self.spent)

    def use(self, artifact: str) -> SessionLedger:
        """The ledger after *artifact* is used.

        Raises:
            IllegalCommand: ``bayside23.illegal.artifact_spent`` or
                ``bayside23.illegal.no_artifact``.
            InvalidData: *artifact* is not a ``str`` (path ``$.artifact``).
        """
        checked_text(artifact, "$.artifact")
        if artifact not in self.artifacts:
            raise IllegalCommand("bayside23.illegal.no_artifact", artifact=artifact)
        if artifact in self.spent:
            raise IllegalCommand("bayside23.illegal.artifact_spent", artifact=artifact)
        return attrs.evolve(self, spent=self.spent | {artifact})

    def next_session(self) -> SessionLedger:
        """The ledger at the start of the next session: every artifact usable again."""
        return attrs.evolve(self, spent=frozenset())
