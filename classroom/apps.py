from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "classroom"
    verbose_name = "Classes and rosters"

    def ready(self) -> None:
        from classroom import receivers  # noqa: F401 - connects the signal receivers
