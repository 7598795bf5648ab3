import type { Role } from '@/contract'
import { isExemptPath, profileGuardDecision, safeNextPath } from './completion'
import { roleTab } from './tabs'

const person = (
  roles: Role[],
  overrides: Partial<Parameters<typeof roleTab>[0]> & { profileComplete?: boolean } = {},
) => ({
  role: roles[0] ?? 'buyer',
  roles,
  cognitoGroups: [],
  firstName: 'Ana',
  lastName: 'Diaz',
  phoneNumber: '5125550123',
  profileComplete: false,
  ...overrides,
})

const at = (path: string) => {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/)
  return { pathname, search }
}

describe('roleTab', () => {
  it.each([
    ['an owner', ['owner'], 'buybox'],
    ['a buyer', ['buyer'], 'preferences'],
    ['a buyer who also sells', ['buyer', 'originator'], 'preferences'],
    ['a seller', ['originator'], 'seller-preferences'],
    ['an owner who also buys', ['owner', 'buyer'], 'buybox'],
    ['an admin', ['admin'], 'profile'],
  ] as const)('sends %s to %s', (_, roles, tab) => {
    expect(roleTab(person([...roles]))).toBe(tab)
  })

  it.each([
    ['first name', { firstName: null }],
    ['last name', { lastName: '  ' }],
    ['phone', { phoneNumber: null }],
  ])('sends anyone missing a %s to the profile tab first', (_, missing) => {
    expect(roleTab(person(['buyer'], missing))).toBe('profile')
    expect(roleTab(person(['owner'], missing))).toBe('profile')
  })

  it('reads roles from cognito groups too', () => {
    expect(roleTab({ ...person([]), cognitoGroups: ['owners'] })).toBe('buybox')
  })
})

describe('profileGuardDecision', () => {
  it('sends an incomplete buyer from a private page to the preferences tab, with the toast and the way back', () => {
    expect(profileGuardDecision(person(['buyer']), at('/deals?state=TX'))).toEqual({
      to: '/profile?tab=preferences&next=%2Fdeals%3Fstate%3DTX',
      notify: true,
    })
  })

  it('guards the home page too, without sending the person back there afterwards', () => {
    expect(profileGuardDecision(person(['originator']), at('/'))).toEqual({
      to: '/profile?tab=seller-preferences',
      notify: true,
    })
  })

  it('sends /profile without a tab to the role tab, silently and keeping other parameters', () => {
    expect(profileGuardDecision(person(['owner']), at('/profile'))).toEqual({
      to: '/profile?tab=buybox',
      notify: false,
    })
    expect(profileGuardDecision(person(['buyer']), at('/profile?next=%2Fdeals'))).toEqual({
      to: '/profile?next=%2Fdeals&tab=preferences',
      notify: false,
    })
  })

  it('leaves /profile with a tab alone', () => {
    expect(profileGuardDecision(person(['buyer']), at('/profile?tab=security'))).toBeNull()
  })

  it.each([
    '/auth',
    '/auth?signin=123456&email=a%40b.co',
    '/verify',
    '/verify-email-change',
    '/unauthorized',
    '/signup/buyer',
    '/reset-password',
    '/terms',
    '/privacy',
    '/accessibility',
    '/feedback',
    '/owners-feedback',
  ])('lets an incomplete profile open %s', (path) => {
    expect(profileGuardDecision(person(['buyer']), at(path))).toBeNull()
  })

  it.each(['/deals', '/dashboard', '/chat/12', '/help', '/'])('guards %s', (path) => {
    expect(profileGuardDecision(person(['buyer']), at(path))).not.toBeNull()
  })

  it('never redirects admins, complete profiles or signed-out visitors', () => {
    expect(profileGuardDecision(person(['admin']), at('/deals'))).toBeNull()
    expect(profileGuardDecision(person(['buyer', 'admin']), at('/deals'))).toBeNull()
    expect(profileGuardDecision(person(['buyer'], { profileComplete: true }), at('/deals'))).toBeNull()
    expect(profileGuardDecision(null, at('/deals'))).toBeNull()
  })
})

describe('isExemptPath', () => {
  it('does not exempt the home page', () => {
    expect(isExemptPath('/')).toBe(false)
  })
})

describe('safeNextPath', () => {
  it('keeps same-site paths only', () => {
    expect(safeNextPath('/deals?state=TX')).toBe('/deals?state=TX')
    expect(safeNextPath('https://evil.example')).toBeNull()
    expect(safeNextPath('//evil.example/x')).toBeNull()
    expect(safeNextPath('/\\evil.example')).toBeNull()
    expect(safeNextPath(null)).toBeNull()
  })
})
