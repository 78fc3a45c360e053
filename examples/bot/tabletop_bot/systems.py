"""What the bot needs from each rule system, behind one small interface.

Everything system-specific lives here: how a pasted sheet becomes a stored character, which
check a stored character makes, how a lobby's seats become the ruleset's setup, and how an
event or a command is put into words. The bot itself (:mod:`tabletop_bot.bot`) only calls
:class:`System`'s methods.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import attrs

from tabletop_bot.messages import BotError
from tabletop_rules import bar2d6, bayside23, from_json, m20, skirmish, to_json
from tabletop_rules.dice import DiceSource
from tabletop_rules.engine import Ruleset
from tabletop_rules.i18n import LOCALES, translate

__all__ = ["SYSTEMS", "Seat", "System"]

CharacterT = TypeVar("CharacterT")
ParticipantT = TypeVar("ParticipantT")


@dataclass(frozen=True)
class Seat:
    """Someone in a lobby: a player's character (``player``) or a GM-run foe (``foe``)."""

    #: The chat user who controls it (the GM, for a foe).
    user: str
    #: Its id in the game.
    id: str
    #: ``"player"`` or ``"foe"``.
    role: str


class System(Protocol):
    """One rule system, as the bot uses it."""

    name: str
    #: The system's ruleset (``m20.RULESET``, ...).
    ruleset: Ruleset[Any, Any, Any, Any]
    #: The id of the GM in its games, or ``None`` (the skirmish has no GM).
    gm: str | None
    #: How many players a game needs at least, and at most (``None``: any number).
    seats: tuple[int, int | None]

    def read_sheet(self, text: str) -> str:
        """The JSON to store for a pasted sheet (``example``: the system's example)."""
        ...

    def show_sheet(self, data: str, locale: str) -> str:
        """A stored character, as a sheet."""
        ...

    def check(self, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
        """Roll a check of the stored character; *words* say which one."""
        ...

    def setup(self, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
        """The ruleset's setup; *sheets* holds each seat's stored JSON by seat id."""
        ...

    def describe(self, event: object, locale: str, state: object) -> str:
        """One event of the log, with participants named from *state*."""
        ...

    def label(self, command: object, locale: str, state: object) -> str:
        """One entry of a menu, with participants named from *state*."""
        ...


def _norm(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def _pick(word: str, choices: Mapping[str, str]) -> str:
    """The value whose name (its value, or a label in any locale) is *word*."""
    wanted = _norm(word)
    for value, key in choices.items():
        names = {value, *(translate(key, locale) for locale in LOCALES)}
        if wanted in {_norm(name) for name in names}:
            return value
    raise BotError("bot.unknown_choice", word=word, choices=", ".join(choices))


def _number(word: str) -> int:
    try:
        return int(unicodedata.normalize("NFKC", word))
    except ValueError:
        raise BotError("bot.not_a_number", word=word) from None


def _foe(character: Any, seat: Seat) -> Any:
    """A foe is a copy of its template, named after its id so logs tell foes apart."""
    return attrs.evolve(character, name=seat.id)


def _cast(
    seats: Sequence[Seat],
    sheets: Mapping[str, str],
    character_type: type[CharacterT],
    participant: Callable[[Seat, CharacterT, bool], ParticipantT],
) -> list[ParticipantT]:
    """Each seat's participant: its stored character (renamed, for a foe), and whether a foe."""
    cast: list[ParticipantT] = []
    for seat in seats:
        character = from_json(sheets[seat.id], character_type)
        foe = seat.role == "foe"
        cast.append(participant(seat, _foe(character, seat) if foe else character, foe))
    return cast


class M20:
    """酒吧M20變體: sheets, specialty checks, combats with labelled menus."""

    name = "m20"
    ruleset: Ruleset[Any, Any, Any, Any] = m20.RULESET
    gm: str | None = m20.GM
    seats: tuple[int, int | None] = (1, None)

    def read_sheet(self, text: str) -> str:
        sheet = m20.EXAMPLE_SHEET if text.strip() == "example" else text
        return to_json(m20.parse_sheet(sheet))

    def show_sheet(self, data: str, locale: str) -> str:
        return m20.format_sheet(from_json(data, m20.Character), locale)

    def check(self, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
        """``.check SPECIALTY DIFFICULTY [react]``: a specialty check (M20-036)."""
        if len(words) not in (2, 3):
            raise BotError("bot.usage", usage=".check SPECIALTY DIFFICULTY [react]")
        specialty = m20.Specialty(
            _pick(words[0], {s.value: f"m20.specialty.{s.value}" for s in m20.Specialty})
        )
        levels = {
            level.name.lower(): f"m20.difficulty.{level.name.lower()}"
            for level in m20.DifficultyLevel
        }
        first = unicodedata.normalize("NFKC", words[1])
        difficulty: m20.DifficultyLevel | int = (
            _number(first)
            if first.lstrip("-").isdigit()
            else m20.DifficultyLevel[_pick(first, levels).upper()]
        )
        stance = m20.Stance.REACTING if words[2:] == ["react"] else m20.Stance.ACTING
        character = from_json(data, m20.Character)
        check = m20.SpecialtyCheck.of(character, specialty, difficulty, stance=stance)
        return check.resolve(dice).explain(locale)

    def setup(self, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
        def participant(seat: Seat, character: m20.Character, foe: bool) -> m20.Participant:
            side = "foes" if foe else "party"
            return m20.Participant(id=seat.id, character=character, side=side, player=not foe)

        return m20.CombatSetup(participants=_cast(seats, sheets, m20.Character, participant))

    def describe(self, event: object, locale: str, state: object) -> str:
        return m20.describe(event, locale, state=state)  # type: ignore[arg-type]

    def label(self, command: object, locale: str, state: object) -> str:
        return m20.command_label(command, locale, state=state)  # type: ignore[arg-type]


class Bar2d6:
    """bar2d6: sheets, checks against the GM's dice, combats."""

    name = "bar2d6"
    ruleset: Ruleset[Any, Any, Any, Any] = bar2d6.RULESET
    gm: str | None = bar2d6.GM
    seats: tuple[int, int | None] = (1, None)

    def read_sheet(self, text: str) -> str:
        sheet = bar2d6.EXAMPLE_SHEET if text.strip() == "example" else text
        return to_json(bar2d6.parse_sheet(sheet))

    def show_sheet(self, data: str, locale: str) -> str:
        return bar2d6.format_sheet(from_json(data, bar2d6.Character), locale)

    def check(self, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
        """``.check GM-DICE [ITEM...]``: 2D6 + the items' active bonuses against the GM's dice."""
        if not words:
            raise BotError("bot.usage", usage=".check GM-DICE [ITEM ...]")
        character = from_json(data, bar2d6.Character)
        check = bar2d6.GMCheck(
            terms=bar2d6.check_terms(character, words[1:]), difficulty=_number(words[0])
        )
        return check.resolve(dice).explain(locale)

    def setup(self, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
        def participant(seat: Seat, character: bar2d6.Character, foe: bool) -> bar2d6.Participant:
            side = "foes" if foe else "party"
            return bar2d6.Participant(id=seat.id, character=character, side=side, player=not foe)

        return bar2d6.CombatSetup(participants=_cast(seats, sheets, bar2d6.Character, participant))

    def describe(self, event: object, locale: str, state: object) -> str:
        return bar2d6.describe(event, locale, state=state)  # type: ignore[arg-type]

    def label(self, command: object, locale: str, state: object) -> str:
        return bar2d6.command_label(command, locale, state=state)  # type: ignore[arg-type]


class Bayside23:
    """bayside23: sheets, action checks, battles (every combatant carries one weapon)."""

    name = "bayside23"
    ruleset: Ruleset[Any, Any, Any, Any] = bayside23.RULESET
    gm: str | None = bayside23.GM
    seats: tuple[int, int | None] = (1, None)

    def read_sheet(self, text: str) -> str:
        sheet = bayside23.EXAMPLE_SHEET if text.strip() == "example" else text
        return to_json(bayside23.parse_sheet(sheet))

    def show_sheet(self, data: str, locale: str) -> str:
        return bayside23.format_sheet(from_json(data, bayside23.Character))

    def check(self, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
        """``.check [SKILL] DIFFICULTY``: an action check (BAY-39), with a skill or without."""
        if len(words) not in (1, 2):
            raise BotError("bot.usage", usage=".check [SKILL] DIFFICULTY")
        character = from_json(data, bayside23.Character)
        skill = words[0] if len(words) == 2 else None
        check = bayside23.ActionCheck.of(character, skill, _number(words[-1]))
        return check.resolve(dice).explain(locale)

    def setup(self, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
        def participant(
            seat: Seat, character: bayside23.Character, foe: bool
        ) -> bayside23.Participant:
            return bayside23.Participant(
                id=seat.id,
                character=character,
                side=bayside23.Side.ENEMIES if foe else bayside23.Side.PARTY,
                # The sheet names no weapon: everyone fights with a 1D6 one.
                weapons=[bayside23.Weapon(name="武器")],
            )

        cast = _cast(seats, sheets, bayside23.Character, participant)
        return bayside23.BattleSetup(participants=cast)

    def describe(self, event: object, locale: str, state: object) -> str:
        return bayside23.describe(event, locale, state=state)  # type: ignore[arg-type]

    def label(self, command: object, locale: str, state: object) -> str:
        return bayside23.command_label(command, locale, state=state)  # type: ignore[arg-type]


class Skirmish:
    """The card skirmish: a stored deck of three sample cards, two players, no GM."""

    name = "skirmish"
    ruleset: Ruleset[Any, Any, Any, Any] = skirmish.RULESET
    gm: str | None = None
    seats: tuple[int, int | None] = (2, 2)

    def read_sheet(self, text: str) -> str:
        """A sample deck's name (``vanguard``), or three sample card ids."""
        words = text.split()
        decks = dict(skirmish.SAMPLE_DECKS)
        if words == ["example"]:
            words = ["vanguard"]
        ids = list(decks[words[0]]) if len(words) == 1 and words[0] in decks else words
        return to_json(self._deck(ids))

    def _deck(self, ids: list[str]) -> list[str]:
        """*ids*, if they are a deck: three sample card ids (``bot.bad_deck`` if not)."""
        known = {card.id for card in skirmish.sample_cards().cards}
        if len(ids) != 3 or not set(ids) <= known:
            decks = ", ".join(skirmish.SAMPLE_DECKS)
            raise BotError("bot.bad_deck", decks=decks, cards=", ".join(sorted(known)))
        return ids

    def show_sheet(self, data: str, locale: str) -> str:
        cards = skirmish.sample_cards()
        return "\n".join(
            f"{cards[i].name} ({i}): hp {cards[i].hp}, atk {cards[i].atk}, "
            f"skl {cards[i].skl}, def {cards[i].defense}"
            for i in self._deck(from_json(data, list[str]))
        )

    def check(self, data: str, words: Sequence[str], dice: DiceSource, locale: str) -> str:
        raise BotError("bot.no_check", system=self.name)

    def setup(self, seats: Sequence[Seat], sheets: Mapping[str, str]) -> object:
        cards = skirmish.sample_cards()
        teams: list[skirmish.Team] = []
        for seat in seats:
            back, front = skirmish.home_rows(seat.id)
            if seat.id != skirmish.PLAYERS[0]:
                back, front = front, back
            ids = from_json(sheets[seat.id], list[str])
            teams.append(
                skirmish.Team(cards=tuple(cards[i] for i in ids), rows=(front, back, back))
            )
        return skirmish.Setup(teams=tuple(teams), library=cards.cards)

    def describe(self, event: object, locale: str, state: object) -> str:
        return skirmish.describe(event, locale, state=state)  # type: ignore[arg-type]

    def label(self, command: object, locale: str, state: object) -> str:
        return skirmish.command_label(command, locale, state=state)  # type: ignore[arg-type]


#: The systems the bot plays, by name.
SYSTEMS: Mapping[str, System] = {s.name: s for s in (M20(), Bar2d6(), Bayside23(), Skirmish())}
