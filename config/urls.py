from django.conf import settings
from django.contrib import admin
from django.http import FileResponse, HttpResponse
from django.urls import include, path, re_path
from django.views.decorators.csrf import ensure_csrf_cookie

from config.health import healthz


@ensure_csrf_cookie
def spa_index(request):
    """The frontend's index.html for every client route (the app routes in the browser)."""
    index = settings.FRONTEND_DIST / "index.html"
    if not index.exists():
        return HttpResponse(
            "The frontend is not built yet: run `make run` (or `make frontend`).", status=503,
            content_type="text/plain")
    response = FileResponse(index.open("rb"), content_type="text/html")
    response["Cache-Control"] = "no-cache"
    return response


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    re_path(r"^(?!api/|admin/|static/|assets/|ws/).*$", spa_index, name="spa"),
]

handler400 = "api.errors.bad_request"
handler404 = "api.errors.page_not_found"
handler500 = "api.errors.server_error"
