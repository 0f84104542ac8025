"""A NUL character in a request's path or query string is refused before any view reads it.

Views read query parameters and path segments as they come (`?period=`, `?game=`, the class code in
/api/student-login/<code>/); PostgreSQL refuses a NUL in text, so such a request answered 500. Bodies
are checked by api.parsers."""

from __future__ import annotations

from django.http import HttpResponseBadRequest, JsonResponse

from api.errors import error_body, is_api_request
from api.parsers import NUL_MESSAGE, text_problem

ADDRESS_MESSAGES = {NUL_MESSAGE: "The address may not contain a NUL character (%00)."}
OTHER_ADDRESS_MESSAGE = "The address must be valid UTF-8 text."


class RefuseUnstorableTextMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        problem = text_problem(request.path) or next(
            (found for key, values in request.GET.lists() for text in (key, *values)
             if (found := text_problem(text))), None)
        if problem is None:
            return self.get_response(request)
        message = ADDRESS_MESSAGES.get(problem, OTHER_ADDRESS_MESSAGE)
        if is_api_request(request):
            return JsonResponse(error_body("invalid", message), status=400)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
