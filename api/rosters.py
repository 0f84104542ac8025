"""A class's roster: list, add by pasted names, CSV import with preview."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import error_body
from api.parsers import FormParser, MultiPartParser
from api.permissions import IsTeacher
from classroom import selectors, services
from classroom.errors import ServiceError
from classroom.permissions import classrooms_managed_by


class StudentSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    first_name = serializers.CharField(max_length=50, required=False)
    last_name = serializers.CharField(max_length=50, required=False, allow_blank=True)
    display_name = serializers.CharField(read_only=True)
    has_card = serializers.BooleanField(read_only=True)
    has_password = serializers.SerializerMethodField()
    password_set_by_teacher = serializers.BooleanField(read_only=True)
    locked_until = serializers.DateTimeField(
        read_only=True, allow_null=True,
        help_text="Until then the child cannot sign in from addresses the class does not use (Unlock clears it).")
    failed_sign_ins = serializers.IntegerField(
        read_only=True, help_text="Wrong sign-in tries from addresses the class does not use, since the last Unlock.")
    sign_in_warning = serializers.BooleanField(
        read_only=True, help_text="Many wrong tries from elsewhere than school, or locked: tell the teacher.")
    created_at = serializers.DateTimeField(read_only=True)
    password = serializers.CharField(write_only=True, required=False, trim_whitespace=False)
    avatar = serializers.CharField(read_only=True, help_text="The picture the child chose (blank: none yet).")
    avatar_colour = serializers.CharField(read_only=True)

    def get_has_password(self, student) -> bool:
        return bool(student.password_hash)


class ImportRowSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    display_name = serializers.CharField()
    problems = serializers.ListField(child=serializers.CharField())


class AddNamesSerializer(serializers.Serializer):
    names = serializers.CharField(help_text="One name a line.", trim_whitespace=False)


def managed_classroom(request, class_id: int):
    return get_object_or_404(classrooms_managed_by(request.user), pk=class_id)


class ClassroomStudentsView(generics.GenericAPIView):
    permission_classes = [IsTeacher]
    serializer_class = StudentSerializer

    @extend_schema(responses=StudentSerializer(many=True), summary="The class's roster")
    def get(self, request, class_id: int):
        classroom = managed_classroom(request, class_id)
        page = self.paginate_queryset(selectors.student_list_for_classroom(classroom=classroom))
        return self.get_paginated_response(StudentSerializer(page, many=True).data)

    @extend_schema(request=AddNamesSerializer,
                   responses={201: inline_serializer("AddedStudents", {"created": StudentSerializer(many=True)})},
                   summary="Add students by pasting names, one a line")
    def post(self, request, class_id: int):
        classroom = managed_classroom(request, class_id)
        data = AddNamesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        created = services.students_add_names(classroom=classroom, text=data.validated_data["names"])
        return Response({"created": StudentSerializer(created, many=True).data}, status=status.HTTP_201_CREATED)


class RosterImportSerializer(serializers.Serializer):
    file = serializers.FileField()
    commit = serializers.BooleanField(default=False, help_text="false: preview only; true: import.")


class RosterImportView(APIView):
    permission_classes = [IsTeacher]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={"multipart/form-data": RosterImportSerializer},
        responses=inline_serializer("ImportResult", {
            "rows": ImportRowSerializer(many=True), "valid": serializers.BooleanField(),
            "created": serializers.IntegerField()}),
        summary="Preview or import a CSV roster (first_name,last_name[,password])",
    )
    def post(self, request, class_id: int):
        classroom = managed_classroom(request, class_id)
        data = RosterImportSerializer(data=request.data)
        if not data.is_valid():
            raise ServiceError("bad_file", "Choose a CSV file to import.", {"file": ["Choose a CSV file."]})
        content = data.validated_data["file"].read()
        if data.validated_data["commit"]:
            try:
                created = services.students_import_csv(classroom=classroom, data=content)
            except ServiceError as refusal:
                if refusal.code != "invalid_rows":
                    raise
                body = error_body(refusal.code, refusal.message, refusal.fields)
                body["rows"] = ImportRowSerializer(refusal.extra["rows"], many=True).data
                return Response(body, status=status.HTTP_400_BAD_REQUEST)
            return Response({"rows": [], "valid": True, "created": len(created)})
        rows = services.roster_preview_csv(classroom=classroom, data=content)
        return Response({
            "rows": ImportRowSerializer(rows, many=True).data,
            "valid": not any(row.problems for row in rows),
            "created": 0,
        })
