/**
 * Clips one after another, in the order given. Every clip is fitted into the first clip's frame (its even
 * size; scaled
 * without distortion, padded black), resampled to its frame rate, and made exactly as long as it says it is
 * (the last frame held, the sound padded or cut) so picture and sound never drift apart at a seam. Clips with
 * no sound get silence when any other clip has sound.
 */
import { AAC, H264, encodeMp4, outputFps, secs } from "./encode";
import { probeVideo } from "./probe";
import { throwIfAborted, withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

const MAX_CLIPS = 20;

export async function joinVideos(videos: MediaFile[], options: ToolRunOptions): Promise<MediaFile> {
  if (!Array.isArray(videos) || videos.length < 2) throw new ToolInputError("videos must contain at least 2 clips");
  if (videos.length > MAX_CLIPS) throw new ToolInputError(`videos must contain at most ${MAX_CLIPS} clips (got ${videos.length})`);
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const clips = [];
    for (const [i, video] of videos.entries()) {
      throwIfAborted(signal);
      const file = await writeInput(dir, `clip-${i}`, video);
      clips.push({ file, probe: await probeVideo(dir, file, `videos[${i}]`, signal) });
    }
    const first = (clips[0] as (typeof clips)[number]).probe;
    const width = first.width - (first.width % 2);
    const height = first.height - (first.height % 2);
    const fps = outputFps(first.fps);
    const withSound = clips.some((c) => c.probe.hasAudio);
    const chains: string[] = [];
    let segments = "";
    for (const [i, { probe }] of clips.entries()) {
      const length = secs(probe.durationSeconds);
      // prettier-ignore
      chains.push(
        `[${i}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,` +
          `fps=${fps},format=yuv420p,tpad=stop=-1:stop_mode=clone,trim=end=${length},setpts=PTS-STARTPTS[v${i}]`,
      );
      if (withSound) {
        const source = probe.hasAudio ? `[${i}:a:0]aresample=48000,` : "anullsrc=r=48000:cl=stereo,";
        chains.push(
          `${source}aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad,atrim=end=${length},asetpts=PTS-STARTPTS[a${i}]`,
        );
        segments += `[v${i}][a${i}]`;
      } else segments += `[v${i}]`;
    }
    const graph = [...chains, `${segments}concat=n=${clips.length}:v=1:a=${withSound ? 1 : 0}${withSound ? "[v][a]" : "[v]"}`].join(";");
    const total = clips.reduce((sum, c) => sum + c.probe.durationSeconds, 0);
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [
        ...clips.flatMap((c) => ["-i", c.file]),
        "-filter_complex",
        graph,
        "-map",
        "[v]",
        ...(withSound ? ["-map", "[a]"] : []),
        ...H264,
        ...AAC,
      ],
      { duration: total, signal, onProgress },
    );
    onProgress?.(1);
    return result;
  });
}
