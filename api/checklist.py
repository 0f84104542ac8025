"""The teacher's first-run checklist (games.selectors.teacher_checklist)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsTeacher
from games import selectors


class ChecklistStepSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=list(selectors.CHECKLIST_STEPS))
    done = serializers.BooleanField()


class ChecklistSerializer(serializers.Serializer):
    steps = ChecklistStepSerializer(many=True)
    all_done = serializers.BooleanField()
    class_id = serializers.IntegerField(allow_null=True, help_text="The class to do the next steps in.")


class ChecklistView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(responses=ChecklistSerializer,
                   summary="The teacher's first-run steps, each ticked from what their classes hold")
    def get(self, request):
        return Response(ChecklistSerializer(selectors.teacher_checklist(teacher=request.user)).data)
