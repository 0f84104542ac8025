import pictures from "../generated/pictures.json";

export type Shape =
  | { kind: "circle"; cx: number; cy: number; r: number; fill: string }
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: string; rx?: number }
  | { kind: "polygon"; points: number[][]; fill: string }
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number };

export interface PictureDef {
  slug: string;
  label: string;
  shapes: Shape[];
}

export const PICTURES: PictureDef[] = pictures as PictureDef[];
const BY_SLUG = new Map(PICTURES.map((p) => [p.slug, p]));

export function pictureLabel(slug: string): string {
  return BY_SLUG.get(slug)?.label ?? slug;
}

function renderShape(s: Shape, i: number) {
  switch (s.kind) {
    case "circle":
      return <circle key={i} cx={s.cx} cy={s.cy} r={s.r} fill={s.fill} />;
    case "rect":
      return <rect key={i} x={s.x} y={s.y} width={s.w} height={s.h} rx={s.rx} fill={s.fill} />;
    case "polygon":
      return <polygon key={i} points={s.points.map((p) => p.join(",")).join(" ")} fill={s.fill} />;
    case "line":
      return (
        <line key={i} x1={s.x1} y1={s.y1} x2={s.x2} y2={s.y2} stroke={s.stroke} strokeWidth={s.width} strokeLinecap="round" />
      );
  }
}

/** One of the nine sign-in pictures as inline SVG. `decorative` hides it from screen readers. */
export function Picture({ slug, size = 96, decorative = false }: { slug: string; size?: number; decorative?: boolean }) {
  const def = BY_SLUG.get(slug);
  if (!def) return null;
  const a11y = decorative ? { "aria-hidden": true as const } : { role: "img", "aria-label": def.label };
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} focusable="false" className="picture" {...a11y}>
      {def.shapes.map(renderShape)}
    </svg>
  );
}
