import type { Harness, TestUser } from "../test/harness";

/** A multipart body by hand, so a test sends exactly what a browser form would (fields in the given order). */
export function multipartBody(parts: Array<{ field: string; value: string } | { file: string; name: string; bytes: Buffer; type?: string }>) {
  const boundary = "----reelgraph" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ("field" in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.file}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}\r\n\r\n`));
      chunks.push(p.bytes, Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/shot-list/upload-image as `user`, the shot's fields first unless `fileFirst`. */
export async function uploadShotImage(h: Harness, user: TestUser, fields: Record<string, string>, bytes: Buffer, { name = "frame.png", fileFirst = false } = {}) {
  const fieldParts = Object.entries(fields).map(([field, value]) => ({ field, value }));
  const file = { file: "file", name, bytes };
  const body = multipartBody(fileFirst ? [file, ...fieldParts] : [...fieldParts, file]);
  const res = await h.server.inject({ method: "POST", url: "/api/shot-list/upload-image", headers: { ...user.headers, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** A new shot list of `shots` blank shots in the project, as `user`. */
export async function buildShotList(h: Harness, user: TestUser, projectId: string, { name = "Opening", shots = 3 } = {}) {
  const res = await h.call(user, "POST", `/api/projects/${projectId}/shot-lists`, { name, shots });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; scenes: any[]; version: number };
}
