import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";

export const PASSWORD = "correct horse 1";

export interface Account {
  name: string;
  email: string;
}

export const newAccount = (name: string): Account => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(4).toString("hex")}@example.com`,
});

/** Signs up through the real page, as a new user would. */
export async function signUpInBrowser(page: Page, account: Account, { expectDashboard = true } = {}) {
  await page.goto("/login?access-code=studio");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  if (expectDashboard) await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();
}

const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3123}`;

/**
 * A cookie-less API client, like a script using bearer tokens. (A shared cookie jar would make every
 * call also look like a browser request without an Origin, which auth rightly refuses.)
 */
async function apiClient<T>(use: (client: APIRequestContext) => Promise<T>): Promise<T> {
  const client = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    return await use(client);
  } finally {
    await client.dispose();
  }
}

/** Signs up over the API (for the other people in a journey) and returns a bearer token. */
export async function signUpByApi(_request: APIRequestContext, account: Account): Promise<string> {
  return apiClient(async (client) => {
    const res = await client.post("/api/auth/sign-up/email", { data: { ...account, password: PASSWORD } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).token;
  });
}

export async function signInInBrowser(page: Page, account: Account) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByRole("heading", { name: "All Projects" })).toBeVisible();
}

/** The dashboard as a small page object. */
export function dashboard(page: Page) {
  return {
    cards: () => page.getByTestId("project-card"),
    card: (name: string) => page.getByTestId("project-card").filter({ hasText: name }),
    async create(name: string) {
      await page.getByRole("button", { name: "Project", exact: true }).click();
      await page.getByLabel("Project Name").fill(name);
      await page.getByRole("button", { name: "Create Project" }).click();
      await expect(page).toHaveURL(/\?project=[0-9a-f-]{36}$/);
      await expect(page.getByTestId("project-name")).toHaveText(name);
    },
    async search(q: string) {
      await page.getByRole("searchbox", { name: "Search projects" }).fill(q);
    },
    async sort(field: string, order: string) {
      await page.getByRole("button", { name: /^Sort:/ }).click();
      await page.getByRole("menuitemradio", { name: field }).click();
      await page.getByRole("button", { name: /^Sort:/ }).click();
      await page.getByRole("menuitemradio", { name: order }).click();
    },
    names: () => page.getByTestId("project-card").locator("h3").allTextContents(),
  };
}

export async function apiCall(
  _request: APIRequestContext,
  token: string,
  method: "get" | "post" | "put" | "patch" | "delete",
  url: string,
  data?: unknown,
) {
  return apiClient(async (client) => {
    const res = await client[method](url, { headers: { authorization: `Bearer ${token}` }, data });
    return { status: res.status(), body: await res.json().catch(() => null) };
  });
}

/** A project made through the API as the page's signed-in user (the page's cookies); its id. */
export async function newProject(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/projects", { data: { name } });
  expect(res.ok()).toBe(true);
  return (await res.json()).id as string;
}
