import { buildUser } from '../../tests/spa/factories'
import { hasAllAccess, isPrivileged, passesRoleCheck } from './roles'

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

describe('passesRoleCheck', () => {
  it.each([
    ['buyer', ['buyer'], true],
    ['buyer', ['originator'], false],
    ['originator', ['originator'], true],
    ['originator', ['owner', 'admin'], false],
    ['originator', ['admin'], false],
    ['owner', ['originator'], true],
    ['owner', ['admin'], true],
    ['admin', ['owner'], true],
    ['admin', ['buyer'], true],
  ] as const)('%s passes a check for %j: %s', (role, required, passes) => {
    expect(passesRoleCheck(buildUser({ role, roles: [role] }), required)).toBe(passes)
  })

  it('reads the identity provider groups, and lets a visitor pass nothing', () => {
    expect(passesRoleCheck(buildUser({ role: 'buyer', roles: ['buyer'], cognitoGroups: ['Owners'] }), ['admin'])).toBe(
      true,
    )
    expect(passesRoleCheck(null, ['buyer'])).toBe(false)
  })
})
