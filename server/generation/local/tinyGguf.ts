/**
 * A tiny llama-architecture GGUF with random weights (~0.2 MB), written from scratch so tests can load a
 * real model file without downloading one. Its output is gibberish; it proves the runtime, not the model.
 * Format: GGUF v3 (magic, version, tensor and metadata counts, key/values, tensor infos, 32-byte aligned
 * F32 tensor data), with a byte-level SentencePiece ("llama") vocabulary.
 */
import { seededRandom } from "./random";

const enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  STRING = 8,
  ARRAY = 9,
}

type Value =
  | { type: T.U32 | T.I32 | T.F32; value: number }
  | { type: T.STRING; value: string }
  | { type: T.ARRAY; of: T.I32 | T.F32 | T.STRING; values: (number | string)[] };

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  u64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s: string) {
    const bytes = Buffer.from(s, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  scalar(type: T, v: number | string) {
    if (type === T.U32) this.u32(v as number);
    else if (type === T.I32) this.i32(v as number);
    else if (type === T.F32) this.f32(v as number);
    else this.str(v as string);
  }
  pad(alignment: number) {
    const rest = this.length % alignment;
    if (rest) this.push(Buffer.alloc(alignment - rest));
  }
  concat() {
    return Buffer.concat(this.chunks);
  }
}

export function tinyLlamaGguf(seed = 1): Buffer {
  const embd = 32;
  const ff = 64;
  const heads = 4;
  const words = ["▁the", "▁a", "▁scene", "▁light", "▁night", "▁camera", "▁slow", "▁city", "▁rain", "▁and"];
  const tokens = [
    "<unk>",
    "<s>",
    "</s>",
    ...Array.from({ length: 256 }, (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, "0")}>`),
    ...words,
  ];
  const types = tokens.map((_, i) => (i === 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1));
  const vocab = tokens.length;
  const kv: [string, Value][] = [
    ["general.architecture", { type: T.STRING, value: "llama" }],
    ["general.name", { type: T.STRING, value: "reelgraph-tiny-test" }],
    ["general.file_type", { type: T.U32, value: 0 }],
    ["llama.context_length", { type: T.U32, value: 512 }],
    ["llama.embedding_length", { type: T.U32, value: embd }],
    ["llama.block_count", { type: T.U32, value: 1 }],
    ["llama.feed_forward_length", { type: T.U32, value: ff }],
    ["llama.rope.dimension_count", { type: T.U32, value: embd / heads }],
    ["llama.attention.head_count", { type: T.U32, value: heads }],
    ["llama.attention.head_count_kv", { type: T.U32, value: heads }],
    ["llama.attention.layer_norm_rms_epsilon", { type: T.F32, value: 1e-5 }],
    ["tokenizer.ggml.model", { type: T.STRING, value: "llama" }],
    ["tokenizer.ggml.tokens", { type: T.ARRAY, of: T.STRING, values: tokens }],
    ["tokenizer.ggml.scores", { type: T.ARRAY, of: T.F32, values: tokens.map((_, i) => (i < 259 ? 0 : -i)) }],
    ["tokenizer.ggml.token_type", { type: T.ARRAY, of: T.I32, values: types }],
    ["tokenizer.ggml.bos_token_id", { type: T.U32, value: 1 }],
    ["tokenizer.ggml.eos_token_id", { type: T.U32, value: 2 }],
    ["tokenizer.ggml.unknown_token_id", { type: T.U32, value: 0 }],
  ];
  // ggml shapes list the fastest-varying dimension first.
  const tensors: [string, number[]][] = [
    ["token_embd.weight", [embd, vocab]],
    ["output_norm.weight", [embd]],
    ["output.weight", [embd, vocab]],
    ["blk.0.attn_norm.weight", [embd]],
    ["blk.0.attn_q.weight", [embd, embd]],
    ["blk.0.attn_k.weight", [embd, embd]],
    ["blk.0.attn_v.weight", [embd, embd]],
    ["blk.0.attn_output.weight", [embd, embd]],
    ["blk.0.ffn_norm.weight", [embd]],
    ["blk.0.ffn_gate.weight", [embd, ff]],
    ["blk.0.ffn_down.weight", [ff, embd]],
    ["blk.0.ffn_up.weight", [embd, ff]],
  ];
  const alignment = 32;
  const w = new Writer();
  w.push(Buffer.from("GGUF", "ascii"));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, v] of kv) {
    w.str(key);
    w.u32(v.type);
    if (v.type === T.ARRAY) {
      w.u32(v.of);
      w.u64(v.values.length);
      for (const x of v.values) w.scalar(v.of, x);
    } else w.scalar(v.type, v.value);
  }
  let offset = 0;
  const sizes = tensors.map(([, dims]) => dims.reduce((a, b) => a * b, 1) * 4);
  tensors.forEach(([name, dims], i) => {
    w.str(name);
    w.u32(dims.length);
    for (const d of dims) w.u64(d);
    w.u32(0); // F32
    w.u64(offset);
    offset += Math.ceil((sizes[i] as number) / alignment) * alignment;
  });
  w.pad(alignment);
  const random = seededRandom(seed);
  tensors.forEach(([name], i) => {
    const size = sizes[i] as number;
    const data = Buffer.alloc(Math.ceil(size / alignment) * alignment);
    const isNorm = name.endsWith("norm.weight");
    for (let o = 0; o < size; o += 4) data.writeFloatLE(isNorm ? 1 : (random() - 0.5) * 0.2, o);
    w.push(data);
  });
  return w.concat();
}
