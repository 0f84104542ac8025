"""Each game's slug and title, and the computer levels, are declared once (games/engines/*_definition.py,
definition.py): the models' choices, the bots' registry, the API and its schema take them from there."""

import json

from django.apps import apps
from drf_spectacular.generators import SchemaGenerator

from games.bots import _BOTS, offered_levels
from games.engines import DEFINITIONS
from games.engines.definition import BOT_LEVELS, COMPUTER_PLAYERS
from games.models import Seat


def test_every_models_game_field_offers_exactly_the_defined_games():
    defined = [(definition.slug, definition.title) for definition in DEFINITIONS.values()]
    game_fields = [model._meta.get_field("game") for model in apps.get_app_config("games").get_models()
                   if any(field.name == "game" for field in model._meta.get_fields())]
    # A report's game is free text: '' stands for every game.
    chosen = [field for field in game_fields if field.model.__name__ != "Report"]
    assert len(chosen) >= 4
    for field in chosen:
        assert field.choices == defined, field.model.__name__


def test_a_seats_computer_level_is_one_of_the_defined_levels_named_as_everywhere():
    assert Seat._meta.get_field("bot_level").choices == [(p.level, p.label) for p in COMPUTER_PLAYERS]
    assert BOT_LEVELS == ("easy", "medium", "hard")


def test_every_offered_computer_level_has_its_bot_and_no_bot_plays_another():
    assert set(_BOTS) == offered_levels()
    assert all(bot.level in BOT_LEVELS for bot in _BOTS.values())


def test_the_schema_names_the_games_and_the_levels_once_each():
    schemas = json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))["components"]["schemas"]
    assert schemas["GameEnum"]["enum"] == list(DEFINITIONS)
    assert schemas["BotLevelEnum"]["enum"] == list(BOT_LEVELS)
    game = schemas["Game"]["properties"]
    assert game["slug"] == {"$ref": "#/components/schemas/GameEnum"}
    assert game["bot_levels"]["items"] == {"$ref": "#/components/schemas/BotLevelEnum"}
    assert schemas["ComputerPlayer"]["properties"]["level"] == {"$ref": "#/components/schemas/BotLevelEnum"}
