"""The API's OpenAPI schema as the code declares it now (not the committed copy), and its operations.

The permission matrix and the schema fuzz both start from here, so an endpoint added to the URLs
is in both without anybody listing it."""

from __future__ import annotations

from functools import cache

HTTP_METHODS = ("get", "put", "post", "patch", "delete")


@cache
def api_schema() -> dict:
    """drf-spectacular's schema, generated in this process the way `manage.py spectacular` does."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def operations() -> list[tuple[str, str]]:
    """Every operation as ("METHOD", "/api/path/{param}/"), in the schema's order."""
    return [(method.upper(), path) for path, item in api_schema()["paths"].items()
            for method in HTTP_METHODS if method in item]
