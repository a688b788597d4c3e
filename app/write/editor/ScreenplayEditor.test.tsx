import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import type { RealtimeMessage } from "../../../domain/realtime";
import { renderInApp } from "../../test/render";
import { toast } from "../../ui";
import { ScreenplayEditor } from "./ScreenplayEditor";
import type { ScriptWithPermission } from "./scriptApi";

// The project's WebSocket, captured so tests can play realtime notices.
const live = vi.hoisted(() => ({ handlers: null as null | { onMessage(m: unknown): void; onReconnect(): void } }));
vi.mock("../../canvas/sync/liveChannel", () => ({
  openLiveChannel: (_p: string, _c: string, handlers: typeof live.handlers) => {
    live.handlers = handlers;
    return () => {};
  },
}));

const USER = "u1";

function scriptFile(over: Partial<ScriptWithPermission> = {}): ScriptWithPermission {
  return {
    id: "s1",
    projectId: "p1",
    name: "Night Shift",
    fileType: "screenplay",
    elements: [],
    content: "",
    metadata: { title: "Night Shift" },
    version: 1,
    lastEditedBy: USER,
    lastEditedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    permission: "owner",
    ...over,
  };
}

/** A fake API: GET/PUT /api/scripts/s1 with the server's version check. */
function fakeServer(initial: ScriptWithPermission) {
  const server = { script: initial, puts: [] as Array<Record<string, unknown>>, failNext: 0 };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (url === "/api/scripts/s1" && method === "GET") return Response.json(server.script);
    if (url === "/api/scripts/s1" && method === "PUT") {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      server.puts.push(body);
      if (server.failNext > 0) {
        server.failNext--;
        return Response.json({ error: "boom", code: "error" }, { status: 500 });
      }
      if (body.baseVersion !== server.script.version) return Response.json({ error: "stale", code: "conflict" }, { status: 409 });
      server.script = {
        ...server.script,
        ...(body.elements ? { elements: body.elements as ScreenplayElement[] } : {}),
        ...(typeof body.content === "string" ? { content: body.content } : {}),
        version: server.script.version + 1,
        updatedAt: new Date().toISOString(),
      };
      return Response.json(server.script);
    }
    return Response.json({ error: "not found", code: "not_found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return server;
}

const fields = () => screen.getAllByRole("textbox") as HTMLTextAreaElement[];
const types = () => fields().map((f) => f.dataset.elementType);
const values = () => fields().map((f) => f.value);
const focused = () => document.activeElement as HTMLTextAreaElement;

async function open(script: ScriptWithPermission = scriptFile()) {
  const server = fakeServer(script);
  const onExit = vi.fn();
  renderInApp(<ScreenplayEditor scriptId="s1" projectId="p1" userId={USER} onExit={onExit} />);
  await screen.findAllByRole("textbox");
  await waitFor(() => expect(document.activeElement?.tagName).toBe("TEXTAREA"));
  return { server, onExit };
}

const el = (id: string, type: ScreenplayElement["type"], content: string): ScreenplayElement => ({ id, type, content });

beforeEach(() => {
  live.handlers = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("screenplay editor: loading", () => {
  it("shows the loading gate, then the page", async () => {
    fakeServer(scriptFile());
    renderInApp(<ScreenplayEditor scriptId="s1" projectId="p1" userId={USER} onExit={() => {}} />);
    expect(screen.getByText("Loading Write Editor...")).toBeTruthy();
    expect(await screen.findByTestId("screenplay-page")).toBeTruthy();
    expect(screen.getByText("Night Shift")).toBeTruthy();
  });

  it("says 'Script not found' for an unknown script", async () => {
    fakeServer(scriptFile());
    renderInApp(<ScreenplayEditor scriptId="nope" projectId="p1" userId={USER} onExit={() => {}} />);
    expect(await screen.findByText("Script not found")).toBeTruthy();
  });
});

describe("screenplay editor: keys", () => {
  it("writes a scene with Tab and Enter only", async () => {
    const user = userEvent.setup();
    await open();
    expect(types()).toEqual(["slug"]);
    await user.keyboard("INT. KITCHEN - NIGHT{Enter}");
    await user.keyboard("Rain hammers the window.{Enter}");
    expect(focused().dataset.elementType).toBe("action");
    await user.keyboard("{Tab}ANNA{Enter}");
    await user.keyboard("{Tab}whispering{Enter}");
    await user.keyboard("Is someone there?{Enter}");
    await user.keyboard("{Enter}");
    await user.keyboard("She waits.");
    expect(types()).toEqual(["slug", "action", "character", "parenthetical", "dialogue", "action"]);
    expect(values()).toEqual([
      "INT. KITCHEN - NIGHT",
      "Rain hammers the window.",
      "ANNA",
      "(whispering)",
      "Is someone there?",
      "She waits.",
    ]);
    expect(screen.getByTestId("current-type").textContent).toContain("Action");
  });

  it("splits the text at the caret on Enter", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "Left right")] }));
    focused().setSelectionRange(5, 5);
    await user.keyboard("{Enter}");
    expect(values()).toEqual(["Left ", "right"]);
    expect(focused().value).toBe("right");
    expect(focused().selectionStart).toBe(0);
  });

  it("does nothing on Enter in an empty element, but moves to an empty next element", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", ""), el("b", "action", "Text")] }));
    await user.keyboard("{Enter}");
    expect(values()).toEqual(["", "Text"]);
    expect(focused()).toBe(fields()[0]);
    fields()[1]!.focus();
    await user.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}");
    fields()[0]!.focus();
    await user.keyboard("{Enter}");
    expect(focused()).toBe(fields()[1]);
  });

  it("turns action into character on Tab and into transition on a quick second Tab", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await open(scriptFile({ elements: [el("a", "action", "")] }));
    await user.keyboard("{Tab}");
    expect(types()).toEqual(["character"]);
    await user.keyboard("{Tab}");
    expect(types()).toEqual(["transition"]);
    // Slow presses are single presses: transition → slug → transition.
    await user.keyboard("{Tab}");
    act(() => vi.advanceTimersByTime(600));
    await user.keyboard("{Tab}");
    expect(types()).toEqual(["transition"]);
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(types()).toEqual(["action"]);
  });

  it("accepts a scene-heading suggestion with Tab", async () => {
    const user = userEvent.setup();
    await open();
    await user.keyboard("e");
    expect(screen.getByTestId("suggestion").textContent).toBe("XT. ");
    await user.keyboard("{Tab}");
    expect(focused().value).toBe("EXT. ");
    expect(types()).toEqual(["slug"]);
    await user.keyboard("PARK - N");
    await user.keyboard("{Tab}");
    expect(focused().value).toBe("EXT. PARK - NIGHT");
  });

  it("suggests characters already in the script", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "character", "MARGARET"), el("b", "dialogue", "Hi."), el("c", "character", "")] }));
    fields()[2]!.focus();
    await user.keyboard("ma");
    expect(screen.getByTestId("suggestion").textContent).toBe("RGARET");
    await user.keyboard("{Tab}");
    expect(fields()[2]!.value).toBe("MARGARET");
    expect(types()[2]).toBe("character");
  });

  it("sets the type with Ctrl+1..7", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "x")] }));
    await user.keyboard("{Control>}3{/Control}");
    expect(types()).toEqual(["character"]);
    await user.keyboard("{Control>}7{/Control}");
    expect(types()).toEqual(["shot"]);
    await user.keyboard("{Control>}1{/Control}");
    expect(types()).toEqual(["slug"]);
  });

  it("inserts CUT TO: and a new INT. heading on Ctrl+Enter", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "The end of it.")] }));
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(types()).toEqual(["action", "transition", "slug"]);
    expect(values()).toEqual(["The end of it.", "CUT TO:", "INT. "]);
    expect(focused()).toBe(fields()[2]);
    expect(focused().selectionStart).toBe(5);
  });

  it("removes an empty element on Backspace and lands at the end of the previous one", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "Hello"), el("b", "character", "")] }));
    fields()[1]!.focus();
    await user.keyboard("{Backspace}");
    expect(values()).toEqual(["Hello"]);
    expect(focused().selectionStart).toBe(5);
    await user.keyboard("{Backspace>5/}{Backspace}");
    expect(values()).toEqual([""]); // the last element stays
  });

  it("shows an .fdx's kept blank lines above an element, and Backspace at its start removes them one at a time", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "Rain."), { ...el("b", "slug", "INT. HALL - DAY"), blankLinesBefore: 2 }] }));
    const row = () => document.querySelector<HTMLElement>('[data-element-row="b"]')!;
    // a heading's own two blank lines plus two kept lines, each with action's space before: 2 + 2 × 2 lines of 24 px
    expect(row().style.paddingTop).toBe("144px");
    fields()[1]!.focus();
    fields()[1]!.setSelectionRange(0, 0);
    await user.keyboard("{Backspace}");
    expect(row().style.paddingTop).toBe("96px");
    await user.keyboard("{Backspace}");
    expect(row().style.paddingTop).toBe("48px");
    expect(values()).toEqual(["Rain.", "INT. HALL - DAY"]);
    await user.keyboard("{Backspace}");
    expect(values()).toEqual(["Rain.INT. HALL - DAY"]); // then it merges as before
  });

  it("moves between elements with the arrows at the first and last line", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "One"), el("b", "action", "Two")] }));
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe(fields()[1]);
    expect(focused().selectionStart).toBe(0);
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe(fields()[0]);
    expect(focused().selectionStart).toBe(3);
  });

  it("splits pasted lines into typed elements", async () => {
    const user = userEvent.setup();
    await open(scriptFile({ elements: [el("a", "action", "")] }));
    await user.paste("INT. OFFICE - DAY\n\nPhones ring.\n\nJOE\n(tired)\nMorning.\n\nCUT TO:");
    expect(types()).toEqual(["slug", "action", "character", "parenthetical", "dialogue", "transition"]);
    expect(values()[2]).toBe("JOE");
    expect(focused()).toBe(fields()[5]);
  });

  it("copies the whole script on Ctrl+C with nothing selected", async () => {
    const writeText = vi.fn(async () => {});
    const user = userEvent.setup();
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await open(scriptFile({ elements: [el("a", "slug", "int. a - day"), el("b", "action", "Go.")] }));
    await user.keyboard("{Control>}c{/Control}");
    expect(writeText).toHaveBeenCalledWith("INT. A - DAY\n\nGo.\n");
  });

  it("shows what each key would do in the help bar", async () => {
    await open(scriptFile({ elements: [el("a", "action", "x")] }));
    expect(screen.getByTestId("hint-tab").textContent).toContain("Character");
    expect(screen.getByTestId("hint-tab-twice").textContent).toContain("Transition");
    expect(screen.getByTestId("hint-shift-tab").textContent).toContain("Scene Heading");
  });

  it("lists scenes with numbers and focuses one when clicked", async () => {
    const user = userEvent.setup();
    await open(
      scriptFile({
        elements: [el("a", "slug", "INT. A - DAY"), el("b", "action", "x"), { ...el("c", "slug", "EXT. B - NIGHT"), sceneNumber: "5A" }],
      }),
    );
    const nav = screen.getByRole("navigation", { name: "Scenes" });
    expect(nav.textContent).toContain("1INT. A - DAY");
    expect(nav.textContent).toContain("5AEXT. B - NIGHT");
    await user.click(screen.getByRole("button", { name: /EXT\. B - NIGHT/ }));
    expect(focused()).toBe(fields()[2]);
    expect(screen.getByRole("button", { name: /EXT\. B - NIGHT/ }).getAttribute("aria-current")).toBe("location");
  });
});

describe("screenplay editor: saving", () => {
  it("autosaves 1 s after the last keystroke with the base version", async () => {
    const user = userEvent.setup();
    const { server } = await open(scriptFile({ elements: [el("a", "action", "")], version: 4 }));
    await user.keyboard("Hi");
    expect(screen.getByTestId("save-status").textContent).toBe("Saving in 1s");
    expect(server.puts).toHaveLength(0);
    await waitFor(() => expect(server.puts).toHaveLength(1), { timeout: 2000 });
    expect(server.puts[0]).toMatchObject({
      baseVersion: 4,
      elements: [{ id: "a", type: "action", content: "Hi" }],
      metadata: { title: "Night Shift", wordCount: 1 },
    });
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"));
    expect(screen.getByTestId("last-saved").textContent).toMatch(/^Last saved \d+s ago$/);
  });

  it("saves at once on Ctrl+S, and keeps edits local with an error when the save fails", async () => {
    const error = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    const { server } = await open(scriptFile({ elements: [el("a", "action", "")] }));
    server.failNext = 1;
    await user.keyboard("Hi{Control>}s{/Control}");
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Unsaved changes"));
    expect(error).toHaveBeenCalledWith("Failed to save changes", expect.anything());
    expect(values()).toEqual(["Hi"]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"));
    expect(server.script.elements[0]!.content).toBe("Hi");
  });

  it("on a stale version (409) loads the latest and offers the local copy back", async () => {
    const warning = vi.spyOn(toast, "warning");
    const user = userEvent.setup();
    const { server } = await open(scriptFile({ elements: [el("a", "action", "")] }));
    server.script = { ...server.script, version: 5, elements: [el("z", "action", "Their text")] };
    await user.keyboard("Mine{Control>}s{/Control}");
    await waitFor(() => expect(values()).toEqual(["Their text"]));
    expect(warning).toHaveBeenCalled();
    const options = warning.mock.calls[0]![1] as unknown as { action: { onClick(): void } };
    act(() => options.action.onClick());
    expect(values()).toEqual(["Mine"]);
    await waitFor(() => expect(server.script.elements[0]!.content).toBe("Mine"), { timeout: 2000 });
    expect(server.puts.at(-1)!.baseVersion).toBe(5);
  });

  it("replaces the script when another member saves, unless there are unsaved edits", async () => {
    const warning = vi.spyOn(toast, "warning");
    const user = userEvent.setup();
    const { server } = await open(scriptFile({ elements: [el("a", "action", "Mine")] }));
    server.script = { ...server.script, version: 2, elements: [el("a", "action", "Theirs")], lastEditedBy: "u2" };
    const notice: RealtimeMessage = { type: "script", scriptId: "s1", version: 2, lastEditedBy: "u2" };
    act(() => live.handlers!.onMessage(notice));
    await waitFor(() => expect(values()).toEqual(["Theirs"]));

    // Their save arrives while I have unsaved edits: mine stay, a toast says so.
    await user.keyboard("{End}!");
    server.script = { ...server.script, version: 3, elements: [el("a", "action", "Newer")] };
    act(() => live.handlers!.onMessage({ ...notice, version: 3 }));
    expect(warning).toHaveBeenCalledWith("Another member saved a newer version of this script", expect.anything());
    expect(values()[0]).toMatch(/!$/);

    // My own save from another tab does not replace (spec: only when the last editor is someone else).
    const gets = () => (fetch as ReturnType<typeof vi.fn>).mock.calls.filter((c) => !(c[1] as RequestInit | undefined)?.method).length;
    const before = gets();
    act(() => live.handlers!.onMessage({ ...notice, version: 9, lastEditedBy: USER }));
    expect(gets()).toBe(before);
  });

  it("flushes a pending save on Exit", async () => {
    const user = userEvent.setup();
    const { server, onExit } = await open(scriptFile({ elements: [el("a", "action", "")] }));
    await user.keyboard("Last words");
    await user.click(screen.getByRole("button", { name: "Exit" }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    expect(server.puts).toHaveLength(1);
    expect(server.script.elements[0]!.content).toBe("Last words");
  });
});

describe("screenplay editor: view only", () => {
  it("is read-only with a View only badge and no Save", async () => {
    const user = userEvent.setup();
    const { server } = await open(scriptFile({ elements: [el("a", "action", "Look")], permission: "view" }));
    expect(screen.getByTestId("view-only").textContent).toContain("View only");
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(fields()[0]!.readOnly).toBe(true);
    await user.keyboard("x{Enter}{Tab}");
    expect(values()).toEqual(["Look"]);
    expect(types()).toEqual(["action"]);
    expect(server.puts).toHaveLength(0);
  });
});

describe("plain editor", () => {
  it("edits a note with a character count, unsaved dot and Cmd+S", async () => {
    const user = userEvent.setup();
    const server = fakeServer(scriptFile({ fileType: "note", name: "Ideas", content: "abc" }));
    renderInApp(<ScreenplayEditor scriptId="s1" projectId="p1" userId={USER} onExit={() => {}} />);
    const area = (await screen.findByRole("textbox", { name: "Ideas text" })) as HTMLTextAreaElement;
    expect(screen.getByTestId("file-icon").getAttribute("aria-label")).toBe("Note");
    expect(screen.getByTestId("char-count").textContent).toBe("3 characters");
    expect(screen.queryByTestId("unsaved-dot")).toBeNull();
    await user.click(area);
    await user.keyboard("de");
    expect(screen.getByTestId("char-count").textContent).toBe("5 characters");
    expect(screen.getByTestId("unsaved-dot")).toBeTruthy();
    fireEvent.keyDown(window, { key: "s", metaKey: true });
    await waitFor(() => expect(screen.queryByTestId("unsaved-dot")).toBeNull());
    expect(server.puts).toEqual([{ content: "abcde", baseVersion: 1 }]);
  });
});
