import { describe, expect, it } from "vitest";
import { formatLastEdited, formatWriteEdited } from "./relativeTime";

const now = Date.parse("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("formatLastEdited (dashboard cards)", () => {
  it("says 'Just now' under a minute, then minutes and hours", () => {
    expect(formatLastEdited(ago(5_000), now)).toBe("Just now");
    expect(formatLastEdited(ago(60_000), now)).toBe("1 minute ago");
    expect(formatLastEdited(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(formatLastEdited(ago(2 * 3_600_000), now)).toBe("2 hours ago");
  });
  it("shows the date after a day", () => {
    expect(formatLastEdited("2026-11-01T12:00:00Z", now)).toBe("Nov 1, 2026");
  });
  it("falls back to 'Never edited'", () => {
    expect(formatLastEdited(null, now)).toBe("Never edited");
    expect(formatLastEdited("garbage", now)).toBe("Never edited");
  });
});

describe("formatWriteEdited (write-mode cards)", () => {
  it("uses seconds, then minutes, hours and days", () => {
    expect(formatWriteEdited(ago(1_000), now)).toBe("1 second ago");
    expect(formatWriteEdited(ago(30_000), now)).toBe("30 seconds ago");
    expect(formatWriteEdited(ago(3 * 60_000), now)).toBe("3 minutes ago");
    expect(formatWriteEdited(ago(25 * 3_600_000), now)).toBe("1 day ago");
    expect(formatWriteEdited(ago(3 * 86_400_000), now)).toBe("3 days ago");
    expect(formatWriteEdited(undefined, now)).toBe("Unknown");
  });
});
