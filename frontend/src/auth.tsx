// Who is signed in: loaded once from /api/auth/me/, updated by sign-in pages.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { getMe, logout } from "./api/endpoints";
import { setUnauthorizedHandler, type ApiError } from "./api/http";
import type { Me, Role } from "./api/types";

export interface AuthValue {
  /** undefined while loading, null when signed out. */
  me: Me | null | undefined;
  /** Set when /me failed for a reason other than being signed out (e.g. offline). */
  loadError: ApiError | null;
  setMe: (me: Me | null) => void;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<ApiError | null>(null);

  const refresh = useCallback(async () => {
    try {
      setMe(await getMe());
      setLoadError(null);
    } catch (err) {
      setLoadError(err as ApiError);
      setMe(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A 401 from any request means the session is gone: forget the user so the guards redirect.
  useEffect(() => {
    setUnauthorizedHandler(() => setMe((current) => (current ? null : current)));
    return () => setUnauthorizedHandler(null);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } finally {
      setMe(null);
    }
  }, []);

  const value = useMemo(() => ({ me, loadError, setMe, refresh, signOut }), [me, loadError, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const v = useContext(AuthContext);
  if (!v) throw new Error("useAuth must be used inside <AuthProvider>");
  return v;
}

export const SIGN_IN_PATH: Record<Role, string> = {
  teacher: "/teacher/login",
  student: "/student",
};

/** Renders children only for a signed-in user with `role`; otherwise redirects to that role's sign-in. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { me } = useAuth();
  const location = useLocation();
  if (me === undefined) {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  if (!me || me.role !== role) {
    return <Navigate to={SIGN_IN_PATH[role]} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/** Where to go after signing in: the page the guard sent us from, if it was safe. */
export function returnPath(state: unknown, fallback: string, prefix: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith(prefix) && !from.startsWith("//") ? from : fallback;
}
