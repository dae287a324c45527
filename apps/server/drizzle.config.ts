import { defineConfig } from 'drizzle-kit';

// Migrations are generated from every module's tables and committed; never edit one that landed.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/*.tables.ts', './src/mail/*.tables.ts'],
  out: './drizzle',
});
