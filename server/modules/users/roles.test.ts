import { describe, expect, it } from 'vitest'
import type { Role } from '../../../src/contract'
import { hasAllAccess, isPrivileged } from './roles'

describe('isPrivileged and hasAllAccess', () => {
  it.each<[Role[], boolean, boolean]>([
    [['buyer'], false, false],
    [['originator'], true, false],
    [['buyer', 'originator'], true, false],
    [['owner'], true, true],
    [['admin'], true, true],
    [[], false, false],
  ])('%j: privileged %s, all access %s', (roles, privileged, allAccess) => {
    expect(isPrivileged(roles)).toBe(privileged)
    expect(hasAllAccess(roles)).toBe(allAccess)
  })
})
