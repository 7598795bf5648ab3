import type { FastifyInstance } from 'fastify'
import { BuyBoxSchema, PreferencesSchema, SellerPreferencesSchema } from '../../../src/contract'
import { getDocument, putDocument, type DocumentKind } from '../profile/documents'
import { countUsersExcept, findUsersByEmail, insertUserIfAbsent } from '../users/repository'
import { normalizeRoles } from '../users/roles'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts'
import { seedConversation } from './chat'
import { seedEngagement } from './engagement'
import { seedListings } from './listings'
import { MARKET_DOMAIN, seedBuyerMarket } from './market'
import { seedOffers } from './offers'

export type SeedResult = {
  /** False when people other than the demo accounts use this database: then nothing is touched. */
  isSeeded: boolean
  /** The demo accounts present in the database (for the start-up table). */
  accounts: { email: string; roles: string; password: string }[]
}

/**
 * Loads the demo accounts into a database nobody else uses yet: identities at the provider
 * (confirmed, with the demo password) and complete profiles here. Safe on every start: it only
 * adds what is missing (finishing an interrupted run), never overwrites what a demo user changed,
 * and leaves a database with real users alone.
 */
export async function seedDemo(app: FastifyInstance): Promise<SeedResult> {
  if (app.idp.mode === 'aws') {
    app.log.warn('SEED_DEMO is ignored with AWS Cognito: demo accounts are only made in the embedded IdP')
    return { isSeeded: false, accounts: [] }
  }
  const isSeeded =
    (await countUsersExcept(
      app.db,
      DEMO_ACCOUNTS.map((account) => account.email),
      MARKET_DOMAIN,
    )) === 0
  if (isSeeded) {
    for (const account of DEMO_ACCOUNTS) await seedAccount(app, account)
    const listings = await seedListings(app)
    if (listings > 0) {
      const interests = await seedEngagement(app)
      const conversation = await seedConversation(app)
      const offers = await seedOffers(app)
      const marketBuyers = await seedBuyerMarket(app)
      app.log.info({ listings, interests, conversation, offers, marketBuyers }, 'demo listings seeded')
    }
  }
  const accounts = []
  for (const account of DEMO_ACCOUNTS) {
    if ((await findUsersByEmail(app.db, account.email)).length === 0) continue
    accounts.push({ email: account.email, roles: normalizeRoles(account.roles).join(' + '), password: DEMO_PASSWORD })
  }
  return { isSeeded, accounts }
}

export async function seedAccount(app: FastifyInstance, account: DemoAccount) {
  const existing = await app.idp.findByEmail(account.email)
  const sub =
    existing?.sub ??
    (
      await app.idp.adminCreateUser({
        email: account.email,
        password: DEMO_PASSWORD,
        attributes: {
          given_name: account.firstName,
          family_name: account.lastName,
          phone_number: `+1${account.phone}`,
          locale: 'en',
        },
        confirmed: true,
      })
    ).sub
  const roles = normalizeRoles(account.roles)
  const row = await insertUserIfAbsent(app.db, {
    cognitoSub: sub,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone,
    roles,
    language: 'en',
    companyName: account.company?.name ?? null,
    companyPhone: account.company?.phone ?? null,
    companyEmail: account.company?.email ?? null,
    callBookingLink: account.callBookingLink ?? null,
    ownersClubListed: account.ownersClub !== undefined,
    ownersClubDealTypes: account.ownersClub?.dealTypes ?? [],
  })
  const isMissing = async (kind: DocumentKind) => (await getDocument(app.db, kind, row.id)) === null
  if (account.buyBox && (await isMissing('buyBox'))) {
    await putDocument(app.db, 'buyBox', row.id, BuyBoxSchema.parse(account.buyBox))
  }
  if (account.preferences && (await isMissing('preferences'))) {
    await putDocument(app.db, 'preferences', row.id, PreferencesSchema.parse(account.preferences))
  }
  if (account.sellerPreferences && (await isMissing('sellerPreferences'))) {
    await putDocument(app.db, 'sellerPreferences', row.id, SellerPreferencesSchema.parse(account.sellerPreferences))
  }
  await app.idp.setGroups(sub, row.roles)
}

/** The start-up table of demo accounts, as printed by `npm start`. */
export function formatDemoTable(accounts: SeedResult['accounts']): string {
  const rows = [['Email', 'Roles', 'Password'], ...accounts.map((a) => [a.email, a.roles, a.password])]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('   ')}`.trimEnd()
  const rule = `  ${widths.map((width) => '-'.repeat(width)).join('   ')}`
  return ['Demo accounts:', line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n') + '\n'
}
