import { Route, Routes } from "react-router-dom";
import { RequireRole } from "./auth";
import { PublicLayout, TeacherLayout } from "./components/Layout";
import { Landing, NotFound } from "./pages/Landing";
import { PasswordReset, TeacherForgot, TeacherLogin, TeacherSignup } from "./pages/teacher/Auth";
import { ClassesPage } from "./pages/teacher/Classes";
import { RosterPage } from "./pages/teacher/Roster";
import { EnterCode, PickName, SecretStep, StudentHome, TokenSignIn } from "./pages/student/SignIn";

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
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route
        path="teacher"
        element={
          <RequireRole role="teacher">
            <TeacherLayout />
          </RequireRole>
        }
      >
        <Route index element={<ClassesPage />} />
        <Route path="classes/:id" element={<RosterPage />} />
      </Route>
    </Routes>
  );
}
