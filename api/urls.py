from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from api import auth, checklist, exports, matches, reports, rosters, student_login
from api.assignments import AssignmentViewSet, ClassAssignmentsView, MyAssignmentsView
from api.batches import BatchViewSet
from api.classes import ClassroomViewSet
from api.converters import ObjectIdConverter
from api.games import GameListView
from api.students import MyAvatarView, MyClassmatesView, StudentViewSet

register_converter(ObjectIdConverter, "id")

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("classes", ClassroomViewSet, basename="classroom")
router.register("students", StudentViewSet, basename="student")
router.register("assignments", AssignmentViewSet, basename="assignment")
router.register("batches", BatchViewSet, basename="batch")

urlpatterns = [
    path("auth/csrf/", auth.CsrfView.as_view(), name="auth-csrf"),
    path("auth/me/", auth.MeView.as_view(), name="auth-me"),
    path("auth/signup/", auth.SignUpView.as_view(), name="auth-signup"),
    path("auth/login/", auth.LoginView.as_view(), name="auth-login"),
    path("auth/activate/", auth.ActivateView.as_view(), name="auth-activate"),
    path("auth/logout/", auth.LogoutView.as_view(), name="auth-logout"),
    path("me/checklist/", checklist.ChecklistView.as_view(), name="me-checklist"),
    path("auth/password-reset/", auth.PasswordResetView.as_view(), name="auth-password-reset"),
    path("auth/password-reset/confirm/", auth.PasswordResetConfirmView.as_view(),
         name="auth-password-reset-confirm"),
    path("classes/<id:class_id>/students/", rosters.ClassroomStudentsView.as_view(), name="class-students"),
    path("classes/<id:class_id>/students/import/", rosters.RosterImportView.as_view(), name="class-import"),
    path("student-login/", student_login.StudentLoginView.as_view(), name="student-login"),
    path("student-login/token/", student_login.StudentTokenLoginView.as_view(), name="student-login-token"),
    path("student-login/<str:code>/", student_login.ClassNamesView.as_view(), name="student-login-class"),
    path("games/", GameListView.as_view(), name="games"),
    path("classes/<id:class_id>/assignments/", ClassAssignmentsView.as_view(), name="class-assignments"),
    path("classes/<id:class_id>/live/", matches.ClassLiveView.as_view(), name="class-live"),
    path("classes/<id:class_id>/live/end-all/", matches.ClassGamesEndView.as_view(), name="class-games-end"),
    path("classes/<id:class_id>/live/pause/", matches.ClassGamesPauseView.as_view(), name="class-games-pause"),
    path("assignments/<id:assignment_id>/quick-match/", matches.QuickMatchView.as_view(), name="quick-match"),
    path("assignments/<id:assignment_id>/computer-match/", matches.ComputerMatchView.as_view(),
         name="computer-match"),
    path("assignments/<id:assignment_id>/challenges/", matches.ChallengeCreateView.as_view(), name="challenge"),
    path("challenges/<id:challenge_id>/accept/", matches.ChallengeAnswerView.as_view(accept=True),
         name="challenge-accept"),
    path("challenges/<id:challenge_id>/decline/", matches.ChallengeAnswerView.as_view(accept=False),
         name="challenge-decline"),
    path("my/assignments/", MyAssignmentsView.as_view(), name="my-assignments"),
    path("my/avatar/", MyAvatarView.as_view(), name="my-avatar"),
    path("my/classmates/", MyClassmatesView.as_view(), name="my-classmates"),
    path("my/challenges/", matches.MyChallengesView.as_view(), name="my-challenges"),
    path("my/current-match/", matches.CurrentMatchView.as_view(), name="my-current-match"),
    path("my/matches/", matches.MyMatchesView.as_view(), name="my-matches"),
    path("my/practice-match/", matches.PracticeMatchView.as_view(), name="my-practice-match"),
    path("matches/<id:match_id>/", matches.MatchView.as_view(), name="match"),
    path("matches/<id:match_id>/actions/", matches.MatchActionView.as_view(), name="match-actions"),
    path("matches/<id:match_id>/practice/", matches.MatchPracticeView.as_view(), name="match-practice"),
    path("matches/<id:match_id>/lobby/", matches.MatchLobbyView.as_view(), name="match-lobby"),
    path("matches/<id:match_id>/replay/", matches.MatchReplayView.as_view(), name="match-replay"),
    *[path(f"matches/<id:match_id>/{command}/", matches.command_view(command), name=f"match-{command}")
      for command in matches.COMMAND_SCHEMAS],
    path("classes/<id:class_id>/report/", reports.ReportNowView.as_view(), name="class-report"),
    *[path(f"classes/<id:class_id>/report/{kind}", reports.ReportCsvView.as_view(kind=kind),
           name=f"class-report-{kind}") for kind in ("facts.csv", "students.csv")],
    path("classes/<id:class_id>/report/pdf", reports.ReportPdfView.as_view(), name="class-report-pdf"),
    path("students/<id:student_id>/report/", reports.ReportNowView.as_view(), name="student-report"),
    path("students/<id:student_id>/report/facts.csv", reports.ReportCsvView.as_view(kind="facts.csv"),
         name="student-report-facts.csv"),
    path("students/<id:student_id>/report/pdf", reports.ReportPdfView.as_view(), name="student-report-pdf"),
    path("reports/all-classes/", reports.AllClassesReportView.as_view(), name="report-all-classes"),
    path("exports/<id:export_id>/", exports.ExportView.as_view(), name="export"),
    path("exports/<id:export_id>/file/", exports.ExportFileView.as_view(), name="export-file"),
    path("exports/<id:export_id>/retry/", exports.ExportRetryView.as_view(), name="export-retry"),
    path("my/progress/", reports.MyProgressView.as_view(), name="my-progress"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("", include(router.urls)),
]
