"""Every permission's object check and its queryset filter agree (classroom.permissions and
games.permissions): on generated classrooms, for every user (teachers, children, switched-off accounts,
a child's account without its student row, a signed-out visitor) and every object, the check allows
exactly the objects the filter selects, and the filter selects each of them once."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom import permissions as classroom_permissions
from classroom.models import User
from games import permissions as games_permissions
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MatchFactory,
    SeatFactory,
    StudentFactory,
    StudentUserFactory,
    TeacherFactory,
)

pytestmark = pytest.mark.django_db

MODULES = (classroom_permissions, games_permissions)
PERMISSIONS = [permission for module in MODULES for permission in module.PERMISSIONS]


@dataclass(frozen=True)
class World:
    """What to build, by index: teachers (active?), classes (their teacher), students (class,
    active?), assignments (class, the students named), matches (class, seats)."""

    teachers: list[bool]
    classes: list[int]
    students: list[tuple[int, bool]]
    account_without_student: bool
    assignments: list[tuple[int, list[int]]]
    matches: list[tuple[int, list[tuple[str, int]]]]


@st.composite
def worlds(draw) -> World:
    teachers = draw(st.lists(st.booleans(), min_size=1, max_size=3))
    classes = draw(st.lists(st.integers(0, len(teachers) - 1), min_size=1, max_size=4))
    students = draw(st.lists(st.tuples(st.integers(0, len(classes) - 1), st.booleans()), max_size=7))
    someone = st.integers(0, max(len(students) - 1, 0))
    named = st.lists(someone, max_size=3) if students else st.just([])
    # A seat holds a child, a computer player, a computer player a child left, or (never in the
    # product, but the rules must still agree) a teacher.
    seat = st.one_of(st.tuples(st.just("child"), someone), st.tuples(st.just("bot"), st.just(0)),
                     st.tuples(st.just("left"), someone), st.tuples(st.just("teacher"), st.integers(0, 2)))
    return World(
        teachers=teachers,
        classes=classes,
        students=students,
        account_without_student=draw(st.booleans()),
        assignments=draw(st.lists(st.tuples(st.integers(0, len(classes) - 1), named), max_size=4)),
        matches=draw(st.lists(st.tuples(st.integers(0, len(classes) - 1), st.lists(seat, min_size=1, max_size=3)),
                              max_size=4)),
    )


def build(world: World) -> None:
    teachers = [TeacherFactory(is_active=active) for active in world.teachers]
    classes = [ClassroomFactory(teacher=teachers[index]) for index in world.classes]
    students = [StudentFactory(classroom=classes[index], user__is_active=active) for index, active in world.students]
    if world.account_without_student:
        StudentUserFactory()
    for index, named in world.assignments:
        AssignmentFactory(classroom=classes[index], students=[students[i] for i in set(named)])
    for index, seats in world.matches:
        match = MatchFactory(classroom=classes[index], players=len(seats))
        seated: set[int] = set()
        for position, (kind, who) in enumerate(seats):
            user = None
            if kind == "child" and students:
                user = students[who].user
            elif kind == "teacher":
                user = teachers[who % len(teachers)]
            if user is not None and user.pk not in seated:
                seated.add(user.pk)
                SeatFactory(match=match, index=position, user=user)
            elif kind == "left" and students:
                SeatFactory(match=match, index=position, bot_level="easy", left_by=students[who].user)
            else:
                SeatFactory(match=match, index=position, bot_level="easy")


def who(user) -> str:
    if user is None or not user.is_authenticated:
        return repr(user)
    return f"{user.role} {user.pk} ({'active' if user.is_active else 'switched off'})"


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(world=worlds())
def test_each_object_check_allows_exactly_what_its_filter_selects(world):
    with transaction.atomic():
        build(world)
        for permission in PERMISSIONS:
            objects = list(permission.model._default_manager.all())
            for user in [None, AnonymousUser(), *User.objects.all()]:
                selected = list(permission.queryset(user).values_list("pk", flat=True))
                assert len(selected) == len(set(selected)), f"{permission.name} selects an object twice for {who(user)}"
                for obj in objects:
                    assert permission.check(user, obj) == (obj.pk in selected), (
                        f"{permission.name}: the check says {permission.check(user, obj)}, the filter "
                        f"{obj.pk in selected}, for {who(user)} and {obj!r}")
        transaction.set_rollback(True)


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_every_object_check_and_filter_is_a_listed_pair(module):
    """A permission written without its other half, or left out of PERMISSIONS, escapes the test above."""
    own = {name for name, function in inspect.getmembers(module, inspect.isfunction)
           if function.__module__ == module.__name__}
    assert {name for name in own if name.startswith("can_")} == {p.check.__name__ for p in module.PERMISSIONS}
    assert {name for name in own if name.endswith("_filter")} == {p.filter.__name__ for p in module.PERMISSIONS}
