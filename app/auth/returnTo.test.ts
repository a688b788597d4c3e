import { describe, expect, it } from "vitest";
import { loginPathFor, safeReturnPath } from "./returnTo";

describe("returning after sign-in", () => {
  it("goes back to a studio path and never to another site", () => {
    expect(safeReturnPath("/?project=abc")).toBe("/?project=abc");
    expect(safeReturnPath(null)).toBe("/");
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])
      expect(safeReturnPath(bad)).toBe("/");
  });
  it("builds the sign-in address with the path encoded", () => {
    expect(loginPathFor("/?project=abc")).toBe("/login?next=%2F%3Fproject%3Dabc");
  });
});
