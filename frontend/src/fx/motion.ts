// prefers-reduced-motion for effects driven from JavaScript (the CSS ones use the media query).

/** True when the device asks for less motion: JS-driven effects then show a still picture. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}
