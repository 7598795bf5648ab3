import type { TFunction } from 'i18next'
import { ROLES } from '@/contract'

/** The actions the log's filter suggests; any other recorded action still lists, under its own name. */
export const KNOWN_AUDIT_ACTIONS = [
  'user.roles',
  'user.status',
  'settings.update',
  'seller_request.approve',
  'seller_request.decline',
  'waitlist.invite',
  'waitlist.decline',
  'invitation.resend',
  'invitation.revoke',
  'feedback.status',
  'feedback.delete',
  'roadmap.create',
  'roadmap.update',
  'roadmap.move',
  'roadmap.delete',
  'training_lesson.create',
  'training_lesson.update',
  'training_lesson.move',
  'training_lesson.publish',
  'training_lesson.unpublish',
  'training_lesson.delete',
  'help.question.published',
  'help.question.rejected',
  'help.question.update',
  'help.article.create',
  'help.article.update',
  'help.article.publish',
  'help.article.unpublish',
  'help.article.delete',
  'help.category.create',
  'help.category.update',
  'help.category.delete',
] as const

/**
 * An action in words: its translation under `audit.actions` (e.g. `audit.actions.user.roles`), or the
 * action's own name when none is known, so entries other modules record read well once translated and
 * are never hidden before.
 */
export const actionInWords = (t: TFunction<['admin', 'values']>, action: string): string =>
  t(`admin:audit.actions.${action}`, { defaultValue: action })

const isRole = (value: string): value is (typeof ROLES)[number] => (ROLES as readonly string[]).includes(value)

/** A recorded before/after value in words: roles and statuses translated, lists joined, objects as `key: value`. */
export function valueInWords(t: TFunction<['admin', 'values']>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return t(value ? 'admin:audit.yes' : 'admin:audit.no')
  if (typeof value === 'string') {
    if (isRole(value)) return t(`values:roles.${value}`)
    if (value === 'active' || value === 'deactivated') return t(`admin:users.statuses.${value}`)
    return value
  }
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.length ? value.map((item) => valueInWords(t, item)).join(', ') : '—'
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, item]) => `${t(`admin:audit.fields.${key}`, { defaultValue: key })}: ${valueInWords(t, item)}`)
      .join('; ')
  }
  return JSON.stringify(value)
}
