import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byteRange";

describe("parseByteRange", () => {
  it.each([
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=10-", { start: 10, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=-500", { start: 0, end: 99 }],
    ["bytes=90-500", { start: 90, end: 99 }],
  ] as const)("%s of 100 bytes → %o", (header, range) => expect(parseByteRange(header, 100)).toEqual(range));

  it.each([undefined, "", "bytes=", "bytes=-", "items=0-5", "bytes=0-5,10-15", "bytes=9-3", "bytes=abc"])(
    "serves the whole file for %j",
    (header) => expect(parseByteRange(header, 100)).toBeNull(),
  );

  it("answers unsatisfiable past the end or for an empty suffix", () => {
    expect(parseByteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=0-1", 0)).toBeNull();
  });
});
