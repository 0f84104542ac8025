"""Children's sign-in: class code, tap your name, then your pictures (or password), or a QR card."""

from __future__ import annotations

from django.contrib.auth import login
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_protect
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.auth import MeSerializer, me_response
from api.client_address import client_address
from api.schema import refusals
from classroom import selectors, services
from classroom.models import Classroom

BACKEND = "django.contrib.auth.backends.ModelBackend"


def sign_in(request, user) -> None:
    """Django's login(), unless this session is already this child's (a card read twice, two tabs):
    login() would give the session a new key and delete the old one, and every other tab of the
    browser whose request is still on its way with the old cookie would answer 401 (issue 32). A
    session already signed in as the same account (the middleware checked its password hash, so a
    revoked one is not) gains nothing from a new key: fixation needs a session that changes hands."""
    current = getattr(request, "user", None)
    if current is not None and current.is_authenticated and current.pk == user.pk:
        return
    login(request, user, backend=BACKEND)


class ClassNamesView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        responses={200: inline_serializer("StudentLoginClass", {
            "classroom": inline_serializer("StudentLoginClassroom", {
                "name": serializers.CharField(),
                "sign_in_mode": serializers.ChoiceField(choices=Classroom.SignInMode.choices)}),
            "students": inline_serializer("StudentLoginName", {
                "id": serializers.IntegerField(), "display_name": serializers.CharField()}, many=True),
        }), **refusals(429)},
        summary="The names to tap, for a class code",
    )
    def get(self, request, code: str):
        classroom = services.classroom_for_sign_in(code=code, address=client_address(request.META))
        students = selectors.student_list_for_classroom(classroom=classroom).values("id", "display_name")
        return Response({
            "classroom": {"name": classroom.name, "sign_in_mode": classroom.sign_in_mode},
            "students": list(students),
        })


class StudentLoginSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=12)
    student_id = serializers.IntegerField()
    pictures = serializers.ListField(child=serializers.CharField(max_length=20), required=False, max_length=10)
    password = serializers.CharField(required=False, trim_whitespace=False, max_length=128)


@method_decorator(csrf_protect, name="dispatch")
class StudentLoginView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=StudentLoginSerializer, responses={200: MeSerializer, **refusals(423, 429)},
                   summary="A child signs in")
    def post(self, request):
        data = StudentLoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.student_sign_in(**data.validated_data, address=client_address(request.META))
        sign_in(request, user)
        return me_response(user)


class TokenLoginSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=200)


@method_decorator(csrf_protect, name="dispatch")
class StudentTokenLoginView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=TokenLoginSerializer, responses=MeSerializer, summary="Sign in with a QR card")
    def post(self, request):
        data = TokenLoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.student_sign_in_with_token(token=data.validated_data["token"])
        sign_in(request, user)
        return me_response(user)
