"""The match row's JSON compressed with lz4 instead of PostgreSQL's own pglz (PostgreSQL 14 and later, built
with lz4; elsewhere nothing changes). Every move writes the match's state, and a row over about 2 KB is
compressed: pglz was the largest single cost in PostgreSQL's share of a move (6 % of it, bench/ws_latency.py);
an update of a Fultiples state costs 73 against 95 microseconds of the backend's CPU with lz4. Values
written before keep their compression until they are written again: both are read alike."""

from django.db import migrations

COLUMNS = ("state", "options", "result")


def _lz4_available(schema_editor) -> bool:
    if schema_editor.connection.vendor != "postgresql":
        return False
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
    return bool(row and row[0])


def _compress(method: str):
    def run(apps, schema_editor) -> None:
        if not _lz4_available(schema_editor):
            return
        table = schema_editor.quote_name(apps.get_model("games", "Match")._meta.db_table)
        for column in COLUMNS:
            schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN {schema_editor.quote_name(column)} "
                                  f"SET COMPRESSION {method}")
    return run


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0016_seat_stand_in_moves"),
    ]

    operations = [
        migrations.RunPython(_compress("lz4"), _compress("default"), elidable=False),
    ]
