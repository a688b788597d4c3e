import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSWORD_MESSAGES } from "../../domain/accounts/passwordPolicy";
import { renderInApp } from "../test/render";
import { LoginPage } from "./LoginPage";
import { fakeStudio, json } from "../test/fakeStudio";

/** The studio server as the page sees it: signed out, and recording what the form sends. */
function signUpStudio() {
  const sent: unknown[] = [];
  fakeStudio(({ url, body }) => {
    if (url === "/api/auth/get-session") return json(null);
    if (url === "/api/auth/sign-up/email") sent.push(body);
    return json({ token: "t", user: { id: "u1" } });
  });
  return sent;
}

const advice = () => document.getElementById("signup-password-advice")?.textContent;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("create account form: the password rule as the user types", () => {
  let sent: unknown[];
  beforeEach(() => {
    sent = signUpStudio();
    renderInApp(<LoginPage />, { route: "/login?access-code=studio" });
    type("Name", "Mira Nair");
    type("E-mail", "mira@example.com");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says why a password is refused, before anything is sent", async () => {
    expect(advice()).toMatch(/At least 8 characters/);
    type("Password", "short");
    expect(advice()).toBe(PASSWORD_MESSAGES.tooShort);
    type("Password", "aaaaaaaa");
    expect(advice()).toBe(PASSWORD_MESSAGES.oneCharacter);
    type("Password", "mira@example.com");
    expect(advice()).toBe(PASSWORD_MESSAGES.ownDetails);
    type("Password", "baseball");
    // The common-password list arrives a moment after the form (its own chunk).
    await waitFor(() => expect(advice()).toBe(PASSWORD_MESSAGES.common));
    fireEvent.click(screen.getAllByRole("button", { name: "Create account" }).at(-1)!);
    expect(screen.getByRole("alert")).toHaveProperty("textContent", PASSWORD_MESSAGES.common);
    expect(sent).toEqual([]);
  });

  it("sends a password that meets the rule", async () => {
    type("Password", "a lighthouse at dusk");
    expect(advice()).toBe("Good: this password meets the rules");
    fireEvent.click(screen.getAllByRole("button", { name: "Create account" }).at(-1)!);
    await waitFor(() => expect(sent).toEqual([{ name: "Mira Nair", email: "mira@example.com", password: "a lighthouse at dusk" }]));
  });
});
