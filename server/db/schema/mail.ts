import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every mail the server sends, kept whether or not SMTP is configured: the development outbox
 * (`GET /api/dev/outbox`) reads it, and in production it is the record of what was sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    /** Extra headers for delivery (List-Unsubscribe and List-Unsubscribe-Post on alert mails). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** queued → sent, or failed after its retries; `recorded` when no SMTP is configured (the dev outbox). */
    state: text('state', { enum: ['queued', 'sent', 'failed', 'recorded'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
)
