import { describe, expect, it } from "vitest";
import { defaultOrder, filterAndSortProjects, orderLabel } from "./projectList";

const p = (name: string, created: string, updated: string) => ({ name, createdAt: created, updatedAt: updated });
const list = [
  p("beta", "2026-01-02T00:00:00Z", "2026-03-01T00:00:00Z"),
  p("Alpha", "2026-01-03T00:00:00Z", "2026-02-01T00:00:00Z"),
  p("gamma 10", "2026-01-01T00:00:00Z", "2026-04-01T00:00:00Z"),
  p("Gamma 9", "2026-01-04T00:00:00Z", "2026-01-05T00:00:00Z"),
];
const names = (xs: { name: string }[]) => xs.map((x) => x.name);

describe("filterAndSortProjects", () => {
  it("sorts by last modified, newest or oldest first", () => {
    expect(names(filterAndSortProjects(list, "", "updated", "desc"))).toEqual(["gamma 10", "beta", "Alpha", "Gamma 9"]);
    expect(names(filterAndSortProjects(list, "", "updated", "asc"))).toEqual(["Gamma 9", "Alpha", "beta", "gamma 10"]);
  });
  it("sorts by date created", () => {
    expect(names(filterAndSortProjects(list, "", "created", "desc"))).toEqual(["Gamma 9", "Alpha", "beta", "gamma 10"]);
  });
  it("sorts alphabetically ignoring case, numbers in natural order", () => {
    expect(names(filterAndSortProjects(list, "", "name", "asc"))).toEqual(["Alpha", "beta", "Gamma 9", "gamma 10"]);
    expect(names(filterAndSortProjects(list, "", "name", "desc"))).toEqual(["gamma 10", "Gamma 9", "beta", "Alpha"]);
  });
  it("filters by a case-insensitive name substring, trimming the query", () => {
    expect(names(filterAndSortProjects(list, "  GAMMA ", "name", "asc"))).toEqual(["Gamma 9", "gamma 10"]);
    expect(filterAndSortProjects(list, "zzz", "name", "asc")).toEqual([]);
  });
  it("does not mutate its input", () => {
    const copy = [...list];
    filterAndSortProjects(list, "", "name", "asc");
    expect(list).toEqual(copy);
  });
});

describe("sort labels", () => {
  it("reads Newest/Oldest first for dates and A to Z / Z to A for names", () => {
    expect(orderLabel("updated", "desc")).toBe("Newest first");
    expect(orderLabel("created", "asc")).toBe("Oldest first");
    expect(orderLabel("name", "asc")).toBe("A to Z");
    expect(orderLabel("name", "desc")).toBe("Z to A");
    expect(defaultOrder("name")).toBe("asc");
    expect(defaultOrder("updated")).toBe("desc");
  });
});
