import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { findModel } from "../../domain/generation/catalogue";
import type { Model } from "../../domain/generation/modelTypes";
import { renderInApp } from "../test/render";
import { DROPDOWN_EMPTY_TEXT, DROPDOWN_EMPTY_TITLE, ModelDropdown, type ModelDropdownProps } from "./ModelDropdown";

function model(id: string, lock?: string): Model {
  const m = findModel(id);
  if (!m) throw new Error(`no model ${id} in the catalogue`);
  return lock ? { ...m, usable: false, lockedReason: lock } : { ...m, usable: true };
}

const sketch = model("local/sketch");
const imagen = model("google/imagen-4");
const fluxDev = model("fal-ai/flux/dev", "Add a fal.ai key in Settings");

function open(props: Partial<ModelDropdownProps> = {}) {
  const onSelect = vi.fn();
  const onBrowseAll = vi.fn();
  renderInApp(
    <ModelDropdown
      models={[sketch, imagen, fluxDev]}
      loading={false}
      selectedId={sketch.id}
      costs={{ [sketch.id]: 0, [imagen.id]: 40 }}
      onSelect={onSelect}
      onBrowseAll={onBrowseAll}
      {...props}
    />,
  );
  const trigger = screen.getAllByRole("button")[0]!;
  fireEvent.keyDown(trigger, { key: "Enter" });
  return { onSelect, onBrowseAll, trigger, menu: screen.getByRole("menu") };
}

describe("toolbar model dropdown (spec canvas 2)", () => {
  it("names the current model on its button", () => {
    renderInApp(
      <ModelDropdown models={[sketch]} loading={false} selectedId={sketch.id} costs={{}} onSelect={vi.fn()} onBrowseAll={vi.fn()} />,
    );
    expect(screen.getByRole("button", { name: `Model: ${sketch.name}` })).toBeTruthy();
  });

  it("falls back to the display-name rule for a model that is not in the list", () => {
    renderInApp(
      <ModelDropdown models={[sketch]} loading={false} selectedId="fal-ai/flux/dev" costs={{}} onSelect={vi.fn()} onBrowseAll={vi.fn()} />,
    );
    expect(screen.getByRole("button", { name: "Model: Flux Dev" })).toBeTruthy();
  });

  it("is 320 px wide, at most half the window high, and lists each model with its cost", () => {
    const { menu } = open();
    expect(menu.className).toContain("w-[320px]");
    expect(menu.style.maxHeight).toBe("50vh");
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((i) => i.dataset.modelId)).toEqual([sketch.id, imagen.id, fluxDev.id]);
    expect(within(items[0]!).getByTestId("model-cost").textContent).toBe("Free · local");
    expect(within(items[1]!).getByTestId("model-cost").textContent).toBe("40 credits");
    expect(items[0]!.getAttribute("aria-checked")).toBe("true");
  });

  it("chooses a usable model, and lists a locked one greyed with its reason but not choosable", () => {
    const { menu, onSelect } = open();
    const locked = within(menu).getAllByRole("menuitemradio")[2]!;
    expect(locked.hasAttribute("data-disabled")).toBe(true);
    expect(within(locked).getByText("Add a fal.ai key in Settings")).toBeTruthy();
    fireEvent.click(locked);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(within(menu).getAllByRole("menuitemradio")[1]!);
    expect(onSelect).toHaveBeenCalledWith(imagen);
  });

  it("says 'No Models Available / No compatible models found' when nothing fits", () => {
    const { menu } = open({ models: [], selectedId: null });
    expect(within(menu).getByTestId("model-dropdown-empty").textContent).toBe(`${DROPDOWN_EMPTY_TITLE}${DROPDOWN_EMPTY_TEXT}`);
    expect(within(menu).getByRole("menuitem", { name: "Browse all models" })).toBeTruthy();
  });

  it("shows loading and errors rather than the empty text", () => {
    const loading = open({ models: [], loading: true });
    expect(within(loading.menu).getByRole("status", { name: "Loading models" })).toBeTruthy();
    expect(within(loading.menu).queryByTestId("model-dropdown-empty")).toBeNull();
  });

  it("shows a load error", () => {
    const { menu } = open({ models: [], error: "Failed to fetch models" });
    expect(within(menu).getByRole("alert").textContent).toBe("Failed to fetch models");
    expect(within(menu).queryByTestId("model-dropdown-empty")).toBeNull();
  });

  it("opens the picker from 'Browse all models'", () => {
    const { menu, onBrowseAll } = open();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Browse all models" }));
    expect(onBrowseAll).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
