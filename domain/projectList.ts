import type { Project } from "./projects";

export type SortField = "updated" | "created" | "name";
export type SortOrder = "desc" | "asc";

export const SORT_FIELDS: { value: SortField; label: string }[] = [
  { value: "updated", label: "Last modified" },
  { value: "created", label: "Date created" },
  { value: "name", label: "Alphabetical" },
];

/** Sub-options per field (spec: shell 2): dates read Newest/Oldest first, names A to Z / Z to A. */
export function orderLabel(field: SortField, order: SortOrder): string {
  if (field === "name") return order === "asc" ? "A to Z" : "Z to A";
  return order === "desc" ? "Newest first" : "Oldest first";
}

/** Alphabetical starts at A to Z; dates start newest first. */
export const defaultOrder = (field: SortField): SortOrder => (field === "name" ? "asc" : "desc");

type Listed = Pick<Project, "name" | "createdAt" | "updatedAt">;

/** Case-insensitive name substring match, then the chosen order. Never mutates its input. */
export function filterAndSortProjects<T extends Listed>(projects: readonly T[], query: string, field: SortField, order: SortOrder): T[] {
  const q = query.trim().toLowerCase();
  const matched = q ? projects.filter((p) => p.name.toLowerCase().includes(q)) : [...projects];
  const dir = order === "asc" ? 1 : -1;
  const key = (p: T) => (field === "created" ? Date.parse(p.createdAt) : Date.parse(p.updatedAt));
  return matched.sort((a, b) => {
    if (field === "name") {
      return dir * a.name.localeCompare(b.name, undefined, { sensitivity: "base", numeric: true });
    }
    return dir * (key(a) - key(b));
  });
}
