import { buildUser } from '../../../tests/spa/factories'
import { invitableRoles } from './invitable-roles'

describe('invitableRoles', () => {
  it.each([
    [['buyer'], []],
    [['originator'], ['buyer', 'originator']],
    [
      ['buyer', 'originator'],
      ['buyer', 'originator'],
    ],
    [['owner'], ['buyer', 'originator', 'owner', 'admin']],
    [['admin'], ['buyer', 'originator', 'owner', 'admin']],
  ] as const)('roles %j may invite %j', (roles, expected) => {
    const user = buildUser({ role: roles[roles.length - 1], roles: [...roles] })
    expect(invitableRoles(user)).toEqual(expected)
  })

  it('reads a cognito group too, and nobody signed out invites', () => {
    expect(invitableRoles(buildUser({ role: 'buyer', roles: ['buyer'], cognitoGroups: ['originators'] }))).toEqual([
      'buyer',
      'originator',
    ])
    expect(invitableRoles(null)).toEqual([])
  })
})
