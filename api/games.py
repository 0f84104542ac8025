"""The four games: names, player counts and the rules pages (from the engines themselves)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.bots import LEVELS
from games.engines import ENGINES


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    rules_summary = serializers.CharField()
    bot_levels = serializers.ListField(child=serializers.CharField())


class GameListView(APIView):
    @extend_schema(responses=GameSerializer(many=True), summary="The games and their rules")
    def get(self, request):
        games = [{"slug": e.slug, "title": e.title, "min_players": e.min_players, "max_players": e.max_players,
                  "rules_summary": e.rules_summary, "bot_levels": list(LEVELS)} for e in ENGINES.values()]
        return Response(GameSerializer(games, many=True).data)
