"""Classes: a teacher's own, with join codes and login cards."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from api.exports import EXPORT_STARTED, export_response
from api.permissions import IsTeacher
from classroom import selectors, services
from classroom.models import Classroom
from games.services import exports
from games.services.assignments import classroom_open


class ClassroomSerializer(serializers.ModelSerializer):
    archived = serializers.BooleanField(required=False)
    student_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = Classroom
        fields = ["id", "name", "join_code", "sign_in_mode", "sounds", "archived", "student_count", "created_at"]
        read_only_fields = ["id", "join_code", "student_count", "created_at"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["archived"] = instance.archived_at is not None
        data["student_count"] = getattr(instance, "student_count", None)
        if data["student_count"] is None:
            data["student_count"] = selectors.student_count_for_classroom(classroom=instance)
        return data


class CardsRequestSerializer(serializers.Serializer):
    students = serializers.ListField(child=serializers.IntegerField(), required=False, allow_empty=False,
                                     help_text="Student ids; leave out for every student without a card.")


class ClassroomViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, mixins.RetrieveModelMixin,
                       mixins.UpdateModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet):
    serializer_class = ClassroomSerializer
    permission_classes = [IsTeacher]
    http_method_names = ["get", "post", "patch", "delete"]

    def get_queryset(self):
        return selectors.classroom_list_for_teacher(teacher=self.request.user)

    def perform_create(self, serializer):
        serializer.instance = classroom_open(teacher=self.request.user, name=serializer.validated_data["name"])

    def perform_update(self, serializer):
        serializer.instance = services.classroom_update(classroom=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        services.classroom_delete(classroom=instance)

    @extend_schema(request=None, responses=ClassroomSerializer, summary="Give the class a new join code")
    @action(detail=True, methods=["post"], url_path="regenerate-code")
    def regenerate_code(self, request, pk=None):
        classroom = services.classroom_regenerate_code(classroom=self.get_object())
        return Response(ClassroomSerializer(classroom).data)

    @extend_schema(request=CardsRequestSerializer, responses=EXPORT_STARTED,
                   summary="Ask for login cards as a PDF: a job issues new secrets and makes it (api/exports.py)")
    @action(detail=True, methods=["post"])
    def cards(self, request, pk=None):
        classroom = self.get_object()
        data = CardsRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        students = services.cards_to_print(classroom=classroom, student_ids=data.validated_data.get("students"))
        export = exports.export_cards_pdf(owner=request.user, classroom=classroom, students=students,
                                          site_url=request.build_absolute_uri("/"))
        return export_response(export)
