import { useCallback, useState } from "react";
import { defaultOrder, SORT_FIELDS, type SortField, type SortOrder } from "../../domain/projectList";

const KEY = "reelgraph.projectSort";

function read(): { field: SortField; order: SortOrder } {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as { field?: unknown; order?: unknown } | null;
    const field = SORT_FIELDS.find((f) => f.value === saved?.field)?.value;
    if (field && (saved?.order === "asc" || saved?.order === "desc")) return { field, order: saved.order };
  } catch {
    /* a damaged preference falls back to the default */
  }
  return { field: "updated", order: defaultOrder("updated") };
}

/** The dashboard's sort choice, remembered across visits on this browser. */
export function useSortPreference() {
  const [sort, setSortState] = useState(read);
  const setSort = useCallback((field: SortField, order: SortOrder) => {
    localStorage.setItem(KEY, JSON.stringify({ field, order }));
    setSortState({ field, order });
  }, []);
  return [sort, setSort] as const;
}
