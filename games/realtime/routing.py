from django.conf import settings
from django.urls import path

from games.realtime.consumers import MatchConsumer
from games.realtime.echo import EchoConsumer

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
]
if settings.BENCH_ECHO:
    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))
