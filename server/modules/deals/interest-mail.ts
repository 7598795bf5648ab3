import type { FastifyInstance } from 'fastify'
import type { Database } from '../../db/client'
import { findUserById } from '../users/repository'
import { addressFor } from './facts'
import type { DealRow } from './repository'

const formatPhone = (digits: string) =>
  digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits

/** Mails the listing's seller a buyer's contact data and message, in the seller's language. */
export async function notifySellerOfInterest(
  app: FastifyInstance,
  tx: Database,
  deal: DealRow,
  buyer: { name: string; phone: string; email: string; message: string },
) {
  const seller = await findUserById(tx, deal.sellerId)
  if (!seller) return
  await app.mail.send(
    {
      to: seller.email,
      template: 'dealInterest',
      language: seller.language,
      data: {
        name: seller.firstName ?? '',
        buyerName: buyer.name,
        buyerPhone: formatPhone(buyer.phone),
        buyerEmail: buyer.email,
        message: buyer.message,
        address: await addressFor(deal, seller),
        link: `${app.config.PUBLIC_URL}/deals/${deal.id}`,
      },
    },
    { db: tx },
  )
}
