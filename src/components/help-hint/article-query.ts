import { queryFor } from '@/api/queries'
import { endpoints } from '@/contract'

/** The help article a hint opens, in the page's language (fetched once the panel opens). */
export const helpArticleQuery = (slug: string, lang: 'en' | 'es') =>
  queryFor(endpoints.helpArticle, { params: { id: slug }, query: { lang } })
