import { useState } from "react";

/**
 * True from the first time `open` is true, and from then on: a closed dialog that was never opened need not
 * be mounted (a selected node's toolbar and sidebar carry several, each with its own store subscriptions,
 * mounted on every click that selects a node), while one that was opened stays mounted so it can animate
 * closed and keeps its state for the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
