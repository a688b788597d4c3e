#!/usr/bin/env python3
"""Read Reelgraph's timeline exports back with OpenTimelineIO itself.

    python3 readBack.py --fps 24 [--ntsc] timeline.otio timeline.fcpxml timeline.edl

Prints one JSON object: {"results": [{"file", "clips": [{name, kind, record_in_frames,
duration_frames, source_in_frames, target_url}]} or {"file", "error"}]}, so the vitest suite
(readBack.test.ts) can compare what OpenTimelineIO sees with what was exported. A file that
OpenTimelineIO or its adapter cannot read is reported with its error, not skipped.

Needs the opentimelineio package; .edl needs the otio-cmx3600-adapter plug-in and .fcpxml the
otio-fcpx-xml-adapter one (both come with the opentimelineio-plugins package).
"""
import argparse
import json
import sys

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
            if not isinstance(item, otio.schema.Clip):
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


def read(path, rate):
    # EDLs carry no frame rate: the adapter must be told it.
    options = {"rate": rate} if path.lower().endswith(".edl") else {}
    try:
        timeline = first_timeline(otio.adapters.read_from_file(path, **options))
        return {"file": path, "clips": clips_of(timeline, rate)}
    except Exception as error:  # report, don't hide: the caller decides what a failure means
        return {"file": path, "error": f"{type(error).__name__}: {error}"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fps", type=int, required=True, help="nominal frame rate, e.g. 24")
    parser.add_argument("--ntsc", action="store_true", help="real rate is fps * 1000/1001")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    rate = args.fps * 1000 / 1001 if args.ntsc else float(args.fps)
    json.dump({"results": [read(path, rate) for path in args.files]}, sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
