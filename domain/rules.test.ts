import { describe, expect, it } from "vitest";
import { displayName, signUpSchema } from "./auth";
import { formatCredits, formatMoney, moneyToCredits } from "./credits";
import { shouldShowMobileGate } from "./device";
import { addMemberSchema, createProjectSchema, updateProjectSchema } from "./projects";
import { canEdit, isOwner } from "./permissions";

describe("credits display (money × 1000, rounded)", () => {
  it("converts money to credits and back to money text", () => {
    expect(moneyToCredits(0.06)).toBe(60);
    expect(moneyToCredits(0.0455)).toBe(46);
    expect(formatMoney(5000)).toBe("$5.00");
    expect(formatMoney(undefined)).toBe("$0.00");
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(12500)).toBe("12,500 credits");
  });
});

describe("project input", () => {
  it("trims names and refuses empty ones with the spec's message", () => {
    expect(createProjectSchema.parse({ name: "  Film  " })).toEqual({ name: "Film" });
    const empty = createProjectSchema.safeParse({ name: "   " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("Project name is required");
  });
  it("refuses unknown fields and empty updates", () => {
    expect(createProjectSchema.safeParse({ name: "x", ownerId: "y" }).success).toBe(false);
    expect(updateProjectSchema.safeParse({}).success).toBe(false);
    expect(updateProjectSchema.parse({ description: " d " })).toEqual({ description: "d" });
  });
  it("normalises invite e-mails and allows only edit or view", () => {
    expect(addMemberSchema.parse({ email: " Ann@Example.COM ", permission: "view" })).toEqual({
      email: "ann@example.com",
      permission: "view",
    });
    expect(addMemberSchema.safeParse({ email: "a@b.co", permission: "owner" }).success).toBe(false);
  });
});

describe("permissions", () => {
  it("lets owner and edit change things, view only look", () => {
    expect([canEdit("owner"), canEdit("edit"), canEdit("view"), canEdit(null)]).toEqual([true, true, false, false]);
    expect([isOwner("owner"), isOwner("edit")]).toEqual([true, false]);
  });
});

describe("mobile gate (under 768 px, or a phone or tablet)", () => {
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36";
  it("shows under 768 px and on phones and tablets", () => {
    expect(shouldShowMobileGate(767, desktop)).toBe(true);
    expect(shouldShowMobileGate(768, desktop)).toBe(false);
    expect(shouldShowMobileGate(1280, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe(true);
    expect(shouldShowMobileGate(1280, "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe(true);
  });
});

describe("user display name", () => {
  it("is the name, else the e-mail before the @", () => {
    expect(displayName({ name: "Ann", email: "a@x.com" })).toBe("Ann");
    expect(displayName({ name: " ", email: "director@x.com" })).toBe("director");
  });
  it("sign-up needs a name, an e-mail and 8+ characters", () => {
    expect(signUpSchema.safeParse({ name: "A", email: "a@b.co", password: "1234567" }).error?.issues[0]?.message).toBe(
      "Password must be at least 8 characters",
    );
  });
});
