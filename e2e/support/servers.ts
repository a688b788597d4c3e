/** The e2e servers (playwright.config.ts starts both): the main one, and one whose new accounts get few credits. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const LOW_CREDITS_PORT = E2E_PORT + 1;
export const LOW_CREDITS_URL = `http://localhost:${LOW_CREDITS_PORT}`;
/** Enough for one 2-credit local sketch, not for five. */
export const LOW_SIGNUP_CREDITS = 6;
/**
 * The e2e servers' attempt window (AUTH_FAILURE_WINDOW_SECONDS), short so the lockout journey waits seconds,
 * not a minute; and sign-ups per address high enough for the whole suite, which signs up from one address.
 */
export const E2E_AUTH_WINDOW_SECONDS = 10;
export const E2E_SIGNUPS_PER_ADDRESS = 1000;
/** The e2e servers' auth secret (the admin command proves itself with it, as on a real studio's machine). */
export const E2E_AUTH_SECRET = "e2e-secret-that-is-long-enough-to-be-fine-0123456789";
