import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import { IconButton, cn } from "../../ui";
import { formatTime, loadWaveform, resamplePeaks, type DecodedWaveform } from "./waveform";

const SEEK_STEP_SECONDS = 5;
const ACCENT = "#f5a524"; // --color-accent
const UNPLAYED = "#3b4050"; // --color-border-strong

/** Only one player sounds at a time: starting one pauses the one before. */
let soundingNow: HTMLAudioElement | null = null;

type Wave = { state: "loading" } | { state: "ready"; data: DecodedWaveform } | { state: "failed" };

/**
 * Audio node player (spec: canvas 2): play/pause, mute, time, and a waveform of the decoded file drawn on
 * a canvas, played part in the accent colour; click, drag or arrow keys on the waveform seek. If the file
 * cannot be fetched or decoded, a plain `<audio controls>` is shown instead. `onError` is called when the
 * audio itself cannot be played (the caller shows 'Audio failed to load').
 */
export function WaveformPlayer({ url, title, large = false, onError }: { url: string; title: string; large?: boolean; onError(): void }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const sliderRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [wave, setWave] = useState<Wave>({ state: "loading" });
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [width, setWidth] = useState(0);
  const colors = useRef<{ accent: string; unplayed: string }>(null);

  useEffect(() => {
    let live = true;
    setWave({ state: "loading" });
    loadWaveform(url).then(
      (data) => live && setWave({ state: "ready", data }),
      () => live && setWave({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  // Some containers (e.g. streamed WebM) report an infinite duration; the decoded length is exact.
  const duration = mediaDuration > 0 ? mediaDuration : wave.state === "ready" ? wave.data.duration : 0;

  useEffect(() => {
    const el = sliderRef.current;
    if (!el) return;
    setWidth(Math.floor(el.getBoundingClientRect().width));
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [wave.state]);

  // One peak per pixel column, recomputed only when the width or the file changes.
  const columns = useMemo(() => (wave.state === "ready" && width > 0 ? resamplePeaks(wave.data.peaks, width) : null), [wave, width]);

  const draw = useCallback(
    (time: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext("2d");
      if (!canvas || !ctx) return;
      const cssW = canvas.clientWidth;
      const cssH = canvas.clientHeight;
      if (!cssW || !cssH) return;
      const dpr = window.devicePixelRatio || 1;
      const w = Math.round(cssW * dpr);
      const h = Math.round(cssH * dpr);
      if (canvas.width !== w || canvas.height !== h) {
        canvas.width = w;
        canvas.height = h;
      }
      ctx.clearRect(0, 0, w, h);
      const playedTo = duration > 0 ? (Math.min(time, duration) / duration) * cssW : 0;
      colors.current ??= {
        accent: cssColor(canvas, "--color-accent", ACCENT),
        unplayed: cssColor(canvas, "--color-border-strong", UNPLAYED),
      };
      const { accent, unplayed } = colors.current;
      if (!columns) {
        // Not decoded (yet): a centre line that still shows progress.
        const y = Math.floor(h / 2);
        ctx.fillStyle = unplayed;
        ctx.fillRect(0, y, w, Math.max(1, Math.round(dpr)));
        ctx.fillStyle = accent;
        ctx.fillRect(0, y, Math.round(playedTo * dpr), Math.max(1, Math.round(dpr)));
        return;
      }
      const mid = h / 2;
      for (let x = 0; x < columns.length; x++) {
        const bar = Math.max(dpr, columns[x]! * h * 0.92);
        ctx.fillStyle = x + 0.5 <= playedTo ? accent : unplayed;
        ctx.fillRect(Math.round(x * dpr), Math.round(mid - bar / 2), Math.max(1, Math.round(dpr)), Math.round(bar));
      }
    },
    [columns, duration],
  );

  useEffect(() => draw(current), [draw, current, width]);

  // While playing, redraw every frame for a smooth played part (timeupdate only fires ~4 times a second).
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function tick() {
      draw(audioRef.current?.currentTime ?? 0);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, draw]);

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (soundingNow === audio) soundingNow = null;
    };
  }, []);

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !(duration > 0)) return;
    const t = Math.min(duration, Math.max(0, seconds));
    audio.currentTime = t;
    setCurrent(t);
  };

  const seekToPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width > 0) seek(((e.clientX - rect.left) / rect.width) * duration);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    seekToPointer(e);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) seekToPointer(e);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = {
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      PageDown: -duration / 10,
      PageUp: duration / 10,
    }[e.key];
    const to = e.key === "Home" ? 0 : e.key === "End" ? duration : step !== undefined ? current + step : undefined;
    if (to === undefined) return;
    // Keep the keys from the canvas (arrow keys move the selected node, Backspace would delete it).
    e.preventDefault();
    e.stopPropagation();
    seek(to);
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (soundingNow && soundingNow !== audio) soundingNow.pause();
    soundingNow = audio;
    void audio.play()?.catch(() => setPlaying(false));
  };

  const audio = (
    <audio
      ref={audioRef}
      src={url}
      preload="metadata"
      muted={muted}
      className="hidden"
      aria-label={`${title} audio`}
      onError={onError}
      onPlay={() => setPlaying(true)}
      onPause={() => setPlaying(false)}
      onEnded={() => setPlaying(false)}
      onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
      onLoadedMetadata={(e) => setMediaDuration(finite(e.currentTarget.duration))}
      onDurationChange={(e) => setMediaDuration(finite(e.currentTarget.duration))}
    />
  );

  if (wave.state === "failed") {
    return (
      <div className={cn("flex h-full w-full items-center", large ? "justify-center px-10" : "px-3")} data-testid="audio-fallback">
        <audio
          src={url}
          controls
          preload="metadata"
          className={cn("nodrag w-full", large && "max-w-3xl")}
          aria-label={`${title} audio`}
          onError={onError}
        />
      </div>
    );
  }

  const timeText = `${formatTime(current)} / ${formatTime(duration)}`;
  // Time above the waveform's left end, play left of it, mute right of it: the card's hover buttons
  // (top right) then only ever cover empty space.
  return (
    <div className={cn("flex h-full w-full items-center", large ? "justify-center px-10" : "px-4")} data-testid="waveform-player">
      {audio}
      <div
        className={cn(
          "grid w-full min-w-0 grid-cols-[auto_minmax(0,1fr)_auto] items-center",
          large ? "max-w-4xl gap-x-5 gap-y-3" : "gap-x-3 gap-y-1",
        )}
      >
        <span className={cn("col-start-2 tabular-nums text-text-muted", large ? "text-sm" : "text-2xs")} data-testid="audio-time">
          {timeText}
        </span>
        <IconButton
          label={playing ? "Pause" : "Play"}
          variant="primary"
          className={cn("nodrag col-start-1 row-start-2", large ? "size-14! [&_svg]:size-6!" : "size-10! [&_svg]:size-[1.125rem]!")}
          onClick={toggle}
        >
          {playing ? <Pause fill="currentColor" /> : <Play fill="currentColor" className="translate-x-px" />}
        </IconButton>
        <div
          ref={sliderRef}
          role="slider"
          tabIndex={0}
          aria-label={`Seek ${title}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration * 10) / 10}
          aria-valuenow={Math.round(Math.min(current, duration) * 10) / 10}
          aria-valuetext={`${formatTime(current)} of ${formatTime(duration)}`}
          aria-busy={wave.state === "loading"}
          className={cn("nodrag nokey relative row-start-2 w-full cursor-pointer touch-none rounded-sm", large ? "h-40" : "h-12")}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onKeyDown={onKeyDown}
        >
          <canvas ref={canvasRef} aria-hidden className="absolute inset-0 h-full w-full" />
        </div>
        <IconButton
          label={muted ? "Unmute" : "Mute"}
          size="sm"
          className={cn("nodrag row-start-2", !large && "size-7! [&_svg]:size-3.5!")}
          onClick={() => setMuted((m) => !m)}
        >
          {muted ? <VolumeX /> : <Volume2 />}
        </IconButton>
      </div>
    </div>
  );
}

function finite(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A theme token's value (Tailwind 4 puts them on :root), or the fallback when it is not defined. */
function cssColor(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}
