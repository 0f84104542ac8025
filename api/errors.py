"""One error shape for the whole API: {"error": {"code", "message", "fields"}}."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from classroom.errors import ServiceError, sentence

_CODES = {
    status.HTTP_400_BAD_REQUEST: "invalid",
    status.HTTP_401_UNAUTHORIZED: "not_authenticated",
    status.HTTP_403_FORBIDDEN: "forbidden",
    status.HTTP_404_NOT_FOUND: "not_found",
    status.HTTP_405_METHOD_NOT_ALLOWED: "method_not_allowed",
    status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
    status.HTTP_429_TOO_MANY_REQUESTS: "throttled",
}


def error_body(code: str, message: str, fields: dict | None = None, **extra) -> dict:
    fields = {name: [sentence(m) if isinstance(m, str) else m for m in messages] if isinstance(messages, list)
              else messages for name, messages in (fields or {}).items()}
    return {"error": {"code": code, "message": sentence(message), "fields": fields, **extra}}


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response(error_body(exc.code, exc.message, exc.fields, **exc.extra), status=exc.status)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = _CODES.get(response.status_code, "error")
    if isinstance(exc, exceptions.ValidationError):
        fields = _as_fields(exc.detail)
        message = "Please correct the fields below."
        non_field = fields.pop("non_field_errors", None)
        if non_field:
            message = " ".join(non_field)
        response.data = error_body(code, message, fields)
    else:
        detail = getattr(exc, "detail", "")
        if isinstance(exc, exceptions.NotAuthenticated):
            response.status_code = status.HTTP_401_UNAUTHORIZED
            code = "not_authenticated"
        response.data = error_body(code, str(detail) if detail else "Something went wrong.")
    return response


def _as_fields(detail) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {key: _flatten(value) for key, value in detail.items()}
    return {"non_field_errors": _flatten(detail)}


def _flatten(value) -> list[str]:
    if isinstance(value, list):
        return [message for item in value for message in _flatten(item)]
    if isinstance(value, dict):
        return [f"{key}: {message}" for key, item in value.items() for message in _flatten(item)]
    return [str(value)]


def csrf_failure(request, reason: str = ""):
    """Django's CSRF refusal in the API's error shape (settings.CSRF_FAILURE_VIEW)."""
    message = "Your session expired or the page is stale. Reload the page and try again."
    return JsonResponse(error_body("forbidden", message, {}, reason=reason), status=403)


# Django's own answers for what reaches no view (config.urls' handlers): the error shape under /api/,
# Django's pages elsewhere. A path no API route matches (`/api/classes/-1/`) is a 404 like any other.
def page_not_found(request, exception=None):
    if is_api_request(request):
        return JsonResponse(error_body("not_found", "Not found."), status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception=None):
    if is_api_request(request):
        return JsonResponse(error_body("invalid", "Bad request."), status=400)
    return defaults.bad_request(request, exception)


def server_error(request):
    if is_api_request(request):
        return JsonResponse(error_body("server_error", "Something went wrong on our side. Try again later."),
                            status=500)
    return defaults.server_error(request)


def is_api_request(request) -> bool:
    return request.path.startswith("/api/")
