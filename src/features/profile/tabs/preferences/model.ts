import type { z } from 'zod'
import {
  PreferencesSchema,
  withRadiusBothOrNeither,
  type CONTACT_METHODS,
  type CREDIT_SCORE_RANGES,
  type FINANCING_TYPES,
  type NOTIFICATION_CHANNELS,
  type PreferencePropertyType,
  type Preferences,
  type PROPERTY_CONDITIONS,
  type PROPERTY_USES,
  type SEARCH_FREQUENCIES,
} from '@/contract'
import { blanksToNull, numberText, numbersFromText, stripNumberFormatting } from '@/components/form/resolver'

type Of<T extends readonly string[]> = T[number]

/** What the preference inputs hold: text boxes as strings, choices as their values. */
export type PreferencesValues = {
  state: string
  city: string
  zipCodes: string[]
  radiusZip: string
  radiusMiles: string
  propertyUse: Of<typeof PROPERTY_USES> | ''
  propertyTypes: PreferencePropertyType[]
  propertyConditions: Of<typeof PROPERTY_CONDITIONS>[]
  minBedrooms: string
  minBathrooms: string
  minSqft: string
  minLotSize: string
  minYearBuilt: string
  minPropertyAge: string
  maxPropertyAge: string
  newConstructionOnly: boolean
  excludeHoa: boolean
  schoolsProximity: boolean
  publicTransport: boolean
  rentalPotential: boolean
  maxMonthlyPayment: string
  maxDownPayment: string
  financingType: Of<typeof FINANCING_TYPES> | ''
  creditScoreRange: Of<typeof CREDIT_SCORE_RANGES> | ''
  preApprovedMortgage: boolean
  preApprovedAmount: string
  notificationChannels: Of<typeof NOTIFICATION_CHANNELS>[]
  preferredContact: Of<typeof CONTACT_METHODS>
  searchFrequency: Of<typeof SEARCH_FREQUENCIES>
  additionalNotes: string
}
export type PreferencesField = keyof PreferencesValues

const AMOUNTS = ['maxMonthlyPayment', 'maxDownPayment', 'preApprovedAmount', 'minSqft', 'minLotSize'] as const
const NUMBERS = [
  ...AMOUNTS,
  'minBedrooms',
  'minBathrooms',
  'minYearBuilt',
  'minPropertyAge',
  'maxPropertyAge',
  'radiusMiles',
] as const satisfies readonly PreferencesField[]

export const PreferencesFormSchema = withRadiusBothOrNeither(PreferencesSchema).refine(
  ({ minPropertyAge, maxPropertyAge }) =>
    typeof minPropertyAge !== 'number' || typeof maxPropertyAge !== 'number' || minPropertyAge <= maxPropertyAge,
  // Checked even while state or city is still missing, so all messages show at once.
  { path: ['maxPropertyAge'], error: 'profile:preferences.ageOrder', when: ({ value }) => typeof value === 'object' },
)
export type PreferencesOutput = z.output<typeof PreferencesFormSchema>

export function preparePreferences(values: PreferencesValues): unknown {
  const prepared = numbersFromText(blanksToNull(stripNumberFormatting(values, AMOUNTS)), NUMBERS)
  // An amount only means something while "pre-approved" is ticked.
  return prepared.preApprovedMortgage ? prepared : { ...prepared, preApprovedAmount: null }
}

export function preferencesValues(saved: Preferences | null): PreferencesValues {
  return {
    state: saved?.state ?? '',
    city: saved?.city ?? '',
    zipCodes: saved?.zipCodes ?? [],
    radiusZip: saved?.radiusZip ?? '',
    radiusMiles: numberText(saved?.radiusMiles),
    propertyUse: saved?.propertyUse ?? '',
    propertyTypes: saved?.propertyTypes ?? [],
    propertyConditions: saved?.propertyConditions ?? [],
    minBedrooms: numberText(saved?.minBedrooms),
    minBathrooms: numberText(saved?.minBathrooms),
    minSqft: numberText(saved?.minSqft),
    minLotSize: numberText(saved?.minLotSize),
    minYearBuilt: numberText(saved?.minYearBuilt),
    minPropertyAge: numberText(saved?.minPropertyAge),
    maxPropertyAge: numberText(saved?.maxPropertyAge),
    newConstructionOnly: saved?.newConstructionOnly ?? false,
    excludeHoa: saved?.excludeHoa ?? false,
    schoolsProximity: saved?.schoolsProximity ?? false,
    publicTransport: saved?.publicTransport ?? false,
    rentalPotential: saved?.rentalPotential ?? false,
    maxMonthlyPayment: numberText(saved?.maxMonthlyPayment),
    maxDownPayment: numberText(saved?.maxDownPayment),
    financingType: saved?.financingType ?? '',
    creditScoreRange: saved?.creditScoreRange ?? '',
    preApprovedMortgage: saved?.preApprovedMortgage ?? false,
    preApprovedAmount: numberText(saved?.preApprovedAmount),
    notificationChannels: saved?.notificationChannels ?? ['email'],
    preferredContact: saved?.preferredContact ?? 'email',
    searchFrequency: saved?.searchFrequency ?? 'daily',
    additionalNotes: saved?.additionalNotes ?? '',
  }
}

export const PREFERENCE_FIELDS = Object.keys(preferencesValues(null)) as PreferencesField[]

/** The guided introduction's steps and the fields each one asks for. */
export const ONBOARDING_STEPS = [
  { id: 'where', fields: ['state', 'city', 'zipCodes', 'radiusZip', 'radiusMiles'] },
  { id: 'what', fields: ['propertyUse', 'propertyTypes', 'minBedrooms', 'minBathrooms', 'propertyConditions'] },
  {
    id: 'budget',
    fields: [
      'maxMonthlyPayment',
      'maxDownPayment',
      'financingType',
      'creditScoreRange',
      'preApprovedMortgage',
      'preApprovedAmount',
    ],
  },
] as const satisfies readonly { id: string; fields: readonly PreferencesField[] }[]
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['id']
