"""The ``tabletop-rules`` command.

``tabletop-rules roll EXPR`` rolls a command of :mod:`tabletop_rules.notation` and prints
its BCDice-style explanation; ``tabletop-rules odds EXPR`` prints its exact odds;
``tabletop-rules simulate`` plays a batch of bot games of a rule system that offers them (the
skirmish's sample decks) on every core, with a progress bar, and prints the win rates with
their 95% Wilson intervals;
``tabletop-rules export --format ccfolia|udonarium SHEET`` writes a character (or a skirmish
card) as a CCFOLIA piece or an Udonarium zip (:mod:`tabletop_rules.exports`);
``tabletop-rules serve`` runs the bcdice-api-compatible HTTP server (the ``server`` extra,
:mod:`tabletop_rules.server`);
``tabletop-rules balance DECK...`` plays every pairing of decks with one bot (the search bot
by default) and prints each deck's win rate against each other deck, with 95% Wilson
intervals, and with ``--image`` saves the matrix as a heat map (matplotlib: the ``charts``
extra);
``tabletop-rules demo`` is a short tour of the library.
``python -m tabletop_rules`` runs the same command.
The progress bar and the table use `rich <https://pypi.org/project/rich/>`_ where it is
installed (the ``cli`` extra); without it the command prints a plain message and table.

Exit codes: 0 when all went well, 2 for a usage error (including text that is not a dice
command at all), 1 for an error of the library (a malformed command, a limit), which is
printed as one line on standard error.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import re
import secrets
import sys
import time
import unicodedata
from collections.abc import Callable, Generator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final, ParamSpec, TypeVar

import attrs

from tabletop_rules import __version__
from tabletop_rules._arguments import checked_items, wrong_type
from tabletop_rules.dice import Dice, ScriptedDice, SeededDice
from tabletop_rules.errors import TabletopRulesError
from tabletop_rules.i18n import DEFAULT_LOCALE, LOCALES, resolve_locale, translate
from tabletop_rules.notation import (
    Calculation,
    Check,
    Choice,
    Command,
    CountRoll,
    D66Roll,
    Expression,
    Repeat,
    RerollCount,
    SystemCheck,
    Tally,
    UpperRoll,
    parse,
)
from tabletop_rules.notation._commands import Single
from tabletop_rules.odds import Distribution
from tabletop_rules.systems import Registry

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from tabletop_rules.simulation import Estimate, Simulator

__all__ = ["main"]

#: The commands that have a distribution: the CLI prints it.
Distributed = Expression | CountRoll | RerollCount | UpperRoll | Tally | Calculation | D66Roll

_PROG: Final = "tabletop-rules"
_T = TypeVar("_T")
_P = ParamSpec("_P")
# The seed ``demo`` uses unless told otherwise, so that its output never changes.
_DEMO_SEED: Final = 2026

_Handler = Callable[[argparse.Namespace], int]
#: The most of a sheet ``export`` reads, in characters.
_MAX_SHEET_BYTES: Final = 100_000
#: The most games ``simulate`` plays in one run.
_MAX_GAMES: Final = 1_000_000


@attrs.frozen(kw_only=True)
class _TableOptions:
    """How ``odds`` prints a distribution."""

    #: The most rows printed (the most likely outcomes); 0 prints every row.
    rows: int = 40
    #: Print the percentages only, without the exact fractions.
    percent_only: bool = False
    #: Print the exact fractions however long they are; by default a table whose fractions
    #: are too long to read prints percentages only, and says so.
    fractions: bool = False


class _UsageError(Exception):
    """A usage error found after parsing (exit code 2), as a catalog key and its values."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class _NotACommand(Exception):
    """The text given is not a dice command at all: a usage error (exit code 2).

    *systems* names the rule systems whose own command it is, if any (``--system`` helps).
    """

    def __init__(self, text: str, systems: tuple[str, ...] = ()) -> None:
        super().__init__(text)
        self.text = text
        self.systems = systems


def _percent(probability: Fraction) -> tuple[str, bool]:
    """The probability as a percentage with two decimals, and whether that is exact."""
    scaled = probability * 100 * 100
    hundredths = round(scaled)
    return f"{hundredths // 100}.{hundredths % 100:02d}%", scaled == hundredths


def _decimal(value: Fraction) -> str:
    """A number with at most two decimals, marked ``≈`` when rounded."""
    if value.denominator == 1:
        return str(value.numerator)
    hundredths = round(abs(value) * 100)
    sign = "-" if value < 0 else ""
    text = f"{sign}{hundredths // 100}.{hundredths % 100:02d}".rstrip("0")
    return text if abs(value) * 100 == hundredths else f"≈{text}"


def _probability_line(check: Check | SystemCheck, text: str | None = None) -> str:
    probability = check.probability()
    percent, exact = _percent(probability)
    shown = str(check) if text is None else text
    return f"P({shown}) = {probability} {'=' if exact else '≈'} {percent}"


#: The longest fraction a table prints by default: longer ones print as percentages only.
_READABLE_FRACTION = 24


def _table(distribution: Distribution, options: _TableOptions, locale: str) -> list[str]:
    counted = list(distribution.items())
    hidden = 0
    if options.rows and len(counted) > options.rows:
        # The most likely outcomes, shown in order: the middle of a bell, the top of a slope.
        likely = sorted(range(len(counted)), key=lambda i: (-counted[i][1], i))[: options.rows]
        hidden = len(counted) - options.rows
        counted = [counted[i] for i in sorted(likely)]
    total = distribution.total
    rows = [(outcome, Fraction(count, total)) for outcome, count in counted]
    fractions = [str(probability) for _, probability in rows]
    percent_only = options.percent_only or (
        not options.fractions and max(map(len, fractions), default=0) > _READABLE_FRACTION
    )
    cells = [
        (str(outcome), "" if percent_only else fraction, _percent(probability)[0])
        for (outcome, probability), fraction in zip(rows, fractions, strict=True)
    ]
    widths = [max(len(row[column]) for row in cells) for column in range(3)]
    lines = [
        f"  {outcome:>{widths[0]}}  {fraction:<{widths[1]}}  {percent:>{widths[2]}}"
        if not percent_only
        else f"  {outcome:>{widths[0]}}  {percent:>{widths[2]}}"
        for outcome, fraction, percent in cells
    ]
    if percent_only and not options.percent_only:
        lines.append("  " + translate("cli.odds.long_fractions", locale))
    if hidden:
        # Outcomes as likely as the last one shown may be among those left out.
        least = min(count for _, count in counted)
        key = (
            "cli.odds.hidden"
            if _counted_below(distribution, least) == hidden
            else "cli.odds.others"
        )
        lines.append("  " + translate(key, locale, hidden=hidden))
    return lines


def _counted_below(distribution: Distribution, count: int) -> int:
    """How many outcomes of *distribution* have fewer ways than *count*."""
    return sum(1 for _, ways in distribution.items() if ways < count)


def _sum_odds(command: Distributed, options: _TableOptions, locale: str) -> list[str]:
    distribution = command.distribution()
    key = "cli.odds.summary" if isinstance(command, Expression) else "cli.odds.count"
    summary = translate(
        key,
        locale,
        command=str(command),
        mean=_decimal(distribution.mean()),
        low=distribution.min,
        high=distribution.max,
    )
    return [summary, *_table(distribution, options, locale)]


def _choice_odds(choice: Choice) -> list[str]:
    # The chance of each item to be picked, once each, in the order written.
    lines: list[str] = []
    for item in dict.fromkeys(choice.items):
        probability = choice.probability(item)
        percent, exact = _percent(probability)
        lines.append(f"P({item}) = {probability} {'=' if exact else '≈'} {percent}")
    return lines


def _single_odds(single: Single, options: _TableOptions, locale: str) -> list[str]:
    if isinstance(single, Check):
        return [_probability_line(single)]
    if isinstance(single, Choice):
        return _choice_odds(single)
    return _sum_odds(single, options, locale)


def _odds_lines(
    command: Command | SystemCheck,
    locale: str,
    options: _TableOptions | None = None,
    text: str | None = None,
) -> list[str]:
    options = options or _TableOptions()
    if isinstance(command, SystemCheck):
        return [_probability_line(command, text or type(command).__name__)]
    if not isinstance(command, Repeat):
        return _single_odds(command, options, locale)
    single = command.command
    if isinstance(single, Check):
        successes = Distribution.bernoulli(single.probability()).repeat(command.times)
        header = translate("cli.odds.successes", locale, times=command.times)
        return [_probability_line(single), header, *_table(successes, options, locale)]
    header = translate("cli.odds.each", locale, times=command.times)
    return [header, *_single_odds(single, options, locale)]


def _read(args: argparse.Namespace) -> Command | SystemCheck:
    text = " ".join(args.expr)
    system: str | None = getattr(args, "system", None)
    command: Command | SystemCheck | None
    if system is None:
        command = parse(text)
    else:
        known = Registry.default().names
        if system not in known:
            raise _UsageError("cli.error.unknown_system", system=system, known=", ".join(known))
        command = parse(text, system=system)
    if command is None:
        raise _NotACommand(text, _systems_reading(text) if system is None else ())
    return command


def _systems_reading(text: str) -> tuple[str, ...]:
    """The rule systems whose own commands *text* is (``M20+4>=困難`` is m20's)."""
    found: list[str] = []
    for name in Registry.default().names:
        try:
            read = parse(text, system=name)
        except TabletopRulesError:  # the system's command, but mistyped: a system that knows it
            found.append(name)
            continue
        if read is not None:
            found.append(name)
    return tuple(found)


def _roll(args: argparse.Namespace) -> int:
    command = _read(args)
    seed: int = secrets.randbits(64) if args.seed is None else args.seed
    dice = SeededDice(seed)
    if isinstance(command, SystemCheck):
        print(command.resolve(dice).explain(args.locale))
    else:
        print(command.roll(dice).render(args.locale))
    return 0


def _odds(args: argparse.Namespace) -> int:
    command = _read(args)
    options = _TableOptions(rows=args.rows, percent_only=args.percent, fractions=args.fractions)
    text = " ".join(args.expr).strip()
    print("\n".join(_odds_lines(command, args.locale, options, text)))
    return 0


def _demo_lines(seed: int, locale: str) -> list[str]:
    from tabletop_rules.checks import CheckResult, Difficulty, Term
    from tabletop_rules.notation import CheckRoll
    from tabletop_rules.serialization import from_json, to_json

    dice = SeededDice(seed)
    width = max(len(tag) for tag in LOCALES)
    lines = [
        translate("cli.demo.title", locale, version=__version__, seed=seed),
        "",
        translate("cli.demo.commands", locale),
    ]
    for text in ("2d6+3", "１ｄ２０−１＋２ｄ４", "2d6+5>=3d6", "x3 2d6>=7"):
        command = parse(text)
        if command is None:  # pragma: no cover - the texts above are commands
            continue
        lines.append(f"> {text}")
        lines.extend(
            f"  {line}".rstrip() for line in command.roll(dice).render(locale).splitlines()
        )
    checked = parse("1d20+5>=16")
    if not isinstance(checked, Check):  # pragma: no cover - the text above is a check
        raise TypeError("the demo's check did not parse as a check")
    stored: CheckRoll = checked.roll(dice)
    lines.append("> 1d20+5>=16")
    lines.append(f"  {stored.render(locale)}")
    # A rule system's check names its modifier and difficulty: each locale words them.
    system_check = parse("M20+5>=困難", system="m20")
    if isinstance(system_check, SystemCheck):
        lines.append("> M20+5>=困難  (--system m20)")
        lines.append("  " + translate("cli.demo.locales", locale))
        resolved = system_check.resolve(dice)
        lines.extend(f"  {tag:<{width}}  {resolved.explain(tag)}" for tag in LOCALES)
    lines.append("> I have 2 cats")
    lines.append("  " + translate("cli.demo.chat", locale, text="I have 2 cats"))

    result = CheckResult.judged(
        rolls=(ScriptedDice([14]).roll(Dice(1, 20)),),
        # Catalog keys are worded in each locale; 半狼 is the player's own name for a skill.
        terms=(
            Term("m20.specialty.physique", 3),
            Term("m20.attribute.physical_defense", 2),
            Term("半狼", 5),
        ),
        against=Difficulty(16),
    )
    lines += ["", translate("cli.demo.check", locale)]
    lines.extend(f"  {tag:<{width}}  {result.explain(tag)}" for tag in LOCALES)

    lines += ["", translate("cli.demo.odds", locale)]
    for text in ("2d6+5>=8", "1d20+5>=1d20+3", "3d6<=12", "2d6+3>2d6+2"):
        odds = parse(text)
        if isinstance(odds, Check):
            lines.append(f"  {_probability_line(odds)}")

    text = to_json(stored)
    back = from_json(text, CheckRoll)
    lines += ["", translate("cli.demo.json", locale), f"  {text}"]
    lines.append("  " + translate("cli.demo.round_trip", locale, same=back == stored))
    lines.append("  " + back.render(locale))
    return lines


def _demo(args: argparse.Namespace) -> int:
    print("\n".join(_demo_lines(args.seed, args.locale)))
    return 0


def _simulator(name: str | None) -> Simulator:
    from tabletop_rules.simulation import simulators

    found = simulators()
    if name is None and len(found) == 1:
        return next(iter(found.values()))
    if name is None or name not in found:
        raise _UsageError("cli.error.no_simulator", system=name or "", known=", ".join(found))
    return found[name]


def _checked(
    names: tuple[str, ...], known: Sequence[str], players: int, kind: str, system: str
) -> tuple[str, ...]:
    """*names*, one per player, each one of *known*; else a ``cli.error.*`` usage error."""
    if len(names) != players:
        raise _UsageError(f"cli.error.{kind}_count", players=players, given=len(names))
    for name in names:
        if name not in known:
            listed = ", ".join(known)
            raise _UsageError(f"cli.error.unknown_{kind}", name=name, system=system, known=listed)
    return names


def _choices(
    simulator: Simulator, args: argparse.Namespace
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The deck and the bot name of each player, checked against *simulator*."""
    players = len(simulator.players)
    decks: tuple[str, ...] = tuple(args.decks) or simulator.decks[:players]
    bots: tuple[str, ...] = tuple(args.bots) or (next(iter(simulator.bots)),)
    if len(bots) == 1:
        bots *= players
    system = simulator.system
    return (
        _checked(decks, simulator.decks, players, "deck", system),
        _checked(bots, tuple(simulator.bots), players, "bot", system),
    )


def _rate(estimate: Estimate) -> tuple[str, str, str]:
    """The count, the rate and the 95% interval of *estimate*, as printed."""
    interval = f"[{estimate.low:.1%}, {estimate.high:.1%}]"
    return f"{estimate.count:,}", f"{estimate.rate:.1%}", interval


def _summary(
    simulator: Simulator,
    rates: Mapping[str, Estimate],
    decks: Sequence[str],
    bots: Sequence[str],
    locale: str,
) -> list[tuple[str, str, str, str]]:
    """The rows of the summary table: each player's wins, then the draws."""
    rows = [
        (
            translate("cli.simulate.wins", locale, player=player, deck=deck, bot=bot),
            *_rate(rates[player]),
        )
        for player, deck, bot in zip(simulator.players, decks, bots, strict=True)
    ]
    rows.append((translate("cli.simulate.draws", locale), *_rate(rates[""])))
    return rows


@contextlib.contextmanager
def _progress(games: int, message: str, show: bool) -> Generator[Callable[[int], object]]:
    """A progress bar on standard error (or a plain message without rich); its advance."""
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )
    except ImportError:
        if show:
            print(message, file=sys.stderr)
        yield lambda _: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    console = Console(file=sys.stderr)
    with Progress(*columns, console=console, disable=not show, transient=True) as bar:
        task = bar.add_task(message, total=games)
        yield lambda done: bar.advance(task, done)


def _print_table(title: str, heads: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """The summary on standard output: a rich table, or aligned plain text without rich."""
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        widths = [max(len(row[i]) for row in (heads, *rows)) for i in range(len(heads))]
        print(title)
        for row in (heads, *rows):
            first, *rest = row
            cells = [
                f"{first:<{widths[0]}}",
                *(f"{c:>{w}}" for c, w in zip(rest, widths[1:], strict=True)),
            ]
            print("  ".join(cells).rstrip())
        return
    table = Table(title=title)
    table.add_column(heads[0])
    for head in heads[1:]:
        table.add_column(head, justify="right")
    for row in rows:
        table.add_row(*row)
    console = Console(file=sys.stdout)
    with console.capture() as captured:
        console.print(table)
    # Rich pads the centred title with spaces: no line ends in one.
    print("\n".join(line.rstrip() for line in captured.get().splitlines()))


def _simulate(args: argparse.Namespace) -> int:
    # Only this subcommand needs processes: the others start without importing them.
    from tabletop_rules.simulation import InlineExecutor, process_pool

    simulator = _simulator(args.system)
    decks, bot_names = _choices(simulator, args)
    locale: str = args.locale
    processes: int = args.processes
    bots = {p: simulator.bots[b] for p, b in zip(simulator.players, bot_names, strict=True)}
    counts = {"games": f"{args.games:,}", "system": simulator.system, "processes": processes}
    started = time.perf_counter()
    # One process: the games run in this one, as they do where no pool can start.
    pool: Executor = InlineExecutor() if processes == 1 else process_pool(processes)
    message = translate("cli.simulate.running", locale, **counts)
    finished = False
    try:
        with _progress(args.games, message, not args.quiet) as advance:
            rates = simulator.run(decks, args.games, bots, args.seed, pool, advance)
        finished = True
    except KeyboardInterrupt:
        return 130
    finally:
        # On an interrupt or an error, the batches not started are dropped; only those
        # under way are waited for (and the pool must live until its manager has dropped
        # them, so wait here).
        pool.shutdown(wait=True, cancel_futures=not finished)
    if not args.quiet:
        seconds = f"{time.perf_counter() - started:.1f}"
        print(
            translate("cli.simulate.done", locale, games=counts["games"], seconds=seconds),
            file=sys.stderr,
        )
    heads = [
        translate(f"cli.simulate.{key}", locale) for key in ("result", "games", "rate", "interval")
    ]
    title = translate("cli.simulate.title", locale, seed=args.seed, **counts)
    _print_table(title, heads, _summary(simulator, rates, decks, bot_names, locale))
    return 0


def _read_sheet(path: str) -> str:
    """The text of the file *path*, or of standard input for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(_MAX_SHEET_BYTES + 1)[:_MAX_SHEET_BYTES]
    except (OSError, UnicodeDecodeError) as error:
        raise _UsageError("cli.export.unreadable", path=path, error=str(error)) from None


def _exported_character(text: str, system: str | None) -> tuple[str, object]:
    """The system and character *text* holds: of *system*, or of the one system that reads it."""
    from tabletop_rules.exports import read_character
    from tabletop_rules.systems import Registry

    registry = Registry.default()
    if system is not None:
        return system, read_character(text, system, registry=registry)
    found: list[tuple[str, object]] = []
    for candidate in registry:
        if candidate.piece is None:
            continue
        try:
            found.append((candidate.name, read_character(text, candidate.name, registry=registry)))
        except TabletopRulesError:
            continue
    if len(found) != 1:
        key = "cli.export.no_system" if not found else "cli.export.several_systems"
        names = ", ".join(name for name, _ in found) or ", ".join(registry.names)
        raise _UsageError(key, systems=names)
    return found[0]


def _export(args: argparse.Namespace) -> int:
    from tabletop_rules.exports import ccfolia, piece_of, udonarium

    sheet: str = args.sheet
    if args.system is not None and sheet != "-" and not os.path.exists(sheet):
        text = sheet  # a name the system's own reader may know (a sample card's id)
    else:
        text = _read_sheet(sheet)
    system, character = _exported_character(text, args.system)
    piece = piece_of(character, system=system, locale=args.locale)
    output: str | None = args.output
    if args.format == "ccfolia":
        text = ccfolia(piece)
        if output is None:
            print(text)
            return 0
        data = text.encode("utf-8")
    else:
        data = udonarium(piece, args.locale)
        if output is None:
            if sys.stdout.isatty():
                raise _UsageError("cli.export.binary")
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            return 0
    try:
        with open(output, "wb") as file:
            file.write(data)
    except OSError as error:
        raise _UsageError("cli.export.unwritable", path=output, error=str(error)) from None
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        from tabletop_rules.server import run
    except ImportError as error:
        raise _UsageError("cli.serve.extra", error=str(error)) from None
    run(host=args.host, port=args.port, locale=args.locale, extras=not args.exact_shapes)
    return 0


def _balance(args: argparse.Namespace) -> int:
    # Only this subcommand needs processes and the search bot.
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from tabletop_rules.balance import balance

    locale: str = args.locale
    processes: int = args.processes
    decks: list[str] = args.decks
    pairings = len(decks) * (len(decks) - 1)
    counts = {
        "decks": len(decks),
        "system": args.system or ", ".join(_systems_with_decks()),
        "games": f"{args.games:,}",
        "bot": args.bot,
        "processes": processes,
    }
    # The workers start at the first game: balance() checks every argument before it.
    pool = _lazy_pool()(
        lambda: (
            ThreadPoolExecutor(max_workers=1) if processes == 1 else ProcessPoolExecutor(processes)
        )
    )
    finished = False
    try:
        message = translate("cli.balance.running", locale, **counts)
        with _progress(pairings * args.games, message, not args.quiet) as advance:
            report = balance(
                decks,
                system=args.system,
                bot=args.bot,
                games=args.games,
                seed=args.seed,
                executor=pool,
                progress=advance,
            )
        finished = True
    except KeyboardInterrupt:
        return 130
    finally:
        pool.shutdown(wait=True, cancel_futures=not finished)
    rows = report.rows()
    title = translate(
        "cli.balance.title",
        locale,
        system=report.system,
        bot=report.bot,
        games=f"{2 * report.games:,}",
        seed=report.seed,
    )
    _print_table(title, rows[0], rows[1:])
    if args.image is not None:
        report.heat_map(args.image)
        print(translate("cli.balance.saved", locale, path=args.image), file=sys.stderr)
    return 0


def _lazy_pool() -> Callable[[Callable[[], Executor]], Executor]:
    """The class of an executor that starts its pool at the first task it is given."""
    from concurrent.futures import Executor

    class LazyPool(Executor):
        """An executor that starts its pool at the first task it is given."""

        def __init__(self, start: Callable[[], Executor]) -> None:
            self._start = start
            self._pool: Executor | None = None

        def submit(
            self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs
        ) -> Future[_T]:
            if self._pool is None:
                self._pool = self._start()
            return self._pool.submit(fn, *args, **kwargs)

        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            if self._pool is not None:
                self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    return LazyPool


def _systems_with_decks() -> tuple[str, ...]:
    from tabletop_rules.simulation import simulators

    return tuple(simulators())


def _locale(tag: str) -> str:
    """A shipped locale for *tag*, or a usage error that lists the supported ones."""
    found = resolve_locale(tag)
    if found == DEFAULT_LOCALE and tag.replace("_", "-").lower().split("-")[0] != "en":
        raise argparse.ArgumentTypeError(
            translate("cli.error.unknown_locale", DEFAULT_LOCALE, tag=tag, known=", ".join(LOCALES))
        )
    return found


def _add_locale(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--locale",
        default=DEFAULT_LOCALE,
        type=_locale,
        metavar="L",
        help=f"language of the output: {', '.join(LOCALES)} (default: %(default)s)",
    )


def _add_system(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--system",
        default=None,
        metavar="NAME",
        help="read this rule system's commands first, such as m20 (M20+4>=16)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_PROG,
        description="Roll dice commands, get their exact odds, and tour tabletop_rules.",
    )
    parser.add_argument("--version", action="version", version=f"{_PROG} {__version__}")
    commands = parser.add_subparsers(dest="subcommand", required=True, metavar="COMMAND")

    roll = commands.add_parser(
        "roll",
        help="roll a dice command and explain the result",
        description="Roll a dice command such as 2D6+3, 2D6>=7, 2D6+5>=3D6 or 'x3 2D6'.",
    )
    roll.add_argument("expr", nargs="+", metavar="EXPR", help="the command (words are joined)")
    roll.add_argument(
        "--seed", type=int, default=None, metavar="N", help="seed for reproducible dice"
    )
    _add_locale(roll)
    _add_system(roll)
    roll.set_defaults(handler=_roll, parser=roll)

    odds = commands.add_parser(
        "odds",
        help="print the exact odds of a dice command",
        description="Print the exact probability of a check, or the distribution of a sum.",
    )
    odds.add_argument("expr", nargs="+", metavar="EXPR", help="the command (words are joined)")
    odds.add_argument(
        "--rows",
        type=_rows,
        default=40,
        metavar="N",
        help="print at most N rows, the most likely outcomes (default: %(default)s; 0: all)",
    )
    odds.add_argument(
        "--percent", action="store_true", help="print percentages only, without fractions"
    )
    odds.add_argument(
        "--fractions",
        action="store_true",
        help="print the exact fractions however long (by default long ones are left out)",
    )
    _add_locale(odds)
    _add_system(odds)
    odds.set_defaults(handler=_odds, parser=odds)

    simulate = commands.add_parser(
        "simulate",
        help="play many bot games and print the win rates",
        description=(
            "Play GAMES games of a rule system's ready-made decks between bots, on PROCESSES "
            "processes, and print each player's win rate and the draws with 95% Wilson "
            "intervals. The same seed gives the same table on any number of processes."
        ),
    )
    simulate.add_argument(
        "decks",
        nargs="*",
        metavar="DECK",
        help="one deck per player, such as 'vanguard wilds' (default: the first ones)",
    )
    simulate.add_argument(
        "--games",
        type=_bounded(1, _MAX_GAMES),
        default=1000,
        metavar="N",
        help=f"how many games, 1 to {_MAX_GAMES:,} (default: %(default)s)",
    )
    simulate.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the first game (default: 0)"
    )
    simulate.add_argument(
        "--bots",
        nargs="+",
        default=[],
        metavar="BOT",
        help="one bot for all players or one per player, such as 'greedy random' (default: random)",
    )
    simulate.add_argument(
        "--processes",
        type=_bounded(1, 256),
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes; 1 plays in this process (default: every core, %(default)s)",
    )
    simulate.add_argument(
        "--system",
        default=None,
        metavar="NAME",
        help="the rule system (default: the only one that offers simulations)",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar, only the table")
    _add_locale(simulate)
    simulate.set_defaults(handler=_simulate, parser=simulate)

    _add_table_commands(commands)
    demo = commands.add_parser(
        "demo", help="a short tour of the library", description="A short tour of the library."
    )
    demo.add_argument(
        "--seed", type=int, default=_DEMO_SEED, metavar="N", help="seed (default: %(default)s)"
    )
    _add_locale(demo)
    demo.set_defaults(handler=_demo, parser=demo)
    return parser


def _add_table_commands(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],  # pyright: ignore[reportPrivateUsage]
) -> None:
    """The subcommands that reach a table: ``export``, ``serve`` and ``balance``."""
    export = commands.add_parser(
        "export",
        help="write a character as a CCFOLIA piece or an Udonarium zip",
        description=(
            "Write the character of SHEET (a sheet, a character's JSON, or for the skirmish a "
            "card file of one card or a sample card's id; - reads standard input) as CCFOLIA's "
            "clipboard JSON or as an Udonarium character zip, labelled in the locale."
        ),
    )
    export.add_argument("sheet", metavar="SHEET", help="the file to read, or - for standard input")
    export.add_argument(
        "--format", required=True, choices=("ccfolia", "udonarium"), help="the format"
    )
    export.add_argument(
        "--system",
        default=None,
        metavar="NAME",
        help="the rule system of the sheet (default: the one system that reads it)",
    )
    export.add_argument(
        "--output",
        "-o",
        default=None,
        metavar="FILE",
        help="write here (default: standard output, which must not be a terminal for a zip)",
    )
    _add_locale(export)
    export.set_defaults(handler=_export, parser=export)

    serve = commands.add_parser(
        "serve",
        help="run the bcdice-api-compatible HTTP server (the server extra)",
        description=(
            "Serve bcdice-api v2's routes (/v2/game_system/{id}/roll?command=...) for the "
            "generic dice (DiceBot) and every rule system, and the library's own routes "
            "(/api/..., described at /openapi.json). Needs 'pip install tabletop_rules[server]'."
        ),
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: %(default)s)"
    )
    serve.add_argument(
        "--port", type=_bounded(0, 65535), default=8000, metavar="N",
        help="the port (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--exact-shapes",
        action="store_true",
        help="answer with bcdice-api's fields only (no probability), for clients that refuse more",
    )
    _add_locale(serve)
    serve.set_defaults(handler=_serve, parser=serve)
    balance = commands.add_parser(
        "balance",
        help="play every pairing of decks with one bot and print the win-rate matrix",
        description=(
            "Play GAMES games of every ordered pairing of the DECKs (each deck as the first "
            "player and as the second) with BOT on both sides, and print each deck's win "
            "rate against each other deck with its 95% Wilson interval; --image saves the "
            "matrix as a heat map (needs matplotlib). The same seed gives the same matrix "
            "on any number of processes."
        ),
    )
    balance.add_argument("decks", nargs="+", metavar="DECK", help="two decks or more")
    balance.add_argument(
        "--bot", default="search", metavar="BOT", help="the bot on both sides (default: search)"
    )
    balance.add_argument(
        "--games",
        type=_bounded(1, _MAX_GAMES),
        default=20,
        metavar="N",
        help="games of each ordered pairing (default: %(default)s)",
    )
    balance.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the first game (default: 0)"
    )
    balance.add_argument(
        "--processes",
        type=_bounded(1, 256),
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes; 1 plays in this process (default: every core, %(default)s)",
    )
    balance.add_argument(
        "--system",
        default=None,
        metavar="NAME",
        help="the rule system (default: the only one with ready-made decks)",
    )
    balance.add_argument(
        "--image", default=None, metavar="FILE", help="save the heat map there (PNG, SVG, PDF)"
    )
    balance.add_argument("--quiet", action="store_true", help="no progress bar, only the table")
    _add_locale(balance)
    balance.set_defaults(handler=_balance, parser=balance)


def _rows(text: str) -> int:
    try:
        rows = int(text)
    except ValueError:
        rows = -1
    if rows < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number, 0 or more, not {text!r}")
    return rows


def _bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from *low* to *high*."""

    def number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high:,}, not {text!r}"
            )
        return value

    return number


#: The name of the error handler that writes a character a terminal cannot show.
_PLAIN = "tabletop_rules.cli.plain"
#: Plain spellings of the signs the output uses, for a terminal that cannot show them.
_PLAIN_SIGNS: Final = {
    "≥": ">=",
    "≤": "<=",
    "≈": "~",
    "−": "-",
    "×": "x",
    "→": "->",
    "…": "...",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "—": "-",
    "–": "-",
}


def _plain(error: UnicodeError) -> tuple[str, int]:
    """Write what the terminal cannot show plainly: ``＞`` as ``>``, ``≥`` as ``>=``.

    Only what has no plain spelling (a name in Japanese) is escaped.
    """
    if not isinstance(error, UnicodeEncodeError):  # pragma: no cover - registered for writing
        raise error
    shown: list[str] = []
    for character in error.object[error.start : error.end]:
        plain = _PLAIN_SIGNS.get(character) or unicodedata.normalize("NFKC", character)
        shown.append(
            plain if plain.isascii() else character.encode("ascii", "backslashreplace").decode()
        )
    return "".join(shown), error.end


def _tolerate_any_terminal() -> None:
    """Never crash on a terminal that cannot show a character: write it plainly instead."""
    codecs.register_error(_PLAIN, _plain)  # the same handler each time: registering is idempotent
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=_PLAIN)


def _one_line(message: str) -> str:
    return " ".join(message.split())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tabletop-rules`` command.

    Args:
        argv: The arguments after the program's name; ``sys.argv[1:]`` if not given.

    Returns:
        The exit code: 0 when all went well, 2 for a usage error, 1 for an error of the
        library (printed as one line on standard error, without a traceback).

    Raises:
        InvalidData: *argv* is not a list of ``str`` (path ``$.argv``, or
            ``$.argv[<index>]`` for an item), raised rather than printed: it is the caller's
            mistake, not the user's.

    .. versionadded:: 0.1.0
    """
    arguments = sys.argv[1:] if argv is None else _checked_argv(argv)
    _tolerate_any_terminal()
    parser = _parser()
    try:
        args = parser.parse_args(_expressions_as_operands(arguments))
    except SystemExit as stop:
        code = stop.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    handler: _Handler = args.handler
    locale: str = args.locale
    try:
        code = handler(args)
        sys.stdout.flush()  # a full disk is told here, not at exit
        return code
    except _UsageError as error:
        sub_parser: argparse.ArgumentParser = args.parser
        sub_parser.print_usage(sys.stderr)
        message = translate(error.key, locale, **error.params)
        print(f"{_PROG}: error: {_one_line(message)}", file=sys.stderr)
        return 2
    except _NotACommand as error:
        sub: argparse.ArgumentParser = args.parser
        sub.print_usage(sys.stderr)
        if error.systems:
            message = translate(
                "cli.error.system_command",
                locale,
                text=error.text,
                system=error.systems[0],
                systems=", ".join(error.systems),
            )
        else:
            message = translate("cli.error.not_a_command", locale, text=error.text)
        print(f"{_PROG}: error: {_one_line(message)}", file=sys.stderr)
        return 2
    except TabletopRulesError as error:
        print(f"{_PROG}: error: {_one_line(error.localized(locale))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as other command-line tools do.
        _quiet_stdout()
        return 1
    except OSError as error:  # a full disk, a closed file: one line, not a traceback
        _quiet_stdout()
        reason = error.strerror or type(error).__name__
        message = translate("cli.error.output", locale, reason=reason)
        print(f"{_PROG}: error: {_one_line(message)}", file=sys.stderr)
        return 1


def _quiet_stdout() -> None:
    """Point standard output at the null device: what is still buffered cannot fail at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's capture): nothing to flush
        pass


_LEADING_MINUS = re.compile(r"-[0-9]*[dD]?[0-9]")


def _checked_argv(argv: object) -> list[str]:
    """*argv* as a list, after checking that it is a list (not one text) of ``str``."""
    if isinstance(argv, str):  # a command line is its words, not one text
        raise wrong_type("$.argv", "list[str]", argv)
    return list(checked_items(argv, str, "$.argv"))


def _expressions_as_operands(argv: Sequence[str]) -> list[str]:
    """Keep an expression that starts with a minus (``-1d4+3``) from reading as an option.

    A leading space hides the minus from argparse; the notation ignores it.
    """
    args: list[str] = []
    for arg in argv:
        if arg == "--":
            return [*args, *argv[len(args) :]]
        args.append(f" {arg}" if _LEADING_MINUS.match(arg) else arg)
    return args
