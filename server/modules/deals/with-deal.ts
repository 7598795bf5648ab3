import type { FastifyInstance, FastifyRequest } from 'fastify'
import { assertMayManage, findLiveDeal, type DealRow } from './repository'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The listing named by the route's `:id`; set by a withDeal hook. */
    deal: DealRow
  }
}

export type WithDealOptions = {
  /** 403 `forbidden` unless the caller is the listing's seller, an admin or an owner. */
  mustOwn?: boolean
}

/**
 * Hook for the routes of one listing (`:id`), after app.requireUser: puts the live listing on
 * `request.deal`, 404 "Listing not found" when it does not exist or was deleted, then 403 when
 * `mustOwn` and the caller may not manage it. Use it as `preValidation`, so who may touch a listing is
 * settled before the body is judged: a stranger learns nothing about it from what their body got wrong.
 */
export function withDeal(app: FastifyInstance, { mustOwn = false }: WithDealOptions = {}) {
  // Declared once for the plugin and the plugins inside it; the hook itself sets the value.
  if (!app.hasRequestDecorator('deal')) app.decorateRequest('deal', null as unknown as DealRow)
  return async <R extends FastifyRequest<{ Params: { id: string } }>>(request: R) => {
    const deal = await findLiveDeal(app.db, request.params.id)
    if (mustOwn) assertMayManage(request.user, deal)
    request.deal = deal
  }
}
