import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type OfferInput } from '../../src/contract'
import { offers } from '../../server/db/schema'
import { callerWith, type Caller } from './accounts-helpers'
import { person } from './chat-helpers'
import { formulaStarts, HOSTILE_LINES, spreadsheetRows } from './csv-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let seller: Caller
let otherSeller: Caller
let admin: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[seller, otherSeller, admin, owner] = await Promise.all([
    callerWith(t, ['originator']),
    callerWith(t, ['originator']),
    callerWith(t, ['admin']),
    callerWith(t, ['owner']),
  ])
})
afterAll(() => t.close())

/** A date and time as the table's language writes it, e.g. "Nov 2, 2026, 3:04 PM". */
const EN_DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/

describe('GET /api/deals/:id/offers.csv', () => {
  it("exports every offer as RFC 4180 CSV with a header row, the table's labels and formulas neutralised", async () => {
    const deal = await createListing(t, seller, { streetAddress: '5 Elm Street' })
    const hostile = await person(t, ['buyer'], '=HYPERLINK("http://evil.example","Click")', '')
    const plain = await person(t, ['buyer'], 'Zoë', 'Ñúñez')
    await client(t.app, hostile).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: {
        type: 'cash',
        purchasePrice: 240000.5,
        closeOfEscrowDate: '2099-06-30',
        message: '+1 call me, "now"\nor later',
      } as OfferInput,
    })
    const second = await client(t.app, plain).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: {
        type: 'creative',
        entryFee: 20000,
        closeOfEscrowDate: '2099-07-15',
        message: '@SUM(A1:A9)',
      } as OfferInput,
    })
    await client(t.app, seller).ok(endpoints.declineOffer, {
      params: { offerId: second.id },
      body: { reason: '-2+3 too low' },
    })

    const response = await client(t.app, seller).send(endpoints.exportOffersCsv, { params: { id: deal.id } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="offers-5-elm-street-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    expect(response.body.startsWith('\uFEFF"Buyer","Certified","Type",')).toBe(true)

    const [header, ...rows] = parse(response.body, { bom: true, record_delimiter: '\r\n' }) as string[][]
    expect(header).toEqual([
      'Buyer',
      'Certified',
      'Type',
      'Purchase price',
      'Entry fee',
      'Discount rate (% a year)',
      'Cash at close',
      'Later payments (present value)',
      'Value to the seller',
      'Close of escrow',
      'Message',
      'Status',
      'Decline reason',
      'Received (UTC)',
      'Decided (UTC)',
    ])
    expect(rows).toHaveLength(2)
    const byType = new Map(rows.map((row) => [row[2], row]))
    expect(byType.get('Cash')).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      'No',
      'Cash',
      '240000.5',
      '',
      '8',
      '240000.5',
      '0',
      '240000.5',
      'Jun 30, 2099',
      `'+1 call me, "now"\nor later`,
      'Open',
      '',
      expect.stringMatching(EN_DATE_TIME),
      '',
    ])
    expect(byType.get('Creative')).toEqual([
      'Zoë Ñúñez',
      'No',
      'Creative',
      '',
      '20000',
      // A creative offer on a cash listing: what comes later is not in the listing's terms.
      '8',
      '20000',
      'Unknown',
      'Unknown',
      'Jul 15, 2099',
      "'@SUM(A1:A9)",
      'Declined',
      "'-2+3 too low",
      expect.stringMatching(EN_DATE_TIME),
      expect.stringMatching(EN_DATE_TIME),
    ])
  })

  it("is written in the caller's language with the table's labels, times in the time zone the browser names", async () => {
    const deal = await createListing(t, seller, { streetAddress: '9 Pine Street' })
    const buyer = await person(t, ['buyer'], 'Zoë', 'Ñúñez')
    const offer = await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30', message: 'Hola' } as OfferInput,
    })
    await client(t.app, seller).ok(endpoints.declineOffer, { params: { offerId: offer.id }, body: { reason: 'Bajo' } })
    await t.db
      .update(offers)
      .set({ createdAt: new Date('2026-11-02T15:04:00Z'), decidedAt: new Date('2026-11-03T02:30:00Z') })
      .where(eq(offers.id, offer.id))
    const es = { 'accept-language': 'es-MX,es;q=0.9' }

    const response = await client(t.app, seller).send(endpoints.exportOffersCsv, {
      params: { id: deal.id },
      query: { timeZone: 'America/Chicago' },
      headers: es,
    })
    expect(response.statusCode).toBe(200)
    expect(parse(response.body, { bom: true, record_delimiter: '\r\n' })).toEqual([
      [
        'Comprador',
        'Certificado',
        'Tipo',
        'Precio de compra',
        'Pago de entrada',
        'Tasa de descuento (% anual)',
        'Efectivo al cierre',
        'Pagos posteriores (valor presente)',
        'Valor para el vendedor',
        'Cierre de escrow',
        'Mensaje',
        'Estado',
        'Motivo del rechazo',
        'Recibida (America/Chicago)',
        'Decidida (America/Chicago)',
      ],
      // 15:04 UTC is 9:04 in Chicago; 02:30 UTC on the 3rd is still the 2nd there.
      [
        'Zoë Ñúñez',
        'No',
        'De contado',
        '240000',
        '',
        '8',
        '240000',
        '0',
        '240000',
        '30 jun 2099',
        'Hola',
        'Rechazada',
        'Bajo',
        '2 nov 2026, 9:04',
        '2 nov 2026, 20:30',
      ],
    ])

    const badZone = await client(t.app, seller).send(endpoints.exportOffersCsv, {
      params: { id: deal.id },
      query: { timeZone: 'Mars/Olympus_Mons' },
      headers: es,
    })
    expect(badZone.statusCode).toBe(400)
    expect(badZone.json().fields).toEqual({ timeZone: expect.stringMatching(/zona horaria/i) })
  })

  it('gives a spreadsheet no cell and no line that starts a formula, whatever line breaks the texts hold', async () => {
    const deal = await createListing(t, seller, { streetAddress: '7 Birch Street' })
    const buyer = await person(t, ['buyer'], `Ann${HOSTILE_LINES}`, '\n=2+2')
    await client(t.app, buyer).ok(endpoints.submitOffer, {
      params: { id: deal.id },
      body: {
        type: 'cash',
        purchasePrice: 200000,
        closeOfEscrowDate: '2099-06-30',
        message: HOSTILE_LINES,
      } as OfferInput,
    })

    const response = await client(t.app, seller).send(endpoints.exportOffersCsv, { params: { id: deal.id } })
    expect(response.statusCode).toBe(200)
    expect(formulaStarts(response.body)).toEqual([])
    // Still one header row and one offer, whose price is a number.
    const rows = spreadsheetRows(response.body)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain('200000')
  })

  it('has the access of the offers list: the seller, admins and owners; nobody else', async () => {
    const deal = await createListing(t, seller)
    const buyer = await callerWith(t, ['buyer'])
    const params = { id: deal.id }
    for (const reader of [seller, admin, owner]) {
      expect((await client(t.app, reader).send(endpoints.exportOffersCsv, { params })).statusCode).toBe(200)
    }
    for (const stranger of [otherSeller, buyer]) {
      expect((await client(t.app, stranger).send(endpoints.exportOffersCsv, { params })).statusCode).toBe(403)
    }
    expect((await client(t.app).send(endpoints.exportOffersCsv, { params })).statusCode).toBe(401)
    const missing = { id: '00000000-0000-4000-8000-000000000000' }
    expect((await client(t.app, seller).send(endpoints.exportOffersCsv, { params: missing })).statusCode).toBe(404)
  })
})
