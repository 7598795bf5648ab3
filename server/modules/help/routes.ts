import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { loadHumanCheckSecret } from '../access/human-check'
import {
  adminArticles,
  adminCategories,
  articleNotFound,
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  updateArticle,
  updateCategory,
} from './admin-content'
import { adminQuestions, askQuestion, myQuestions, questionNotFound, updateQuestion } from './questions'
import { helpHome, listQas, readArticle, readQa } from './repository'
import { searchHelp } from './search'
import { voteOnArticle, voterKey } from './voting'

/** The help centre: public reading and search (no token, spec §7), members' questions, the admins' editing. */
export const helpRoutes: FastifyPluginAsync = async (app) => {
  const voteSecret = await loadHumanCheckSecret(app.db, app.config.DATA_DIR)

  implement(app, endpoints.helpHome, async (request) => helpHome(app.db, request.query.lang))

  implement(app, endpoints.helpArticle, async (request, reply) => {
    const article = await readArticle(app.db, request.params.id, request.query.lang)
    if (!article) throw articleNotFound()
    reply.header('cache-control', 'no-cache')
    return article
  })

  implement(app, endpoints.helpArticleVote, async (request) => {
    const counts = await voteOnArticle(app.db, request.params.id, voterKey(voteSecret, request), request.body.helpful)
    if (!counts) throw articleNotFound()
    return counts
  })

  implement(app, endpoints.helpQuestions, async (request) => ({ questions: await listQas(app.db, request.query.lang) }))

  implement(app, endpoints.helpQuestion, async (request) => {
    const qa = await readQa(app.db, request.params.id, request.query.lang)
    if (!qa) throw questionNotFound()
    return qa
  })

  implement(app, endpoints.helpSearch, async (request) => searchHelp(app.db, request.query.q, request.query.lang))

  implement(app, endpoints.helpAsk, async (request, reply) => {
    const mine = await askQuestion(app, request.user, request.body.question)
    reply.code(201)
    return mine
  })

  implement(app, endpoints.helpMyQuestions, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { questions: await myQuestions(app.db, request.user.id) }
  })

  implement(app, endpoints.adminHelpQuestions, async (request) => ({
    questions: await adminQuestions(app.db, request.query),
  }))
  implement(app, endpoints.adminHelpUpdateQuestion, async (request) =>
    updateQuestion(app, request.user, request.params.id, request.body),
  )

  implement(app, endpoints.adminHelpArticles, async () => ({ articles: await adminArticles(app.db) }))
  implement(app, endpoints.adminHelpCreateArticle, async (request, reply) => {
    const article = await createArticle(app, request.user, request.body)
    reply.code(201)
    return article
  })
  implement(app, endpoints.adminHelpUpdateArticle, async (request) =>
    updateArticle(app, request.user, request.params.id, request.body),
  )
  implement(app, endpoints.adminHelpDeleteArticle, async (request) => {
    await deleteArticle(app, request.user, request.params.id)
    return { deleted: true as const }
  })

  implement(app, endpoints.adminHelpCategories, async () => ({ categories: await adminCategories(app.db) }))
  implement(app, endpoints.adminHelpCreateCategory, async (request, reply) => {
    const category = await createCategory(app, request.user, request.body)
    reply.code(201)
    return category
  })
  implement(app, endpoints.adminHelpUpdateCategory, async (request) =>
    updateCategory(app, request.user, request.params.id, request.body),
  )
  implement(app, endpoints.adminHelpDeleteCategory, async (request) => {
    await deleteCategory(app, request.user, request.params.id)
    return { deleted: true as const }
  })
}
