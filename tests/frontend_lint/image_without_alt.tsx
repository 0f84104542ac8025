// A picture a screen reader cannot name.
export function Star() {
  return <img src="/star.png" />;
}
