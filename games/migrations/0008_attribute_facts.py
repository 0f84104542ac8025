"""Stored attempts count for or against the fact the child actually got right or wrong
(games.reports.attribution): a wrong product that missed its target moves to the target's fact, and
facts off the times-table grid (1 x 37) leave it."""

from django.db import migrations

BATCH = 2000


def attribute(apps, schema_editor):
    from games.reports.attribution import attributed_fact

    attempt_model = apps.get_model("games", "Attempt")
    changed = []
    for row in attempt_model.objects.only("kind", "a", "b", "answer", "correct", "mistake_type", "fact_a", "fact_b") \
            .iterator(chunk_size=BATCH):
        fact = attributed_fact(kind=row.kind, a=row.a, b=row.b, answer=row.answer, correct=row.correct,
                               mistake_type=row.mistake_type) or (None, None)
        if (row.fact_a, row.fact_b) != fact:
            row.fact_a, row.fact_b = fact
            changed.append(row)
        if len(changed) >= BATCH:
            attempt_model.objects.bulk_update(changed, ["fact_a", "fact_b"])
            changed = []
    attempt_model.objects.bulk_update(changed, ["fact_a", "fact_b"])


class Migration(migrations.Migration):
    dependencies = [("games", "0007_computer_offer")]
    operations = [migrations.RunPython(attribute, migrations.RunPython.noop)]
