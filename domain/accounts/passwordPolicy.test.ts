import { describe, expect, it } from "vitest";
import { commonPasswordSet, PASSWORD_MESSAGES, passwordProblem } from "./passwordPolicy";
import { signUpSchemaWith } from "../auth";

const owner = { email: "Mira.Nair@example.com", name: "Mira Nair" };

describe("password policy (ASVS V6.2)", async () => {
  const common = await commonPasswordSet();

  it("ships ten thousand common passwords, all long enough to pass the length rule", () => {
    expect(common.size).toBe(10_000);
    expect([...common].every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it("refuses common passwords, one character repeated, the account's own details and control characters", () => {
    expect(passwordProblem("password", owner, common)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("12345678", owner, common)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("        ", owner, common)).toBe(PASSWORD_MESSAGES.oneCharacter);
    expect(passwordProblem("========", owner, common)).toBe(PASSWORD_MESSAGES.oneCharacter);
    expect(passwordProblem("mira.nair@example.com", owner, common)).toBe(PASSWORD_MESSAGES.ownDetails);
    expect(passwordProblem("long enough\u0000 1", owner, common)).toBe(PASSWORD_MESSAGES.controlCharacter);
  });

  it("compares with the list and the owner's details case-insensitively", () => {
    expect(passwordProblem("PassWord", owner, common)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("MIRA NAIR", owner, common)).toBe(PASSWORD_MESSAGES.ownDetails);
    expect(passwordProblem("miranair", owner, common)).toBe(PASSWORD_MESSAGES.ownDetails);
    expect(passwordProblem("Mira.Nair", owner, common)).toBe(PASSWORD_MESSAGES.ownDetails);
  });

  it("counts characters as a person sees them, from 8 up to 128", () => {
    expect(passwordProblem("1234567", owner, common)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("🎬🎬🎬🎬🎞️🎞️🎞", owner, common)).not.toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("x".repeat(63) + "y", owner, common)).toBeNull();
    expect(passwordProblem("xy".repeat(64), owner, common)).toBeNull();
    expect(passwordProblem("xy".repeat(64) + "z", owner, common)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it("accepts a passphrase with spaces, without asking for symbols or capitals", () => {
    expect(passwordProblem("correct horse battery", owner, common)).toBeNull();
    expect(passwordProblem("long enough 1", owner, common)).toBeNull();
  });

  it("is the sign-up schema's rule, reported on the password field", () => {
    const result = signUpSchemaWith(common).safeParse({ name: "Mira Nair", email: "mira@example.com", password: "baseball" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["password"], message: PASSWORD_MESSAGES.common });
  });
});

describe("sign-up names", () => {
  const schema = signUpSchemaWith(new Set());
  const name = (value: unknown) =>
    schema.safeParse({ name: value, email: "a@example.com", password: "long enough 1" }).error?.issues[0]?.message;

  it("needs a name of at most 80 characters without control characters", () => {
    expect(name("")).toBe("Enter your name");
    expect(name("   ")).toBe("Enter your name");
    expect(name("x".repeat(10_000))).toBe("Name must be at most 80 characters");
    expect(name("Ann\u0000")).toBe("Name cannot contain control characters");
    expect(name(42)).toBe("Enter your name");
    expect(name("Agnès Varda")).toBeUndefined();
  });
});
