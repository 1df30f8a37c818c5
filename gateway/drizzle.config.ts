import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './gateway/src/db/schema/*.ts',
  out: './gateway/migrations',
});
