/**
 * The contract's password policy (`passwordField`, spec §5) as one test per rule, so a checklist can tick
 * each rule while the person types. The keys name the rules in `common:form.password.rules`.
 */
export const PASSWORD_RULES = [
  { key: 'length', test: (value: string) => value.length >= 8 },
  { key: 'upper', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', test: (value: string) => /[a-z]/.test(value) },
  { key: 'number', test: (value: string) => /\d/.test(value) },
  { key: 'special', test: (value: string) => /[^A-Za-z0-9]/.test(value) },
] as const

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key']
