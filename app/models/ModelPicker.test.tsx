import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { findModel } from "../../domain/generation/catalogue";
import { estimateCredits } from "../../domain/generation/cost";
import type { Model } from "../../domain/generation/modelTypes";
import { renderInApp } from "../test/render";
import { ModelPicker, MODEL_PICKER_EMPTY, type ModelPickerProps } from "./ModelPicker";

function model(id: string, lock?: string): Model {
  const m = findModel(id);
  if (!m) throw new Error(`no model ${id} in the catalogue`);
  return lock ? { ...m, usable: false, lockedReason: lock } : { ...m, usable: true };
}

const sketch = model("local/sketch");
const kontext = model("fal-ai/flux-pro/kontext");
const gptImage = model("openai/gpt-image-1");
const fluxDev = model("fal-ai/flux/dev", "Add a fal.ai key in Settings");
const runway = model("runway/gen4-turbo", "Add a Runway key in Settings");
const models = [sketch, kontext, gptImage, fluxDev, runway];

function renderPicker(props: Partial<ModelPickerProps> = {}) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  renderInApp(
    <ModelPicker
      models={models}
      loading={false}
      error={null}
      selectedId={null}
      costs={{}}
      onSelect={onSelect}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSelect, onClose, search: screen.getByRole("combobox", { name: "Search models" }) };
}

const card = (name: string) => screen.getByRole("option", { name });
const cardNames = () =>
  screen.queryAllByRole("option").map((o) => document.getElementById(o.getAttribute("aria-labelledby") ?? "")?.textContent);

describe("model picker overlay (spec canvas 2)", () => {
  it("opens as 'Select a Model' with the search box focused and one card per model", () => {
    const { search } = renderPicker();
    const dialog = screen.getByRole("dialog", { name: "Select a Model" });
    expect(within(dialog).getByText("Choose the perfect model for your task")).toBeTruthy();
    expect(search.getAttribute("placeholder")).toBe("Search models...");
    expect(document.activeElement).toBe(search);
    expect(cardNames()).toEqual([sketch.name, kontext.name, gptImage.name, fluxDev.name, runway.name]);
  });

  it("shows the provider logo, the 'inputs → outputs' summary with the provider, badges, two tags and '+N more'", () => {
    renderPicker();
    const k = card(kontext.name);
    expect(k.querySelector('[data-provider="fal"]')?.textContent).toBe("f");
    expect(within(k).getByTestId("model-summary").textContent).toBe("image, text → image");
    expect(within(k).getByText("fal.ai")).toBeTruthy();
    // Kontext Pro is Premium and New: badges, then the first two of its three feature tags.
    expect(within(k).getAllByText("Premium")).toHaveLength(2);
    expect(within(k).getByText("New")).toBeTruthy();
    expect(within(k).getByText("Batch Processing")).toBeTruthy();
    expect(within(k).getByText("+1 more")).toBeTruthy();

    const local = card(sketch.name);
    expect(local.querySelector('[data-provider="local"] svg')).toBeTruthy();
    expect(within(local).getByText("Local (offline)")).toBeTruthy();
    expect(within(local).queryByText("Premium")).toBeNull();
    expect(within(local).queryByText(/more$/)).toBeNull();
  });

  it("filters by model name or provider label, case-insensitively, and says when nothing matches", () => {
    const { search } = renderPicker();
    fireEvent.change(search, { target: { value: "KONTEXT" } });
    expect(cardNames()).toEqual([kontext.name]);
    fireEvent.change(search, { target: { value: "fal.ai" } });
    expect(cardNames()).toEqual([kontext.name, fluxDev.name]);
    fireEvent.change(search, { target: { value: "openai" } });
    expect(cardNames()).toEqual([gptImage.name]);
    fireEvent.change(search, { target: { value: "no such model" } });
    expect(cardNames()).toEqual([]);
    expect(screen.getByText(MODEL_PICKER_EMPTY)).toBeTruthy();
    fireEvent.change(search, { target: { value: "" } });
    expect(cardNames()).toHaveLength(5);
  });

  it("shows a spinner while loading and no empty text", () => {
    renderPicker({ models: [], loading: true });
    expect(screen.getByRole("status", { name: "Loading models" })).toBeTruthy();
    expect(screen.queryByText(MODEL_PICKER_EMPTY)).toBeNull();
  });

  it("shows the load error instead of the empty text", () => {
    renderPicker({ models: [], error: "API error: 500" });
    expect(screen.getByRole("alert").textContent).toBe("API error: 500");
    expect(screen.queryByText(MODEL_PICKER_EMPTY)).toBeNull();
  });

  it("shows each model's cost: the server's credits, 'Free · local' for a local model at 0, the estimate until the server answers", () => {
    renderPicker({ costs: { [kontext.id]: 40, [sketch.id]: 0, [gptImage.id]: 1 } });
    const cost = (name: string) => within(card(name)).getByTestId("model-cost").textContent;
    expect(cost(kontext.name)).toBe("40 credits");
    // A local model at 0 says why it is free (this studio does not price what runs on its own machine).
    expect(cost(sketch.name)).toBe("Free · local");
    expect(within(card(sketch.name)).getByTestId("model-cost").title).toBe(
      "Free: runs on this studio's own machine, so it costs no credits",
    );
    expect(cost(gptImage.name)).toBe("1 credit");
    expect(estimateCredits(runway)).toBeGreaterThan(0);
    expect(cost(runway.name)).toBe(`${estimateCredits(runway)} credits`);
  });

  it("picks a usable model on click", () => {
    const { onSelect } = renderPicker();
    fireEvent.click(card(gptImage.name));
    expect(onSelect).toHaveBeenCalledWith(gptImage);
  });

  it("shows a locked model dimmed with its reason linking to Settings, and never picks it", () => {
    const { onSelect, search } = renderPicker();
    const locked = card(fluxDev.name);
    expect(locked.getAttribute("aria-disabled")).toBe("true");
    expect(locked.dataset.locked).toBe("true");
    const link = within(locked).getByRole("link", { name: "Add a fal.ai key in Settings" });
    expect(link.getAttribute("href")).toBe("/settings");
    fireEvent.click(locked);
    expect(onSelect).not.toHaveBeenCalled();
    // Reached with the keyboard, Enter does nothing either.
    fireEvent.change(search, { target: { value: "flux dev" } });
    expect(search.getAttribute("aria-activedescendant")).toBe(card(fluxDev.name).id);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("moves through the cards with the arrow keys, picks with Enter and closes with Escape", () => {
    const { onSelect, onClose, search } = renderPicker({ selectedId: kontext.id });
    const active = () => document.getElementById(search.getAttribute("aria-activedescendant") ?? "");
    // The current model is highlighted first and marked.
    expect(active()).toBe(card(kontext.name));
    expect(within(card(kontext.name)).getByText("Current")).toBeTruthy();
    fireEvent.keyDown(search, { key: "ArrowDown" });
    expect(active()).toBe(card(gptImage.name));
    expect(card(gptImage.name).getAttribute("aria-selected")).toBe("true");
    expect(card(kontext.name).getAttribute("aria-selected")).toBe("false");
    fireEvent.keyDown(search, { key: "ArrowUp" });
    fireEvent.keyDown(search, { key: "ArrowUp" });
    fireEvent.keyDown(search, { key: "ArrowUp" });
    expect(active()).toBe(card(sketch.name));
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(gptImage);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("highlights the first usable match after a search, skipping locked ones", () => {
    const { search, onSelect } = renderPicker({ models: [fluxDev, sketch, kontext] });
    fireEvent.change(search, { target: { value: "flux" } });
    expect(cardNames()).toEqual([fluxDev.name, kontext.name]);
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith(kontext);
  });

  it("renders nothing when closed", () => {
    renderInApp(<ModelPicker open={false} models={models} loading={false} costs={{}} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
