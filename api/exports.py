"""PDF exports: watch one being made, download it when ready, make a failed one again.

The requests for a PDF live beside what it is made of (api/batches.py, api/reports.py, the login
cards in api/classes.py); each answers 202 with the export below (200 when an identical PDF is
already made). Only the export's owner sees it: anyone else gets 404, a student 403.
"""

from __future__ import annotations

from django.http import FileResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsTeacher
from api.schema import refusals
from games.models import Export
from games.services import exports as service


class ExportSerializer(serializers.ModelSerializer):
    status = serializers.ChoiceField(choices=Export.Status.choices, read_only=True)
    kind = serializers.ChoiceField(choices=Export.Kind.choices, read_only=True)
    file_url = serializers.SerializerMethodField(help_text="Where to download the PDF once it is made; else null.")

    class Meta:
        model = Export
        fields = ["id", "kind", "status", "done", "total", "error", "filename", "size", "file_url", "created_at",
                  "finished_at"]
        read_only_fields = fields

    def get_file_url(self, export: Export) -> str | None:
        if export.status != Export.Status.DONE or not export.file:
            return None
        return f"/api/exports/{export.pk}/file/"


def export_response(export: Export) -> Response:
    """202 while the PDF is being made, 200 when it is ready already; Location names the export."""
    code = status.HTTP_200_OK if export.status == Export.Status.DONE else status.HTTP_202_ACCEPTED
    return Response(ExportSerializer(export).data, status=code, headers={"Location": f"/api/exports/{export.pk}/"})


EXPORT_STARTED = {202: ExportSerializer, 200: ExportSerializer}


class ExportView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(responses=ExportSerializer, summary="A PDF export and its progress (`done` of `total`)")
    def get(self, request, export_id: int):
        export = get_object_or_404(service.exports_of(request.user), pk=export_id)
        return Response(ExportSerializer(service.export_status(export=export)).data)


class ExportFileView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY, **refusals(409, 410)},
                   summary="Download a made PDF (409 while it is being made, 410 once no longer kept)")
    def get(self, request, export_id: int):
        download = service.export_download(export=get_object_or_404(service.exports_of(request.user), pk=export_id))
        response = FileResponse(download.file, as_attachment=True, filename=download.filename,
                                content_type="application/pdf")
        response["Cache-Control"] = "private, no-store"
        return response


class ExportRetryView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(request=None, responses=EXPORT_STARTED, summary="Make a failed PDF again (the same export)")
    def post(self, request, export_id: int):
        export = get_object_or_404(service.exports_of(request.user), pk=export_id)
        return export_response(service.export_retry(export=export))
