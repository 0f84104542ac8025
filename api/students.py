"""One student: edit, remove, revoke their card, unlock their sign-in, export their data."""

from __future__ import annotations

import json

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from api.auth import AvatarSerializer, MeSerializer, me_response
from api.permissions import IsStudent, IsTeacher
from api.rosters import StudentSerializer
from classroom import selectors, services
from classroom.permissions import students_managed_by
from games.services.student_data import student_export


class StudentViewSet(mixins.RetrieveModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                     viewsets.GenericViewSet):
    serializer_class = StudentSerializer
    permission_classes = [IsTeacher]
    http_method_names = ["get", "post", "patch", "delete"]

    def get_queryset(self):
        return students_managed_by(self.request.user).select_related("user", "classroom")

    def perform_update(self, serializer):
        serializer.instance = services.student_update(student=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        services.student_delete(student=instance)

    @extend_schema(request=None, responses={204: None}, summary="Revoke the student's login card")
    @action(detail=True, methods=["post"], url_path="revoke-card")
    def revoke_card(self, request, pk=None):
        services.student_revoke_card(student=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={204: None}, summary="Unlock the student's sign-in")
    @action(detail=True, methods=["post"])
    def unlock(self, request, pk=None):
        services.student_unlock(student=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(responses={(200, "application/json"): OpenApiTypes.OBJECT},
                   summary="Download everything stored about the student (JSON)")
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        student = self.get_object()
        body = json.dumps(student_export(student=student), indent=2)
        response = HttpResponse(body, content_type="application/json")
        filename = f"student-{student.pk}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class MyAvatarView(APIView):
    """A child sets their own avatar: there is no student id to give, so nobody sets another's."""

    permission_classes = [IsStudent]

    @extend_schema(request=AvatarSerializer, responses=MeSerializer,
                   summary="Choose my avatar (a picture and a colour)")
    def put(self, request):
        data = AvatarSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.student_set_avatar(user=request.user, **data.validated_data)
        return me_response(request.user)


class ClassmateSerializer(serializers.Serializer):
    user_id = serializers.IntegerField()
    name = serializers.CharField()
    avatar = AvatarSerializer(allow_null=True)
    online = serializers.BooleanField(help_text="Seen in the last 90 seconds.")
    me = serializers.BooleanField()


class MyClassmatesView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=ClassmateSerializer(many=True),
                   summary="My class: names, avatars and who is online (me included)")
    def get(self, request):
        return Response(ClassmateSerializer(selectors.classmates_of_student(user=request.user), many=True).data)
