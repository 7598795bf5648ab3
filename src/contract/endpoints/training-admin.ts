import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  AdminLessonListSchema,
  AdminLessonSchema,
  LessonCreateSchema,
  LessonInputSchema,
  LessonMoveSchema,
  LessonPublishSchema,
} from '../training-admin'

/** Editing the buyer training (admins; owners pass admin checks). Every write is audited. */
export const trainingAdminEndpoints = {
  adminTrainingLessons: endpoint({
    method: 'GET',
    path: '/api/admin/training/lessons',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminLessonListSchema },
  }),
  adminTrainingLesson: endpoint({
    method: 'GET',
    path: '/api/admin/training/lessons/:id',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: AdminLessonSchema },
  }),
  /** A new lesson goes last, unpublished. 409 when the slug is taken. */
  adminCreateTrainingLesson: endpoint({
    method: 'POST',
    path: '/api/admin/training/lessons',
    auth: 'user',
    roles: ['admin'],
    body: LessonCreateSchema,
    responses: { 201: AdminLessonSchema },
  }),
  /** Saves the lesson (sets its edited time: the content files no longer overwrite it). A published lesson
   * stays published only if it is still complete (400 with the missing fields otherwise). */
  adminUpdateTrainingLesson: endpoint({
    method: 'PUT',
    path: '/api/admin/training/lessons/:id',
    auth: 'user',
    roles: ['admin'],
    body: LessonInputSchema,
    responses: { 200: AdminLessonSchema },
  }),
  adminMoveTrainingLesson: endpoint({
    method: 'POST',
    path: '/api/admin/training/lessons/:id/move',
    auth: 'user',
    roles: ['admin'],
    body: LessonMoveSchema,
    responses: { 200: AdminLessonListSchema },
  }),
  /** Publishing is refused (400, field messages) until both languages and the quiz are complete. */
  adminPublishTrainingLesson: endpoint({
    method: 'PUT',
    path: '/api/admin/training/lessons/:id/published',
    auth: 'user',
    roles: ['admin'],
    body: LessonPublishSchema,
    responses: { 200: AdminLessonSchema },
  }),
  /** Only a lesson no buyer has passed (409 otherwise: unpublish it instead). */
  adminDeleteTrainingLesson: endpoint({
    method: 'DELETE',
    path: '/api/admin/training/lessons/:id',
    auth: 'user',
    roles: ['admin'],
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
} as const
