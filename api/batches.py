"""Fultiples grid batches: request, watch progress, preview, retry; ask for the PDF (a job makes it:
api/exports.py)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from api.exports import EXPORT_STARTED, export_response
from api.permissions import IsTeacher
from api.schema import refusals
from games import selectors
from games.models import Board, BoardBatch
from games.services import batches as service
from games.services import exports


class BatchSerializer(serializers.ModelSerializer):
    primes_line = serializers.SerializerMethodField()

    class Meta:
        model = BoardBatch
        fields = ["id", "name", "level", "primes", "primes_line", "scale_max", "max_value", "rows", "cols", "total",
                  "done", "status", "error", "created_at", "finished_at"]
        read_only_fields = fields

    def get_primes_line(self, batch) -> str:
        return service.primes_line(batch.primes)


class NewBatchSerializer(serializers.Serializer):
    count = serializers.IntegerField(min_value=1, max_value=service.MAX_BATCH)
    name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    level = serializers.ChoiceField(choices=["beginner", "intermediate", "advanced"], required=False,
                                    allow_null=True)
    primes = serializers.ListField(child=serializers.IntegerField(min_value=2), required=False, max_length=20)
    scale_max = serializers.IntegerField(required=False, min_value=2, max_value=1000)
    max_value = serializers.IntegerField(required=False, min_value=1, max_value=100000)
    rows = serializers.IntegerField(required=False, min_value=1, max_value=30, default=10)
    cols = serializers.IntegerField(required=False, min_value=1, max_value=30, default=10)


class BoardSerializer(serializers.ModelSerializer):
    index = serializers.IntegerField(read_only=True)  # declared: the schema must not depend on the database

    class Meta:
        model = Board
        fields = ["index", "grid"]


class BatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.DestroyModelMixin,
                   viewsets.GenericViewSet):
    serializer_class = BatchSerializer
    permission_classes = [IsTeacher]
    queryset = BoardBatch.objects.none()  # for the schema; requests use get_queryset

    def get_queryset(self):
        return selectors.batches_of_teacher(self.request.user)

    @extend_schema(request=NewBatchSerializer, responses={201: BatchSerializer}, summary="Generate N grids")
    def create(self, request):
        data = NewBatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        batch = service.batch_create(teacher=request.user, **data.validated_data)
        return Response(BatchSerializer(batch).data, status=status.HTTP_201_CREATED)

    def retrieve(self, request, *args, **kwargs):
        return Response(BatchSerializer(service.batch_status(batch=self.get_object())).data)

    def perform_destroy(self, instance):
        service.batch_delete(batch=instance)

    @extend_schema(request=None, responses=BatchSerializer, summary="Retry a failed batch")
    @action(detail=True, methods=["post"])
    def retry(self, request, pk=None):
        return Response(BatchSerializer(service.batch_retry(batch=self.get_object())).data)

    @extend_schema(responses=BoardSerializer(many=True), summary="Preview grids (paginated)")
    @action(detail=True, methods=["get"])
    def boards(self, request, pk=None):
        page = self.paginate_queryset(selectors.boards_of_batch(self.get_object()))
        return self.get_paginated_response(BoardSerializer(page, many=True).data)

    @extend_schema(request=None, responses={**EXPORT_STARTED, **refusals(409)},
                   summary="Ask for the grids as a PDF, one per page: a job makes it (watch /api/exports/{id}/)")
    @action(detail=True, methods=["post"])
    def pdf(self, request, pk=None):
        return export_response(exports.export_batch_pdf(owner=request.user, batch=self.get_object()))
