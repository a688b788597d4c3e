import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new migration into drizzle/ from server/db/schema.ts.
// The same migrations run on PGlite and PostgreSQL at start (openDatabase in server/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./drizzle",
});
