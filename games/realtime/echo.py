"""A bare WebSocket echo, mounted only when BENCH_ECHO=1: the floor the latency benchmark
measures beside real moves (same server, same stack, no database)."""

from channels.generic.websocket import AsyncWebsocketConsumer


class EchoConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data, bytes_data=bytes_data)
