import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import { helpArticleVotes, helpArticles } from '../../db/schema'

/**
 * Who answers "Was this helpful?": the signed-in user when the request carries one; otherwise a keyed hash
 * (HMAC-SHA256 with a server secret) of the caller's address and browser, so a visitor's answer is theirs to
 * change and nobody's address is stored.
 */
export function voterKey(secret: Buffer, request: FastifyRequest): string {
  const user = (request as { user?: { id?: string } }).user
  if (user?.id) return `user:${user.id}`
  const agent = request.headers['user-agent'] ?? ''
  return `anon:${createHmac('sha256', secret).update(`help-vote\0${request.ip}\0${agent}`).digest('base64url')}`
}

/**
 * Records the reader's answer (replacing an earlier one) and recounts the article's totals from the votes,
 * in one transaction. Undefined when the article is not published.
 */
export async function voteOnArticle(db: Database, slug: string, key: string, helpful: boolean) {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(and(eq(helpArticles.slug, slug), eq(helpArticles.published, true)))
      .for('update')
    if (!article) return undefined
    await tx
      .insert(helpArticleVotes)
      .values({ articleId: article.id, voterKey: key, helpful })
      .onConflictDoUpdate({ target: [helpArticleVotes.articleId, helpArticleVotes.voterKey], set: { helpful } })
    const [counts] = await tx
      .update(helpArticles)
      .set({
        helpfulYes: sql`(select count(*)::int from ${helpArticleVotes} where ${helpArticleVotes.articleId} = ${article.id} and ${helpArticleVotes.helpful})`,
        helpfulNo: sql`(select count(*)::int from ${helpArticleVotes} where ${helpArticleVotes.articleId} = ${article.id} and not ${helpArticleVotes.helpful})`,
      })
      .where(eq(helpArticles.id, article.id))
      .returning({ helpfulYes: helpArticles.helpfulYes, helpfulNo: helpArticles.helpfulNo })
    return counts!
  })
}
