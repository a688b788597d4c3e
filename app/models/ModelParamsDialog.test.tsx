import { useState } from "react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findModel } from "../../domain/generation/catalogue";
import { bool, defineModel, enumOf, media, mediaList, negativePrompt, num, prompt } from "../../domain/generation/catalogueBuild";
import { defaultParameters } from "../../domain/generation/modelParamForm";
import type { Model } from "../../domain/generation/modelTypes";
import { renderInApp } from "../test/render";
import { ModelParamsDialog, NO_MODEL_PARAMETERS } from "./ModelParamsDialog";
import type { ContextMediaItem, ParamRecord } from "./paramValues";

beforeAll(() => {
  // Radix Select positions and scrolls its list; jsdom has neither layout nor pointer capture.
  Element.prototype.scrollIntoView ??= function () {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

afterEach(() => vi.useRealTimers());

const LONG = "Describes the look of the film grain in enough words that it runs well past the hundred characters the form allows.";

/** One field of every kind, with names chosen so some are immediate (spec canvas 9) and some debounced. */
const everyKind: Model = defineModel({
  id: "test/every-kind",
  name: "Every Kind",
  description: "A model whose schema has one field of each kind",
  provider: "local",
  category: "image-to-video",
  family: "Test",
  io: [{ in: ["image", "text"], out: ["video"] }],
  properties: {
    prompt: prompt(),
    start_image_url: media("image", "Start image"),
    reference_image_urls: mediaList("image", "Reference images", 4),
    aspect_ratio: enumOf(["16:9", "9:16", "1:1"], "16:9", "Aspect ratio"),
    camera_movement: enumOf(["static", "dolly-in", "crane-up"], "static", "Camera movement"),
    resolution: enumOf(["1080p"], "1080p", "Resolution"),
    loop: bool("Loop", false),
    enable_safety_checker: bool("Safety checker", true),
    film_grain: num("Film grain", 0, 2, 0.5, LONG, 0.25),
    seed: { type: "integer", title: "Seed", minimum: 0 },
    max_frames: { type: "integer", title: "Max frames", minimum: 1 },
    negative_prompt: negativePrompt(),
  },
  cost: { unit: "free" },
});

const promptOnly: Model = defineModel({
  id: "test/prompt-only",
  name: "Prompt Only",
  description: "Nothing to configure",
  provider: "local",
  category: "text-to-image",
  family: "Test",
  io: [{ in: ["text"], out: ["image"] }],
  properties: { prompt: prompt() },
  cost: { unit: "free" },
});

const image1: ContextMediaItem = { nodeId: "n1", type: "image", url: "/api/media/img-1" };
const image2: ContextMediaItem = { nodeId: "n2", type: "image", url: "/api/media/img-2" };
const video1: ContextMediaItem = { nodeId: "n3", type: "video", url: "/api/media/vid-1" };
const text1: ContextMediaItem = { nodeId: "n4", type: "text", text: "A foggy harbour" };

interface HarnessProps {
  model: Model | null;
  initial?: ParamRecord;
  context?: ContextMediaItem[];
  readOnly?: boolean;
  onChange(params: Record<string, unknown>): void;
}

/** A node that stores what the form sends, as the canvas store does. */
function Harness({ model, initial = {}, context = [], readOnly, onChange }: HarnessProps) {
  const [value, setValue] = useState<ParamRecord>(initial);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <ModelParamsDialog
        model={model}
        value={value}
        context={context}
        readOnly={readOnly}
        open={open}
        onOpenChange={setOpen}
        onChange={(params) => {
          onChange(params);
          setValue(params);
        }}
      />
    </>
  );
}

function renderForm(props: Omit<HarnessProps, "onChange" | "model"> & { model?: Model | null } = {}) {
  const onChange = vi.fn();
  renderInApp(<Harness model={everyKind} onChange={onChange} {...props} />);
  return { onChange, dialog: screen.getByRole("dialog", { name: "Model Parameters" }) };
}

const field = (name: string) => {
  const el = document.querySelector<HTMLElement>(`[data-param="${name}"]`);
  if (!el) throw new Error(`no field ${name}`);
  return el;
};

function pickOption(label: string, option: string) {
  fireEvent.keyDown(screen.getByRole("combobox", { name: label }), { key: "Enter" });
  fireEvent.click(screen.getByRole("option", { name: option }));
}

describe("Model Parameters modal (spec canvas 2, 5)", () => {
  it("is titled for the model and builds fields in schema order, skipping the prompt", () => {
    const { dialog } = renderForm();
    expect(within(dialog).getByText("Configure parameters for Every Kind")).toBeTruthy();
    const names = [...dialog.querySelectorAll<HTMLElement>("[data-param]")].map((el) => `${el.dataset.param}:${el.dataset.kind}`);
    expect(names).toEqual([
      "start_image_url:media",
      "reference_image_urls:media",
      "aspect_ratio:dropdown",
      "camera_movement:dropdown",
      "resolution:dropdown",
      "loop:toggle",
      "enable_safety_checker:toggle",
      "film_grain:slider",
      "seed:number",
      "max_frames:number",
      "negative_prompt:text",
    ]);
  });

  it("says so when the model has nothing to configure", () => {
    renderForm({ model: promptOnly });
    expect(screen.getByText(NO_MODEL_PARAMETERS)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reset to defaults" })).toBeNull();
  });

  it("cuts descriptions at 100 characters and ties them to their control", () => {
    renderForm();
    const slider = screen.getByLabelText("Film grain");
    const hint = document.getElementById(slider.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(`${LONG.slice(0, 100)}...`);
  });

  it("shows a dropdown's default and sends a choice; a single option is shown fixed", () => {
    vi.useFakeTimers();
    const { onChange } = renderForm();
    const camera = screen.getByRole("combobox", { name: "Camera movement" });
    expect(camera.textContent).toContain("static");
    pickOption("Camera movement", "crane-up");
    expect(camera.textContent).toContain("crane-up");

    const fixed = screen.getByLabelText("Resolution") as HTMLInputElement;
    expect(fixed.readOnly).toBe(true);
    expect(fixed.value).toBe("1080p");
    expect(screen.queryByRole("combobox", { name: "Resolution" })).toBeNull();
    // camera_movement is not immediate: it is sent after the debounce.
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith({ camera_movement: "crane-up" });
  });

  it("toggles read 'Enabled' / 'Disabled'", () => {
    renderForm();
    const loop = screen.getByRole("switch", { name: "Loop" });
    expect(loop.getAttribute("aria-checked")).toBe("false");
    expect(loop.textContent).toBe("Disabled");
    fireEvent.click(loop);
    expect(loop.getAttribute("aria-checked")).toBe("true");
    expect(loop.textContent).toBe("Enabled");
    expect(screen.getByRole("switch", { name: "Safety checker" }).textContent).toBe("Enabled");
  });

  it("steps sliders by multipleOf and shows the value", () => {
    renderForm();
    const slider = screen.getByLabelText("Film grain") as HTMLInputElement;
    expect(slider.type).toBe("range");
    expect([slider.min, slider.max, slider.step]).toEqual(["0", "2", "0.25"]);
    expect(within(field("film_grain")).getByRole("status", { name: "Film grain value" }).textContent).toBe("0.50");
    fireEvent.change(slider, { target: { value: "1.75" } });
    expect(within(field("film_grain")).getByRole("status", { name: "Film grain value" }).textContent).toBe("1.75");
  });

  it("commits a number input on blur and ignores text that is not a number", () => {
    const { onChange } = renderForm();
    const seed = screen.getByLabelText("Seed") as HTMLInputElement;
    expect(seed.value).toBe("");
    fireEvent.change(seed, { target: { value: "12abc" } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(seed);
    expect(seed.value).toBe("");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(seed, { target: { value: "2.5" } });
    fireEvent.blur(seed);
    expect(seed.value).toBe("");
    fireEvent.change(seed, { target: { value: "-3" } });
    fireEvent.blur(seed);
    expect(seed.value).toBe("");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(seed, { target: { value: " 42 " } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(seed);
    expect(seed.value).toBe("42");
    // seed is an immediate parameter.
    expect(onChange).toHaveBeenLastCalledWith({ seed: 42 });
  });

  it("commits a number input on Enter too", () => {
    const { onChange } = renderForm();
    const frames = screen.getByLabelText("Max frames") as HTMLInputElement;
    vi.useFakeTimers();
    fireEvent.change(frames, { target: { value: "96" } });
    fireEvent.keyDown(frames, { key: "Enter" });
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith({ max_frames: 96 });
  });

  it("sends immediate parameters at once and the others 300 ms after the last edit", () => {
    vi.useFakeTimers();
    const { onChange } = renderForm();
    const negative = screen.getByLabelText("Negative prompt");
    fireEvent.change(negative, { target: { value: "blur" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(negative, { target: { value: "blurry" } });
    act(() => vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    // The box shows the edit before it is sent.
    expect((negative as HTMLInputElement).value).toBe("blurry");
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ negative_prompt: "blurry" });

    fireEvent.click(screen.getByRole("switch", { name: "Safety checker" }));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith({ negative_prompt: "blurry", enable_safety_checker: false });
  });

  it("an immediate change carries the debounced edits waiting with it, once", () => {
    vi.useFakeTimers();
    const { onChange } = renderForm();
    fireEvent.click(screen.getByRole("switch", { name: "Loop" }));
    expect(onChange).not.toHaveBeenCalled();
    pickOption("Aspect ratio", "9:16");
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ loop: true, aspect_ratio: "9:16" });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("sends waiting edits when closed with Done", () => {
    vi.useFakeTimers();
    const { onChange } = renderForm();
    fireEvent.change(screen.getByLabelText("Negative prompt"), { target: { value: "text, logos" } });
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onChange).toHaveBeenCalledWith({ negative_prompt: "text, logos" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("resets to the schema defaults", () => {
    const { onChange } = renderForm({ initial: { camera_movement: "crane-up", loop: true, seed: 9 } });
    expect(screen.getByRole("switch", { name: "Loop" }).textContent).toBe("Enabled");
    fireEvent.click(screen.getByRole("button", { name: "Reset to defaults" }));
    expect(onChange).toHaveBeenLastCalledWith(defaultParameters(everyKind.inputSchema));
    expect(screen.getByRole("switch", { name: "Loop" }).textContent).toBe("Disabled");
    // No default seed: an empty field means a fresh seed on every run.
    expect((screen.getByLabelText("Seed") as HTMLInputElement).value).toBe("");
  });

  it("auto-fills media inputs from connected context without writing anything", () => {
    const { onChange } = renderForm({ context: [text1, image1, video1, image2] });
    const start = field("start_image_url");
    const startGroup = within(start).getByRole("radiogroup", { name: "Start image" });
    // One item per slot: the single slot takes the first image, the list takes the rest. Text never fills.
    expect((within(startGroup).getByRole("radio", { name: "Image 1" }) as HTMLInputElement).checked).toBe(true);
    expect((within(startGroup).getByRole("radio", { name: "Image 2" }) as HTMLInputElement).checked).toBe(false);
    expect(within(startGroup).queryByRole("radio", { name: "Video 1" })).toBeNull();
    expect(start.querySelector('img[src="/api/media/img-1"]')).toBeTruthy();
    expect(within(start).getByText("Filled from connected context")).toBeTruthy();
    const refs = within(field("reference_image_urls")).getByRole("group", { name: "Reference images" });
    expect((within(refs).getByRole("checkbox", { name: "Image 1" }) as HTMLInputElement).checked).toBe(false);
    expect((within(refs).getByRole("checkbox", { name: "Image 2" }) as HTMLInputElement).checked).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("fills the spec's character (image or video) and reference (video) slots of Act Two", () => {
    const actTwo = findModel("runway/act-two");
    expect(actTwo).toBeTruthy();
    renderForm({ model: actTwo, context: [video1, image1] });
    const character = within(field("character")).getByRole("radiogroup", { name: "Character" });
    const reference = within(field("reference")).getByRole("radiogroup", { name: "Performance video" });
    expect((within(reference).getByRole("radio", { name: "Video 1" }) as HTMLInputElement).checked).toBe(true);
    expect(within(reference).queryByRole("radio", { name: "Image 1" })).toBeNull();
    expect((within(character).getByRole("radio", { name: "Image 1" }) as HTMLInputElement).checked).toBe(true);
  });

  it("sends a hand-picked media item and keeps list order as connected", () => {
    vi.useFakeTimers();
    const { onChange } = renderForm({ context: [image1, image2] });
    fireEvent.click(within(field("start_image_url")).getByRole("radio", { name: "Image 2" }));
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith({ start_image_url: "/api/media/img-2" });
    expect(within(field("start_image_url")).queryByText("Filled from connected context")).toBeNull();
    // The list input takes every connected image until it is chosen by hand.
    const refs = within(field("reference_image_urls"));
    const box = (name: string) => refs.getByRole("checkbox", { name }) as HTMLInputElement;
    expect([box("Image 1").checked, box("Image 2").checked]).toEqual([true, true]);
    fireEvent.click(box("Image 1"));
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith({ start_image_url: "/api/media/img-2", reference_image_urls: ["/api/media/img-2"] });
    fireEvent.click(box("Image 1"));
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenLastCalledWith({
      start_image_url: "/api/media/img-2",
      reference_image_urls: ["/api/media/img-1", "/api/media/img-2"],
    });
  });

  it("asks for a connection when no connected media fits, and keeps a value whose node was disconnected", () => {
    renderForm({ initial: { start_image_url: "/api/media/old" } });
    expect(within(field("reference_image_urls")).getByText("Connect an image node to fill this in.")).toBeTruthy();
    const earlier = within(field("start_image_url")).getByRole("radio", { name: "Earlier image" }) as HTMLInputElement;
    expect(earlier.checked).toBe(true);
  });

  it("is read-only for viewers", () => {
    const { onChange } = renderForm({ readOnly: true, context: [image1] });
    expect((screen.getByRole("switch", { name: "Loop" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText("Film grain") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Seed") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Negative prompt") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("combobox", { name: "Camera movement" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(field("start_image_url")).getByRole("radio", { name: "Image 1" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Reset to defaults" })).toBeNull();
    fireEvent.click(screen.getByRole("switch", { name: "Loop" }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
