"""The ruleset kit: the machinery every rule system's game is written with.

A system writes its combat or game as tables and small functions; the kit turns them into a
:class:`~tabletop_rules.engine.Ruleset`:

- :class:`Rules`, a base class whose :meth:`~Rules.decide`, :meth:`~Rules.evolve`,
  :meth:`~Rules.settle` and :meth:`~Rules.legal_commands` run from *handler tables*: one from
  command type to the rule that turns a command into events, one from event type to the
  fold that applies it;
- the *automatic-event loop*: after each fold, :meth:`Rules.follow_up` says which event the
  rules call for next (:meth:`Rules.advance` gives it with the state after it), until nothing
  does or someone must choose; an automatic step may roll (a *chance step*), drawing from the
  dice of the command that set it off;
- *prompt frames* (:class:`~tabletop_rules.engine.PromptFrame`) that hold the suspended work
  as data, and :class:`ResponseWindow`, the frame of a response stack in which named players
  respond in a fixed order until all of them pass in a row;
- lasting modifiers: :class:`Expiry` and :class:`Durations` (when each kind of effect ends and
  what uses it up), with the functions that expire, tick and use them;
- :class:`CommandShapes`, which derives the type check of every command field from the attrs
  fields of the command classes;
- rosters of participants (:func:`member`, :func:`replaced`, :func:`display_names`), one
  setup check for every system (:func:`check_lineup`), and the round the GM runs
  (:data:`GM`, :class:`EndRound`, :class:`EndCombat`, :class:`RoundEnded`,
  :class:`CombatEnded`, :data:`ROUND_RULES`);
- :class:`Log`, a system's log and menu labels as tables of small renderers;
- the checks of a system's fields and arguments, which refuse a value of the wrong type with
  :class:`~tabletop_rules.errors.InvalidData` at ``$.<field>`` alike in every system: attrs
  validators (:func:`a_flag`, :func:`a_text`, :func:`a_whole`, :func:`an_instance`,
  :func:`a_side`, :func:`participant_id`) and checks that return the value they were given
  (:func:`checked`, :func:`checked_items`, :func:`checked_source`, :func:`checked_text`,
  :func:`checked_whole`, :func:`tupled`), with :func:`wrong_type` and :func:`shown` for a
  system's own refusals;
- :func:`copier`, which generates a fast, complete ``evolve`` for an attrs class, so that a
  new field can never be silently reset by a hand-written copy.

``docs/engine.md`` walks through a whole ruleset built with the kit.

.. versionadded:: 0.1.0
"""

from tabletop_rules._arguments import (
    Validator,
    a_flag,
    a_text,
    a_whole,
    an_instance,
    checked,
    checked_items,
    checked_source,
    checked_text,
    checked_whole,
    shown,
    tupled,
    wrong_type,
)
from tabletop_rules.kit._copier import copier
from tabletop_rules.kit._durations import Durations, Expiry, Lasting
from tabletop_rules.kit._fields import MAX_NAME_LENGTH, a_side, participant_id
from tabletop_rules.kit._log import Log, Renderer, Words
from tabletop_rules.kit._roster import (
    GM,
    GM_COMMANDS,
    GM_ENDED,
    ROUND_COMMAND_LINES,
    ROUND_EVENT_LINES,
    ROUND_RULES,
    CombatEnded,
    EndCombat,
    EndRound,
    Member,
    RoundEnded,
    Rounds,
    check_gm,
    check_lineup,
    decide_end_combat,
    decide_end_round,
    display_names,
    member,
    replaced,
)
from tabletop_rules.kit._rules import Planned, Rules, describe_input, label_input
from tabletop_rules.kit._shapes import CommandShapes
from tabletop_rules.kit._windows import ResponseWindow

__all__ = [
    "GM",
    "GM_COMMANDS",
    "GM_ENDED",
    "MAX_NAME_LENGTH",
    "ROUND_COMMAND_LINES",
    "ROUND_EVENT_LINES",
    "ROUND_RULES",
    "CombatEnded",
    "CommandShapes",
    "Durations",
    "EndCombat",
    "EndRound",
    "Expiry",
    "Lasting",
    "Log",
    "Member",
    "Planned",
    "Renderer",
    "ResponseWindow",
    "RoundEnded",
    "Rounds",
    "Rules",
    "Validator",
    "Words",
    "a_flag",
    "a_side",
    "a_text",
    "a_whole",
    "an_instance",
    "check_gm",
    "check_lineup",
    "checked",
    "checked_items",
    "checked_source",
    "checked_text",
    "checked_whole",
    "copier",
    "decide_end_combat",
    "decide_end_round",
    "describe_input",
    "display_names",
    "label_input",
    "member",
    "participant_id",
    "replaced",
    "shown",
    "tupled",
    "wrong_type",
]
