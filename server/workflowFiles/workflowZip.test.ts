import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { WORKFLOW_FILE_MESSAGES } from "../../domain/workflowFile/format";
import { rawZip } from "../test/zipBomb";
import { openWorkflowZip } from "./workflowZip";

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return "no error";
};

describe("reading a workflow zip", () => {
  it("reads stored and deflated entries and lists files, not folders", () => {
    const zip = Buffer.from(
      zipSync({ "workflow.json": strToU8('{"a":1}'), media: { "1.bin": [new Uint8Array([1, 2, 3]), { level: 0 }] }, empty: {} }),
    );
    const opened = openWorkflowZip(zip);
    expect(opened.names().sort()).toEqual(["media/1.bin", "workflow.json"]);
    expect(opened.read("workflow.json")!.toString()).toBe('{"a":1}');
    expect([...opened.read("media/1.bin")!]).toEqual([1, 2, 3]);
    expect(opened.read("missing")).toBeNull();
  });

  it("refuses a compression method it does not read, and a checksum that does not match", () => {
    const bzip = rawZip([{ name: "workflow.json", data: Buffer.from("{}"), method: 8, declaredSize: 2 }]);
    bzip.writeUInt16LE(12, bzip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10);
    expect(messageOf(() => openWorkflowZip(bzip).read("workflow.json"))).toBe(WORKFLOW_FILE_MESSAGES.damaged);
    // rawZip leaves CRCs at 0: the bytes are right, the checksum is not.
    const wrongCrc = rawZip([{ name: "workflow.json", data: Buffer.from("{}"), method: 0, declaredSize: 2 }]);
    expect(messageOf(() => openWorkflowZip(wrongCrc).read("workflow.json"))).toBe(WORKFLOW_FILE_MESSAGES.damaged);
  });

  it("refuses two entries of one name", () => {
    const twice = rawZip([
      { name: "workflow.json", data: Buffer.from("{}"), method: 0, declaredSize: 2 },
      { name: "workflow.json", data: Buffer.from("[]"), method: 0, declaredSize: 2 },
    ]);
    expect(messageOf(() => openWorkflowZip(twice))).toBe(WORKFLOW_FILE_MESSAGES.damaged);
  });

  it("refuses more entries than a workflow can hold, before reading any", () => {
    const many = rawZip(
      Array.from({ length: 2020 }, (_, i) => ({ name: `media/${i}.bin`, data: Buffer.alloc(0), method: 0 as const, declaredSize: 0 })),
    );
    expect(messageOf(() => openWorkflowZip(many))).toBe(WORKFLOW_FILE_MESSAGES.tooManyMedia);
  });

  it("refuses a backslash path and a drive letter", () => {
    for (const name of ["media\\..\\..\\x", "C:/Windows/x"]) {
      const zip = rawZip([{ name, data: Buffer.from("x"), method: 0, declaredSize: 1 }]);
      expect(messageOf(() => openWorkflowZip(zip))).toBe(WORKFLOW_FILE_MESSAGES.outsideFolder(name));
    }
  });
});
