import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAVED_SEARCH_LIMIT, endpoints } from '../../src/contract'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
let buyer: Caller
let otherBuyer: Caller
let seller: Caller
let owner: Caller

beforeAll(async () => {
  t = await createTestApp()
  ;[buyer, otherBuyer, seller, owner] = await Promise.all([
    callerWith(t, ['buyer']),
    callerWith(t, ['buyer']),
    callerWith(t, ['originator']),
    callerWith(t, ['owner']),
  ])
})
afterAll(() => t.close())

const phoenixSubTo = { state: 'AZ', city: 'Phoenix', purchaseType: ['SubTo'], minPrice: '100000' }
const save = (as: Caller, body: Record<string, unknown>, headers?: Record<string, string>) =>
  client(t.app, as).send(endpoints.createSavedSearch, { body: body as never, ...(headers && { headers }) })

describe('saved searches', () => {
  it('saves, lists, retunes and deletes a search with its filters as browse reads them', async () => {
    const api = client(t.app, buyer)
    const created = await api.ok(endpoints.createSavedSearch, {
      body: {
        name: '  Phoenix, AZ · Subject-to ',
        filters: phoenixSubTo,
        frequency: 'real-time',
        channels: ['email', 'email'],
      },
    })
    expect(created).toMatchObject({
      name: 'Phoenix, AZ · Subject-to',
      frequency: 'real-time',
      channels: ['email'],
      filters: { state: 'AZ', city: 'Phoenix', purchaseType: ['SubTo'], minPrice: 100000, tags: [] },
    })
    expect((await api.ok(endpoints.listSavedSearches)).items.map((item) => item.id)).toEqual([created.id])

    const updated = await api.ok(endpoints.updateSavedSearch, {
      params: { id: created.id },
      body: { name: 'Phoenix deals', frequency: 'weekly', channels: [] },
    })
    expect(updated).toMatchObject({
      name: 'Phoenix deals',
      frequency: 'weekly',
      channels: [],
      filters: created.filters,
    })

    const left = await api.ok(endpoints.deleteSavedSearch, { params: { id: created.id } })
    expect(left.items).toEqual([])
  })

  it('keeps each search to its user: another buyer gets 404 and never sees it', async () => {
    const created = await client(t.app, buyer).ok(endpoints.createSavedSearch, {
      body: { name: 'Mine only', filters: { state: 'TX' } },
    })
    const stranger = client(t.app, otherBuyer)
    expect((await stranger.ok(endpoints.listSavedSearches)).items).toEqual([])
    const renamed = await stranger.send(endpoints.updateSavedSearch, {
      params: { id: created.id },
      body: { name: 'x' },
    })
    expect(renamed.statusCode).toBe(404)
    const removed = await stranger.send(endpoints.deleteSavedSearch, { params: { id: created.id } })
    expect(removed.statusCode).toBe(404)
    expect((await stranger.send(endpoints.deleteSavedSearch, { params: { id: 'not-an-id' } })).statusCode).toBe(404)
  })

  it('is for buyers and owners, not sellers', async () => {
    expect((await client(t.app, seller).send(endpoints.listSavedSearches)).statusCode).toBe(403)
    expect((await save(owner, { name: 'Owner search', filters: { state: 'AZ' } })).statusCode).toBe(201)
    expect((await client(t.app).send(endpoints.listSavedSearches)).statusCode).toBe(401)
  })

  it('answers field messages for a missing or long name, no filter, a used name, bad frequency', async () => {
    const caller = await callerWith(t, ['buyer'])
    const blank = await save(caller, { name: ' ', filters: { state: 'AZ' } })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().fields).toEqual({ name: 'This field is required.' })

    const long = await save(caller, { name: 'x'.repeat(61), filters: { state: 'AZ' } })
    expect(long.json().fields).toEqual({ name: 'Must be at most 60 characters.' })

    const none = await save(caller, { name: 'Nothing', filters: {} })
    expect(none.statusCode).toBe(400)
    expect(none.json().fields).toEqual({ filters: 'Choose at least one filter before saving a search.' })

    expect((await save(caller, { name: 'Austin', filters: { city: 'Austin' } })).statusCode).toBe(201)
    const twice = await save(caller, { name: 'austin', filters: { state: 'TX' } })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().fields).toEqual({ name: 'You already have a saved search with this name.' })

    const frequency = await save(caller, { name: 'Hourly', filters: { state: 'TX' }, frequency: 'hourly' })
    expect(frequency.statusCode).toBe(400)
    expect(Object.keys(frequency.json().fields)).toEqual(['frequency'])
  })

  it('says so in Spanish', async () => {
    const caller = await callerWith(t, ['buyer'])
    await save(caller, { name: 'Casa', filters: { state: 'AZ' } })
    const twice = await save(caller, { name: 'Casa', filters: { state: 'AZ' } }, { 'accept-language': 'es' })
    expect(twice.json().fields).toEqual({ name: 'Ya tienes una búsqueda guardada con este nombre.' })
  })

  it(`keeps at most ${SAVED_SEARCH_LIMIT} searches per buyer, with a message saying so`, async () => {
    const caller = await callerWith(t, ['buyer'])
    for (let index = 0; index < SAVED_SEARCH_LIMIT; index++) {
      expect((await save(caller, { name: `Search ${index}`, filters: { state: 'AZ' } })).statusCode).toBe(201)
    }
    const over = await save(caller, { name: 'One more', filters: { state: 'AZ' } })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'saved_search_limit',
      message: 'You can keep at most 20 saved searches. Delete one to save another.',
    })
  })
})
