import { describeReason } from '@/contract/matching-reasons'
import type { Reason } from '@/contract/matching'
import { initTestI18n } from './i18n'

const entryFee: Reason = {
  code: 'cashToClose',
  outcome: 'match',
  weight: 20,
  values: { amount: 18_000, max: 25_000, entryFee: 18_000 },
}

describe('matching reasons in the SPA', () => {
  it('words a reason with the app’s own i18next in the reader’s language', async () => {
    const i18n = await initTestI18n('es')
    expect(describeReason(entryFee, i18n.t)).toBe('Pago de entrada de $18,000 ≤ tu máximo de $25,000')
    await i18n.changeLanguage('en')
    expect(describeReason(entryFee, i18n.t)).toBe('Entry fee $18,000 ≤ your max $25,000')
  })
})
