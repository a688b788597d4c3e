import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Users' provider keys are encrypted at rest with AES-256-GCM. The 256-bit key is derived from a server
 * secret with HKDF-SHA256, so the auth secret can double as the root without the two uses sharing a key.
 * Stored form: base64(iv ‖ tag ‖ ciphertext). Each row is bound to its owner and provider (GCM additional
 * data), so a ciphertext copied into another user's row does not decrypt there.
 */

const IV_BYTES = 12; // the GCM standard nonce size
const TAG_BYTES = 16;
// Changing either string makes every stored key unreadable: they name this use of the secret, version 1.
const HKDF_INFO = "reelgraph provider-keys aes-256-gcm v1";
const HKDF_SALT = "reelgraph-provider-keys";

/** A stored key that cannot be read: tampered with, or written under another server secret. */
export class KeyDecryptionError extends Error {
  constructor() {
    super("The stored key could not be decrypted");
    this.name = "KeyDecryptionError";
  }
}

/** KEYS_SECRET when set (so keys survive rotating the auth secret), else the auth secret. */
export function keysSecretFrom(env: NodeJS.ProcessEnv, authSecret: string): string {
  return env.KEYS_SECRET || authSecret;
}

const derived = new Map<string, Buffer>();

function encryptionKey(serverSecret: string): Buffer {
  if (!serverSecret) throw new Error("A server secret is needed to encrypt provider keys");
  let key = derived.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", serverSecret, HKDF_SALT, HKDF_INFO, 32));
    derived.set(serverSecret, key);
  }
  return key;
}

/** `context` (e.g. "userId:provider") must be given again, unchanged, to decrypt. */
export function encryptSecret(serverSecret: string, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(serverSecret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
}

export function decryptSecret(serverSecret: string, stored: string, context: string): string {
  const blob = Buffer.from(stored, "base64");
  if (blob.length < IV_BYTES + TAG_BYTES) throw new KeyDecryptionError();
  const iv = blob.subarray(0, IV_BYTES);
  const tag = blob.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const ciphertext = blob.subarray(IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(serverSecret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    // GCM's "unable to authenticate data" says nothing useful to a reader; one error type for every cause.
    throw new KeyDecryptionError();
  }
}
