import { lazy, Suspense, useRef, useState } from "react";
import { Pause, Play, Volume2, VolumeX } from "lucide-react";
import type { ContentType } from "../../../domain/canvas/node";
import { IconButton, Spinner } from "../../ui";
import { WaveformPlayer } from "./WaveformPlayer";

const ModelViewer = lazy(() => import("./ModelViewer"));

/** A node's media: image, video with play and mute, waveform audio player, or the lazily loaded 3D viewer. */
/** `onNaturalSize` reports an image's or video's own size once loaded (the card fits its aspect ratio to it). */
export function MediaView({
  url,
  type,
  title,
  large = false,
  onNaturalSize,
}: {
  url: string;
  type: ContentType;
  title: string;
  large?: boolean;
  onNaturalSize?(width: number, height: number): void;
}) {
  // Remembered per URL, so a new upload after a failed one is tried again.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const setFailed = () => setFailedUrl(url);
  if (failedUrl === url) {
    const what = type === "video" ? "Video" : type === "audio" ? "Audio" : "Image";
    return <div className="flex h-full items-center justify-center text-sm text-danger">{what} failed to load</div>;
  }
  if (type === "video") return <VideoView url={url} large={large} onError={setFailed} onNaturalSize={onNaturalSize} />;
  if (type === "audio") return <WaveformPlayer key={url} url={url} title={title} large={large} onError={setFailed} />;
  if (type === "model3d") {
    return (
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <ModelViewer url={url} title={title} large={large} />
      </Suspense>
    );
  }
  return (
    <img
      src={url}
      alt={title}
      draggable={false}
      className="h-full w-full object-contain"
      onError={setFailed}
      onLoad={(e) => onNaturalSize?.(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
    />
  );
}

function VideoView({
  url,
  large,
  onError,
  onNaturalSize,
}: {
  url: string;
  large: boolean;
  onError(): void;
  onNaturalSize?(width: number, height: number): void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(large);
  const [muted, setMuted] = useState(true);
  return (
    <div className="relative h-full w-full">
      <video
        ref={ref}
        src={url}
        muted={muted}
        loop
        playsInline
        autoPlay={large}
        controls={large}
        preload="metadata"
        className="h-full w-full object-contain"
        onError={onError}
        onLoadedMetadata={(e) => onNaturalSize?.(e.currentTarget.videoWidth, e.currentTarget.videoHeight)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      {!large && (
        <div className="absolute bottom-2 left-2 flex gap-1">
          <IconButton
            label={playing ? "Pause" : "Play"}
            size="sm"
            variant="secondary"
            className="nodrag"
            onClick={() => (playing ? ref.current?.pause() : void ref.current?.play())}
          >
            {playing ? <Pause /> : <Play />}
          </IconButton>
          <IconButton
            label={muted ? "Unmute" : "Mute"}
            size="sm"
            variant="secondary"
            className="nodrag"
            onClick={() => setMuted((m) => !m)}
          >
            {muted ? <VolumeX /> : <Volume2 />}
          </IconButton>
        </div>
      )}
    </div>
  );
}
