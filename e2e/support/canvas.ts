import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { nodeSize } from "../../domain/canvas/nodeSize";
import type { NodeData } from "../../domain/canvas/node";

/** The canvas as a small page object: what a user does, in their words. */
export function canvas(page: Page) {
  const nodes = page.getByTestId("canvas-node");
  const node = (title: string) => nodes.filter({ has: page.getByTestId("node-title").getByText(title, { exact: true }) });
  const pane = page.locator(".react-flow__pane");
  return {
    nodes,
    node,
    /** The node's own picture (named by its title), not the upstream thumbnails in its context strip. */
    image: (title: string) => node(title).getByRole("img", { name: title, exact: true }),
    titles: () => page.getByTestId("node-title").allTextContents(),
    edges: page.locator(".react-flow__edge"),
    async open(projectId: string) {
      await page.goto(`/?project=${projectId}`);
      await expect(page.getByTestId("canvas-mode")).toBeVisible();
    },
    async doubleClickAt(x: number, y: number) {
      const box = (await pane.boundingBox())!;
      await page.mouse.dblclick(box.x + x, box.y + y);
    },
    /** The toolbar's New node: a node in free room on screen (the view pans to it when there is none). */
    async newNode() {
      await page.getByRole("button", { name: "New node (Ctrl+N)" }).click();
    },
    async connect(from: string, to: string) {
      const source = node(from).locator(".react-flow__handle.source");
      const target = node(to).locator(".react-flow__handle.target");
      const a = (await source.boundingBox())!;
      const b = (await target.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2 - 20, b.y + b.height / 2, { steps: 8 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 2 });
      await page.mouse.up();
    },
    /** A click on the node's title; zoomed out, where the overview draws the cards, on its drawn card. */
    async select(title: string) {
      // A view still animating (Fit view takes 300 ms) may yet cross into or out of the overview.
      const transform = () => page.evaluate(() => document.querySelector(".react-flow__viewport")?.getAttribute("style") ?? "");
      for (let last = await transform(), i = 0; i < 20; i++) {
        await page.waitForTimeout(150);
        const now = await transform();
        if (now === last) break;
        last = now;
      }
      if ((await page.getByTestId("canvas-overview").count()) === 0) return node(title).getByTestId("node-title").click();
      const projectId = new URL(page.url()).searchParams.get("project");
      if (!projectId) throw new Error("select: no project in the page's address");
      const at = await this.overviewCardCentre(projectId, title);
      await page.mouse.click(at.x, at.y);
    },
    async rename(from: string, to: string) {
      await node(from).hover();
      await node(from)
        .getByRole("button", { name: `Actions for ${from}` })
        .click();
      await page.getByRole("menuitem", { name: "Rename" }).click();
      await page.getByLabel("Node name").fill(to);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog", { name: "Rename Node" })).toHaveCount(0);
    },
    /**
     * Zoomed out the overview draws the cards on one <canvas>: where (page px) the middle of the card with
     * this title is, from its position on the server and the view's transform.
     */
    async overviewCardCentre(projectId: string, title: string) {
      const n = (await serverCanvas(page.request, null, projectId)).nodes.find((n) => n.data.title === title);
      if (!n) throw new Error(`no node titled ${title}`);
      const size = nodeSize(n.data as NodeData);
      const TITLE_ROW = 26; // the card sits under its title row (nodeLayout.ts)
      const { x, y, zoom, left, top } = await page.evaluate(() => {
        const m = new DOMMatrixReadOnly(getComputedStyle(document.querySelector(".react-flow__viewport")!).transform);
        const box = document.querySelector(".react-flow")!.getBoundingClientRect();
        return { x: m.e, y: m.f, zoom: m.a, left: box.left, top: box.top };
      });
      return {
        x: left + x + (n.position.x + size.width / 2) * zoom,
        y: top + y + (n.position.y + TITLE_ROW + size.height / 2) * zoom,
      };
    },
    async dropFile(name: string, mimeType: string, bytes: Buffer, at = { x: 600, y: 300 }) {
      const box = (await pane.boundingBox())!;
      const dataTransfer = await page.evaluateHandle(
        ({ name, mimeType, b64 }) => {
          const dt = new DataTransfer();
          const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          dt.items.add(new File([bin], name, { type: mimeType }));
          return dt;
        },
        { name, mimeType, b64: bytes.toString("base64") },
      );
      const point = { clientX: box.x + at.x, clientY: box.y + at.y };
      await pane.dispatchEvent("dragenter", { dataTransfer, ...point });
      await pane.dispatchEvent("dragover", { dataTransfer, ...point });
      await expect(page.getByTestId("drop-overlay")).toHaveText("Drop to create new node");
      await pane.dispatchEvent("drop", { dataTransfer, ...point });
    },
  };
}

export async function serverCanvas(request: APIRequestContext, token: string | null, projectId: string) {
  const res = await request.get(
    `/api/projects/nodes?projectId=${projectId}`,
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    nodes: { id: string; position: { x: number; y: number }; data: Record<string, unknown> }[];
    edges: { source: string; target: string }[];
  };
}
