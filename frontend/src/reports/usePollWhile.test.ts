import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { usePollWhile } from "./usePollWhile";

afterEach(() => vi.useRealTimers());

describe("usePollWhile", () => {
  it("polls every interval while active and stops when it turns inactive", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => undefined);
    const { rerender } = renderHook(({ active }) => usePollWhile(active, fn, 1000), { initialProps: { active: true } });
    expect(fn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fn).toHaveBeenCalledTimes(3);
    rerender({ active: false });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("never polls when inactive and stops on unmount", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => undefined);
    const idle = renderHook(() => usePollWhile(false, fn, 1000));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fn).not.toHaveBeenCalled();
    idle.unmount();
    const busy = renderHook(() => usePollWhile(true, fn, 1000));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    busy.unmount();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("keeps going after a failed run", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => {
      throw new Error("offline");
    });
    renderHook(() => usePollWhile(true, fn, 500));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fn).toHaveBeenCalledTimes(3);
  });
});

describe("usePollWhile stopping itself", () => {
  it("stops as soon as fn says so, even while still marked active", async () => {
    vi.useFakeTimers();
    let n = 0;
    const fn = vi.fn(async () => ++n < 2);
    renderHook(() => usePollWhile(true, fn, 100));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("starts again when the key changes", async () => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => false);
    const { rerender } = renderHook(({ k }) => usePollWhile(true, fn, 100, k), { initialProps: { k: "a" } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fn).toHaveBeenCalledTimes(1);
    rerender({ k: "a,b" });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
