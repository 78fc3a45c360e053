"""The error hierarchy (DESIGN.md "Core contracts: Errors")."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

import tabletop_rules
from tabletop_rules import (
    CorruptRecord,
    Dice,
    DiceExhausted,
    IllegalCommand,
    InvalidCharacter,
    InvalidData,
    InvalidDice,
    InvalidDiceFace,
    InvalidNotation,
    LimitExceeded,
    Roll,
    ScriptedDice,
    SeededDice,
    TabletopRulesError,
    UnknownSystem,
    from_json,
)
from tabletop_rules import errors as errors_module
from tabletop_rules._arguments import checked_items
from tabletop_rules.engine import PromptFrame, PromptStack
from tabletop_rules.i18n import LOCALES, catalog, template_fields, translate
from tabletop_rules.systems import Registry


def _raised(action: Callable[[], object]) -> TabletopRulesError:
    try:
        action()
    except TabletopRulesError as error:
        return error
    raise AssertionError("nothing was raised")


_STACK = PromptStack[str]().push(PromptFrame(responder="b", answers={"Dodge"}, pending="hit"))

# One error of each kind, raised by the library itself wherever it can be.
ERRORS: dict[str, Callable[[], TabletopRulesError]] = {
    "dice_count": lambda: _raised(lambda: Dice(-1, 6)),
    "dice_sides": lambda: _raised(lambda: Dice(1, 0)),
    "roll_face_count": lambda: _raised(lambda: Roll(Dice(2, 6), (1,))),
    "invalid_dice_face": lambda: _raised(lambda: Roll(Dice(1, 6), (7,))),
    "invalid_face": lambda: _raised(lambda: ScriptedDice([0])),
    "dice_exhausted": lambda: _raised(lambda: ScriptedDice([]).roll(Dice(1, 6))),
    "dice_notation": lambda: _raised(lambda: Dice.parse("2x6")),
    "invalid_data": lambda: _raised(lambda: from_json("{", Dice)),
    "wrong_type": lambda: _raised(lambda: SeededDice("1")),  # type: ignore[arg-type]
    "locale_type": lambda: _raised(lambda: translate("outcome.success", None)),  # type: ignore[arg-type]
    "too_many": lambda: _raised(lambda: checked_items([1, 2], int, "$.x", most=1)),
    "unknown_system": lambda: _raised(lambda: Registry().get("nope")),
    "no_prompt": lambda: _raised(lambda: PromptStack[str]().top),
    "not_your_prompt": lambda: _raised(lambda: _STACK.check_answer("a", "Dodge")),
    "not_an_answer": lambda: _raised(lambda: _STACK.check_answer("b", "Attack")),
    "limit_dice": lambda: LimitExceeded("dice", allowed=100, given=101),
    "limit_sides": lambda: LimitExceeded("sides", allowed=1000, given=1001),
    "limit_terms": lambda: LimitExceeded("terms", allowed=20, given=21),
    "limit_length": lambda: LimitExceeded("length", allowed=200, given=201),
    "limit_repeats": lambda: LimitExceeded("repeats", allowed=20, given=21),
    "corrupt_record": lambda: CorruptRecord(3, "HP below 0"),
    "invalid_character": lambda: InvalidCharacter(
        [("error.dice_count", {"count": -1}), ("error.dice_sides", {"sides": 0})]
    ),
}
NAMES = sorted(ERRORS)

ERROR_CLASSES = [
    getattr(errors_module, name)
    for name in errors_module.__all__
    if name != "TabletopRulesError" and isinstance(getattr(errors_module, name), type)
]
VALUE_ERRORS = {
    CorruptRecord,
    InvalidCharacter,
    InvalidData,
    InvalidDice,
    InvalidDiceFace,
    InvalidNotation,
    LimitExceeded,
}


# -- hierarchy -----------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda c: c.__name__)
def test_every_error_is_a_tabletop_rules_error(cls: type[Exception]) -> None:
    """Every public error class subclasses TabletopRulesError."""
    assert issubclass(cls, TabletopRulesError)


@pytest.mark.parametrize("cls", sorted(VALUE_ERRORS, key=lambda c: c.__name__), ids=str)
def test_errors_about_bad_values_are_value_errors(cls: type[Exception]) -> None:
    """Errors that describe a bad value also subclass ValueError."""
    assert issubclass(cls, ValueError)


@pytest.mark.parametrize("cls", [DiceExhausted, IllegalCommand], ids=str)
def test_errors_about_state_are_not_value_errors(cls: type[Exception]) -> None:
    """Running out of scripted dice and an illegal command are not bad values."""
    assert not issubclass(cls, ValueError)


def test_unknown_system_is_a_lookup_error() -> None:
    """An unknown system name is a LookupError."""
    assert issubclass(UnknownSystem, LookupError)


def test_every_error_class_is_exported_from_the_root() -> None:
    """Each class in ``errors.__all__`` is also in ``tabletop_rules.__all__``."""
    classes = {cls.__name__ for cls in ERROR_CLASSES} | {"TabletopRulesError"}
    assert classes <= set(tabletop_rules.__all__)


# -- messages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_error_key_is_in_every_catalog(name: str) -> None:
    """The message key of each error the library raises is in every shipped locale."""
    error = ERRORS[name]()
    assert [] == [locale for locale in LOCALES if error.key not in catalog(locale)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_error_renders_in_every_locale(name: str, locale: str) -> None:
    """Each error's params fill every field of its template in each locale (no KeyError)."""
    error = ERRORS[name]()
    missing = template_fields(catalog(locale)[error.key]) - set(error.params)
    assert (set(), str) == (missing, type(error.localized(locale)))


@pytest.mark.parametrize("name", [n for n in NAMES if isinstance(ERRORS[n](), InvalidData)])
@pytest.mark.parametrize("locale", LOCALES)
def test_every_invalid_data_detail_renders_in_every_locale(name: str, locale: str) -> None:
    """An InvalidData's detail given as a catalog key is filled and shown in the locale."""
    error = ERRORS[name]()
    assert isinstance(error, InvalidData)
    template = catalog(locale).get(error.detail_key)
    if template is None:  # English text given as the detail: shown as it is
        assert error.detail == error.detail_key
        return
    missing = template_fields(template) - set(error.detail_params)
    shown = translate(error.detail_key, locale, **error.detail_params)
    assert (set(), True) == (missing, shown in error.localized(locale))


@pytest.mark.parametrize("name", NAMES)
def test_str_is_the_english_message(name: str) -> None:
    """``str(error)`` is the English rendering."""
    error = ERRORS[name]()
    assert error.localized("en") == str(error)


def test_localized_renders_the_locale() -> None:
    """``localized`` gives each locale's words."""
    error = DiceExhausted("error.dice_exhausted", dice="2D6")
    assert [
        "The scripted dice ran out: no face is left for 2D6.",
        "預定的骰子用完了：沒有剩下給 2D6 的點數。",
        "预定的骰子用完了：没有剩下给 2D6 的点数。",
        "指定の出目が尽きました：2D6 に使う出目が残っていません。",
    ] == [error.localized(locale) for locale in LOCALES]


def test_localized_of_an_unknown_locale_is_english() -> None:
    """A locale the package does not ship falls back to English."""
    error = InvalidData("$.x", "bad")
    assert str(error) == error.localized("fr")


def test_invalid_dice_face_fields() -> None:
    """InvalidDiceFace carries the face and the sides."""
    error = InvalidDiceFace(7, 6)
    assert (7, 6, {"face": 7, "sides": 6}) == (error.face, error.sides, error.params)


def test_invalid_notation_fields() -> None:
    """InvalidNotation carries the text, a 0-based position and a 1-based column."""
    error = InvalidNotation("error.notation.dice", text="2x6", position=1)
    assert ("2x6", 1, 2) == (error.text, error.position, error.params["column"])


def test_limit_exceeded_fields() -> None:
    """LimitExceeded carries the limit's name, what is allowed and what was asked."""
    error = LimitExceeded("dice", allowed=100, given=101)
    assert ("dice", 100, 101, "error.limit.dice") == (
        error.limit,
        error.allowed,
        error.given,
        error.key,
    )


def test_illegal_command_reason_and_key() -> None:
    """A plain reason gets the ``illegal.`` prefix; a dotted reason is its own key."""
    assert [("not_your_prompt", "illegal.not_your_prompt"), ("m20.illegal.x", "m20.illegal.x")] == [
        (e.reason, e.key)
        for e in (
            IllegalCommand("not_your_prompt", actor="a", responder="b"),
            IllegalCommand("m20.illegal.x"),
        )
    ]


def test_unknown_system_lists_known_names_sorted() -> None:
    """UnknownSystem names the system asked for and the known ones, sorted."""
    error = UnknownSystem("nope", ["m20", "bar2d6"])
    assert ("nope", ("bar2d6", "m20")) == (error.system, error.known)


def test_corrupt_record_fields() -> None:
    """CorruptRecord carries the index of the bad event and why."""
    error = CorruptRecord(3, "HP below 0")
    assert (3, "HP below 0") == (error.index, error.cause)


# -- InvalidCharacter ----------------------------------------------------------------------------

_PROBLEMS = [("error.dice_count", {"count": -1}), ("error.dice_sides", {"sides": 0})]


def test_invalid_character_lists_every_problem() -> None:
    """Every problem is listed, in English, in order."""
    error = InvalidCharacter(_PROBLEMS)
    assert (
        "The number of dice must be a whole number, 0 or more, not -1.",
        "A die must have a whole number of sides, 1 or more, not 0.",
    ) == error.problems


def test_invalid_character_message_contains_every_problem() -> None:
    """The English message contains every problem."""
    error = InvalidCharacter(_PROBLEMS)
    assert all(problem in str(error) for problem in error.problems)


def test_invalid_character_localized_problems() -> None:
    """``localized_problems`` gives every problem in the locale."""
    error = InvalidCharacter(_PROBLEMS)
    assert (
        "骰子數量必須是 0 以上的整數，而不是 -1。",
        "骰子的面數必須是 1 以上的整數，而不是 0。",
    ) == error.localized_problems("zh-Hant")


@pytest.mark.parametrize("locale", ["zh-Hant", "zh-Hans", "ja"])
def test_invalid_character_localized_message_lists_localized_problems(locale: str) -> None:
    """``localized(locale)`` shows the problems in that locale too, not in English."""
    error = InvalidCharacter(_PROBLEMS)
    message = error.localized(locale)
    assert [True, True] == [problem in message for problem in error.localized_problems(locale)]


# -- pickling ----------------------------------------------------------------------------------


def _fields(error: BaseException) -> tuple[object, ...]:
    return (type(error), error.args, str(error), dict(vars(error)))


@pytest.mark.parametrize("name", NAMES)
def test_errors_survive_pickling(name: str) -> None:
    """Each error comes back from pickle with its class, args, message and fields."""
    error = ERRORS[name]()
    assert _fields(error) == _fields(pickle.loads(pickle.dumps(error)))


def test_pickled_error_can_still_be_localized() -> None:
    """An error from another process renders in any locale."""
    error = InvalidDiceFace(9, 6)
    restored = pickle.loads(pickle.dumps(error))
    assert error.localized("ja") == restored.localized("ja")
