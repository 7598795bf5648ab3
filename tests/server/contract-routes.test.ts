import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { routeOf, routesFile, routesSource } from '../../scripts/contract-routes'
import { endpoints } from '../../src/contract/endpoints'
import { routes } from '../../src/contract/routes'

describe('the zod-free route table', () => {
  it("holds every endpoint of the contract, with the endpoint's method, path, auth and roles", () => {
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints))
    for (const [name, spec] of Object.entries(endpoints)) {
      expect({ name, ...routes[name as keyof typeof routes] }).toEqual({ name, ...routeOf(spec) })
    }
  })

  it('is the file scripts/contract-routes.ts writes (run it after changing an endpoint)', async () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(await routesSource())
  })
})
