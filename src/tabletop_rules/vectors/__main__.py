"""``python -m tabletop_rules.vectors record|check|counts``: the contributors' vector tool."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.vectors._format import read_vectors
from tabletop_rules.vectors._runner import compare, counts, record_file


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool; the exit status is 0 when everything passed."""
    parser = argparse.ArgumentParser(prog="python -m tabletop_rules.vectors")
    commands = parser.add_subparsers(dest="action", required=True)
    record = commands.add_parser("record", help="fill or refresh the [case.expect] tables")
    record.add_argument("files", nargs="+")
    record.add_argument("--only", action="append", help="record only this case id (repeatable)")
    record.add_argument("--missing", action="store_true", help="only cases without expect")
    check = commands.add_parser("check", help="run every case of the files")
    check.add_argument("files", nargs="+")
    commands.add_parser("counts", help="the shipped cases per system")
    args = parser.parse_args(argv)
    try:
        if args.action == "counts":
            for system, count in counts().items():
                print(f"{system}\t{count}")
            return 0
        if args.action == "record":
            for name in args.files:
                done = record_file(name, only=args.only, missing=args.missing)
                print(f"{name}: recorded {done} cases")
            return 0
        failed = 0
        for name in args.files:
            with open(name, encoding="utf-8") as handle:
                file = read_vectors(handle.read(), name)
            for case in file.cases:
                for difference in compare(case):
                    failed += 1
                    print(f"{name}:{case.id}: {difference}")
        return 1 if failed else 0
    except (TabletopRulesError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
