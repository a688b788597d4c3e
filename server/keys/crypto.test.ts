import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, KeyDecryptionError, keysSecretFrom } from "./crypto";

const SECRET = "server-secret-for-tests";
const KEY = "sk-live-1234567890abcdef";

describe("provider key encryption", () => {
  it("round-trips a key, and stores neither the key nor the same bytes twice", () => {
    const a = encryptSecret(SECRET, KEY, "u1:openai");
    const b = encryptSecret(SECRET, KEY, "u1:openai");
    expect(decryptSecret(SECRET, a, "u1:openai")).toBe(KEY);
    expect(a).not.toBe(b); // a fresh IV each time
    expect(a).not.toContain(KEY);
    expect(Buffer.from(a, "base64").toString("latin1")).not.toContain(KEY);
  });

  it("stores iv (12) ‖ tag (16) ‖ ciphertext as base64", () => {
    const blob = Buffer.from(encryptSecret(SECRET, KEY, "u1:fal"), "base64");
    expect(blob.length).toBe(12 + 16 + Buffer.byteLength(KEY));
  });

  it("refuses tampered ciphertext, tag or iv", () => {
    const stored = Buffer.from(encryptSecret(SECRET, KEY, "u1:fal"), "base64");
    for (const at of [0, 12, stored.length - 1]) {
      const bad = Buffer.from(stored);
      bad[at]! ^= 0x01;
      expect(() => decryptSecret(SECRET, bad.toString("base64"), "u1:fal")).toThrow(KeyDecryptionError);
    }
  });

  it("refuses a truncated blob", () => {
    const stored = encryptSecret(SECRET, KEY, "u1:fal");
    expect(() => decryptSecret(SECRET, stored.slice(0, 20), "u1:fal")).toThrow(KeyDecryptionError);
    expect(() => decryptSecret(SECRET, "", "u1:fal")).toThrow(KeyDecryptionError);
  });

  it("does not decrypt under another server secret", () => {
    const stored = encryptSecret(SECRET, KEY, "u1:fal");
    expect(() => decryptSecret("another-secret", stored, "u1:fal")).toThrow(KeyDecryptionError);
  });

  it("does not decrypt as another user's or another provider's key (a copied row is useless)", () => {
    const stored = encryptSecret(SECRET, KEY, "u1:fal");
    expect(() => decryptSecret(SECRET, stored, "u2:fal")).toThrow(KeyDecryptionError);
    expect(() => decryptSecret(SECRET, stored, "u1:openai")).toThrow(KeyDecryptionError);
  });

  it("keeps non-ASCII text intact", () => {
    const value = "ключ-🔑-鍵";
    expect(decryptSecret(SECRET, encryptSecret(SECRET, value, "c"), "c")).toBe(value);
  });

  it("uses KEYS_SECRET when set, else the auth secret", () => {
    expect(keysSecretFrom({ KEYS_SECRET: "k" }, "auth")).toBe("k");
    expect(keysSecretFrom({}, "auth")).toBe("auth");
    expect(keysSecretFrom({ KEYS_SECRET: "" }, "auth")).toBe("auth");
  });

  it("refuses to work without a server secret", () => {
    expect(() => encryptSecret("", KEY, "c")).toThrow(/server secret/);
  });
});
