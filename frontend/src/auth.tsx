// Who is signed in: loaded once from /api/auth/me/, updated by sign-in pages.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { getMe, logout } from "./api/endpoints";
import { sessionChanged, setUnauthorizedHandler, type ApiError } from "./api/http";
import type { Me, Role } from "./api/types";
import { useGames } from "./games/useGames";

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
/** The BroadcastChannel on which a tab tells the others who is signed in now. */
export const AUTH_CHANNEL = "multiplayground-auth";

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setShownMe] = useState<Me | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  // How many times a page set the user (a sign-in, a sign-out). A /me answer asked for before the latest
  // of them is older news: a QR card's sign-in can finish while the first /me is still on its way.
  const changes = useRef(0);
  const queryClient = useQueryClient();
  const userId = useRef<number | null>(null);

  // Another person on this tablet (or nobody) sees none of the data fetched for the one before:
  // when a signed-in user goes (signed out, or someone else signed in), the cache is emptied before
  // the next pages render. Signing in from signed out keeps it: it holds only what the sign-in
  // pages read (a class code's names), and the page that signed in still shows them.
  const setMeState = useCallback(
    (next: Me | null) => {
      const nextId = next?.id ?? null;
      if (userId.current !== null && nextId !== userId.current) queryClient.clear();
      userId.current = nextId;
      setShownMe(next);
    },
    [queryClient],
  );

  // The tabs of one browser share one session cookie: when one signs someone in or out, every other tab
  // is that person now (or nobody). Tell them, so a tab never shows one child while acting as another.
  const tabs = useRef<BroadcastChannel | null>(null);

  const setMe = useCallback(
    (next: Me | null) => {
      changes.current += 1;
      sessionChanged(); // a 401 to a request sent before this is about the old session (issue 32)
      setMeState(next);
      tabs.current?.postMessage({ userId: next?.id ?? null });
    },
    [setMeState],
  );

  const refresh = useCallback(() => {
    const asked = changes.current;
    return getMe().then(
      (current) => {
        if (changes.current !== asked) return;
        setMeState(current);
        setLoadError(null);
      },
      (err: unknown) => {
        if (changes.current !== asked) return;
        setLoadError(err as ApiError);
        setMeState(null);
      },
    );
  }, [setMeState]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ userId: number | null }>) => {
      if (event.data.userId !== userId.current) {
        changes.current += 1;
        sessionChanged();
        void refresh();
      }
    };
    tabs.current = channel;
    return () => {
      tabs.current = null;
      channel.close();
    };
  }, [refresh]);

  // A 401 means the session the request carried is gone. It is this page's session unless another
  // tab of this browser signed in meanwhile: Django's login() replaces the session cookie (a new key,
  // the old one deleted) for every tab, and a request that left with the old cookie answers 401 while
  // the new cookie is fine. So ask /me once, with the cookie the browser has now, before forgetting
  // the user: only a real end (revoked card, signed out elsewhere) sends the guards to sign-in.
  const checking = useRef(false);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (userId.current === null || checking.current) return;
      checking.current = true;
      const asked = changes.current;
      getMe()
        .then(
          (current) => {
            if (changes.current === asked) setMeState(current);
          },
          () => {
            // Offline or a server error: that says nothing about the session; the next 401 asks again.
          },
        )
        .finally(() => {
          checking.current = false;
        });
    });
    return () => setUnauthorizedHandler(null);
  }, [setMeState]);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } finally {
      setMe(null);
    }
  }, [setMe]);

  const value = useMemo(() => ({ me, loadError, setMe, refresh, signOut }), [me, loadError, setMe, refresh, signOut]);
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
  return <GamesReady>{children}</GamesReady>;
}

/** A signed-in page starts once the games' definitions have arrived (GET /api/games/, read once a page
 * load), so it never shows a game without its title; if they cannot be loaded, it starts anyway. Once
 * started it stays: asking again after a failure (a new page's first read) never takes the page away. */
function GamesReady({ children }: { children: ReactNode }) {
  const { loading } = useGames();
  const [started, setStarted] = useState(false);
  if (!loading && !started) setStarted(true);
  if (loading && !started) {
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  }
  return <>{children}</>;
}

/** Where to go after signing in: the page the guard sent us from, if it was safe. */
export function returnPath(state: unknown, fallback: string, prefix: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith(prefix) && !from.startsWith("//") ? from : fallback;
}
