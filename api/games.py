"""The four games as their engines define them: players, options, level presets, computer players,
hints and the rules page. The assignment form, the boards and the rules dialog read this."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors


class OptionChoiceSerializer(serializers.Serializer):
    value = serializers.CharField()
    label = serializers.CharField()


class GameOptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["integer", "boolean", "choice", "integer_list", "data", "focus"],
                                   help_text='focus: {"mode": none | weakest | facts, "tables": [7, 8], '
                                             '"facts": [[6, 7]]}; its choices are the modes.')
    label = serializers.CharField(help_text="As the assignment form shows it.")
    noun = serializers.CharField(help_text="The option inside a sentence: 'the board size'.")
    help = serializers.CharField(allow_blank=True)
    default = serializers.JSONField(allow_null=True, help_text="null: off unless given (e.g. no time limit).")
    nullable = serializers.BooleanField(help_text="null is allowed and means the default.")
    minimum = serializers.IntegerField(allow_null=True, help_text="For integers and each item of integer_list.")
    maximum = serializers.IntegerField(allow_null=True)
    choices = OptionChoiceSerializer(many=True)
    teacher_settable = serializers.BooleanField(help_text="An assignment may set it; the others are refused.")
    in_form = serializers.BooleanField(help_text="The assignment form offers it.")


class LevelPresetSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    summary = serializers.CharField()
    options = serializers.DictField(help_text="The option values the level stands for.")


class ComputerPlayerSerializer(serializers.Serializer):
    level = serializers.CharField(help_text="A computer level: easy, medium or hard.")
    label = serializers.CharField()


class HintRuleSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The rule the board implements.")
    shows = serializers.CharField(help_text="What lights up, in words.")


class ProposalSerializer(serializers.Serializer):
    options = serializers.DictField(help_text="The option values a new assignment's form starts with.")
    why = serializers.CharField(help_text="Why, in words, as the form shows it.")


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    rules_summary = serializers.CharField()
    bot_levels = serializers.ListField(child=serializers.CharField())
    computer_players = ComputerPlayerSerializer(many=True)
    options = GameOptionSerializer(many=True)
    level_presets = LevelPresetSerializer(many=True)
    hints = HintRuleSerializer(allow_null=True, help_text="null: the game has no hints.")
    replaced_by_grid_batch = serializers.ListField(
        child=serializers.CharField(), help_text="Options a grid batch replaces; empty: the game takes no batches.")
    proposal = ProposalSerializer(allow_null=True, help_text="null: a new assignment starts from the defaults.")


class GameListView(APIView):
    @extend_schema(responses=GameSerializer(many=True), summary="The games, their options and their rules")
    def get(self, request):
        return Response(GameSerializer(selectors.game_list(), many=True).data)
