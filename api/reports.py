"""Reports as of now (a class's, a student's, all my classes', a child's own progress), their CSV files
(written by the request) and their PDF (a job prints a snapshot: api/exports.py)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.exports import EXPORT_STARTED, export_response
from api.permissions import IsStudent, IsTeacher
from api.schema import refusals
from classroom.models import Classroom, Student
from classroom.permissions import classrooms_managed_by, students_managed_by
from games.services import exports, report_snapshots
from games.services import reports as service

PERIOD_CHOICES = [service.LIVE, *service.PERIODS]
FILTERS = [OpenApiParameter("period", str, enum=PERIOD_CHOICES, description="live: the last two hours"),
           OpenApiParameter("game", str, description="'' or left out: every game")]

ReportNow = inline_serializer("ReportNow", {
    "title": serializers.CharField(), "period": serializers.CharField(), "game": serializers.CharField(),
    "since": serializers.DateTimeField(allow_null=True, help_text="null: all time"),
    "as_of": serializers.DateTimeField(), "data": serializers.JSONField(),
    "snapshot": inline_serializer("SnapshotTotals", {
        "built_at": serializers.DateTimeField(), "totals": serializers.JSONField()},
        allow_null=True, help_text="The latest nightly snapshot of the same filters, to compare against; or null")})


class PrintFilters(serializers.Serializer):
    period = serializers.ChoiceField(choices=PERIOD_CHOICES, default="30d")
    game = serializers.CharField(required=False, allow_blank=True, default="")


def filters_of(request) -> dict:
    return {"period": request.query_params.get("period", "30d"), "game": request.query_params.get("game", "")}


class ReportTarget:
    """A class's report (class_id in the address) or a student's (student_id): the class's teacher only."""

    def target(self, request, **kwargs) -> tuple[Classroom, Student | None]:
        if "student_id" in kwargs:
            student = get_object_or_404(students_managed_by(request.user).select_related("classroom"),
                                        pk=kwargs["student_id"])
            return student.classroom, student
        return get_object_or_404(classrooms_managed_by(request.user), pk=kwargs["class_id"]), None


class ReportNowView(ReportTarget, APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=FILTERS, responses=ReportNow,
                   summary="The report as of now: the period's figures, a move made a second ago included")
    def get(self, request, **kwargs):
        classroom, student = self.target(request, **kwargs)
        return Response(service.report_now(classroom=classroom, student=student, **filters_of(request)))


class ReportCsvView(ReportTarget, APIView):
    permission_classes = [IsTeacher]
    kind = "facts.csv"

    @extend_schema(parameters=FILTERS, responses={(200, "text/csv"): OpenApiTypes.STR},
                   summary="The report as of now as a CSV file: facts.csv, or students.csv for a class")
    def get(self, request, **kwargs):
        classroom, student = self.target(request, **kwargs)
        filters = filters_of(request)
        now = service.report_now(classroom=classroom, student=student, **filters)
        response = HttpResponse(service.report_csv(data=now["data"], kind=self.kind),
                                content_type="text/csv; charset=utf-8")
        who = f"student-{student.pk}" if student else f"class-{classroom.pk}"
        period = filters["period"] if filters["period"] in PERIOD_CHOICES else "report"
        response["Content-Disposition"] = f'attachment; filename="{who}-{period}-{self.kind}"'
        return response


class ReportPdfView(ReportTarget, APIView):
    permission_classes = [IsTeacher]

    @extend_schema(request=PrintFilters, responses={**EXPORT_STARTED, **refusals(409)},
                   summary="Print the report as of now: a job makes the PDF (watch /api/exports/{id}/)")
    def post(self, request, **kwargs):
        classroom, student = self.target(request, **kwargs)
        filters = PrintFilters(data=request.data)
        filters.is_valid(raise_exception=True)
        snapshot = report_snapshots.snapshot_for_print(classroom=classroom, student=student, **filters.validated_data)
        return export_response(exports.export_report_pdf(owner=request.user, report=snapshot))


class AllClassesReportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(parameters=[OpenApiParameter("period", str, enum=list(service.PERIODS)), FILTERS[1]],
                   responses=inline_serializer("AllClassesReport", {
                       "period": serializers.CharField(), "game": serializers.CharField(),
                       "as_of": serializers.DateTimeField(), "data": serializers.JSONField()}),
                   summary="All my classes: one grid over them, each class beside the others")
    def get(self, request):
        return Response(service.report_all_classes(teacher=request.user, **filters_of(request)))


class MyProgressView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=OpenApiTypes.OBJECT, summary="My facts: mastered and to practise")
    def get(self, request):
        return Response(service.my_progress(user=request.user))
