import { seatStyle, type SeatShape } from "./view";

const STAR = "10,1 12.6,7.2 19.5,7.3 14,11.6 16,18.5 10,14.5 4,18.5 6,11.6 0.5,7.3 7.4,7.2";
const HEXAGON = "10,1 18,5.5 18,14.5 10,19 2,14.5 2,5.5";

function shapeElement(shape: SeatShape, fill: string) {
  switch (shape) {
    case "circle":
      return <circle cx="10" cy="10" r="8.5" fill={fill} />;
    case "square":
      return <rect x="2" y="2" width="16" height="16" rx="1.5" fill={fill} />;
    case "triangle":
      return <polygon points="10,1.5 19,18 1,18" fill={fill} />;
    case "diamond":
      return <polygon points="10,0.5 19.5,10 10,19.5 0.5,10" fill={fill} />;
    case "star":
      return <polygon points={STAR} fill={fill} />;
    case "hexagon":
      return <polygon points={HEXAGON} fill={fill} />;
  }
}

/** A seat's shape in its colour: colour is never the only cue. Decorative (names are in the labels). */
export function SeatMark({ seat, className }: { seat: number; className?: string }) {
  const { colour, shape } = seatStyle(seat);
  return (
    <svg viewBox="0 0 20 20" className={`stepping_divisors-mark ${className ?? ""}`} aria-hidden="true" focusable="false" data-shape={shape}>
      {shapeElement(shape, colour)}
    </svg>
  );
}
