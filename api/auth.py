"""Teacher sign-up, sign-in, sign-out, password reset, and who is signed in."""

from __future__ import annotations

from django.contrib.auth import login, logout, update_session_auth_hash
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_protect, ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from api.client_address import client_address
from classroom import selectors, services
from classroom.models import User


class AddressThrottle(ScopedRateThrottle):
    """The view's scoped rate per client address, where a forwarded header counts only from a trusted
    proxy (DRF's own get_ident believes X-Forwarded-For from anybody)."""

    def get_ident(self, request) -> str:
        return client_address(request.META)


class MeClassroomSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    join_code = serializers.CharField()
    sounds = serializers.BooleanField(help_text="The teacher allows game sounds in this class.")


class AvatarSerializer(serializers.Serializer):
    picture = serializers.CharField(help_text="A picture of classroom/avatars.json.")
    colour = serializers.CharField(help_text="A colour of classroom/avatars.json.")


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=User.Role.choices)
    name = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    classroom = MeClassroomSerializer(allow_null=True)
    avatar = AvatarSerializer(allow_null=True, help_text="A student's avatar; null until they choose one.")

    @staticmethod
    def for_user(user: User) -> dict:
        classroom = selectors.classroom_of_student(user=user)
        return {
            "id": user.pk,
            "role": user.role,
            "name": user.name,
            "email": user.email if user.is_teacher else None,
            "classroom": {"id": classroom.pk, "name": classroom.name, "join_code": classroom.join_code,
                          "sounds": classroom.sounds}
            if classroom else None,
            "avatar": selectors.avatar_of_user(user=user),
        }


def me_response(user: User, status_code: int = status.HTTP_200_OK) -> Response:
    return Response(MeSerializer(MeSerializer.for_user(user)).data, status=status_code)


class CsrfView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={204: None}, summary="Set the CSRF cookie")
    @method_decorator(ensure_csrf_cookie)
    def get(self, request):
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(APIView):
    @extend_schema(responses=MeSerializer, summary="Who is signed in")
    def get(self, request):
        return me_response(request.user)


class SignUpSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=150)
    email = serializers.EmailField()
    password = serializers.CharField(write_only=True, trim_whitespace=False)


class SignUpAcceptedSerializer(serializers.Serializer):
    message = serializers.CharField()


@method_decorator(csrf_protect, name="dispatch")
class SignUpView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AddressThrottle]
    throttle_scope = "teacher_login"

    @extend_schema(request=SignUpSerializer, responses={202: SignUpAcceptedSerializer},
                   summary="Teacher sign-up: the same answer for a new and a taken email; the link is emailed")
    def post(self, request):
        data = SignUpSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.teacher_sign_up(**data.validated_data)
        return Response({"message": services.SIGN_UP_ANSWER}, status=status.HTTP_202_ACCEPTED)


class ActivateSerializer(serializers.Serializer):
    uid = serializers.CharField(max_length=64)
    token = serializers.CharField(max_length=128)


@method_decorator(csrf_protect, name="dispatch")
class ActivateView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AddressThrottle]
    throttle_scope = "teacher_login"

    @extend_schema(request=ActivateSerializer, responses=MeSerializer,
                   summary="Open a teacher account with the emailed link, and sign in")
    def post(self, request):
        data = ActivateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.teacher_activate(**data.validated_data)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return me_response(user)


class LoginSerializer(serializers.Serializer):
    email = serializers.EmailField()
    password = serializers.CharField(write_only=True, trim_whitespace=False)


@method_decorator(csrf_protect, name="dispatch")
class LoginView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AddressThrottle]
    throttle_scope = "teacher_login"

    @extend_schema(request=LoginSerializer, responses=MeSerializer, summary="Teacher sign-in")
    def post(self, request):
        data = LoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.teacher_sign_in(**data.validated_data, request=request._request)
        login(request, user)
        return me_response(user)


class LogoutView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None}, summary="Sign out")
    def post(self, request):
        logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordResetSerializer(serializers.Serializer):
    email = serializers.EmailField()


@method_decorator(csrf_protect, name="dispatch")
class PasswordResetView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AddressThrottle]
    throttle_scope = "teacher_login"

    @extend_schema(request=PasswordResetSerializer, responses={202: None}, summary="Email a reset link")
    def post(self, request):
        data = PasswordResetSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.password_reset_request(email=data.validated_data["email"])
        return Response(status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmSerializer(serializers.Serializer):
    uid = serializers.CharField()
    token = serializers.CharField()
    new_password = serializers.CharField(write_only=True, trim_whitespace=False)


@method_decorator(csrf_protect, name="dispatch")
class PasswordResetConfirmView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AddressThrottle]
    throttle_scope = "teacher_login"

    @extend_schema(request=PasswordResetConfirmSerializer, responses={204: None},
                   summary="Choose a new password with a reset link")
    def post(self, request):
        data = PasswordResetConfirmSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.password_reset_confirm(**data.validated_data)
        if request.user.is_authenticated and request.user.pk == user.pk:
            update_session_auth_hash(request, user)  # the new password ends the other sessions, not this one
        return Response(status=status.HTTP_204_NO_CONTENT)

