// A hook called only sometimes: React would mix up this component's state between renders.
import { useState } from "react";

export function Counter({ counting }: { counting: boolean }) {
  if (counting) {
    const [count] = useState(0);
    return <p>{count}</p>;
  }
  return null;
}
