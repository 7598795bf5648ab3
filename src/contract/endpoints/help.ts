import { endpoint } from '../endpoint'
import {
  HelpArticleSchema,
  HelpAskSchema,
  HelpHomeSchema,
  HelpLangQuerySchema,
  HelpQaListSchema,
  HelpQaSchema,
  HelpSearchQuerySchema,
  HelpSearchResultSchema,
  HelpVoteResultSchema,
  HelpVoteSchema,
  MyHelpQuestionSchema,
  MyHelpQuestionsSchema,
} from '../help'

/** The public help centre (no token, spec §7) and a member's own questions. Admin editing: help-admin.ts. */
export const helpEndpoints = {
  helpHome: endpoint({
    method: 'GET',
    path: '/api/help/articles',
    auth: 'public',
    query: HelpLangQuerySchema,
    responses: { 200: HelpHomeSchema },
  }),
  helpArticle: endpoint({
    method: 'GET',
    path: '/api/help/articles/:id',
    auth: 'public',
    query: HelpLangQuerySchema,
    responses: { 200: HelpArticleSchema },
  }),
  /** "Was this helpful?": one answer per reader per article, which they may change. */
  helpArticleVote: endpoint({
    method: 'POST',
    path: '/api/help/articles/:id/helpful',
    auth: 'public',
    body: HelpVoteSchema,
    responses: { 200: HelpVoteResultSchema },
  }),
  helpQuestions: endpoint({
    method: 'GET',
    path: '/api/help/qa',
    auth: 'public',
    query: HelpLangQuerySchema,
    responses: { 200: HelpQaListSchema },
  }),
  helpQuestion: endpoint({
    method: 'GET',
    path: '/api/help/qa/:id',
    auth: 'public',
    query: HelpLangQuerySchema,
    responses: { 200: HelpQaSchema },
  }),
  helpSearch: endpoint({
    method: 'GET',
    path: '/api/help/search',
    auth: 'public',
    query: HelpSearchQuerySchema,
    responses: { 200: HelpSearchResultSchema },
  }),
  /** A signed-in member asks; admins are told, the member is told when it is published. */
  helpAsk: endpoint({
    method: 'POST',
    path: '/api/help-questions',
    auth: 'user',
    body: HelpAskSchema,
    responses: { 201: MyHelpQuestionSchema },
  }),
  helpMyQuestions: endpoint({
    method: 'GET',
    path: '/api/help-questions',
    auth: 'user',
    responses: { 200: MyHelpQuestionsSchema },
  }),
}
