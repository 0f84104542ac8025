"""Reports: request a build (progress on the row), read the latest, export CSV; ask for the PDF (a job
makes it: api/exports.py)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.exports import EXPORT_STARTED, export_response
from api.permissions import IsStudent, IsTeacher
from api.schema import refusals
from classroom.permissions import classrooms_managed_by, students_managed_by
from games import selectors
from games.models import Report
from games.services import exports
from games.services import reports as service


class ReportSerializer(serializers.ModelSerializer):
    title = serializers.SerializerMethodField()
    student_name = serializers.CharField(source="student.display_name", default=None, read_only=True,
                                         allow_null=True, help_text="null for a class report")

    class Meta:
        model = Report
        fields = ["id", "classroom", "student", "student_name", "scope", "period", "period_start", "period_end",
                  "game", "status", "done", "total", "error", "data", "title", "created_at", "built_at"]
        read_only_fields = fields

    def get_title(self, report) -> str:
        return service.report_title(report)


class NewReportSerializer(serializers.Serializer):
    period = serializers.ChoiceField(choices=list(service.PERIODS), default="30d")
    game = serializers.CharField(required=False, allow_blank=True, default="")


FILTERS = [OpenApiParameter("period", str, enum=list(service.PERIODS)), OpenApiParameter("game", str)]


def reports_of(user):
    return selectors.reports_of_teacher(user)


class ClassReportsView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(request=NewReportSerializer, responses={201: ReportSerializer},
                   summary="Build the class's reports now (watch `done`/`total`)")
    def post(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        data = NewReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = service.report_request(classroom=classroom, **data.validated_data)
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


LiveReport = inline_serializer("LiveReport", {
    "title": serializers.CharField(), "period": serializers.CharField(), "game": serializers.CharField(),
    "since": serializers.DateTimeField(), "as_of": serializers.DateTimeField(), "data": serializers.JSONField()})


def live_report_response(request, *, classroom, student=None) -> Response:
    return Response(service.report_live(classroom=classroom, student=student,
                                        game=request.query_params.get("game", "")))


class AllClassesReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=FILTERS, responses=inline_serializer("AllClassesReport", {
        "period": serializers.CharField(), "game": serializers.CharField(), "as_of": serializers.DateTimeField(),
        "data": serializers.JSONField()}), summary="All my classes: one grid over them, each class beside the others")
    def get(self, request):
        return Response(service.report_all_classes(teacher=request.user,
                                                   period=request.query_params.get("period", "30d"),
                                                   game=request.query_params.get("game", "")))


class LiveClassReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=[OpenApiParameter("game", str)], responses=LiveReport,
                   summary="The class's figures over the last two hours, computed now (the live view)")
    def get(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        return live_report_response(request, classroom=classroom)


class LiveStudentReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=[OpenApiParameter("game", str)], responses=LiveReport,
                   summary="A student's figures over the last two hours, computed now (the live view)")
    def get(self, request, student_id: int):
        student = get_object_or_404(students_managed_by(request.user), pk=student_id)
        return live_report_response(request, classroom=student.classroom, student=student)


def latest_report_response(request, *, classroom, student=None) -> Response:
    """The latest built report for the period and game asked for; 404 if none was built yet."""
    report = service.latest_report(classroom=classroom, student=student,
                                   period=request.query_params.get("period", "30d"),
                                   game=request.query_params.get("game", ""))
    if report is None:
        raise Http404
    return Response(ReportSerializer(report).data)


class LatestClassReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=FILTERS, responses=ReportSerializer, summary="The latest built class report")
    def get(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        return latest_report_response(request, classroom=classroom)


class LatestStudentReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=FILTERS, responses=ReportSerializer, summary="The latest built report of a student")
    def get(self, request, student_id: int):
        student = get_object_or_404(students_managed_by(request.user), pk=student_id)
        return latest_report_response(request, classroom=student.classroom, student=student)


class ReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(responses=ReportSerializer, summary="A report, with its build progress")
    def get(self, request, report_id: int):
        return Response(ReportSerializer(get_object_or_404(reports_of(request.user), pk=report_id)).data)


class ReportExportView(APIView):
    permission_classes = [IsTeacher]
    kind = "facts.csv"

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR}, summary="Export: facts.csv or students.csv")
    def get(self, request, report_id: int):
        report = get_object_or_404(reports_of(request.user), pk=report_id, status=Report.Status.DONE)
        body = service.report_csv(report=report, kind=self.kind)
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="report-{report.pk}-{self.kind}"'
        return response


class ReportPdfView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(request=None, responses={**EXPORT_STARTED, **refusals(409)},
                   summary="Ask for the report as a PDF: a job makes it (watch /api/exports/{id}/)")
    def post(self, request, report_id: int):
        report = get_object_or_404(reports_of(request.user), pk=report_id)
        return export_response(exports.export_report_pdf(owner=request.user, report=report))


class MyProgressView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=OpenApiTypes.OBJECT, summary="My facts: mastered and to practise")
    def get(self, request):
        return Response(service.my_progress(user=request.user))
