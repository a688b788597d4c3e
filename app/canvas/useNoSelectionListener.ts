import { useEffect } from "react";
import { useStoreApi } from "@xyflow/react";

/**
 * Unmounts React Flow's selection listener. React Flow 12.12 mounts it whenever its store's
 * `onSelectionChangeHandlers` is an array (`!!s.onSelectionChangeHandlers`, even an empty one), and its
 * selector walks every node and edge on every store update — each pan and zoom frame — to find the selected
 * ones: at 2,000 nodes that was a large part of a click and of a pan frame (xyflow/xyflow#5830 reworks it).
 * The canvas reads its selection from its own store (presence, the sidebar, the toolbar) and never uses
 * `onSelectionChange`/`useOnSelectionChange`; calling either inside this canvas would fail (there is no list).
 */
export function useNoSelectionListener() {
  const rfStore = useStoreApi();
  useEffect(() => {
    rfStore.setState({ onSelectionChangeHandlers: undefined as unknown as [] });
  }, [rfStore]);
}
