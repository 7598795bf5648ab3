import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealInterests } from '../../server/db/schema'
import { call, callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { formulaStarts, HOSTILE_LINES, spreadsheetRows } from './csv-helpers'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller
let otherSeller: Caller
let buyers: Caller[]
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller, admin, owner, ...buyers] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['originator']),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
    callerWith(t, ['buyer']),
    callerWith(t, ['buyer']),
    callerWith(t, ['buyer']),
  ])
})
afterAll(() => t.close())

const hostile = [
  { name: '=HYPERLINK("http://evil.example","Click")', message: '+1 call me, "now"\nor later', phone: '6025550101' },
  { name: '@SUM(A1:A9)', message: '-2+3', phone: '6025550102' },
  { name: 'Zoë Ñúñez', message: 'Plain, with a comma; and ümlauts', phone: '6025550103' },
]

const csvUrl = (id: string) => `/api/deals/${id}/interests.csv`

describe('GET /api/deals/:id/interests.csv', () => {
  it('gives the seller every interested buyer as RFC 4180 CSV, with formulas neutralised', async () => {
    const deal = await createListing(t, seller, { streetAddress: '12 Oak Street' })
    for (const [index, body] of hostile.entries()) {
      const sent = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, { as: buyers[index], body })
      expect(sent.statusCode).toBe(200)
    }

    const response = await call(t.app, 'GET', csvUrl(deal.id), { as: seller })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="interested-buyers-12-oak-street-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    const text = response.body
    expect(text.startsWith('\uFEFF"Name","Email","Phone","Message","Date (UTC)"\r\n')).toBe(true)

    const [header, ...rows] = parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][]
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Message', 'Date (UTC)'])
    const byPhone = new Map(rows.map((row) => [row[2], row]))
    expect(byPhone.get('6025550101')).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      buyers[0]!.email,
      '6025550101',
      `'+1 call me, "now"\nor later`,
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/),
    ])
    expect(byPhone.get('6025550102')?.slice(0, 4)).toEqual(["'@SUM(A1:A9)", buyers[1]!.email, '6025550102', "'-2+3"])
    expect(byPhone.get('6025550103')?.[0]).toBe('Zoë Ñúñez')
    expect(byPhone.get('6025550103')?.[3]).toBe('Plain, with a comma; and ümlauts')
    expect(rows).toHaveLength(3)
  })

  it("is written in the caller's language, with times in the time zone the browser names", async () => {
    const deal = await createListing(t, seller, { streetAddress: '16 Oak Street' })
    const sent = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, {
      as: buyers[0],
      body: { name: 'Zoë Ñúñez', message: 'Me interesa', phone: '6025550104' },
    })
    expect(sent.statusCode).toBe(200)
    await t.db
      .update(dealInterests)
      .set({ createdAt: new Date('2026-11-03T02:30:00Z') })
      .where(eq(dealInterests.dealId, deal.id))

    const headers = { 'accept-language': 'es' }
    const response = await call(t.app, 'GET', `${csvUrl(deal.id)}?timeZone=America%2FChicago`, { as: seller, headers })
    expect(response.statusCode).toBe(200)
    expect(parse(response.body, { bom: true, record_delimiter: '\r\n' })).toEqual([
      ['Nombre', 'Correo electrónico', 'Teléfono', 'Mensaje', 'Fecha (America/Chicago)'],
      ['Zoë Ñúñez', buyers[0]!.email, '6025550104', 'Me interesa', '2 nov 2026, 20:30'],
    ])
    const badZone = await call(t.app, 'GET', `${csvUrl(deal.id)}?timeZone=Nowhere`, { as: seller, headers })
    expect(badZone.statusCode).toBe(400)
    expect(badZone.json().fields).toEqual({ timeZone: expect.stringMatching(/zona horaria/i) })
  })

  it('gives a spreadsheet no cell and no line that starts a formula, whatever line breaks the texts hold', async () => {
    const deal = await createListing(t, seller, { streetAddress: '14 Oak Street' })
    const buyer = await person(t, ['buyer'], `Ann${HOSTILE_LINES}`, '\n=2+2')
    const sent = await call(t.app, 'POST', `/api/deals/${deal.id}/interest`, {
      as: buyer,
      body: { name: `Bo${HOSTILE_LINES}`, message: HOSTILE_LINES, phone: '6025550109' },
    })
    expect(sent.statusCode).toBe(200)

    const response = await call(t.app, 'GET', csvUrl(deal.id), { as: seller })
    expect(response.statusCode).toBe(200)
    expect(formulaStarts(response.body)).toEqual([])
    expect(spreadsheetRows(response.body)).toHaveLength(2)
  })

  it('has the access of the interests list: the seller, admins and owners; nobody else', async () => {
    const deal = await createListing(t, seller)
    expect((await call(t.app, 'GET', csvUrl(deal.id), { as: admin })).statusCode).toBe(200)
    expect((await call(t.app, 'GET', csvUrl(deal.id), { as: owner })).statusCode).toBe(200)
    const refused = await call(t.app, 'GET', csvUrl(deal.id), { as: otherSeller })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ message: expect.any(String) })
    expect((await call(t.app, 'GET', csvUrl(deal.id), { as: buyers[0] })).statusCode).toBe(403)
    expect((await call(t.app, 'GET', csvUrl(deal.id))).statusCode).toBe(401)
    expect((await call(t.app, 'GET', csvUrl('00000000-0000-4000-8000-000000000000'), { as: seller })).statusCode).toBe(
      404,
    )
  })

  it('answers a header row alone when nobody is interested yet', async () => {
    const deal = await createListing(t, seller)
    const response = await call(t.app, 'GET', csvUrl(deal.id), { as: seller })
    expect(response.body).toBe('\uFEFF"Name","Email","Phone","Message","Date (UTC)"\r\n')
  })
})
