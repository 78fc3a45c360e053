"""bar2d6's vector checks: helpers, grants and the help rulings read from a case's args."""

from __future__ import annotations

import pytest

from tabletop_rules import ScriptedDice
from tabletop_rules.bar2d6 import EXAMPLE_SHEET, SYSTEM, GMCheck
from tabletop_rules.errors import InvalidCheck, InvalidData
from tabletop_rules.vectors import CheckSpec

_C = "姓名：C\n血量：3\n項目：\n長腿（技能）：主動+1 被動+2\n"
_BARD = "姓名：詩\n血量：3\n項目：\n戰歌（招式）：給予加值4\n琴（武器）：主動+1\n"


def _gm(*sheets: str, **args: object) -> GMCheck:
    check = SYSTEM.checks["gm"](CheckSpec(sheets=sheets, args=args, where="v.toml:case"))
    assert isinstance(check, GMCheck)
    return check


def test_helper_and_grant_are_added() -> None:
    """B2D6-17, B2D6-42, B2D6-50: a helper at 3 dice grants ⌈5 ÷ 2⌉ = 3; 戰歌 grants +2."""
    check = _gm(
        _C,
        EXAMPLE_SHEET,
        _BARD,
        items=["長腿"],
        difficulty=3,
        helpers=[{"items": ["攀爬", "繩鉤"], "dice": 3}],
        grants=[{"sheet": 2, "item": "戰歌"}],
    )
    result = check.resolve(ScriptedDice([3, 3, 1, 1, 1, 1, 1, 6, 5, 1]))
    assert result.explain("en").splitlines()[-1] == (
        "Against the GM: 2D6[1,1] +1 長腿 +2 戰歌 +3 Help = 8 < 12 (3D6[6,5,1]) Failure"
    )


def test_help_rulings_are_read() -> None:
    """B2D6-40, B2D6-48: help_min_dice refuses a helped check below it."""
    with pytest.raises(InvalidCheck):
        _gm(_C, EXAMPLE_SHEET, difficulty=2, help_min_dice=3, helpers=[{"dice": 1}])


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"helpers": "HELP+2@1"}, "v.toml:case.args.helpers"),
        ({"helpers": [{"dice": "two"}]}, "v.toml:case.args.helpers[0].args.dice"),
        ({"helpers": [{"dise": 2}]}, "v.toml:case.args.helpers[0].args.dise"),
        ({"grants": [{"item": 3}]}, "v.toml:case.args.grants[0].args.item"),
        ({"grants": [{"sheet": 5, "item": "琴"}]}, "v.toml:case.sheets"),
    ],
)
def test_bad_tables_name_the_field(args: dict[str, object], path: str) -> None:
    """B2D6-41: a malformed helper or grant is InvalidData naming the case's field."""
    with pytest.raises(InvalidData) as error:
        _gm(_C, EXAMPLE_SHEET, **args)
    assert error.value.path == path
