import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  AdminFeedbackPageSchema,
  AdminFeedbackQuerySchema,
  AdminFeedbackSchema,
  AdminFeedbackUpdateSchema,
  MyFeedbackListSchema,
  MyFeedbackSchema,
} from '../feedback'

export const feedbackEndpoints = {
  /**
   * Spec §7: multipart `type`, `comment`, `page`, `ownersClub`, `humanCheckToken`, `humanCheckAnswer` and, for a
   * bug report, an optional image in `file` (judged by its bytes, under 10 MB, stored without its metadata).
   */
  submitFeedback: endpoint({
    method: 'POST',
    path: '/api/feedback',
    auth: 'user',
    multipart: true,
    responses: { 201: MyFeedbackSchema },
  }),
  /** The caller's own feedback, newest first (at most 50). */
  myFeedback: endpoint({
    method: 'GET',
    path: '/api/feedback/mine',
    auth: 'user',
    responses: { 200: MyFeedbackListSchema },
  }),
  /** Newest first; filtered by type and status, searched in the comment, page and sender. */
  adminFeedback: endpoint({
    method: 'GET',
    path: '/api/admin/feedback',
    auth: 'user',
    query: AdminFeedbackQuerySchema,
    roles: ['admin'],
    responses: { 200: AdminFeedbackPageSchema },
  }),
  /** The screenshot's bytes (WebP), for admins and owners only: no public URL exists. */
  adminFeedbackScreenshot: endpoint({
    method: 'GET',
    path: '/api/admin/feedback/:id/screenshot',
    auth: 'user',
    roles: ['admin'],
    download: 'image/webp',
    responses: { 200: z.unknown() },
  }),
  /** Moves it to another status; the sender gets a notice when theirs is resolved. */
  adminUpdateFeedback: endpoint({
    method: 'PATCH',
    path: '/api/admin/feedback/:id',
    auth: 'user',
    body: AdminFeedbackUpdateSchema,
    roles: ['admin'],
    responses: { 200: AdminFeedbackSchema },
  }),
  adminDeleteFeedback: endpoint({
    method: 'DELETE',
    path: '/api/admin/feedback/:id',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
} as const
