import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  headerProblem,
  isMediaPath,
  isSafeEntryName,
  KNOWN_NODE_TYPES,
  readWorkflowDocument,
  unknownNodeType,
  WORKFLOW_FILE_MESSAGES,
  workflowDocumentSchema,
  workflowExportQuerySchema,
} from "./format";

const node = (id: string, data: Record<string, unknown> = {}) => ({ id, type: "generic_v2", position: { x: 0, y: 0 }, data });
const doc = (over: Record<string, unknown> = {}) => ({
  format: "reelgraph-workflow",
  version: 1,
  exportedAt: "2025-01-01T00:00:00.000Z",
  nodes: [node("a"), node("b")],
  edges: [{ id: "e", source: "a", target: "b" }],
  media: [],
  ...over,
});

describe("the workflow file's header", () => {
  it("takes this studio's format and version", () => {
    expect(headerProblem(doc())).toBeNull();
  });

  it("tells a file from a newer studio to update, naming its format version", () => {
    expect(headerProblem(doc({ version: 2 }))).toBe(
      "This workflow file was made by a newer version of Reelgraph (format 2). Update the studio to import it.",
    );
  });

  it("refuses a version it does not know that is not newer", () => {
    expect(headerProblem(doc({ version: 0 }))).toBe(WORKFLOW_FILE_MESSAGES.unknownVersion(0));
    expect(headerProblem(doc({ version: "1" }))).toBe(WORKFLOW_FILE_MESSAGES.unknownVersion("1"));
  });

  it("says a file of another format is not a workflow file", () => {
    expect(headerProblem({ format: "comfyui", version: 1 })).toBe("This is not a Reelgraph workflow file.");
    expect(headerProblem([1, 2])).toBe(WORKFLOW_FILE_MESSAGES.notWorkflow);
    expect(headerProblem(null)).toBe(WORKFLOW_FILE_MESSAGES.notWorkflow);
  });
});

describe("the workflow document", () => {
  it("accepts nodes, edges between them and media under media/", () => {
    const parsed = workflowDocumentSchema.safeParse(
      doc({ media: [{ ref: "/api/media/abc", path: "media/1.png", contentType: "image/png" }] }),
    );
    expect(parsed.success).toBe(true);
  });

  it("refuses an edge naming a node the file does not hold", () => {
    const parsed = workflowDocumentSchema.safeParse(doc({ edges: [{ id: "e", source: "a", target: "zz" }] }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain("names a node the file does not hold");
  });

  it("refuses two nodes with one id", () => {
    expect(workflowDocumentSchema.safeParse(doc({ nodes: [node("a"), node("a")], edges: [] })).success).toBe(false);
  });

  it("refuses a media path outside media/ and a media reference that is not studio media", () => {
    expect(
      workflowDocumentSchema.safeParse(doc({ media: [{ ref: "/api/media/abc", path: "../1.png", contentType: "image/png" }] })).success,
    ).toBe(false);
    expect(
      workflowDocumentSchema.safeParse(
        doc({ media: [{ ref: "https://evil.example/x.png", path: "media/1.png", contentType: "image/png" }] }),
      ).success,
    ).toBe(false);
  });

  it("refuses node data the canvas would refuse (an outside media URL)", () => {
    expect(
      workflowDocumentSchema.safeParse(doc({ nodes: [node("a", { mediaUrl: "https://evil.example/x.png" })], edges: [] })).success,
    ).toBe(false);
  });

  it("caps the node count", () => {
    const many = Array.from({ length: 2001 }, (_, i) => node(`n${i}`));
    const parsed = workflowDocumentSchema.safeParse(doc({ nodes: many, edges: [] }));
    expect(parsed.error?.issues[0]?.message).toBe(WORKFLOW_FILE_MESSAGES.tooManyNodes);
  });
});

describe("zip entry names", () => {
  it.each(["workflow.json", "media/1.png", "media/"])("reads %s", (name) => expect(isSafeEntryName(name)).toBe(true));
  it.each(["../x", "media/../../x", "/etc/passwd", "C:/x", "media\\..\\x", "a//b", "./x", ""])("refuses %s", (name) =>
    expect(isSafeEntryName(name)).toBe(false),
  );

  it("takes only plain names directly under media/ as media paths", () => {
    expect(isMediaPath("media/3.png")).toBe(true);
    expect(isMediaPath("media/a/3.png")).toBe(false);
    expect(isMediaPath("media/.hidden")).toBe(false);
    expect(isMediaPath("workflow.json")).toBe(false);
  });
});

describe("node types", () => {
  it("finds the first type the canvas cannot draw", () => {
    expect(unknownNodeType([{ type: "generic_v2" }, { type: "comfy.KSampler" }])).toBe("comfy.KSampler");
    expect(unknownNodeType([{ type: "generic" }, { type: "default" }])).toBeUndefined();
  });

  it("knows exactly the types the canvas registers (app/canvas/FlowCanvas.tsx)", () => {
    const source = readFileSync(new URL("../../app/canvas/FlowCanvas.tsx", import.meta.url), "utf8");
    const registered = /const nodeTypes = \{([^}]*)\}/.exec(source)?.[1];
    expect(registered).toBeDefined();
    const names = [...registered!.matchAll(/(\w+):/g)].map((m) => m[1]);
    expect(names.sort()).toEqual([...KNOWN_NODE_TYPES].sort());
  });
});

describe("the export query", () => {
  it("reads a selection and the media flag", () => {
    expect(workflowExportQuerySchema.parse({ nodeIds: "a,b", media: "1" })).toEqual({ nodeIds: ["a", "b"], media: true });
    expect(workflowExportQuerySchema.parse({})).toEqual({ media: false });
  });

  it("refuses a node id the canvas could not hold", () => {
    expect(workflowExportQuerySchema.safeParse({ nodeIds: "a,b/../c" }).success).toBe(false);
  });
});

describe("reading workflow.json", () => {
  it("gives the document of a good file", () => {
    const read = readWorkflowDocument(doc());
    expect(read.ok && read.document.nodes.map((n) => n.id)).toEqual(["a", "b"]);
  });

  it("refuses, in this order: another format, another version, bad text, a bad field, an unknown node type, no nodes", () => {
    expect(readWorkflowDocument({ ...doc(), format: "x" })).toEqual({ ok: false, error: WORKFLOW_FILE_MESSAGES.notWorkflow });
    expect(readWorkflowDocument(doc({ version: 3, nodes: 5 }))).toEqual({ ok: false, error: WORKFLOW_FILE_MESSAGES.newerVersion(3) });
    const nul = readWorkflowDocument(doc({ nodes: [node("a", { title: "a\u0000b" })], edges: [] }));
    expect(!nul.ok && nul.error).toMatch(/^The workflow file could not be read: /);
    const badField = readWorkflowDocument(doc({ nodes: [{ ...node("a"), position: { x: "left", y: 0 } }], edges: [] }));
    expect(!badField.ok && badField.error).toMatch(/^The workflow file could not be read: .*\(at nodes\.0\.position\.x\)$/);
    expect(readWorkflowDocument(doc({ nodes: [{ ...node("a"), type: "group" }], edges: [] }))).toEqual({
      ok: false,
      error: WORKFLOW_FILE_MESSAGES.unknownNodeType("group"),
    });
    expect(readWorkflowDocument(doc({ nodes: [], edges: [] }))).toEqual({ ok: false, error: WORKFLOW_FILE_MESSAGES.noNodes });
  });

  it("gives our own sentence as it is when a field breaks one of our rules", () => {
    const read = readWorkflowDocument(doc({ media: [{ ref: "/api/media/x", path: "../x.png", contentType: "image/png" }] }));
    expect(read).toEqual({ ok: false, error: WORKFLOW_FILE_MESSAGES.outsideFolder("../x.png") });
  });
});
