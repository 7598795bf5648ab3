import type { Role } from '@/contract'
import { visibleTabs } from './tabs'

const user = (roles: Role[]) => ({
  role: roles[0] ?? 'buyer',
  roles,
  cognitoGroups: [],
  firstName: 'Ana',
  lastName: 'Diaz',
  phoneNumber: '5125550123',
})

describe('visibleTabs', () => {
  it.each([
    [['buyer'], ['profile', 'buybox', 'preferences', 'company', 'security', 'roles']],
    [['originator'], ['profile', 'seller-preferences', 'company', 'security', 'roles', 'invitations', 'integrations']],
    [['owner'], ['profile', 'buybox', 'company', 'security', 'roles', 'invitations', 'integrations']],
    [
      ['buyer', 'originator'],
      [
        'profile',
        'buybox',
        'preferences',
        'seller-preferences',
        'company',
        'security',
        'roles',
        'invitations',
        'integrations',
      ],
    ],
    [
      ['admin'],
      [
        'profile',
        'buybox',
        'preferences',
        'seller-preferences',
        'company',
        'security',
        'roles',
        'invitations',
        'integrations',
      ],
    ],
  ] as [Role[], string[]][])('shows %j the tabs %j', (roles, tabs) => {
    expect(visibleTabs(user(roles))).toEqual(tabs)
  })
})
