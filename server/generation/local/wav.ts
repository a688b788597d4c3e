/** Just enough RIFF/WAVE for the speech engine: read flite's PCM output and write one joined file. */

export interface Pcm {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  data: Buffer;
}

export function readWav(bytes: Buffer): Pcm {
  if (bytes.length < 12 || bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("not a WAVE file");
  let offset = 12;
  let format: Omit<Pcm, "data"> | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      format = {
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (!format) throw new Error("WAVE data before its format");
      return { ...format, data: bytes.subarray(body, Math.min(bytes.length, body + size)) };
    }
    offset = body + size + (size % 2); // chunks are word-aligned
  }
  throw new Error("WAVE file without data");
}

export function writeWav({ sampleRate, channels, bitsPerSample, data }: Pcm): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function durationSeconds({ sampleRate, channels, bitsPerSample, data }: Pcm): number {
  return data.length / (sampleRate * channels * (bitsPerSample / 8));
}
