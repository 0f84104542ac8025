"""factory_boy factories for the domain models."""

import factory

from classroom.models import Classroom, Student, User
from classroom.secrets import hash_secret, hash_token
from games.models import Assignment, Match, Seat
from games.services.report_snapshots import snapshot_build, snapshot_request


class TeacherFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Teacher {n}")
    email = factory.Sequence(lambda n: f"teacher{n}@school.test")
    username = factory.LazyAttribute(lambda o: o.email)
    role = User.Role.TEACHER
    password = factory.django.Password("correct horse battery")


class ClassroomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Classroom

    teacher = factory.SubFactory(TeacherFactory)
    name = factory.Sequence(lambda n: f"Class {n}")
    join_code = factory.Sequence(lambda n: f"C{n:05d}"[-6:].replace("0", "Z").replace("1", "Y"))


class StudentUserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User

    username = factory.Sequence(lambda n: f"student-{n}")
    role = User.Role.STUDENT
    password = "!"


class StudentFactory(factory.django.DjangoModelFactory):
    """A student whose picture password is sun, moon, star and whose card token is 'token-<id>'."""

    class Meta:
        model = Student

    user = factory.SubFactory(StudentUserFactory)
    classroom = factory.SubFactory(ClassroomFactory)
    first_name = factory.Sequence(lambda n: f"Kid{n}")
    last_name = "Lopez"
    display_name = factory.LazyAttribute(lambda o: f"{o.first_name} L.")
    picture_secret_hash = factory.LazyFunction(lambda: hash_secret("sun-moon-star"))
    card_token_hash = factory.Sequence(lambda n: hash_token(f"token-{n}"))


class AssignmentFactory(factory.django.DjangoModelFactory):
    """A Fultiples assignment for the whole class (name students with `students=[...]`)."""

    class Meta:
        model = Assignment
        skip_postgeneration_save = True

    classroom = factory.SubFactory(ClassroomFactory)
    game = "fultiples"

    @factory.post_generation
    def students(self, create, extracted, **kwargs):
        if create and extracted:
            self.students.set(extracted)


class MatchFactory(factory.django.DjangoModelFactory):
    """A lobby of the class; seats come from SeatFactory."""

    class Meta:
        model = Match

    classroom = factory.SubFactory(ClassroomFactory)
    game = "fultiples"
    players = 2
    seed = factory.Sequence(lambda n: n)


class SeatFactory(factory.django.DjangoModelFactory):
    """A seat: give `index`, and a `user` (a child), a `bot_level`, or a `left_by` with a bot level."""

    class Meta:
        model = Seat

    match = factory.SubFactory(MatchFactory)
    index = 0


def built_snapshot(classroom: Classroom, period: str = "7d", game: str = ""):
    """A nightly report snapshot of the class, built there and then (what the job does)."""
    return snapshot_build(report_id=snapshot_request(classroom=classroom, period=period, game=game).pk)
