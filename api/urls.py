from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from api import auth, rosters, student_login
from api.classes import ClassroomViewSet
from api.students import StudentViewSet

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("classes", ClassroomViewSet, basename="classroom")
router.register("students", StudentViewSet, basename="student")

urlpatterns = [
    path("auth/csrf/", auth.CsrfView.as_view(), name="auth-csrf"),
    path("auth/me/", auth.MeView.as_view(), name="auth-me"),
    path("auth/signup/", auth.SignUpView.as_view(), name="auth-signup"),
    path("auth/login/", auth.LoginView.as_view(), name="auth-login"),
    path("auth/logout/", auth.LogoutView.as_view(), name="auth-logout"),
    path("auth/password-reset/", auth.PasswordResetView.as_view(), name="auth-password-reset"),
    path("auth/password-reset/confirm/", auth.PasswordResetConfirmView.as_view(),
         name="auth-password-reset-confirm"),
    path("classes/<int:class_id>/students/", rosters.ClassroomStudentsView.as_view(), name="class-students"),
    path("classes/<int:class_id>/students/import/", rosters.RosterImportView.as_view(), name="class-import"),
    path("student-login/", student_login.StudentLoginView.as_view(), name="student-login"),
    path("student-login/token/", student_login.StudentTokenLoginView.as_view(), name="student-login-token"),
    path("student-login/<str:code>/", student_login.ClassNamesView.as_view(), name="student-login-class"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("", include(router.urls)),
]
