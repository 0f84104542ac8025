from django.db import migrations, models

SOURCES = [("player", "Player"), ("bot", "Computer"), ("timer", "Timer"), ("seat", "Seat"), ("leave", "Leave"),
           ("start", "Start"), ("end", "End"), ("pause", "Pause"), ("rematch", "Rematch")]


def teacher_moves_by_kind(apps, schema_editor):
    """The teacher's moves logged before the kinds had sources of their own: the end, and pause or resume."""
    Move = apps.get_model("games", "Move")
    Move.objects.filter(source="teacher", action__type="end").update(source="end")
    Move.objects.filter(source="teacher", action__type__in=["pause", "resume"]).update(source="pause")


def back_to_teacher(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    Move.objects.filter(source__in=["end", "pause"]).update(source="teacher")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_fact_tallies'),
    ]

    operations = [
        migrations.RunPython(teacher_moves_by_kind, back_to_teacher),
        migrations.AlterField(
            model_name='move',
            name='source',
            field=models.CharField(choices=SOURCES, max_length=10),
        ),
    ]
