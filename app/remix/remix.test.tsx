import { StrictMode } from "react";
import { screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REMIX_DESCRIPTION, REMIX_DRAFT_KEY } from "../../domain/remix";
import { renderInApp } from "../test/render";
import { toast } from "../ui";
import { useRemixDraft } from "./useRemixDraft";

// spec: shell 4 "Remix" and shell 8 "Remix fails". The server is faked at fetch, the app's one boundary.

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function Remixing() {
  useRemixDraft();
  return <Where />;
}

type Answer = { status: number; body: unknown };
let answers: Answer[];
let posts: { url: string; body: any }[];

function fakeServer(...queued: Answer[]) {
  answers = queued;
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        const answer = answers.shift() ?? { status: 500, body: { error: "no answer", code: "internal" } };
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response(JSON.stringify({ projects: [], balance: 0 }), { status: 200 });
    }),
  );
}

const created = (id: string, name: string): Answer => ({
  status: 201,
  body: {
    id,
    name,
    description: REMIX_DESCRIPTION,
    thumbnail: null,
    ownerId: "u1",
    ownerName: "Ann",
    permission: "owner",
    preview: null,
    createdAt: "",
    updatedAt: "",
  },
});

const draft = {
  name: "  Neon Alley  ",
  nodes: [
    {
      id: "n1",
      type: "generic_v2",
      position: { x: 10, y: 20 },
      data: { prompt: "rain", mediaUrl: "https://gallery.example/a.png" },
      selected: true,
    },
    { id: "n2", position: { x: 300, y: 20 }, data: { content: "INT. ALLEY" } },
  ],
  edges: [{ id: "e1", source: "n1", target: "n2" }],
};

const location = () => screen.getByTestId("location").textContent;

describe("remix draft", () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(toast, "success");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("creates the project from the draft with the fixed description and its nodes only, deletes the draft and opens it", async () => {
    fakeServer(created("p-remix", "Neon Alley"));
    localStorage.setItem(REMIX_DRAFT_KEY, JSON.stringify(draft));
    renderInApp(<Remixing />);

    await waitFor(() => expect(location()).toBe("/?project=p-remix"));
    expect(posts).toEqual([
      {
        url: "/api/projects",
        body: {
          name: "Neon Alley",
          description: REMIX_DESCRIPTION,
          nodes: [
            { id: "n1", type: "generic_v2", position: { x: 10, y: 20 }, data: { prompt: "rain" } },
            { id: "n2", type: "generic_v2", position: { x: 300, y: 20 }, data: { content: "INT. ALLEY" } },
          ],
        },
      },
    ]);
    expect(localStorage.getItem(REMIX_DRAFT_KEY)).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Remixed "Neon Alley" into a new project');
  });

  it("makes one project under StrictMode's double effects", async () => {
    fakeServer(created("p-once", "Neon Alley"), created("p-twice", "Neon Alley"));
    localStorage.setItem(REMIX_DRAFT_KEY, JSON.stringify(draft));
    renderInApp(
      <StrictMode>
        <Remixing />
      </StrictMode>,
    );
    await waitFor(() => expect(location()).toBe("/?project=p-once"));
    await new Promise((r) => setTimeout(r, 20));
    expect(posts).toHaveLength(1);
  });

  it("does nothing without a draft", async () => {
    fakeServer(created("p-none", "x"));
    renderInApp(<Remixing />);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts).toHaveLength(0);
    expect(location()).toBe("/");
  });

  it("deletes a malformed draft, logs it and sends nothing", async () => {
    for (const text of ["{not json", JSON.stringify({ name: "No nodes" }), JSON.stringify({ name: "x", nodes: [{ id: "a" }] })]) {
      fakeServer(created("p-bad", "x"));
      errors.mockClear();
      localStorage.setItem(REMIX_DRAFT_KEY, text);
      const view = renderInApp(<Remixing />);
      await new Promise((r) => setTimeout(r, 20));
      expect(posts, text).toHaveLength(0);
      expect(localStorage.getItem(REMIX_DRAFT_KEY), text).toBeNull();
      expect(errors, text).toHaveBeenCalledWith(expect.stringMatching(/^Remix failed: the remix draft is/));
      view.unmount();
    }
  });

  it("on a refusal deletes the draft, logs it and stays where it is", async () => {
    fakeServer({ status: 400, body: { error: "nodes.0.position.x: Too big", code: "bad_request" } });
    localStorage.setItem(REMIX_DRAFT_KEY, JSON.stringify(draft));
    renderInApp(<Remixing />);
    await waitFor(() => expect(errors).toHaveBeenCalledWith("Remix failed:", expect.objectContaining({ code: "bad_request" })));
    expect(posts).toHaveLength(1);
    expect(localStorage.getItem(REMIX_DRAFT_KEY)).toBeNull();
    expect(location()).toBe("/");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("takes the next free name when the user already has a project of the draft's name", async () => {
    const taken = (name: string): Answer => ({
      status: 409,
      body: { error: `A project named "${name}" already exists`, code: "already_exists" },
    });
    fakeServer(taken("Neon Alley"), taken("Neon Alley (2)"), created("p-3", "Neon Alley (3)"));
    localStorage.setItem(REMIX_DRAFT_KEY, JSON.stringify(draft));
    renderInApp(<Remixing />);
    await waitFor(() => expect(location()).toBe("/?project=p-3"));
    expect(posts.map((p) => p.body.name)).toEqual(["Neon Alley", "Neon Alley (2)", "Neon Alley (3)"]);
  });
});
