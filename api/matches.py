"""Matches over REST: start one, read it, act in it (the same service as the socket), end it."""

from __future__ import annotations

from typing import cast

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsStudent, IsTeacher
from api.schema import refusals
from classroom.permissions import classrooms_managed_by
from games import selectors
from games.match_views import match_meta
from games.models import BOT_LEVEL_CHOICES, Challenge, Match
from games.permissions import matches_visible_to, seat_index_of
from games.services import class_games, moves, player_messages
from games.services import matches as service
from games.services.practice_match import practice_match

StateMessage = inline_serializer("MatchState", {
    "type": serializers.CharField(),
    "version": serializers.IntegerField(),
    "view": serializers.JSONField(allow_null=True),
    "events": serializers.ListField(child=serializers.DictField()),
    "match": serializers.JSONField(),
})
MatchMeta = OpenApiTypes.OBJECT


def snapshot_response(request, match_id: int, status_code=status.HTTP_200_OK) -> Response:
    """The match as this user may see it (their seat's view, or the teacher's); 404 for anyone else."""
    access = selectors.match_access(user=request.user, match_id=match_id)
    if access is None:
        raise Http404
    return Response(access.snapshot, status=status_code)


def player_snapshot_response(request, match: Match, status_code=status.HTTP_201_CREATED) -> Response:
    """The state message for the student a service just seated in `match`, from the service's own
    match object: a quick-match burst should not read every match three times."""
    return Response(selectors.snapshot_of(match=match, seat=seat_index_of(request.user, match)), status=status_code)


class QuickMatchView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(request=None, responses={201: StateMessage}, summary="Join (or open) the assignment's lobby")
    def post(self, request, assignment_id: int):
        match = service.match_quick(user=request.user, assignment_id=assignment_id)
        return player_snapshot_response(request, match)


class ComputerMatchSerializer(serializers.Serializer):
    bot_level = serializers.ChoiceField(choices=BOT_LEVEL_CHOICES)


class ComputerMatchView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(request=ComputerMatchSerializer, responses={201: StateMessage}, summary="Play the computer")
    def post(self, request, assignment_id: int):
        data = ComputerMatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = service.match_against_computer(user=request.user, assignment_id=assignment_id,
                                               bot_level=data.validated_data["bot_level"])
        return player_snapshot_response(request, match)


class PracticeMatchView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(request=None, responses={201: StateMessage}, summary="Practise my facts against the computer",
                   description="A match against the easiest allowed computer in one of the child's open assignments, "
                               "dealt toward their Practise next facts (the focus in the match's options). Refused "
                               "with nothing_to_practise, no_computer, no_game_for_facts or already_playing.")
    def post(self, request):
        return player_snapshot_response(request, practice_match(user=request.user))


class ChallengeSerializer(serializers.ModelSerializer):
    from_name = serializers.CharField(source="from_user.name", read_only=True)
    to_name = serializers.CharField(source="to_user.name", read_only=True)
    game = serializers.CharField(source="assignment.game", read_only=True)

    class Meta:
        model = Challenge
        fields = ["id", "assignment", "from_user", "from_name", "to_user", "to_name", "game", "status", "match",
                  "created_at", "answered_at"]


class NewChallengeSerializer(serializers.Serializer):
    opponent = serializers.IntegerField(help_text="The classmate's user id.")


class ChallengeCreateView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(request=NewChallengeSerializer, responses={201: ChallengeSerializer},
                   summary="Invite a classmate")
    def post(self, request, assignment_id: int):
        data = NewChallengeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        challenge = service.challenge_create(user=request.user, assignment_id=assignment_id,
                                             opponent_user_id=data.validated_data["opponent"])
        return Response(ChallengeSerializer(challenge).data, status=status.HTTP_201_CREATED)


class ChallengeAnswerView(APIView):
    permission_classes = [IsStudent]
    accept = True

    @extend_schema(request=None, responses=ChallengeSerializer, summary="Accept or decline a challenge")
    def post(self, request, challenge_id: int):
        challenge = service.challenge_answer(user=request.user, challenge_id=challenge_id, accept=self.accept)
        return Response(ChallengeSerializer(challenge).data)


class MyChallengesView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=ChallengeSerializer(many=True), summary="Challenges to and from me, still open")
    def get(self, request):
        challenges = selectors.open_challenges_for(user=request.user)
        return Response(ChallengeSerializer(challenges, many=True).data)


class CurrentMatchView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=inline_serializer("CurrentMatch", {"match": serializers.JSONField(allow_null=True)}),
                   summary="The match to go back to, if any")
    def get(self, request):
        match = selectors.current_match_for(user=request.user)
        return Response({"match": match_meta(match) if match else None})


class MatchHistorySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    result = serializers.JSONField()
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    my_seat = serializers.IntegerField()
    won = serializers.BooleanField()
    left = serializers.BooleanField(help_text="The student left before the end; a computer player finished it.")
    players = serializers.ListField(child=serializers.CharField())
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    duration_s = serializers.IntegerField(allow_null=True)


class MyMatchesView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=MatchHistorySerializer(many=True), summary="My finished matches")
    def get(self, request):
        rows = [selectors.history_row(match, user=request.user)
                for match in selectors.match_history_for(user=request.user)[:100]]
        return Response(MatchHistorySerializer(rows, many=True).data)


class MatchView(APIView):
    @extend_schema(responses=StateMessage, summary="The match as this user may see it")
    def get(self, request, match_id: int):
        return snapshot_response(request, match_id)


class MatchLobbyView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=inline_serializer("MatchLobby", {
        "waiting_since": serializers.DateTimeField(),
        "computer_offer_after_s": serializers.IntegerField(),
        "bot_levels": serializers.ListField(child=serializers.ChoiceField(choices=BOT_LEVEL_CHOICES)),
        "free_classmates": inline_serializer("FreeClassmate", {"user_id": serializers.IntegerField(),
                                                               "name": serializers.CharField()}, many=True)}),
        summary="For a child waiting in a lobby: who is free, and when the computer is offered")
    def get(self, request, match_id: int):
        match = get_object_or_404(matches_visible_to(request.user).select_related("assignment"), pk=match_id)
        return Response(selectors.lobby_for(user=request.user, match=match))


class MatchReplayView(APIView):
    @extend_schema(responses=inline_serializer("MatchReplay", {
        "match": serializers.DictField(), "seat": serializers.IntegerField(allow_null=True),
        "steps": serializers.ListField(child=serializers.DictField())}),
        summary="A finished match, step by step, as this user may see it")
    def get(self, request, match_id: int):
        replay = selectors.match_replay(user=request.user, match_id=match_id)
        if replay is None:  # no such match, or not this user's to see: the same answer
            raise Http404
        return Response(replay)


class MatchPracticeView(APIView):
    permission_classes = [IsStudent]

    @extend_schema(responses=inline_serializer("MatchPractice", {
        "facts": inline_serializer("PractisedFact", {"a": serializers.IntegerField(), "b": serializers.IntegerField(),
                                                     "right": serializers.IntegerField(),
                                                     "wrong": serializers.IntegerField()}, many=True),
        "answers": serializers.IntegerField(), "right": serializers.IntegerField(),
        "focus": serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                       help_text="The facts the match's deal was weighted toward, as [a, b].")}),
        summary="The facts this student practised in the match (2 x 2 to 12 x 12), and its focus facts")
    def get(self, request, match_id: int):
        match = get_object_or_404(matches_visible_to(request.user), pk=match_id)
        return Response(selectors.match_practice_for(user=request.user, match=match))


class ActionSerializer(serializers.Serializer):
    """The body's shape, for the schema; the body is read and checked by games.services.player_messages."""

    action = serializers.JSONField()
    client_id = serializers.CharField(max_length=64, required=False)


class PlayerMessageParser(BaseParser):
    """A JSON body read as the socket reads a frame: the same size limit (no more is read), the same
    refusals (too_large, bad_frame), in the API's error shape."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        return player_messages.decode_message(stream.read(player_messages.MAX_MESSAGE_BYTES + 1))


class MatchActionView(APIView):
    permission_classes = [IsStudent]
    parser_classes = [PlayerMessageParser]

    @extend_schema(request=ActionSerializer,
                   responses={200: inline_serializer("Accepted", {"version": serializers.IntegerField(),
                                                                  "duplicate": serializers.BooleanField()}),
                              **refusals(413)},
                   summary="Play an action (the same path, limits and refusals as the socket)")
    def post(self, request, match_id: int):
        message = request.data
        player_messages.check_fields(message, player_messages.REST_ACTION)
        accepted = moves.match_submit_action(match_id=match_id, user=request.user, action=message.get("action"),
                                             client_id=message.get("client_id"))
        return Response({"version": accepted.version, "duplicate": accepted.duplicate})


class MatchCommandView(APIView):
    """start / leave (lobby), resign (leave a running match), rematch, take-back (students); end (teacher).

    One class for the six commands; `command_view` gives each its own URL and its own schema.
    """

    command = ""

    def get_permissions(self):
        return [IsTeacher()] if self.command == "end" else [IsStudent()]

    def post(self, request, match_id: int):
        user = request.user
        get_object_or_404(matches_visible_to(user), pk=match_id)
        if self.command == "leave":
            service.match_leave_lobby(user=user, match_id=match_id)
            return Response(status=status.HTTP_204_NO_CONTENT)
        if self.command == "resign":
            # The seat is no longer the student's, so there is no view of it to send: only the match.
            match = service.match_leave(user=user, match_id=match_id)
            return Response({"match": match_meta(match)})
        if self.command == "rematch":
            match = service.match_rematch(user=user, match_id=match_id)
            return snapshot_response(request, match.pk, status.HTTP_201_CREATED)
        if self.command == "start":
            service.match_start_lobby(user=user, match_id=match_id)
        elif self.command == "take-back":
            moves.seat_take_back(match_id=match_id, user=user)
        else:
            moves.match_end(match_id=match_id, user=user)
        return snapshot_response(request, match_id)


ResignResult = inline_serializer("ResignResult", {"match": serializers.JSONField()})
COMMAND_SCHEMAS = {
    "start": ({200: StateMessage}, "Start the lobby's match now (its host)"),
    "leave": ({204: None}, "Leave a lobby before the match starts"),
    "resign": ({200: ResignResult}, "Leave a running match for good (a computer player takes the seat)"),
    "rematch": ({201: StateMessage}, "A new match with the same players"),
    "take-back": ({200: StateMessage}, "Take the seat back from the stand-in computer player"),
    "end": ({200: StateMessage}, "End a match for everybody (the class's teacher)"),
}


def command_view(command: str):
    """The view of one command, with the schema of what that command answers."""
    responses, summary = COMMAND_SCHEMAS[command]
    view_class = cast("type[MatchCommandView]",  # type() makes a subclass; mypy sees only a `type`
                      type(f"Match{command.title().replace('-', '')}View", (MatchCommandView,), {"command": command}))
    schema = extend_schema(request=None, responses=responses, summary=summary, description=summary,
                           operation_id=f"match_{command}")
    return extend_schema_view(post=schema)(view_class).as_view()


class ClassLiveView(APIView):
    permission_classes = [IsTeacher]

    @extend_schema(responses=inline_serializer("ClassLive", {
        "students": serializers.ListField(child=serializers.DictField()),
        "matches": serializers.ListField(child=serializers.DictField()),
        "finished": serializers.ListField(child=serializers.DictField(), help_text="ended in the last two hours"),
        "paused": serializers.BooleanField()}),
        summary="Who is online, which matches are running, and whether the class's games are paused")
    def get(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        return Response(selectors.class_live_for(classroom=classroom))


class ClassGamesEndView(APIView):
    """The bell: every running match and lobby of the class ends for everybody."""

    permission_classes = [IsTeacher]

    @extend_schema(request=None, responses=inline_serializer("ClassGamesEnded", {"ended": serializers.IntegerField()}),
                   summary="End every game of the class")
    def post(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        return Response({"ended": class_games.class_games_end(classroom=classroom)})


class ClassGamesPauseSerializer(serializers.Serializer):
    paused = serializers.BooleanField()


class ClassGamesPauseView(APIView):
    """Pause every game of the class (clocks stop, boards wait), or resume them."""

    permission_classes = [IsTeacher]

    @extend_schema(request=ClassGamesPauseSerializer,
                   responses=inline_serializer("ClassGamesPaused", {"paused": serializers.BooleanField(),
                                                                    "changed": serializers.IntegerField()}),
                   summary="Pause or resume every game of the class")
    def post(self, request, class_id: int):
        classroom = get_object_or_404(classrooms_managed_by(request.user), pk=class_id)
        data = ClassGamesPauseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        paused = data.validated_data["paused"]
        changed = class_games.class_games_pause(classroom=classroom, paused=paused)
        return Response({"paused": paused, "changed": changed})
