import { z } from 'zod'
import { endpoint } from '../endpoint'
import {
  AdminHelpArticleCreateSchema,
  AdminHelpArticleSchema,
  AdminHelpArticlesSchema,
  AdminHelpArticleUpdateSchema,
  AdminHelpCategoriesSchema,
  AdminHelpCategoryCreateSchema,
  AdminHelpCategorySchema,
  AdminHelpCategoryUpdateSchema,
  AdminHelpQuestionSchema,
  AdminHelpQuestionsQuerySchema,
  AdminHelpQuestionsSchema,
  AdminHelpQuestionUpdateSchema,
} from '../help-admin'

const admin = { auth: 'user', roles: ['admin'] } as const
const deleted = { 200: z.object({ deleted: z.literal(true) }) }

/** The help centre's editing (/admin/help): private, under /api/help/admin (spec §7). Every write is audited. */
export const helpAdminEndpoints = {
  adminHelpQuestions: endpoint({
    method: 'GET',
    path: '/api/help/admin/questions',
    ...admin,
    query: AdminHelpQuestionsQuerySchema,
    responses: { 200: AdminHelpQuestionsSchema },
  }),
  /** Answer, edit, publish (the asker is told the first time) or reject a question. */
  adminHelpUpdateQuestion: endpoint({
    method: 'PATCH',
    path: '/api/help/admin/questions/:id',
    ...admin,
    body: AdminHelpQuestionUpdateSchema,
    responses: { 200: AdminHelpQuestionSchema },
  }),
  adminHelpArticles: endpoint({
    method: 'GET',
    path: '/api/help/admin/articles',
    ...admin,
    responses: { 200: AdminHelpArticlesSchema },
  }),
  adminHelpCreateArticle: endpoint({
    method: 'POST',
    path: '/api/help/admin/articles',
    ...admin,
    body: AdminHelpArticleCreateSchema,
    responses: { 201: AdminHelpArticleSchema },
  }),
  adminHelpUpdateArticle: endpoint({
    method: 'PATCH',
    path: '/api/help/admin/articles/:id',
    ...admin,
    body: AdminHelpArticleUpdateSchema,
    responses: { 200: AdminHelpArticleSchema },
  }),
  adminHelpDeleteArticle: endpoint({
    method: 'DELETE',
    path: '/api/help/admin/articles/:id',
    ...admin,
    responses: deleted,
  }),
  adminHelpCategories: endpoint({
    method: 'GET',
    path: '/api/help/admin/categories',
    ...admin,
    responses: { 200: AdminHelpCategoriesSchema },
  }),
  adminHelpCreateCategory: endpoint({
    method: 'POST',
    path: '/api/help/admin/categories',
    ...admin,
    body: AdminHelpCategoryCreateSchema,
    responses: { 201: AdminHelpCategorySchema },
  }),
  adminHelpUpdateCategory: endpoint({
    method: 'PATCH',
    path: '/api/help/admin/categories/:id',
    ...admin,
    body: AdminHelpCategoryUpdateSchema,
    responses: { 200: AdminHelpCategorySchema },
  }),
  /** Its articles and questions stay, without a category. */
  adminHelpDeleteCategory: endpoint({
    method: 'DELETE',
    path: '/api/help/admin/categories/:id',
    ...admin,
    responses: deleted,
  }),
}
