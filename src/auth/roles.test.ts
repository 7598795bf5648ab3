import { buildUser } from '../../tests/spa/factories'
import { hasAllAccess, isPrivileged } from './roles'

describe('isPrivileged and hasAllAccess', () => {
  it.each([
    ['buyer', false, false],
    ['originator', true, false],
    ['owner', true, true],
    ['admin', true, true],
  ] as const)('%s: privileged %s, all access %s', (role, privileged, allAccess) => {
    const user = buildUser({ role, roles: [role] })
    expect(isPrivileged(user)).toBe(privileged)
    expect(hasAllAccess(user)).toBe(allAccess)
  })

  it('reads the identity provider groups too', () => {
    const seller = buildUser({ role: 'buyer', roles: ['buyer'], cognitoGroups: ['originators'] })
    expect(isPrivileged(seller)).toBe(true)
    expect(hasAllAccess(seller)).toBe(false)
    expect(hasAllAccess(buildUser({ role: 'buyer', roles: ['buyer'], cognitoGroups: ['Owners'] }))).toBe(true)
  })

  it('gives a visitor neither', () => {
    expect(isPrivileged(null)).toBe(false)
    expect(hasAllAccess(null)).toBe(false)
  })
})
