import { describe, expect, it } from "vitest";
import { SseParser } from "./serverSentEvents";

describe("server-sent events", () => {
  it("puts events back together from chunks that split lines anywhere, CRLF or LF", () => {
    const stream = 'data: {"a":1}\r\n\r\ndata: {"b":2}\n\n: keep-alive\n\nevent: x\ndata: [DONE]\n\n';
    const parser = new SseParser();
    const events: { event: string; data: string }[] = [];
    for (let i = 0; i < stream.length; i += 3) events.push(...parser.push(stream.slice(i, i + 3)));
    events.push(...parser.end());
    expect(events).toEqual([
      { event: "message", data: '{"a":1}' },
      { event: "message", data: '{"b":2}' },
      { event: "x", data: "[DONE]" },
    ]);
  });

  it("joins multi-line data and keeps an event the stream ended without a blank line after", () => {
    const parser = new SseParser();
    expect(parser.push("data: one\ndata:two\n\ndata: last")).toEqual([{ event: "message", data: "one\ntwo" }]);
    expect(parser.end()).toEqual([{ event: "message", data: "last" }]);
  });
});
