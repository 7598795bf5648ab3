import { describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import { callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { cashListing, createListing } from './deals-helpers'
import { testAppForFile } from './identity-helpers'

type BodySchema = { properties: Record<string, JsonSchema>; required?: string[] }
type JsonSchema = { type?: string; maxLength?: number; anyOf?: JsonSchema[] }

/** The request body schema /api/openapi.json gives an operation. */
async function documentedBody(t: ReturnType<typeof testAppForFile>, path: string, method: string) {
  const document = await client(t.app).ok(endpoints.openApi)
  const operation = (document.paths as Record<string, Record<string, unknown>>)[path]?.[method] as {
    requestBody: { content: Record<string, { schema: BodySchema }> }
  }
  return operation.requestBody.content['application/json']!.schema
}

const branches = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? [schema]
const takesNull = (schema: JsonSchema) => branches(schema).some((branch) => branch.type === 'null')
const takesBlank = (schema: JsonSchema) =>
  branches(schema).some((branch) => branch.type === 'string' && branch.maxLength === 0)

/** The listing numbers a seller may leave blank (issue 22 found them documented as required numbers). */
const OPTIONAL_LISTING_NUMBERS = [
  'emd',
  'bedrooms',
  'bathrooms',
  'squareFootage',
  'lotSize',
  'yearBuilt',
  'hoaMonthlyFee',
  'solarMonthlyFee',
  'interestRate',
  'loanBalance',
  'piti',
  'entryFee',
  'sellerLoanAmount',
  'sellerInterestRate',
  'pi',
  'optionFee',
  'optionSalePrice',
  'optionTerm',
  'leaseMonthlyPayment',
  'monthlyCreditAmount',
  'securityDeposit',
  'petFee',
]

describe('/api/openapi.json describes the request bodies the server accepts', () => {
  const t = testAppForFile()

  it('a listing: required is what the server refuses without, and the blank numbers are null or ""', async () => {
    const body = await documentedBody(t, '/api/deals/{id}', 'put')
    expect(await documentedBody(t, '/api/deals', 'post')).toEqual(body)
    const required = body.required ?? []
    for (const name of OPTIONAL_LISTING_NUMBERS) {
      expect(required, name).not.toContain(name)
      expect(takesNull(body.properties[name]!), name).toBe(true)
      expect(takesBlank(body.properties[name]!), name).toBe(true)
    }

    const seller = await callerWith(t, ['originator'])
    const listing = await createListing(t, seller)
    const save = (values: Record<string, unknown>) =>
      client(t.app, seller).send(endpoints.updateDeal, { params: { id: listing.id }, body: values as never })

    // What the document requires, plus what a cash listing needs (its price): the server takes it, all the
    // rest left out.
    const needed = (name: string) => required.includes(name) || name === 'purchasePrice'
    const least = Object.fromEntries(Object.entries(cashListing).filter(([name]) => needed(name)))
    expect((await save(least)).statusCode).toBe(200)
    // And it refuses a body without any one of the required fields, naming it.
    for (const name of required) {
      const { [name]: _left, ...without } = least
      const response = await save(without)
      expect(response.statusCode, name).toBe(400)
      expect((response.json() as { fields?: Record<string, string> }).fields, name).toHaveProperty(name)
    }

    // The blank numbers as a form sends them.
    const blanks = Object.fromEntries(OPTIONAL_LISTING_NUMBERS.map((name) => [name, '']))
    const blank = await save({ ...cashListing, ...blanks })
    expect(blank.statusCode).toBe(200)
    expect(blank.json()).toMatchObject({ bedrooms: null, entryFee: null, purchasePrice: cashListing.purchasePrice })
  })

  it('an offer: only its type and close date are required; the other amount may be missing, null or ""', async () => {
    const body = await documentedBody(t, '/api/deals/{id}/offers', 'post')
    expect([...(body.required ?? [])].sort()).toEqual(['closeOfEscrowDate', 'type'])
    for (const name of ['purchasePrice', 'entryFee']) {
      expect(takesNull(body.properties[name]!), name).toBe(true)
      expect(takesBlank(body.properties[name]!), name).toBe(true)
    }

    const seller = await callerWith(t, ['originator'])
    const buyer = await callerWith(t, ['buyer'])
    const listing = await createListing(t, seller)
    const offer = (values: Record<string, unknown>) =>
      client(t.app, buyer).send(endpoints.submitOffer, { params: { id: listing.id }, body: values as never })
    // A creative offer without a purchase price or a message, then a cash one with a blank entry fee.
    const creative = await offer({ type: 'creative', entryFee: 20000, closeOfEscrowDate: '2099-07-15' })
    expect(creative.statusCode).toBe(201)
    const cash = await offer({ type: 'cash', purchasePrice: 240000, entryFee: '', closeOfEscrowDate: '2099-06-30' })
    expect(cash.statusCode).toBe(201)
    expect(cash.json()).toMatchObject({ type: 'cash', entryFee: null })
  })
})
