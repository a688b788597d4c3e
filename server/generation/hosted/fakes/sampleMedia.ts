/**
 * Small files with real signatures that the fakes return as "generated" results, so a test can check
 * the bytes arrive intact and their type is recognised. Each is made unique per call site by `tag`.
 */
const withTag = (head: Buffer, tag: string) => Buffer.concat([head, Buffer.from(`\0reelgraph-test:${tag}`)]);

/** A 1×1 PNG followed by a tag (decoders stop at IEND; the tag keeps outputs distinguishable). */
const PNG_1X1 = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0d5b10000000049454e44ae426082",
  "hex",
);
export const samplePng = (tag = "png") => withTag(PNG_1X1, tag);

/** An MP4 'ftyp' box (isom brand), enough for file-type to say video/mp4. */
const MP4_HEAD = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
export const sampleMp4 = (tag = "mp4") => withTag(MP4_HEAD, tag);

/**
 * An MP3 as TTS services send it: an ID3v2 tag (holding our tag as its body) and two MPEG-1 Layer III frames,
 * so sniffing by bytes (file-type) says audio/mpeg and the studio stores it like a real answer.
 */
const MPEG_FRAME = Buffer.concat([Buffer.from("fffb9064", "hex"), Buffer.alloc(413)]);
export function sampleMp3(tag = "mp3"): Buffer {
  const body = Buffer.from(`\0reelgraph-test:${tag}`);
  const size = body.length; // ID3 sizes are 'syncsafe': 7 bits per byte
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, body, MPEG_FRAME, MPEG_FRAME]);
}

/** A binary glTF header ('glTF', version 2). */
const GLB_HEAD = Buffer.from("676c5446020000004c000000", "hex");
export const sampleGlb = (tag = "glb") => withTag(GLB_HEAD, tag);

/** Raw 16-bit PCM samples (ElevenLabs pcm_* formats). */
export const samplePcm = (samples = 64) => Buffer.alloc(samples * 2, 0x11);
