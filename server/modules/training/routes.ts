import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { attemptLesson, saveLessonProgress, trainingLesson, trainingOverview } from './service'

/** Buyer training (buyers only, by the contract's roles): the lessons, progress saves and quiz attempts. */
export const trainingRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.trainingLessons, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return trainingOverview(app.db, request.user, request.query.lang)
  })

  implement(app, endpoints.trainingLesson, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return trainingLesson(app.db, request.user, request.params.id, request.query.lang)
  })

  implement(app, endpoints.trainingSaveProgress, async (request) =>
    saveLessonProgress(app, request, request.params.id, request.body.answers),
  )

  implement(app, endpoints.trainingAttempt, async (request) =>
    attemptLesson(app, request, request.params.id, request.body.answers, request.query.lang),
  )
}
