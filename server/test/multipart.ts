import { randomBytes } from "node:crypto";

/**
 * TEST SUPPORT for every upload suite: multipart bodies as a browser's FormData sends them, and small real
 * media files made by hand (no image or audio library needed).
 */

export interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

/** Parts in the given order (browsers send them in append order). */
export function multipartForm(parts: [name: string, value: string | FilePart][]) {
  const boundary = `----reelgraph${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === "string") {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);

export const MP4 = Buffer.concat([Buffer.from("0000001c6674797069736f6d0000020069736f6d69736f326d703431", "hex"), Buffer.alloc(200, 1)]);

export function wav(): Buffer {
  const data = Buffer.alloc(800, 0x80);
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(8000, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0);
  head.writeUInt32LE(4 + 8 + 16 + 8 + data.length, 4);
  head.write("WAVE", 8);
  const chunk = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from(Uint32Array.of(body.length).buffer), body]);
  return Buffer.concat([head, chunk("fmt ", fmt), chunk("data", data)]);
}

export function glb(): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: "2.0" } }).padEnd(32, " "));
  const header = Buffer.alloc(20);
  header.write("glTF", 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.write("JSON", 16);
  return Buffer.concat([header, json]);
}
