"""Assignments: the teacher's (create, edit, close, delete) and the student's open ones."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsStudent, IsTeacher
from classroom.models import Student
from classroom.permissions import classrooms_managed_by
from games import selectors
from games.models import BOT_LEVEL_CHOICES, GAME_CHOICES, Assignment, BoardBatch
from games.services import assignments as service

_GAMES = selectors.game_list()


class AssignmentSerializer(serializers.ModelSerializer):
    students = serializers.PrimaryKeyRelatedField(many=True, required=False, queryset=Student.objects.all(),
                                                  help_text="Student ids; empty for the whole class.")
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    # Declared so the schema does not depend on the database's integer ranges; each game's own
    # range is checked by the service against the game's definition.
    players_per_match = serializers.IntegerField(min_value=min(g["min_players"] for g in _GAMES),
                                                 max_value=max(g["max_players"] for g in _GAMES), default=2)
    idle_takeover_s = serializers.IntegerField(min_value=0, max_value=3600, default=180,
                                               help_text="0: never hand an idle seat to a bot.")
    computer_offer_after_s = serializers.IntegerField(
        min_value=0, max_value=600, default=20,
        help_text="A child waiting alone in a lobby this long is offered the computer (0: at once).")
    is_open = serializers.SerializerMethodField()
    batch = serializers.PrimaryKeyRelatedField(queryset=BoardBatch.objects.all(), required=False, allow_null=True,
                                               help_text="Fultiples: a grid batch; each match takes the next grid.")

    class Meta:
        model = Assignment
        fields = ["id", "classroom", "game", "title", "players_per_match", "options", "hints", "bots_allowed",
                  "bot_levels", "idle_takeover_s", "computer_offer_after_s", "batch", "students", "opens_at",
                  "closes_at", "closed_at", "is_open",
                  "created_at"]
        read_only_fields = ["id", "classroom", "closed_at", "created_at"]

    def get_is_open(self, assignment) -> bool:
        return assignment.is_open()


class ClassAssignmentsView(APIView):
    permission_classes = [IsTeacher]

    def classroom(self, request, class_id):
        return get_object_or_404(classrooms_managed_by(request.user), pk=class_id)

    @extend_schema(responses=AssignmentSerializer(many=True), summary="A class's assignments")
    def get(self, request, class_id: int):
        assignments = selectors.assignment_list_for_classroom(classroom=self.classroom(request, class_id))
        return Response(AssignmentSerializer(assignments, many=True).data)

    @extend_schema(request=AssignmentSerializer, responses={201: AssignmentSerializer}, summary="Assign a game")
    def post(self, request, class_id: int):
        classroom = self.classroom(request, class_id)
        data = AssignmentSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        assignment = service.assignment_create(classroom=classroom, **data.validated_data)
        return Response(AssignmentSerializer(assignment).data, status=status.HTTP_201_CREATED)


class AssignmentViewSet(mixins.RetrieveModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                        viewsets.GenericViewSet):
    serializer_class = AssignmentSerializer
    permission_classes = [IsTeacher]
    http_method_names = ["get", "post", "patch", "delete"]

    def get_queryset(self):
        return selectors.assignment_list_for_teacher(teacher=self.request.user)

    def perform_update(self, serializer):
        serializer.instance = service.assignment_update(assignment=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        service.assignment_delete(assignment=instance)

    @extend_schema(request=None, responses=AssignmentSerializer, summary="Close: no new matches")
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return Response(AssignmentSerializer(service.assignment_close(assignment=self.get_object())).data)


class MyAssignmentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_title = serializers.CharField()
    title = serializers.CharField()
    players_per_match = serializers.IntegerField()
    hints = serializers.BooleanField()
    bots_allowed = serializers.BooleanField()
    bot_levels = serializers.ListField(child=serializers.ChoiceField(choices=BOT_LEVEL_CHOICES))
    closes_at = serializers.DateTimeField(allow_null=True)
    classmates = serializers.ListField(child=serializers.DictField(), help_text="[{user_id, name}] to challenge")


class MyAssignmentsView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=MyAssignmentSerializer(many=True), summary="The student's open assignments")
    def get(self, request):
        assignments = list(selectors.open_assignments_for_student(user=request.user).prefetch_related("students"))
        classmates = selectors.classmates_by_assignment(user=request.user, assignments=assignments)
        rows = [{
            "id": a.pk, "game": a.game, "game_title": a.get_game_display(), "title": str(a),
            "players_per_match": a.players_per_match, "hints": a.hints, "bots_allowed": a.bots_allowed,
            "bot_levels": a.bot_levels, "closes_at": a.closes_at, "classmates": classmates[a.pk],
        } for a in assignments]
        return Response(MyAssignmentSerializer(rows, many=True).data)
