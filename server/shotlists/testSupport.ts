import { multipartForm, type FilePart } from "../test/multipart";
import type { Harness, TestUser } from "../test/harness";

/** POST /api/shot-list/upload-image as `user`, the shot's fields first unless `fileFirst`. */
export async function uploadShotImage(
  h: Harness,
  user: TestUser,
  fields: Record<string, string>,
  bytes: Buffer,
  { name = "frame.png", fileFirst = false } = {},
) {
  const fieldParts = Object.entries(fields);
  const file: [string, FilePart] = ["file", { filename: name, type: "application/octet-stream", data: bytes }];
  const body = multipartForm(fileFirst ? [file, ...fieldParts] : [...fieldParts, file]);
  const res = await h.server.inject({
    method: "POST",
    url: "/api/shot-list/upload-image",
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A new shot list of `shots` blank shots in the project, as `user`. */
export async function buildShotList(h: Harness, user: TestUser, projectId: string, { name = "Opening", shots = 3 } = {}) {
  const res = await h.call(user, "POST", `/api/projects/${projectId}/shot-lists`, { name, shots });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; scenes: any[]; version: number };
}
