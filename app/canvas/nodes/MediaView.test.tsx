import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MediaView } from "./MediaView";
import { clearWaveformCache } from "./waveform";
import { resetWebGLProbe } from "./modelLoading";

// Loading the real model-viewer (lit + three) in jsdom is pointless: nothing can render there.
vi.mock("@google/model-viewer", () => ({}));

const never = () => new Promise<Response>(() => {});

beforeEach(() => {
  // jsdom has no canvas: a 2D context that records nothing, and no WebGL unless a test says so.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement, kind: string) {
    if (kind !== "2d") return null;
    return { clearRect() {}, fillRect() {}, fillStyle: "" } as unknown as CanvasRenderingContext2D;
  } as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { configurable: true, value: false });
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { configurable: true, value: true });
    this.dispatchEvent(new Event("pause"));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearWaveformCache();
  resetWebGLProbe();
});

function audioElement(): HTMLAudioElement {
  const el = document.querySelector("audio");
  if (!el) throw new Error("no <audio>");
  return el;
}

function giveDuration(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, "duration", { configurable: true, value: seconds });
  fireEvent.loadedMetadata(audio);
}

describe("MediaView audio (waveform player)", () => {
  it("renders play, mute, time and a seek slider while the waveform decodes", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    render(<MediaView url="/api/media/a1" type="audio" title="Voice" />);
    expect(screen.getByTestId("waveform-player")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mute" })).toBeTruthy();
    const slider = screen.getByRole("slider", { name: "Seek Voice" });
    expect(slider.getAttribute("aria-valuenow")).toBe("0");
    expect(slider.getAttribute("aria-busy")).toBe("true");
    expect(slider.className).toContain("nodrag");
    expect(screen.getByTestId("audio-time").textContent).toBe("0:00 / 0:00");
  });

  it("plays and pauses, mutes and unmutes", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    render(<MediaView url="/api/media/a2" type="audio" title="Voice" />);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(screen.getByRole("button", { name: "Unmute" })).toBeTruthy();
    expect(audioElement().muted).toBe(true);
  });

  it("seeks with the arrow keys, Home and End, without the keys reaching the canvas", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    const canvasKeys = vi.fn();
    window.addEventListener("keydown", canvasKeys);
    try {
      render(<MediaView url="/api/media/a3" type="audio" title="Voice" />);
      giveDuration(audioElement(), 20);
      const slider = screen.getByRole("slider");
      expect(slider.getAttribute("aria-valuemax")).toBe("20");
      fireEvent.keyDown(slider, { key: "ArrowRight" });
      expect(audioElement().currentTime).toBe(5);
      expect(slider.getAttribute("aria-valuenow")).toBe("5");
      expect(slider.getAttribute("aria-valuetext")).toBe("0:05 of 0:20");
      fireEvent.keyDown(slider, { key: "End" });
      expect(slider.getAttribute("aria-valuenow")).toBe("20");
      fireEvent.keyDown(slider, { key: "ArrowLeft" });
      expect(slider.getAttribute("aria-valuenow")).toBe("15");
      fireEvent.keyDown(slider, { key: "Home" });
      expect(slider.getAttribute("aria-valuenow")).toBe("0");
      expect(canvasKeys).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener("keydown", canvasKeys);
    }
  });

  it("seeks where the waveform is clicked", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    render(<MediaView url="/api/media/a4" type="audio" title="Voice" />);
    giveDuration(audioElement(), 10);
    const slider = screen.getByRole("slider");
    vi.spyOn(slider, "getBoundingClientRect").mockReturnValue({
      left: 100,
      width: 200,
      top: 0,
      height: 48,
      right: 300,
      bottom: 48,
      x: 100,
      y: 0,
      toJSON() {},
    });
    fireEvent.pointerDown(slider, { button: 0, clientX: 150, pointerId: 1 });
    expect(slider.getAttribute("aria-valuenow")).toBe("2.5");
  });

  it("draws the decoded waveform (no fallback) when decoding works", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(new Uint8Array([1, 2, 3]))),
    );
    vi.stubGlobal(
      "OfflineAudioContext",
      class {
        decodeAudioData = async () => ({ numberOfChannels: 1, duration: 1, getChannelData: () => Float32Array.from([0, 0.5, -1, 0.25]) });
      },
    );
    render(<MediaView url="/api/media/a5" type="audio" title="Voice" />);
    await waitFor(() => expect(screen.getByRole("slider").getAttribute("aria-busy")).toBe("false"));
    expect(screen.getByTestId("audio-time").textContent).toBe("0:00 / 0:01");
    expect(screen.queryByTestId("audio-fallback")).toBeNull();
  });

  it("falls back to a plain audio player when the file cannot be decoded", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(new Uint8Array([1]))),
    );
    vi.stubGlobal(
      "OfflineAudioContext",
      class {
        decodeAudioData = async () => {
          throw new DOMException("Unable to decode audio data", "EncodingError");
        };
      },
    );
    render(<MediaView url="/api/media/a6" type="audio" title="Voice" />);
    await screen.findByTestId("audio-fallback");
    expect(audioElement().controls).toBe(true);
    expect(screen.queryByRole("slider")).toBeNull();
  });

  it("shows 'Audio failed to load' when the audio itself fails", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    render(<MediaView url="/api/media/a7" type="audio" title="Voice" />);
    fireEvent.error(audioElement());
    expect(screen.getByText("Audio failed to load")).toBeTruthy();
  });

  it("renders large in the focused view", () => {
    vi.stubGlobal("fetch", vi.fn(never));
    render(<MediaView url="/api/media/a8" type="audio" title="Voice" large />);
    expect(screen.getByRole("slider").className).toContain("h-40");
  });
});

describe("MediaView image and video errors", () => {
  it("keeps the spec's error texts", () => {
    const { rerender } = render(<MediaView url="/i.png" type="image" title="Pic" />);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.getByText("Image failed to load")).toBeTruthy();
    rerender(<MediaView url="/v.mp4" type="video" title="Clip" />);
    fireEvent.error(document.querySelector("video")!);
    expect(screen.getByText("Video failed to load")).toBeTruthy();
  });

  it("tries again when the URL changes after a failure", () => {
    const { rerender } = render(<MediaView url="/i.png" type="image" title="Pic" />);
    fireEvent.error(screen.getByRole("img"));
    rerender(<MediaView url="/j.png" type="image" title="Pic" />);
    expect(screen.getByRole("img")).toBeTruthy();
  });
});

describe("MediaView 3D", () => {
  const glb = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 12, 0, 0, 0]);

  function withWebGL() {
    const getContext = HTMLCanvasElement.prototype.getContext as unknown as ReturnType<typeof vi.fn>;
    getContext.mockImplementation((kind: string) => (kind === "2d" ? null : { getExtension: () => null }));
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:model"), revokeObjectURL: vi.fn() }));
  }

  it("without WebGL shows 'Failed to load 3D model' with the reason and a download link", async () => {
    render(<MediaView url="/api/media/m1" type="model3d" title="Chair" />);
    expect(await screen.findByText("Failed to load 3D model")).toBeTruthy();
    expect(screen.getByText("Failed to initialize 3D viewer")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Download Chair" });
    expect(link.getAttribute("href")).toBe("/api/media/m1");
    expect(link.getAttribute("download")).toBe("Chair.glb");
  });

  it("shows a spinner, then the model in <model-viewer> that rotates instead of dragging the node", async () => {
    withWebGL();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(glb)),
    );
    render(<MediaView url="/api/media/m2" type="model3d" title="Chair" />);
    expect(await screen.findByRole("status", { name: "Loading 3D model" })).toBeTruthy();
    await waitFor(() => expect(document.querySelector("model-viewer")).not.toBeNull());
    const viewer = document.querySelector("model-viewer")!;
    expect(viewer.getAttribute("class")).toContain("nodrag");
    expect(viewer.getAttribute("class")).toContain("nowheel");
    expect(viewer.hasAttribute("camera-controls")).toBe(true);
    expect(viewer.hasAttribute("auto-rotate")).toBe(true);
    expect(viewer.getAttribute("interaction-prompt")).toBe("none");
    expect(viewer.getAttribute("loading")).toBe("eager");
    expect(viewer.getAttribute("src") ?? (viewer as HTMLElement & { src?: string }).src).toBe("blob:model");
    act(() => void viewer.dispatchEvent(new Event("load")));
    expect(screen.queryByRole("status", { name: "Loading 3D model" })).toBeNull();
    expect(screen.getByRole("link", { name: "Download Chair" })).toBeTruthy();
  });

  it("reports a file model-viewer cannot read as 'Failed to render 3D model'", async () => {
    withWebGL();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(glb)),
    );
    render(<MediaView url="/api/media/m3" type="model3d" title="Chair" large />);
    await waitFor(() => expect(document.querySelector("model-viewer")).not.toBeNull());
    act(() => void document.querySelector("model-viewer")!.dispatchEvent(new Event("error")));
    expect(screen.getByText("Failed to load 3D model")).toBeTruthy();
    expect(screen.getByText("Failed to render 3D model")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download Chair" })).toBeTruthy();
  });

  it("gives up after 30 s with 'Loading timeout'", async () => {
    withWebGL();
    vi.stubGlobal("fetch", vi.fn(never));
    vi.useFakeTimers();
    render(<MediaView url="/api/media/m4" type="model3d" title="Chair" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.queryByText("Loading timeout")).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByText("Loading timeout")).toBeTruthy();
    expect(screen.getByText("Failed to load 3D model")).toBeTruthy();
  });

  it("retries a failing URL three times before giving up", async () => {
    withWebGL();
    const fetch = vi.fn(async () => new Response("", { status: 502 }));
    vi.stubGlobal("fetch", fetch);
    vi.useFakeTimers();
    render(<MediaView url="/api/media/m5" type="model3d" title="Chair" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.getByText("Failed to load 3D model")).toBeTruthy();
    expect(screen.queryByText("Loading timeout")).toBeNull();
  });
});
