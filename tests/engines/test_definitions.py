"""Each game's definition is the one its engine plays by: defaults, ranges, presets, players, bots."""

import json

import pytest

from games.bots import get_bot
from games.engines import DEFINITIONS, ENGINES, get_engine
from games.engines.option_check import teacher_option_problems

GAMES = sorted(ENGINES)
SEED = 11


def setup(slug: str, options: dict) -> dict:
    engine = get_engine(slug)
    return json.loads(json.dumps(engine.setup(players=engine.min_players, options=options, seed=SEED, now_ms=0)))


def defaulted_options():
    """(game, option) for every option with a default the engine applies when it is left out."""
    return [(slug, spec.name) for slug in GAMES for spec in DEFINITIONS[slug].options if spec.default is not None]


@pytest.mark.parametrize("slug", GAMES)
def test_the_engine_carries_its_definition(slug):
    engine, definition = get_engine(slug), DEFINITIONS[slug]
    assert engine.definition is definition
    assert (engine.slug, engine.title, engine.min_players, engine.max_players) == (
        definition.slug, definition.title, definition.min_players, definition.max_players)


@pytest.mark.parametrize(("slug", "name"), defaulted_options())
def test_a_declared_default_is_what_the_engine_plays_without_the_option(slug, name):
    default = DEFINITIONS[slug].default(name)
    assert setup(slug, {name: default}) == setup(slug, {})


def teacher_edges():
    """(game, option, value) for each end of every teacher-settable integer range."""
    cases = []
    for slug in GAMES:
        for spec in DEFINITIONS[slug].teacher_options():
            if spec.kind == "integer":
                cases += [(slug, spec.name, spec.minimum), (slug, spec.name, spec.maximum)]
            elif spec.kind == "boolean":
                cases += [(slug, spec.name, False), (slug, spec.name, True)]
            elif spec.kind == "choice":
                cases += [(slug, spec.name, choice.value) for choice in spec.choices]
    return cases


@pytest.mark.parametrize(("slug", "name", "value"), teacher_edges())
def test_whatever_a_teacher_may_choose_the_engine_accepts(slug, name, value):
    assert teacher_option_problems(DEFINITIONS[slug], {name: value}) == []
    setup(slug, {name: value})


@pytest.mark.parametrize("slug", GAMES)
def test_every_level_preset_validates_against_its_own_schema(slug):
    definition = DEFINITIONS[slug]
    for preset in definition.level_presets:
        assert teacher_option_problems(definition, preset.options) == [], preset.name
        state = setup(slug, preset.options)
        assert max(max(row) for row in state["board"]) <= preset.options["max_value"]


def test_each_fultiples_level_is_its_preset():
    definition = DEFINITIONS["fultiples"]
    levels = [choice.value for choice in definition.option("level").choices]
    assert levels == [preset.name for preset in definition.level_presets]
    for preset in definition.level_presets:
        assert setup("fultiples", {"level": preset.name}) == setup("fultiples", preset.options)


@pytest.mark.parametrize("slug", GAMES)
def test_every_computer_player_a_game_offers_exists(slug):
    for level in DEFINITIONS[slug].bot_levels:
        assert get_bot(slug, level).engine is get_engine(slug)


def test_each_game_names_its_own_hint_rule_in_words():
    rules = [DEFINITIONS[slug].hints for slug in GAMES]
    assert all(rule is not None and rule.shows.endswith(".") for rule in rules)
    assert len({rule.rule for rule in rules}) == len(rules)


@pytest.mark.parametrize("slug", GAMES)
def test_the_served_definition_is_plain_json(slug):
    data = DEFINITIONS[slug].as_dict()
    assert json.loads(json.dumps(data)) == data
    assert [option["name"] for option in data["options"]] == [spec.name for spec in DEFINITIONS[slug].options]
