// Seat colours and shapes: the one scheme for seats 0-5, used by the match header and live page
// (components/SeatMarker), the Multiplin and Stepping boards (which re-export it) and the
// two-player boards' CSS (seat 0 blue circle, seat 1 orange square), so a player is the same mark
// everywhere (seats.test.ts checks it). Colour is never alone: each seat also has its own shape.
export type SeatShape = "circle" | "square" | "triangle" | "diamond" | "hexagon" | "star";

export interface SeatStyle {
  colour: string;
  shape: SeatShape;
  /** The colour's name, for words ("blue circle"). */
  colourName: string;
}

export const SEAT_STYLES: readonly SeatStyle[] = [
  { colour: "#1d4ed8", shape: "circle", colourName: "blue" },
  { colour: "#c2410c", shape: "square", colourName: "orange" },
  { colour: "#15803d", shape: "triangle", colourName: "green" },
  { colour: "#7e22ce", shape: "diamond", colourName: "purple" },
  { colour: "#0f766e", shape: "star", colourName: "teal" },
  { colour: "#92400e", shape: "hexagon", colourName: "brown" },
];

export function seatStyle(seat: number): SeatStyle {
  const n = SEAT_STYLES.length;
  return SEAT_STYLES[((seat % n) + n) % n]!;
}
