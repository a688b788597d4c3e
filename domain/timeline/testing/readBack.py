#!/usr/bin/env python3
"""Read Reelgraph's timeline exports back with OpenTimelineIO itself.

    python3 readBack.py --fps 24 [--ntsc] [--exact-fcpx-times] timeline.otio timeline.fcpxml timeline.edl

Prints one JSON object: {"results": [{"file", "clips": [{name, kind, record_in_frames,
duration_frames, source_in_frames, target_url}], "tracks": [{kind, duration_frames}]} or
{"file", "error"}]}, so `npm run check:otio` can compare what OpenTimelineIO sees with what was
exported. A track's duration is what the reader shows of it (an EDL lead-in read as a negative start
hides as much of its end). Black filler (an EDL's BL events) is silence, not a clip. A file that
OpenTimelineIO or its adapter cannot read is reported with its error, not skipped.

--exact-fcpx-times replaces the fcpx adapter's two float time conversions (int(a / b * fps), which
reads 29 frames at 25 fps as 28) with exact fractions, so the file's own timing can be checked apart
from that adapter limit.

Needs the opentimelineio package; .edl needs the otio-cmx3600-adapter plug-in and .fcpxml the
otio-fcpx-xml-adapter one (both come with the opentimelineio-plugins package).
"""
import argparse
import json
import sys
from fractions import Fraction

import opentimelineio as otio


def first_timeline(result):
    """The FCP X adapter returns a SerializableCollection (library > event > project)."""
    if isinstance(result, otio.schema.Timeline):
        return result
    for item in result:
        found = first_timeline(item) if isinstance(item, otio.schema.SerializableCollection) else item
        if isinstance(found, otio.schema.Timeline):
            return found
    raise ValueError("no timeline in the file")


def frames(time, rate):
    return int(round(time.rescaled_to(rate).value))


def clips_of(timeline, rate):
    clips = []
    for track in timeline.tracks:
        # An EDL read leaves silence before a track's first event as a negative source_range start.
        origin = frames(track.source_range.start_time, rate) if track.source_range else 0
        for item in track:
            if not isinstance(item, otio.schema.Clip) or isinstance(item.media_reference, otio.schema.GeneratorReference):
                continue
            placed = item.range_in_parent()
            reference = item.media_reference
            clips.append({
                "name": item.name,
                "kind": track.kind,
                "record_in_frames": frames(placed.start_time, rate) - origin,
                "duration_frames": frames(placed.duration, rate),
                "source_in_frames": frames(item.trimmed_range().start_time, rate),
                "target_url": getattr(reference, "target_url", None),
            })
    return clips


def tracks_of(timeline, rate):
    return [{"kind": track.kind, "duration_frames": frames(track.trimmed_range().duration, rate)} for track in timeline.tracks]


def exact_fcpx_times():
    """Exact stand-ins for the fcpx adapter's float conversions of FCPXML times to frames."""
    # The module OpenTimelineIO loaded the adapter as (its plug-in loader may not share the import system's).
    fcpx_xml = otio.adapters.from_name("fcpx_xml").module()

    def seconds(value):
        return Fraction(0) if value in (None, "0s") else Fraction(value[:-1])

    def to_rational_time(rational_number, fps):
        return otio.opentime.RationalTime(int(seconds(rational_number) * int(fps)), int(fps))

    def number_of_frames(self, time_value, format_id):
        total, fd_rate = self._format_frame_duration(format_id)
        return int(seconds(time_value) / Fraction(int(total), int(fd_rate)))

    fcpx_xml.to_rational_time = to_rational_time
    fcpx_xml.FcpxXml._number_of_frames = number_of_frames


def read(path, rate):
    # EDLs carry no frame rate: the adapter must be told it.
    options = {"rate": rate} if path.lower().endswith(".edl") else {}
    try:
        timeline = first_timeline(otio.adapters.read_from_file(path, **options))
        return {"file": path, "clips": clips_of(timeline, rate), "tracks": tracks_of(timeline, rate)}
    except Exception as error:  # report, don't hide: the caller decides what a failure means
        return {"file": path, "error": f"{type(error).__name__}: {error}"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fps", type=int, required=True, help="nominal frame rate, e.g. 24")
    parser.add_argument("--ntsc", action="store_true", help="real rate is fps * 1000/1001")
    parser.add_argument("--exact-fcpx-times", action="store_true", help="read FCPXML times as exact fractions")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.exact_fcpx_times:
        exact_fcpx_times()
    rate = args.fps * 1000 / 1001 if args.ntsc else float(args.fps)
    json.dump({"results": [read(path, rate) for path in args.files]}, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
