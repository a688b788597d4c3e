/**
 * The failure cases every provider engine must get right, written once: a wrong key (the fake answers
 * 401 like the real service), 402, 429, 5xx and a server that never answers. Each checks the status, the
 * retryable flag and the exact message, and that the key never appears in it.
 */
import { expect, it } from "vitest";
import { ProviderError, type EngineResult } from "../../engine";
import type { FakeServer } from "./fakeServer";

export interface FailureSubject {
  /** The provider name the messages use ('fal.ai'). */
  name: string;
  /** The key the fake accepts. */
  key: string;
  fake(): FakeServer;
  /** Runs the engine against the fake with this key and per-call time limit. */
  run(options: { apiKey: string | undefined; requestTimeoutMs?: number }): Promise<EngineResult>;
  /** Self-hosted servers may run without a key. */
  keyOptional?: boolean;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

export function describeFailures(subject: FailureSubject): void {
  const { name, key } = subject;
  const wrongKey = `${key}-revoked`;

  it("answers a rejected key with the Settings message, without echoing the key", async () => {
    const err = await failure(subject.run({ apiKey: wrongKey }));
    expect(err.status).toBe(401);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(`${name} rejected the API key. Check it in Settings.`);
    expect(err.message).not.toContain(wrongKey);
  });

  if (!subject.keyOptional) {
    it("refuses to call the provider without a key", async () => {
      const err = await failure(subject.run({ apiKey: undefined }));
      expect(err.message).toBe(`${name} needs an API key. Add one in Settings.`);
      expect(subject.fake().requests).toHaveLength(0);
    });
  }

  it("reports an account out of credit on 402", async () => {
    subject.fake().failWith = 402;
    const err = await failure(subject.run({ apiKey: key }));
    expect(err.status).toBe(402);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(`${name} account is out of credit.`);
  });

  it("reports a rate limit on 429 as retryable", async () => {
    subject.fake().failWith = 429;
    const err = await failure(subject.run({ apiKey: key }));
    expect(err.status).toBe(429);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe("Rate limit exceeded. Please try again in a moment.");
  });

  it("reports a 5xx as the provider being unavailable, retryable", async () => {
    subject.fake().failWith = 500;
    const err = await failure(subject.run({ apiKey: key }));
    expect(err.status).toBe(500);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe(`${name} is unavailable (500). Please try again.`);
    expect(err.message).not.toContain(key);
  });

  it("gives up on a provider that never answers, retryable", async () => {
    subject.fake().failWith = "hang";
    const started = Date.now();
    const err = await failure(subject.run({ apiKey: key, requestTimeoutMs: 150 }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe(`${name} did not answer in time.`);
  });
}
