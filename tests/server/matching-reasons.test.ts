import { describe, expect, it } from 'vitest'
import { mailTranslator } from '../../server/modules/mail/templates'
import { REASON_CODES, REASON_OUTCOMES, type Reason } from '../../src/contract/matching'
import { describeReason } from '../../src/contract/matching-reasons'
import { DEAL_EXAMPLES } from './matching-reason-examples-deal'
import { PROPERTY_EXAMPLES } from './matching-reason-examples-property'

const en = await mailTranslator('en')
const es = await mailTranslator('es')
const words = (reason: Reason) => [describeReason(reason, en), describeReason(reason, es)]
const EXAMPLES = [...DEAL_EXAMPLES, ...PROPERTY_EXAMPLES]

describe('the reasons in words', () => {
  it.each(EXAMPLES)('words %s in English and Spanish with the numbers formatted', (_name, reason, english, spanish) => {
    expect(words(reason)).toEqual([english, spanish])
  })

  it('has a worked example for every reason code', () => {
    const covered = new Set(EXAMPLES.map(([, reason]) => reason.code))
    expect(REASON_CODES.filter((code) => !covered.has(code))).toEqual([])
  })

  it('words every code and outcome in both languages, with no key or placeholder left', () => {
    for (const code of REASON_CODES) {
      for (const outcome of REASON_OUTCOMES) {
        for (const sentence of words({ code, outcome, weight: 1, values: {} })) {
          expect(sentence, `${code} ${outcome}`).not.toMatch(/matching:|values:|\{\{|^\s*$/)
        }
      }
    }
  })
})
