"""The four games as their engines define them (games/engines/<slug>_definition.py): slug, title, players,
traits, options, level presets, computer players, hints and the rules page. The pages' titles, the assignment
form, the boards and the rules dialog read this."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.models import BOT_LEVEL_CHOICES, GAME_CHOICES


class OptionChoiceSerializer(serializers.Serializer):
    value = serializers.CharField()
    # The ignore: DRF takes declared fields off the class; the stubs see the Field attribute of that name.
    label = serializers.CharField()  # type: ignore[assignment]


class GameOptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["integer", "boolean", "choice", "integer_list", "data", "focus"],
                                   help_text='focus: {"mode": none | weakest | facts, "tables": [7, 8], '
                                             '"facts": [[6, 7]]}; its choices are the modes.')
    # The ignore: DRF takes declared fields off the class; the stubs see the Field attribute of that name.
    label = serializers.CharField(help_text="As the assignment form shows it.")  # type: ignore[assignment]
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
    level = serializers.ChoiceField(choices=BOT_LEVEL_CHOICES)
    # The ignore: DRF takes declared fields off the class; the stubs see the Field attribute of that name.
    label = serializers.CharField()  # type: ignore[assignment]


class HintRuleSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The rule the board implements.")
    shows = serializers.CharField(help_text="What lights up, in words.")


class ProposalSerializer(serializers.Serializer):
    options = serializers.DictField(help_text="The option values a new assignment's form starts with.")
    why = serializers.CharField(help_text="Why, in words, as the form shows it.")


class GameSerializer(serializers.Serializer):
    slug = serializers.ChoiceField(choices=GAME_CHOICES)
    title = serializers.CharField(help_text="The game's name, as every page shows it.")
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    simultaneous = serializers.BooleanField(help_text="No turns: everybody plays at once.")
    rules_summary = serializers.CharField()
    bot_levels = serializers.ListField(child=serializers.ChoiceField(choices=BOT_LEVEL_CHOICES),
                                       help_text="The computer levels, easiest first.")
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
