import { seatStyle, type SeatShape } from "../games/seats";

const STAR = "10,1 12.6,7.2 19.5,7.3 14,11.6 16,18.5 10,14.5 4,18.5 6,11.6 0.5,7.3 7.4,7.2";
const HEXAGON = "10,1 18,5.5 18,14.5 10,19 2,14.5 2,5.5";

function shape(s: SeatShape, fill: string) {
  switch (s) {
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

/** A seat's shape in its colour. Decorative: the player's name is always written next to it. */
export function SeatMarker({ seat, size = 20, className = "" }: { seat: number; size?: number; className?: string }) {
  const style = seatStyle(seat);
  return (
    <svg
      viewBox="0 0 20 20"
      width={size}
      height={size}
      className={`seat-marker ${className}`.trim()}
      aria-hidden="true"
      focusable="false"
      data-shape={style.shape}
    >
      {shape(style.shape, style.colour)}
    </svg>
  );
}
