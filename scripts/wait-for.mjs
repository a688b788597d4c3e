// Waits until a URL answers 2xx (used by playwright.config.ts to order its servers). Gives up after 4 minutes.
const url = process.argv[2];
const until = Date.now() + 240_000;
for (;;) {
  try {
    if ((await fetch(url)).ok) process.exit(0);
  } catch {
    // not up yet
  }
  if (Date.now() > until) {
    console.error(`gave up waiting for ${url}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
