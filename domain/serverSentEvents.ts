/** One server-sent event: its name ('message' when the stream gives none) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Server-sent events (text/event-stream) as OpenAI and Gemini stream them to the agent's model planners and
 * as the studio streams the agent's answers to the browser: `event:` and `data:` lines, an empty line ending
 * each event, `:` comment lines (keep-alives some proxies send) skipped, CRLF or LF line ends, and chunks that
 * split a line anywhere. Ids and retry hints are ignored.
 */
export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private event = "message";

  /** Feeds decoded text; returns every event it completed. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    let nl: number;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line.endsWith("\r") ? line.slice(0, -1) : line, events);
    }
    return events;
  }

  /** The stream ended: an event without its final empty line still counts. */
  end(): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    if (this.buffer) this.line(this.buffer.replace(/\r$/, ""), events);
    this.buffer = "";
    this.line("", events);
    return events;
  }

  private line(line: string, events: ServerSentEvent[]) {
    if (line === "") {
      if (this.data.length) events.push({ event: this.event, data: this.data.join("\n") });
      this.data = [];
      this.event = "message";
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
  }
}
