import { Suspense, lazy, type ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { RequireRole } from "./auth";
import { PlayLayout, PublicLayout, TeacherLayout } from "./components/Layout";
import { Landing, NotFound } from "./pages/Landing";
import { MatchPage } from "./pages/play/MatchPage";
import { EnterCode, PickName, SecretStep, TokenSignIn } from "./pages/student/SignIn";
import { StudentHome } from "./pages/student/Home";
import { ActivateAccount, PasswordReset, TeacherForgot, TeacherLogin, TeacherSignup } from "./pages/teacher/Auth";

// The signed-in teacher's pages are a separate chunk: the children's tablets never load them.
const ClassesPage = lazy(() => import("./pages/teacher/Classes").then((m) => ({ default: m.ClassesPage })));
const RosterPage = lazy(() => import("./pages/teacher/Roster").then((m) => ({ default: m.RosterPage })));
const AssignmentsPage = lazy(() => import("./pages/teacher/Assignments").then((m) => ({ default: m.AssignmentsPage })));
const LivePage = lazy(() => import("./pages/teacher/Live").then((m) => ({ default: m.LivePage })));
const BatchesPage = lazy(() => import("./pages/teacher/Batches").then((m) => ({ default: m.BatchesPage })));
const ReplayPage = lazy(() => import("./pages/play/ReplayPage").then((m) => ({ default: m.ReplayPage })));
const AllClassesPage = lazy(() => import("./pages/teacher/AllClasses").then((m) => ({ default: m.AllClassesPage })));
const ReportsPage = lazy(() => import("./pages/teacher/Reports").then((m) => ({ default: m.ReportsPage })));
const StickerBookPage = lazy(() => import("./pages/student/Stickers").then((m) => ({ default: m.StickerBookPage })));
const AvatarPicker = lazy(() => import("./pages/student/AvatarPicker").then((m) => ({ default: m.AvatarPicker })));
const ProgressPage = lazy(() => import("./pages/student/Progress").then((m) => ({ default: m.ProgressPage })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="loading" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** Every client route. Django serves index.html for all of them. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Landing />} />
        <Route path="teacher/signup" element={<TeacherSignup />} />
        <Route path="teacher/login" element={<TeacherLogin />} />
        <Route path="teacher/forgot" element={<TeacherForgot />} />
        <Route path="reset/:uid/:token" element={<PasswordReset />} />
        <Route path="activate/:uid/:token" element={<ActivateAccount />} />
        <Route path="student" element={<EnterCode />} />
        <Route path="student/:code" element={<PickName />} />
        <Route path="student/:code/:studentId" element={<SecretStep />} />
        <Route path="s/:token" element={<TokenSignIn />} />
        <Route
          path="home"
          element={
            <RequireRole role="student">
              <StudentHome />
            </RequireRole>
          }
        />
        <Route
          path="progress"
          element={
            <RequireRole role="student">
              <Loading>
                <ProgressPage />
              </Loading>
            </RequireRole>
          }
        />
        <Route
          path="stickers"
          element={
            <RequireRole role="student">
              <Loading>
                <StickerBookPage />
              </Loading>
            </RequireRole>
          }
        />
        <Route
          path="avatar"
          element={
            <RequireRole role="student">
              <Loading>
                <AvatarPicker />
              </Loading>
            </RequireRole>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* A match fills the tablet: no top bar (the match header has the way home). */}
      <Route element={<PlayLayout />}>
        <Route
          path="play/:matchId"
          element={
            <RequireRole role="student">
              <MatchPage role="student" />
            </RequireRole>
          }
        />
        <Route
          path="replay/:matchId"
          element={
            <RequireRole role="student">
              <Loading>
                <ReplayPage role="student" />
              </Loading>
            </RequireRole>
          }
        />
      </Route>
      <Route
        path="teacher"
        element={
          <RequireRole role="teacher">
            <TeacherLayout />
          </RequireRole>
        }
      >
        <Route index element={<Loading><ClassesPage /></Loading>} />
        <Route path="classes/:id" element={<Loading><RosterPage /></Loading>} />
        <Route path="classes/:id/assignments" element={<Loading><AssignmentsPage /></Loading>} />
        <Route path="classes/:id/live" element={<Loading><LivePage /></Loading>} />
        <Route path="classes/:id/reports" element={<Loading><ReportsPage /></Loading>} />
        <Route path="classes/:id/reports/students/:studentId" element={<Loading><ReportsPage /></Loading>} />
        <Route path="batches" element={<Loading><BatchesPage /></Loading>} />
        <Route path="reports" element={<Loading><AllClassesPage /></Loading>} />
        <Route path="matches/:matchId" element={<MatchPage role="teacher" />} />
        <Route path="replays/:matchId" element={<Loading><ReplayPage role="teacher" /></Loading>} />
      </Route>
    </Routes>
  );
}
