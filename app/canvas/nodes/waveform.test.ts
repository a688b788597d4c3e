import { afterEach, describe, expect, it, vi } from "vitest";
import { PEAK_BUCKETS, clearWaveformCache, computePeaks, formatTime, loadWaveform, normalizePeaks, resamplePeaks } from "./waveform";

const f32 = (values: number[]) => Float32Array.from(values);
const list = (a: Float32Array) => Array.from(a, (v) => Math.round(v * 1000) / 1000);

describe("computePeaks", () => {
  it("takes the largest absolute sample of each equal slice", () => {
    const samples = f32([0.1, -0.5, 0.2, 0.3, -0.9, 0.4, 0, 0]);
    expect(list(computePeaks(samples, 4))).toEqual([0.5, 0.3, 0.9, 0]);
    expect(list(computePeaks(samples, 2))).toEqual([0.5, 0.9]);
    expect(list(computePeaks(samples, 1))).toEqual([0.9]);
  });

  it("covers every sample exactly once when the length does not divide evenly", () => {
    const samples = f32([1, 0, 0, 0, 0, 0, 0.7]);
    const peaks = computePeaks(samples, 3);
    expect(peaks).toHaveLength(3);
    expect(list(peaks)).toEqual([1, 0, 0.7]);
  });

  it("stretches short audio: each bucket reads at least one sample", () => {
    expect(list(computePeaks(f32([0.2, -0.8]), 4))).toEqual([0.2, 0.2, 0.8, 0.8]);
  });

  it("merges channels by taking the louder one", () => {
    const left = f32([0.1, 0.1, 0.6, 0.1]);
    const right = f32([-0.3, 0.2, 0.1, -0.9]);
    expect(list(computePeaks([left, right], 2))).toEqual([0.3, 0.9]);
  });

  it("reads channels of different lengths up to their own end", () => {
    expect(list(computePeaks([f32([0.5, 0.5]), f32([0.1, 0.1, 0.1, 0.4])], 2))).toEqual([0.5, 0.4]);
  });

  it("gives zeros for silence and empty input, and nothing for zero buckets", () => {
    expect(list(computePeaks(new Float32Array(100), 5))).toEqual([0, 0, 0, 0, 0]);
    expect(list(computePeaks(new Float32Array(0), 3))).toEqual([0, 0, 0]);
    expect(list(computePeaks([], 2))).toEqual([0, 0]);
    expect(computePeaks(f32([1]), 0)).toHaveLength(0);
  });

  it("ignores NaN samples", () => {
    expect(list(computePeaks(f32([Number.NaN, 0.25]), 1))).toEqual([0.25]);
  });

  it("handles a long file at full resolution", () => {
    const samples = new Float32Array(44_100 * 60).map((_, i) => Math.sin(i / 10) * (i < 44_100 * 30 ? 0.5 : 1));
    const peaks = computePeaks(samples, PEAK_BUCKETS);
    expect(peaks).toHaveLength(PEAK_BUCKETS);
    expect(peaks[0]).toBeCloseTo(0.5, 2);
    expect(peaks[PEAK_BUCKETS - 1]).toBeCloseTo(1, 2);
  });
});

describe("resamplePeaks", () => {
  it("reduces peaks to pixel columns keeping each column's maximum", () => {
    expect(list(resamplePeaks(f32([0.1, 0.9, 0.2, 0.3, 0.5, 0.4]), 3))).toEqual([0.9, 0.3, 0.5]);
  });
});

describe("normalizePeaks", () => {
  it("scales the loudest peak to 1", () => {
    expect(list(normalizePeaks(f32([0.25, 0.5, 0.125])))).toEqual([0.5, 1, 0.25]);
  });

  it("caps the gain so near-silence stays low, and keeps silence at zero", () => {
    expect(list(normalizePeaks(f32([0.001, 0.002])))).toEqual([0.02, 0.04]);
    expect(list(normalizePeaks(f32([0, 0])))).toEqual([0, 0]);
  });
});

describe("formatTime", () => {
  it("formats m:ss and h:mm:ss", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(3.9)).toBe("0:03");
    expect(formatTime(75)).toBe("1:15");
    expect(formatTime(3725)).toBe("1:02:05");
    expect(formatTime(Number.NaN)).toBe("0:00");
    expect(formatTime(Infinity)).toBe("0:00");
  });
});

describe("loadWaveform", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearWaveformCache();
  });

  const stubDecoder = (samples: Float32Array) => {
    const decodeAudioData = vi.fn(async () => ({ numberOfChannels: 1, duration: 2, getChannelData: () => samples }));
    vi.stubGlobal(
      "OfflineAudioContext",
      class {
        decodeAudioData = decodeAudioData;
      },
    );
    return decodeAudioData;
  };

  it("fetches with same-origin credentials and decodes once per URL", async () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
    vi.stubGlobal("fetch", fetchMock);
    const decodeAudioData = stubDecoder(f32([0, 0.5, -0.25, 0]));
    const first = await loadWaveform("/api/media/a");
    const second = await loadWaveform("/api/media/a");
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/media/a", { credentials: "same-origin" });
    expect(decodeAudioData).toHaveBeenCalledTimes(1);
    expect(first.duration).toBe(2);
    expect(first.peaks).toHaveLength(PEAK_BUCKETS);
    expect(Math.max(...first.peaks)).toBe(1);
  });

  it("does not cache failures", async () => {
    const fetchMock = vi.fn(async () => new Response("nope", { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    stubDecoder(f32([0.5]));
    await expect(loadWaveform("/api/media/b")).rejects.toThrow("404");
    await expect(loadWaveform("/api/media/b")).rejects.toThrow("404");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
