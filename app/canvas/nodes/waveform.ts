/**
 * Waveform helpers for the audio player: the pure peak computation (tested) and the one-time, cached
 * fetch-and-decode of an audio URL into peaks.
 */

/** Resolution the decoded audio is reduced to once; pixel columns are then taken from these peaks. */
export const PEAK_BUCKETS = 2048;

/**
 * Peak (largest absolute sample, over all channels) of each of `buckets` equal slices of the audio.
 * Slice i covers samples [floor(i·n/buckets), floor((i+1)·n/buckets)), and at least one sample when
 * there are fewer samples than buckets. Channels of different lengths are read up to their own end.
 */
export function computePeaks(channels: Float32Array | readonly Float32Array[], buckets: number): Float32Array {
  const list: readonly Float32Array[] = channels instanceof Float32Array ? [channels] : channels;
  const count = Math.max(0, Math.floor(buckets));
  const peaks = new Float32Array(count);
  const length = list.reduce((max, c) => Math.max(max, c.length), 0);
  if (count === 0 || length === 0) return peaks;
  for (let i = 0; i < count; i++) {
    const start = Math.floor((i * length) / count);
    const end = Math.max(start + 1, Math.floor(((i + 1) * length) / count));
    let peak = 0;
    for (const channel of list) {
      const stop = Math.min(end, channel.length);
      for (let s = start; s < stop; s++) {
        const v = Math.abs(channel[s]!);
        if (v > peak) peak = v;
      }
    }
    peaks[i] = Number.isFinite(peak) ? peak : 0;
  }
  return peaks;
}

/** Reduce (or stretch) peaks to `columns` values, each the largest peak of the buckets it covers. */
export function resamplePeaks(peaks: Float32Array, columns: number): Float32Array {
  return computePeaks(peaks, columns);
}

/**
 * Scale peaks so the loudest is 1, so quiet recordings still show a shape. The gain is capped (at most
 * 1 / floor) so near-silence with a little noise is not blown up to a full-height waveform.
 */
export function normalizePeaks(peaks: Float32Array, floor = 0.05): Float32Array {
  let max = 0;
  for (const v of peaks) if (v > max) max = v;
  const scale = 1 / Math.max(max, floor);
  return peaks.map((v) => Math.min(1, v * scale));
}

/** "m:ss" (or "h:mm:ss"); unknown or negative durations show "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export interface DecodedWaveform {
  /** Normalized peaks at PEAK_BUCKETS resolution. */
  peaks: Float32Array;
  duration: number;
}

/** Sample rate the file is decoded at: plenty for a picture of the loudness, half the memory of 44.1 kHz. */
const DECODE_SAMPLE_RATE = 22_050;
const CACHE_LIMIT = 32;
const cache = new Map<string, Promise<DecodedWaveform>>();

/**
 * Fetch (same-origin credentials) and decode an audio file into peaks, once per URL: later calls, e.g.
 * when the node remounts or is opened full screen, share the same promise. Failures are not cached.
 */
export function loadWaveform(url: string): Promise<DecodedWaveform> {
  const hit = cache.get(url);
  if (hit) {
    cache.delete(url); // keep the most recently used last
    cache.set(url, hit);
    return hit;
  }
  const pending = decode(url);
  cache.set(url, pending);
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  pending.catch(() => cache.delete(url));
  return pending;
}

async function decode(url: string): Promise<DecodedWaveform> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`Audio fetch failed: ${response.status}`);
  const bytes = await response.arrayBuffer();
  const buffer = await decodeAudio(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return { peaks: normalizePeaks(computePeaks(channels, PEAK_BUCKETS)), duration: buffer.duration };
}

/**
 * decodeAudioData on an OfflineAudioContext when there is one (no audio device, no autoplay warning, no
 * limit on live contexts), else on a short-lived AudioContext.
 */
async function decodeAudio(bytes: ArrayBuffer): Promise<AudioBuffer> {
  const w = globalThis as typeof globalThis & { webkitAudioContext?: typeof AudioContext };
  if (typeof OfflineAudioContext !== "undefined") {
    return new OfflineAudioContext(1, 1, DECODE_SAMPLE_RATE).decodeAudioData(bytes);
  }
  const Ctx = typeof AudioContext !== "undefined" ? AudioContext : w.webkitAudioContext;
  if (!Ctx) throw new Error("Web Audio is not available");
  const context = new Ctx();
  try {
    return await context.decodeAudioData(bytes);
  } finally {
    void context.close().catch(() => {});
  }
}

/** Test hook: forget cached waveforms. */
export function clearWaveformCache() {
  cache.clear();
}
