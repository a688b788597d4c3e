import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  checkCanvasDrop,
  extensionOf,
  isAcceptedUpload,
  mediaKindForFile,
  unsupportedFileType,
  uploadFieldsSchema,
  urlUploadSchema,
} from "./upload";

const PROJECT = "00000000-0000-4000-8000-000000000000";

describe("upload constants and messages (spec canvas 5)", () => {
  it("has the spec's limit and texts word for word", () => {
    expect(MAX_UPLOAD_BYTES).toBe(52_428_800);
    expect(UPLOAD_MESSAGES.tooLarge).toBe("File too large. Maximum size is 50MB");
    expect(unsupportedFileType("application/x-msdownload")).toBe(
      "File type application/x-msdownload not supported. Please use images, videos, audio files, text files, or 3D models.",
    );
    expect(UPLOAD_MESSAGES.noEditPermission).toBe("You don't have permission to upload files");
    expect(UPLOAD_MESSAGES.dropMediaOnly).toBe("Please drop image or video files only");
    expect(UPLOAD_MESSAGES.dropOneFile).toBe("Please drop one file at a time");
  });
});

describe("isAcceptedUpload", () => {
  it.each([
    ["image/jpeg", "a.jpg"],
    ["image/png", "a.png"],
    ["video/quicktime", "a.mov"],
    ["audio/flac", "a.flac"],
    ["audio/x-wav", "a.wav"],
    ["text/markdown", "a.md"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx"],
    ["model/gltf-binary", "a.glb"],
    ["application/octet-stream", "whatever.bin"],
    ["Image/PNG; charset=binary", "x"],
  ])("accepts %s %s by type", (mime, name) => expect(isAcceptedUpload(mime, name)).toBe(true));

  it.each(["script.PY", "main.rs", "notes.log", "scene.gltf", "model.glb", "voice.m4a", "index.html", "report.docx"])(
    "accepts %s by its name whatever the browser says",
    (name) => expect(isAcceptedUpload("", name)).toBe(true),
  );

  it.each([
    ["image/svg+xml", "logo.svg"],
    ["application/pdf", "doc.pdf"],
    ["application/x-msdownload", "setup.exe"],
    ["image/bmp", "a.bmp"],
    ["", "noextension"],
  ])("refuses %s %s", (mime, name) => expect(isAcceptedUpload(mime, name)).toBe(false));
});

describe("mediaKindForFile (spec 'Drop media type')", () => {
  it.each([
    ["video/mp4", "clip.mp4", "video"],
    ["audio/mpeg", "a.mp3", "audio"],
    ["text/plain", "a.txt", "text"],
    ["", "main.tsx", "text"],
    ["application/json", "data.json", "text"],
    ["model/gltf-binary", "x.glb", "model3d"],
    ["", "scene.GLTF", "model3d"],
    ["text/plain", "scene.gltf", "model3d"],
    ["image/png", "a.png", "image"],
    ["application/octet-stream", "blob", "image"],
    ["", "report.docx", "text"],
  ] as const)("%s %s → %s", (mime, name, kind) => expect(mediaKindForFile(mime, name)).toBe(kind));

  it("reads the extension from the last path segment only", () => {
    expect(extensionOf("dir.v2/readme")).toBe("");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("C:\\shots\\A.Final.MOV")).toBe("mov");
  });
});

describe("checkCanvasDrop", () => {
  const png = { type: "image/png", name: "a.png" };
  const mp4 = { type: "video/mp4", name: "b.mp4" };
  const txt = { type: "text/plain", name: "c.txt" };

  it("allows one image or one video for an editor", () => {
    expect(checkCanvasDrop([png], true)).toBeNull();
    expect(checkCanvasDrop([mp4], true)).toBeNull();
  });
  it("refuses view-only users before anything else", () => {
    expect(checkCanvasDrop([png], false)).toBe("You don't have permission to upload files");
    expect(checkCanvasDrop([txt, png], false)).toBe("You don't have permission to upload files");
  });
  it("refuses other kinds of file, then more than one file", () => {
    expect(checkCanvasDrop([txt], true)).toBe("Please drop image or video files only");
    expect(checkCanvasDrop([png, txt], true)).toBe("Please drop image or video files only");
    expect(checkCanvasDrop([], true)).toBe("Please drop image or video files only");
    expect(checkCanvasDrop([png, mp4], true)).toBe("Please drop one file at a time");
  });
});

describe("upload request schemas", () => {
  it("validates multipart fields, trimming the node id", () => {
    expect(uploadFieldsSchema.parse({ nodeId: " n1 ", projectId: PROJECT })).toEqual({ nodeId: "n1", projectId: PROJECT });
    expect(uploadFieldsSchema.safeParse({ nodeId: "n1" }).success).toBe(false);
    expect(uploadFieldsSchema.safeParse({ nodeId: "", projectId: PROJECT }).error?.issues[0]?.message).toBe("nodeId is required");
    expect(uploadFieldsSchema.safeParse({ nodeId: "n", projectId: PROJECT, userId: "x" }).success).toBe(false);
  });
  it("takes only http(s) URLs for a URL upload", () => {
    const base = { nodeId: "n1", projectId: PROJECT, contentType: "image" };
    expect(urlUploadSchema.safeParse({ ...base, url: "https://example.com/a.png" }).success).toBe(true);
    for (const url of ["file:///etc/passwd", "ftp://example.com/a", "javascript:alert(1)", "not a url"]) {
      expect(urlUploadSchema.safeParse({ ...base, url }).error?.issues[0]?.message).toBe("Please enter a valid http or https URL");
    }
  });
});
