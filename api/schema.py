"""The OpenAPI schema says what the API answers, refusals included (settings: DEFAULT_SCHEMA_CLASS).

Every operation documents, besides its successes, the error answers its view can give, in the one
error shape of api.errors. Most follow from the view itself: 400 for every operation (fields that do
not validate, a rule of the platform, a NUL character, JSON nested too deep), 401 unless anybody may
call it, 403 for a role check or an unsafe method (CSRF), 404 for an object in the path or a page
number, 415 for a body in a Content-Type the operation does not read, 429 for a rate-limited view.
The few a view decides for itself (409, 410, 413, 423, the sign-in guard's 429) it declares with
`refusals(...)` in its own `extend_schema`."""

from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.permissions import SAFE_METHODS, AllowAny, IsAuthenticated

REFUSALS = {
    400: "Refused: a field or parameter that does not validate, a rule of the platform, or a malformed request "
         "(a NUL character, JSON nested too deep, a number where a whole number belongs).",
    401: "Not signed in.",
    403: "Not allowed for this user's role, or the CSRF token is missing or stale.",
    404: "No such object, or not this user's to see (the same answer), or no such page.",
    409: "Not ready yet.",
    410: "No longer kept (a PDF past its time, login cards downloaded once already).",
    413: "The body is larger than this operation reads (a match action: 8 KiB).",
    415: "The body's Content-Type is not one this operation reads.",
    423: "The child's sign-in is locked for a while after too many wrong tries.",
    429: "Too many requests or failures from this client address; wait and try again.",
}


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A stable code for programs: invalid, not_found, locked...")
    message = serializers.CharField(help_text="A sentence for the person.")
    # The ignore: DRF takes declared fields off the class; the stubs see the Field attribute of that name.
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()),  # type: ignore[assignment]
                                   help_text="Messages per field; empty when the refusal is not about one field.")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


def refusals(*statuses: int) -> dict[int, OpenApiResponse]:
    """Error answers a view declares itself: `responses={200: X, **refusals(409)}`."""
    return {status: OpenApiResponse(ErrorSerializer, description=REFUSALS[status]) for status in statuses}


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        for status in sorted(self.refusal_statuses(operation)):
            if str(status) not in operation["responses"]:
                operation["responses"][str(status)] = self._get_response_for_code(
                    refusals(status)[status], str(status), media_types=["application/json"])
        return operation

    def refusal_statuses(self, operation: dict) -> set[int]:
        """The error answers that follow from the view: its permissions, path, pages and throttles."""
        statuses = {400}
        permissions = self.view.get_permissions()
        if not all(isinstance(permission, AllowAny) for permission in permissions):
            statuses.add(401)
        role_checked = any(not isinstance(permission, (AllowAny, IsAuthenticated)) for permission in permissions)
        if role_checked or self.method not in SAFE_METHODS:
            statuses.add(403)
        parameters = operation.get("parameters", [])
        if any(parameter["in"] == "path" or parameter["name"] == "page" for parameter in parameters):
            statuses.add(404)
        if "requestBody" in operation:
            statuses.add(415)
        if self.view.get_throttles():
            statuses.add(429)
        return statuses
