import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HoldField } from "./HoldField";

function setup(value: number | undefined) {
  const onChange = vi.fn();
  render(<HoldField shotLabel="Shot 3" value={value} readOnly={false} onChange={onChange} />);
  return { onChange, input: screen.getByLabelText("Shot 3 hold in seconds") as HTMLInputElement };
}

describe("a shot's hold time", () => {
  it("takes seconds with a comma or a point, and brings a time outside 1.5–60 s into range", async () => {
    const { onChange, input } = setup(undefined);
    await userEvent.type(input, "2,5{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(2.5);
    await userEvent.clear(input);
    await userEvent.type(input, "100{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(60);
    expect(input.value).toBe("60");
  });

  it("goes back to the script's time when emptied, and ignores what is not a number", async () => {
    const { onChange, input } = setup(4);
    await userEvent.clear(input);
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    onChange.mockClear();
    await userEvent.type(input, "soon");
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
  });
});
