/**
 * Non-drop-frame SMPTE timecode, HH:MM:SS:FF. It counts whole frames at the nominal rate: 23.976 fps
 * counts 24 frames a second (so its timecode runs 0.1% slower than the wall clock, as NLEs show it).
 */

const TIMECODE = /^(\d{2}):(\d{2}):(\d{2}):(\d{2})$/;
const HOURS_IN_DAY = 24;

function checkBase(base: number): void {
  if (!Number.isInteger(base) || base < 1) throw new RangeError(`Invalid timecode rate: ${base}`);
}

const two = (n: number) => String(n).padStart(2, "0");

export function framesToTimecode(frames: number, base: number): string {
  checkBase(base);
  if (!Number.isInteger(frames) || frames < 0) throw new RangeError(`Invalid frame count: ${frames}`);
  const perHour = base * 3600;
  // Timecode wraps at 24 hours; a later frame would read as an earlier one, so it is refused.
  if (frames >= perHour * HOURS_IN_DAY) throw new RangeError(`Frame ${frames} is past 23:59:59:${base - 1}`);
  const hours = Math.floor(frames / perHour);
  const minutes = Math.floor((frames % perHour) / (base * 60));
  const seconds = Math.floor((frames % (base * 60)) / base);
  return `${two(hours)}:${two(minutes)}:${two(seconds)}:${two(frames % base)}`;
}

export function timecodeToFrames(timecode: string, base: number): number {
  checkBase(base);
  const match = TIMECODE.exec(timecode);
  if (!match) throw new RangeError(`Not an HH:MM:SS:FF timecode: ${timecode}`);
  const [hours, minutes, seconds, frames] = match.slice(1).map(Number) as [number, number, number, number];
  if (hours >= HOURS_IN_DAY || minutes >= 60 || seconds >= 60 || frames >= base) {
    throw new RangeError(`Timecode out of range at ${base} fps: ${timecode}`);
  }
  return ((hours * 60 + minutes) * 60 + seconds) * base + frames;
}
