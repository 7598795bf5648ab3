import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Small, rarely written settings the admin can change at run time (feature flags, capacity, batch
 * limits). Owned by the settings module; other modules go through its service.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
