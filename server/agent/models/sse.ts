/**
 * Server-sent events as OpenAI and Gemini stream them: `data:` lines, an empty line ending each event,
 * `:` comment lines (keep-alives some proxies send) skipped, CRLF or LF line ends, and chunks that split a
 * line anywhere. Only the data matters to the planners; event names and ids are ignored.
 */
export class SseParser {
  private buffer = "";
  private data: string[] = [];

  /** Feeds decoded text; returns the data of every event it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let nl: number;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line.endsWith("\r") ? line.slice(0, -1) : line, events);
    }
    return events;
  }

  /** The stream ended: an event without its final empty line still counts. */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer) this.line(this.buffer.replace(/\r$/, ""), events);
    this.buffer = "";
    this.line("", events);
    return events;
  }

  private line(line: string, events: string[]) {
    if (line === "") {
      if (this.data.length) events.push(this.data.join("\n"));
      this.data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") this.data.push(value);
  }
}
