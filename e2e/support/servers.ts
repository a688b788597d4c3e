/** The e2e servers (playwright.config.ts starts both): the main one, and one whose new accounts get few credits. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);
export const LOW_CREDITS_PORT = E2E_PORT + 1;
export const LOW_CREDITS_URL = `http://localhost:${LOW_CREDITS_PORT}`;
/** Enough for one 2-credit local sketch, not for five. */
export const LOW_SIGNUP_CREDITS = 6;
