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

/** An ID3v2 header, as MP3 files from TTS services start. */
const MP3_HEAD = Buffer.from("4944330400000000000f", "hex");
export const sampleMp3 = (tag = "mp3") => withTag(MP3_HEAD, tag);

/** A binary glTF header ('glTF', version 2). */
const GLB_HEAD = Buffer.from("676c5446020000004c000000", "hex");
export const sampleGlb = (tag = "glb") => withTag(GLB_HEAD, tag);

/** Raw 16-bit PCM samples (ElevenLabs pcm_* formats). */
export const samplePcm = (samples = 64) => Buffer.alloc(samples * 2, 0x11);
