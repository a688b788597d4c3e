import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { TooltipProvider } from "../ui";

/** Renders a component inside the providers the app has at its root. */
export function renderInApp(
  ui: ReactElement,
  {
    route = "/" as string | { pathname: string; state?: unknown },
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  } = {},
) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <TooltipProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </TooltipProvider>
      </QueryClientProvider>,
    ),
  };
}
