import { useLayoutEffect, useRef } from "react";

/**
 * A ref to the latest `value`, for effects and event handlers that must not restart when it
 * changes. It is updated after each render (before any effect runs), never during one.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
