import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import { useOpenedOnce } from "./useOpenedOnce";

describe("useOpenedOnce: mount a dialog when first opened, keep it after", () => {
  it("is false until the dialog opens, then true while open and after it closes", () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it("is true at once for a dialog that starts open", () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});
