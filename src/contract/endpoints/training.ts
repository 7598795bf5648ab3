import { endpoint } from '../endpoint'
import {
  LessonAttemptResultSchema,
  LessonAttemptSchema,
  LessonProgressSaveSchema,
  LessonProgressSchema,
  LessonSchema,
  TrainingLangQuerySchema,
  TrainingOverviewSchema,
} from '../training'

/** Buyer training: buyers only (others get 403 "This training is only available to buyers"). */
export const trainingEndpoints = {
  trainingLessons: endpoint({
    method: 'GET',
    path: '/api/training/lessons',
    auth: 'user',
    roles: ['buyer'],
    query: TrainingLangQuerySchema,
    responses: { 200: TrainingOverviewSchema },
  }),
  trainingLesson: endpoint({
    method: 'GET',
    path: '/api/training/lessons/:id',
    auth: 'user',
    roles: ['buyer'],
    query: TrainingLangQuerySchema,
    responses: { 200: LessonSchema },
  }),
  trainingSaveProgress: endpoint({
    method: 'PUT',
    path: '/api/training/lessons/:id/progress',
    auth: 'user',
    roles: ['buyer'],
    body: LessonProgressSaveSchema,
    responses: { 200: LessonProgressSchema },
  }),
  /** Checks the quiz; passing the last published lesson makes the buyer Certified (notice and mail). */
  trainingAttempt: endpoint({
    method: 'POST',
    path: '/api/training/lessons/:id/attempts',
    auth: 'user',
    roles: ['buyer'],
    query: TrainingLangQuerySchema,
    body: LessonAttemptSchema,
    responses: { 200: LessonAttemptResultSchema },
  }),
}
