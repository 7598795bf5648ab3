import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * What the operators run the beta with (admin, feedback and roadmap modules): the audit log of every admin
 * action, buyers' requests for the seller role, users' feedback, and the public feature roadmap.
 */

/**
 * Every admin action, written in the same transaction as the change (admin/audit.ts `recordAudit`). Rows
 * are never changed or removed: a trigger refuses UPDATE and DELETE (migration 0012). The actor's e-mail is
 * copied so the entry still names them after their account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** e.g. `user.roles`, `user.status`, `settings.update`, `waitlist.invite`, `feedback.status`. */
    action: text('action').notNull(),
    /** What was acted on: `user`, `settings`, `invitation`, `waitlist`, `seller_request`, `feedback`, `roadmap`. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** A short human label for the target at the time (an e-mail, a title), for the list. */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    /** A reason the admin gave (deactivation, decline). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
)

export const SELLER_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const

/** A buyer asking for the seller (originator) role; an admin approves or declines it with a reason. */
export const sellerRequests = pgTable(
  'seller_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    phone: text('phone').notNull(),
    /** What they sell (deal types, markets), in their words. */
    sells: text('sells').notNull(),
    note: text('note'),
    status: text('status', { enum: SELLER_REQUEST_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Given with a decline (required) or an approval (optional). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per person.
    uniqueIndex('seller_requests_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('seller_requests_status_created_idx').on(t.status, t.createdAt),
  ],
)

export const FEEDBACK_TYPES = ['bug', 'feature', 'question'] as const
export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved'] as const

/** What users tell us (the widget, /feedback and /owners-feedback); admins review it. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FEEDBACK_TYPES }).notNull(),
    comment: text('comment').notNull(),
    /** The page the widget was opened on (path and query, no origin). */
    page: text('page'),
    /** The stored screenshot's key in the file store (bug reports only), metadata stripped. */
    screenshotKey: text('screenshot_key'),
    /** Sent from /owners-feedback (Owners Club members: sellers, owners, admins). */
    ownersClub: boolean('owners_club').notNull().default(false),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt.desc(), t.id),
    index('feedback_user_created_idx').on(t.userId, t.createdAt),
    index('feedback_status_created_idx').on(t.status, t.createdAt),
  ],
)

export const ROADMAP_STATUSES = ['planned', 'in_progress', 'shipped'] as const

/** The public feature roadmap (/features), in both languages; admins edit it in the panel. */
export const roadmapItems = pgTable(
  'roadmap_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name for seeded items (the seed updates by it), null for items admins add. */
    slug: text('slug'),
    status: text('status', { enum: ROADMAP_STATUSES }).notNull().default('planned'),
    /** Order within its column, ascending. */
    position: integer('position').notNull().default(0),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionEs: text('description_es').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roadmap_items_slug_key').on(t.slug),
    index('roadmap_items_status_position_idx').on(t.status, t.position),
  ],
)

/** One vote per signed-in user per planned item; withdrawn by deleting it. */
export const roadmapVotes = pgTable(
  'roadmap_votes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => roadmapItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('roadmap_votes_user_idx').on(t.userId)],
)
