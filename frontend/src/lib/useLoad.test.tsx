import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/http";
import { useLoad } from "./useLoad";

describe("useLoad", () => {
  it("loads on open, keeps the error of a failure, and reload replaces it with the data", async () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(503, "unavailable", "Busy.");
      return ["a class"];
    };
    const { result } = renderHook(() => useLoad(fetch));
    await waitFor(() => expect(result.current.error?.message).toBe("Busy."));
    expect(result.current.data).toBeNull();
    await act(() => result.current.reload());
    expect(result.current.data).toEqual(["a class"]);
    expect(result.current.error).toBeNull();
  });

  it("cancels the request when the page closes first", () => {
    let seen: AbortSignal | undefined;
    const fetch = (signal?: AbortSignal) =>
      new Promise<string>((_, reject) => {
        seen = signal;
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    const { unmount } = renderHook(() => useLoad(fetch));
    expect(seen?.aborted).toBe(false);
    unmount();
    expect(seen?.aborted).toBe(true);
  });
});
