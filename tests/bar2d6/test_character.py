"""bar2d6 characters: personality points, items, HP, special abilities (【角色創造】)."""

from __future__ import annotations

import pytest
from hypothesis import given

from tabletop_rules import InvalidCharacter, InvalidData
from tabletop_rules.bar2d6 import (
    BASE_HP,
    PERSONALITY_POINTS,
    Character,
    Item,
    ItemKind,
    Special,
    SpecialKind,
)
from tabletop_rules.bar2d6.strategies import characters
from tabletop_rules.serialization import from_json, to_json


def _problems(**fields: object) -> tuple[str, ...]:
    with pytest.raises(InvalidCharacter) as caught:
        Character(**fields)  # type: ignore[arg-type]
    return tuple(key for key, _ in caught.value.problem_keys)


def test_base_hp_is_three() -> None:
    """B2D6-01: a character with no HP bought has 3 HP."""
    assert (3, 3) == (BASE_HP, Character(name="A").max_hp)


def test_ten_personality_points() -> None:
    """B2D6-04: every character has 10 personality points; none spent leaves 10 unspent."""
    assert (10, 10) == (PERSONALITY_POINTS, Character(name="A").unspent)


def test_unspent_points_are_allowed_and_reported() -> None:
    """B2D6-04: spending fewer than 10 is allowed; the rest is reported as unspent."""
    a = Character(name="A", items=[Item(name="劍", kind=ItemKind.WEAPON, active=3)])
    assert (3, 7) == (a.spent, a.unspent)


def test_spending_more_than_ten_is_refused() -> None:
    """B2D6-04: 11 points spent is invalid."""
    items = [
        Item(name="劍", kind=ItemKind.WEAPON, active=3),
        Item(name="盾", kind=ItemKind.WEAPON, passive=3),
        Item(name="跑", kind=ItemKind.SKILL, active=3),
    ]
    assert ("bar2d6.problem.overspent",) == _problems(name="A", items=items, hp_bought=1)


@pytest.mark.parametrize("kind", list(ItemKind))
def test_items_are_skills_moves_traits_or_weapons(kind: ItemKind) -> None:
    """B2D6-05: points go on a skill, a move, a trait or a weapon, each named by the player."""
    item = Item(name="X", kind=kind, active=1)
    assert (item,) == Character(name="A", items=[item]).items


def test_a_point_of_active_bonus() -> None:
    """B2D6-06: each point of active (attack and acting) bonus costs 1 and gives +1."""
    a = Character(name="A", items=[Item(name="劍", kind=ItemKind.WEAPON, active=2)])
    assert (2, 0, 2) == (a.item("劍").active, a.item("劍").passive, a.spent)


def test_a_point_of_passive_bonus() -> None:
    """B2D6-07: each point of passive (defense and reacting) bonus costs 1 and gives +1."""
    a = Character(name="A", items=[Item(name="盾", kind=ItemKind.WEAPON, passive=3)])
    assert (0, 3, 3) == (a.item("盾").active, a.item("盾").passive, a.spent)


def test_two_points_buy_one_hp() -> None:
    """B2D6-08: 2 points raise HP by 1."""
    a = Character(name="A", hp_bought=2)
    assert (5, 4, 6) == (a.max_hp, a.spent, a.unspent)


def test_hp_has_no_cap() -> None:
    """B2D6-12: all 10 points may go to HP: 5 HP bought, 8 HP, nothing refused."""
    assert 8 == Character(name="A", hp_bought=5).max_hp


def test_special_abilities_cost_what_the_gm_sets() -> None:
    """B2D6-09: an ability's type and cost are the GM's; its cost counts against the 10."""
    special = Special(kind=SpecialKind.CUSTOM, cost=2)
    a = Character(name="A", items=[Item(name="咒", kind=ItemKind.MOVE, specials=[special])])
    assert (2, 8) == (a.spent, a.unspent)


def test_an_item_holds_at_most_three_points() -> None:
    """B2D6-10: active + passive + abilities on one item at most 3."""
    item = Item(name="劍", kind=ItemKind.WEAPON, active=2, passive=2)
    assert ("bar2d6.problem.item_cap",) == _problems(name="A", items=[item])


def test_three_points_on_an_item_are_fine() -> None:
    """B2D6-10: exactly 3 points (a +3 bonus) is the most, and allowed."""
    item = Item(name="劍", kind=ItemKind.WEAPON, active=2, passive=1)
    assert 3 == Character(name="A", items=[item]).item("劍").points


def test_one_ability_costing_more_than_three_lifts_the_cap() -> None:
    """B2D6-11: one ability of 5 points is allowed on an item; the item's cap becomes 5."""
    item = Item(name="聖光", kind=ItemKind.MOVE, specials=[Special(kind=SpecialKind.HEAL, cost=5)])
    a = Character(name="A", items=[item])
    assert (5, 5) == (a.item("聖光").points, a.item("聖光").cap)


def test_a_lifted_cap_holds_no_bonus_beside_the_ability() -> None:
    """B2D6-11 (DESIGN: the cap becomes the ability's cost): 5-point ability + 1 bonus is over."""
    item = Item(
        name="聖光",
        kind=ItemKind.MOVE,
        active=1,
        specials=[Special(kind=SpecialKind.HEAL, cost=5)],
    )
    assert ("bar2d6.problem.item_cap",) == _problems(name="A", items=[item])


@pytest.mark.parametrize(("cost", "amount"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (9, 4)])
def test_healing_defaults_to_half_the_points_rounded_down(cost: int, amount: int) -> None:
    """B2D6-15: a healing ability heals ⌊points ÷ 2⌋ by default."""
    assert amount == Special(kind=SpecialKind.HEAL, cost=cost).amount_or_default


@pytest.mark.parametrize(("cost", "amount"), [(2, 0), (3, 1), (5, 1), (6, 2)])
def test_damage_boost_defaults_to_a_third_rounded_down(cost: int, amount: int) -> None:
    """B2D6-16: a damage boost adds ⌊points ÷ 3⌋ by default."""
    assert amount == Special(kind=SpecialKind.DAMAGE, cost=cost).amount_or_default


@pytest.mark.parametrize(("cost", "amount"), [(1, 0), (3, 1), (4, 2)])
def test_granting_defaults_to_half_the_points_rounded_down(cost: int, amount: int) -> None:
    """B2D6-17: a bonus-granting ability grants ⌊points ÷ 2⌋ by default."""
    assert amount == Special(kind=SpecialKind.GRANT, cost=cost).amount_or_default


@pytest.mark.parametrize("kind", [SpecialKind.HEAL, SpecialKind.DAMAGE, SpecialKind.GRANT])
def test_the_gm_sets_the_actual_amount(kind: SpecialKind) -> None:
    """B2D6-15, B2D6-16, B2D6-17: the GM's amount replaces the default."""
    assert 3 == Special(kind=kind, cost=2, amount=3).amount_or_default


def test_summoning_creating_and_paying_a_price_are_not_abilities() -> None:
    """B2D6-18: the library has no summon, create or pay-a-price ability type."""
    assert {"heal", "damage", "grant", "area", "multi", "custom"} == {k.value for k in SpecialKind}


def test_a_multi_attack_makes_two_attacks_or_more() -> None:
    """B2D6-14 (DESIGN: the number of attacks is set with the ability): 1 attack is refused."""
    item = Item(
        name="連斬",
        kind=ItemKind.MOVE,
        specials=[Special(kind=SpecialKind.MULTI, cost=3, amount=1)],
    )
    assert ("bar2d6.problem.multi_attacks",) == _problems(name="A", items=[item])


def test_every_problem_is_listed_at_once() -> None:
    """B2D6-04, B2D6-10: an empty name, a repeated item, an item over 3 and overspending."""
    items = [
        Item(name="劍", kind=ItemKind.WEAPON, active=3, passive=1),
        Item(name="劍", kind=ItemKind.WEAPON, active=3),
        Item(name="盾", kind=ItemKind.WEAPON, passive=3),
    ]
    assert (
        "bar2d6.problem.empty_name",
        "bar2d6.problem.item_cap",
        "bar2d6.problem.duplicate_item",
        "bar2d6.problem.overspent",
    ) == _problems(name=" ", items=items, hp_bought=1)


def test_problems_are_localized() -> None:
    """B2D6-04: the overspending problem in zh-Hant names the points."""
    with pytest.raises(InvalidCharacter) as caught:
        Character(name="A", hp_bought=6)
    assert ("花費了 12 點個性點數；每位角色只有 10 點。",) == caught.value.localized_problems(
        "zh-Hant"
    )


def test_a_wrong_field_type_is_refused_at_its_path() -> None:
    """B2D6-06: a bonus is a whole number; text is refused with InvalidData at the field."""
    with pytest.raises(InvalidData) as raised:
        Item(name="劍", kind=ItemKind.WEAPON, active="2")  # type: ignore[arg-type]
    assert "$.active" == raised.value.path


@given(characters())
def test_drawn_characters_spend_at_most_ten(character: Character) -> None:
    """B2D6-04, B2D6-10, B2D6-11: every drawn character is valid as built."""
    assert 0 <= character.unspent <= PERSONALITY_POINTS
    assert all(item.points <= item.cap for item in character.items)


@given(characters())
def test_characters_round_trip_through_json(character: Character) -> None:
    """B2D6-05: a character, its items and abilities survive JSON."""
    assert character == from_json(to_json(character), Character)
