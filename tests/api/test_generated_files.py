"""The frontend's copies of backend-made files must be current: run `make frontend-generated`."""

import json
from pathlib import Path

from drf_spectacular.generators import SchemaGenerator

ROOT = Path(__file__).resolve().parents[2]


def test_committed_openapi_schema_matches_the_api():
    committed = json.loads((ROOT / "frontend" / "openapi.json").read_text())
    current = json.loads(json.dumps(SchemaGenerator().get_schema(request=None, public=True)))
    assert committed == current, "frontend/openapi.json is stale: run `make frontend-generated`"


def test_frontend_pictures_are_the_backends_pictures():
    backend = json.loads((ROOT / "classroom" / "pictures.json").read_text())
    frontend = json.loads((ROOT / "frontend" / "src" / "generated" / "pictures.json").read_text())
    assert frontend == backend, "frontend pictures are stale: run `make frontend-generated`"


def test_the_web_grid_and_the_pdf_use_one_colour_scale():
    backend = json.loads((ROOT / "games" / "reports" / "heat_scale.json").read_text())
    frontend = json.loads((ROOT / "frontend" / "src" / "generated" / "heatScale.json").read_text())
    assert frontend == backend, "the web grid's colour scale is stale: run `make frontend-generated`"


def test_the_schema_does_not_depend_on_the_database_backend():
    """Model integer fields get their range from the database backend (PostgreSQL's differ from
    SQLite's), so the committed schema would be stale on one of them: declare such fields."""
    schema = json.dumps(SchemaGenerator().get_schema(request=None, public=True))
    for backend_range in ("2147483647", "9223372036854775807", "32767"):
        assert backend_range not in schema


def test_frontend_avatars_are_the_backends_avatars():
    backend = json.loads((ROOT / "classroom" / "avatars.json").read_text())
    frontend = json.loads((ROOT / "frontend" / "src" / "generated" / "avatars.json").read_text())
    assert frontend == backend, "frontend avatars are stale: run `make frontend-generated`"
