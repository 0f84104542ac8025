import { afterEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { WAIT_LIMIT_MS } from "./eventually";

configure({ asyncUtilTimeout: WAIT_LIMIT_MS });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.cookie.split(";").forEach((c) => {
    const name = c.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
