import { describe, expect, it } from 'vitest'
import { mailTranslator } from '../../server/modules/mail/templates'
import { REASON_CODES, REASON_OUTCOMES, type Reason } from '../../src/contract/matching'
import { describeReason } from '../../src/contract/matching-reasons'
import type { MatchListing } from '../../server/modules/matching/criteria'
import { cashListing, reasonFor, subToListing } from './matching-fixtures'

const en = await mailTranslator('en')
const es = await mailTranslator('es')
const words = (reason: Reason) => [describeReason(reason, en), describeReason(reason, es)]

const halfAcre: MatchListing = { ...cashListing, lotSize: 0.5, lotSizeUnit: 'acres' }
const lease: MatchListing = {
  ...cashListing,
  dealCategory: 'creative',
  purchaseType: 'LeaseOption',
  emd: 1_000,
  optionFee: 10_000,
  securityDeposit: 2_000,
  leaseMonthlyPayment: 1_900,
}

/** A worked example per reason and outcome, scored by the scorer, and its sentence in English and Spanish. */
const EXAMPLES: [string, Reason, string, string][] = [
  [
    'area by ZIP code',
    reasonFor('area', cashListing, { zipCodes: ['85004'] }),
    'ZIP code 85004 is one of your ZIP codes',
    'El código postal 85004 es uno de los tuyos',
  ],
  [
    'area by city',
    reasonFor('area', cashListing, { city: 'Phoenix', state: 'AZ' }),
    'In Phoenix, AZ, your city',
    'En Phoenix, AZ, tu ciudad',
  ],
  [
    'area within a radius',
    reasonFor('area', cashListing, { radius: { zipCode: '85201', miles: 1_500 } }),
    '12.9 mi from 85201, within your 1,500 mi',
    'A 12.9 mi de 85201, dentro de tus 1,500 mi',
  ],
  [
    'area beyond a radius',
    reasonFor('area', cashListing, { radius: { zipCode: '85201', miles: 10 } }),
    '12.9 mi from 85201, beyond your 10 mi',
    'A 12.9 mi de 85201, más allá de tus 10 mi',
  ],
  [
    'area outside the lists',
    reasonFor('area', cashListing, { zipCodes: ['85201'] }),
    'Phoenix, AZ 85004 is outside your areas',
    'Phoenix, AZ 85004 está fuera de tus zonas',
  ],
  [
    'area unknown',
    reasonFor('area', cashListing, { radius: { zipCode: '00000', miles: 10 } }),
    'Distance from 00000 unknown',
    'Distancia desde 00000 desconocida',
  ],
  ['state match', reasonFor('state', cashListing, { state: 'AZ' }), 'In AZ, your state', 'En AZ, tu estado'],
  [
    'state miss',
    reasonFor('state', cashListing, { state: 'NV' }),
    'In AZ, not your state (NV)',
    'En AZ, no es tu estado (NV)',
  ],
  [
    'price in range',
    reasonFor('price', cashListing, { minPrice: 200_000, maxPrice: 300_000 }),
    'Price $250,000 within your range $200,000–$300,000',
    'Precio de $250,000 dentro de tu rango de $200,000–$300,000',
  ],
  [
    'price under a max',
    reasonFor('price', cashListing, { maxPrice: 300_000 }),
    'Price $250,000 ≤ your max $300,000',
    'Precio de $250,000 ≤ tu máximo de $300,000',
  ],
  [
    'price over a min',
    reasonFor('price', cashListing, { minPrice: 100_000 }),
    'Price $250,000 ≥ your min $100,000',
    'Precio de $250,000 ≥ tu mínimo de $100,000',
  ],
  [
    'price over the max',
    reasonFor('price', cashListing, { minPrice: 100_000, maxPrice: 200_000 }),
    'Price $250,000 > your max $200,000',
    'Precio de $250,000 > tu máximo de $200,000',
  ],
  [
    'price under the min',
    reasonFor('price', cashListing, { minPrice: 300_000 }),
    'Price $250,000 < your min $300,000',
    'Precio de $250,000 < tu mínimo de $300,000',
  ],
  [
    'price unknown',
    reasonFor('price', { ...lease, purchasePrice: null }, { maxPrice: 300_000 }),
    'Price not listed',
    'Precio no indicado',
  ],
  [
    'monthly payment match',
    reasonFor('monthlyPayment', { ...subToListing, hoaMonthlyFee: 99.5 }, { maxMonthlyPayment: 2_000 }),
    'Monthly payment $1,599.50 ≤ your max $2,000',
    'Pago mensual de $1,599.50 ≤ tu máximo de $2,000',
  ],
  [
    'monthly payment miss',
    reasonFor('monthlyPayment', subToListing, { maxMonthlyPayment: 1_200 }),
    'Monthly payment $1,500 > your max $1,200',
    'Pago mensual de $1,500 > tu máximo de $1,200',
  ],
  [
    'monthly payment unknown',
    reasonFor('monthlyPayment', cashListing, { maxMonthlyPayment: 1_200 }),
    'Monthly payment unknown (your max $1,200)',
    'Pago mensual desconocido (tu máximo: $1,200)',
  ],
  [
    'entry fee alone',
    reasonFor('cashToClose', subToListing, { maxDownPayment: 25_000 }),
    'Entry fee $18,000 ≤ your max $25,000',
    'Pago de entrada de $18,000 ≤ tu máximo de $25,000',
  ],
  [
    'entry fee and EMD over the max',
    reasonFor('cashToClose', { ...subToListing, emd: 3_000 }, { maxDownPayment: 20_000 }),
    'Cash needed $21,000 (entry fee $18,000 + EMD $3,000) > your max $20,000',
    'Efectivo necesario de $21,000 (pago de entrada de $18,000 + EMD de $3,000) > tu máximo de $20,000',
  ],
  [
    'a lease’s option fee, deposit and EMD',
    reasonFor('cashToClose', lease, { maxDownPayment: 15_000 }),
    'Cash needed $13,000 (option fee $10,000 + security deposit $2,000 + EMD $1,000) ≤ your max $15,000',
    'Efectivo necesario de $13,000 (prima de opción de $10,000 + depósito de seguridad de $2,000 + EMD de $1,000) ≤ tu máximo de $15,000',
  ],
  [
    'cash needed unknown',
    reasonFor('cashToClose', cashListing, { maxDownPayment: 25_000 }),
    'Cash needed unknown (your max $25,000)',
    'Efectivo necesario desconocido (tu máximo: $25,000)',
  ],
  [
    'deal type match',
    reasonFor('dealType', subToListing, { dealType: 'creative' }),
    'Deal type: Creative, which your buy box covers (Creative deals)',
    'Tipo de operación: Creativa, que tu buy box abarca (Operaciones creativas)',
  ],
  [
    'deal type miss',
    reasonFor('dealType', cashListing, { dealType: 'creative' }),
    'Deal type: Cash, but your buy box covers Creative deals only',
    'Tipo de operación: De contado, pero tu buy box abarca solo Operaciones creativas',
  ],
  [
    'financing match',
    reasonFor('financing', subToListing, { financingType: 'creative' }),
    'Can be bought with your financing: Creative financing',
    'Se puede comprar con tu financiamiento: Financiamiento creativo',
  ],
  [
    'financing miss',
    reasonFor('financing', subToListing, { financingType: 'fha' }),
    'Cannot be bought with your financing: FHA loan',
    'No se puede comprar con tu financiamiento: Préstamo FHA',
  ],
  [
    'financing unknown',
    reasonFor('financing', cashListing, { financingType: 'va' }),
    'Not stated whether it qualifies for your financing: VA loan',
    'No se indica si califica para tu financiamiento: Préstamo VA',
  ],
  [
    'property type match',
    reasonFor('propertyType', cashListing, { propertyTypes: ['single-family'] }),
    'Single family, one of your property types',
    'Casa unifamiliar, uno de tus tipos de propiedad',
  ],
  [
    'property type miss',
    reasonFor('propertyType', cashListing, { propertyTypes: ['condo'] }),
    'Single family, not one of your property types',
    'Casa unifamiliar, no es uno de tus tipos de propiedad',
  ],
  [
    'bedrooms match',
    reasonFor('bedrooms', cashListing, { minBedrooms: 3 }),
    'Bedrooms: 3 ≥ your min 3',
    'Recámaras: 3 ≥ tu mínimo de 3',
  ],
  [
    'bedrooms miss',
    reasonFor('bedrooms', cashListing, { minBedrooms: 4 }),
    'Bedrooms: 3 < your min 4',
    'Recámaras: 3 < tu mínimo de 4',
  ],
  [
    'bedrooms unknown',
    reasonFor('bedrooms', { ...cashListing, bedrooms: null }, { minBedrooms: 4 }),
    'Bedrooms not listed (your min 4)',
    'Recámaras no indicadas (tu mínimo: 4)',
  ],
  [
    'bathrooms match',
    reasonFor('bathrooms', { ...cashListing, bathrooms: 2.5 }, { minBathrooms: 2 }),
    'Bathrooms: 2.5 ≥ your min 2',
    'Baños: 2.5 ≥ tu mínimo de 2',
  ],
  [
    'bathrooms miss',
    reasonFor('bathrooms', cashListing, { minBathrooms: 3 }),
    'Bathrooms: 2 < your min 3',
    'Baños: 2 < tu mínimo de 3',
  ],
  [
    'bathrooms unknown',
    reasonFor('bathrooms', { ...cashListing, bathrooms: null }, { minBathrooms: 3 }),
    'Bathrooms not listed (your min 3)',
    'Baños no indicados (tu mínimo: 3)',
  ],
  [
    'square feet match',
    reasonFor('squareFeet', cashListing, { minSqft: 1_500 }),
    '1,600 sq ft ≥ your min 1,500 sq ft',
    '1,600 pies² ≥ tu mínimo de 1,500 pies²',
  ],
  [
    'square feet miss',
    reasonFor('squareFeet', cashListing, { minSqft: 2_000 }),
    '1,600 sq ft < your min 2,000 sq ft',
    '1,600 pies² < tu mínimo de 2,000 pies²',
  ],
  [
    'square feet unknown',
    reasonFor('squareFeet', { ...cashListing, squareFootage: null }, { minSqft: 2_000 }),
    'Square footage not listed (your min 2,000 sq ft)',
    'Superficie no indicada (tu mínimo: 2,000 pies²)',
  ],
  [
    'lot in acres match',
    reasonFor('lotSize', halfAcre, { minLotSize: 10_000 }),
    'Lot 0.5 acres (21,780 sq ft) ≥ your min 10,000 sq ft',
    'Terreno de 0.5 acres (21,780 pies²) ≥ tu mínimo de 10,000 pies²',
  ],
  [
    'lot in square feet miss',
    reasonFor('lotSize', cashListing, { minLotSize: 10_000 }),
    'Lot 6,000 sq ft < your min 10,000 sq ft',
    'Terreno de 6,000 pies² < tu mínimo de 10,000 pies²',
  ],
  [
    'lot unknown',
    reasonFor('lotSize', { ...cashListing, lotSize: null }, { minLotSize: 10_000 }),
    'Lot size not listed (your min 10,000 sq ft)',
    'Tamaño del terreno no indicado (tu mínimo: 10,000 pies²)',
  ],
  [
    'year built match',
    reasonFor('yearBuilt', cashListing, { minYearBuilt: 2000 }),
    'Built in 2005, not before your 2000',
    'Construida en 2005, no antes de tu mínimo de 2000',
  ],
  [
    'year built miss',
    reasonFor('yearBuilt', cashListing, { minYearBuilt: 2010 }),
    'Built in 2005, before your 2010',
    'Construida en 2005, antes de tu mínimo de 2010',
  ],
  [
    'year built unknown',
    reasonFor('yearBuilt', { ...cashListing, yearBuilt: null }, { minYearBuilt: 2010 }),
    'Year built not listed (yours: 2010 or later)',
    'Año de construcción no indicado (el tuyo: 2010 o después)',
  ],
  [
    'age match',
    reasonFor('age', cashListing, { minPropertyAge: 5, maxPropertyAge: 30 }),
    '21 years old (built 2005), within your range: 5–30 years',
    '21 años de antigüedad (construida en 2005), dentro de tu rango: 5–30 años',
  ],
  [
    'age miss',
    reasonFor('age', cashListing, { maxPropertyAge: 10 }),
    '21 years old (built 2005), outside your range: at most 10 years',
    '21 años de antigüedad (construida en 2005), fuera de tu rango: como máximo 10 años',
  ],
  [
    'age unknown',
    reasonFor('age', { ...cashListing, yearBuilt: null }, { minPropertyAge: 10 }),
    'Age unknown: year built not listed (your range: at least 10 years)',
    'Antigüedad desconocida: año de construcción no indicado (tu rango: al menos 10 años)',
  ],
  ['no HOA', reasonFor('hoa', cashListing, { excludeHoa: true }), 'No HOA fee listed', 'Sin cuota de HOA indicada'],
  [
    'an HOA',
    reasonFor('hoa', { ...cashListing, hoaMonthlyFee: 150 }, { excludeHoa: true }),
    'HOA fee $150 a month: you exclude HOAs',
    'Cuota de HOA de $150 al mes: excluyes las HOA',
  ],
  [
    'new construction',
    reasonFor('newConstruction', { ...cashListing, yearBuilt: 2026 }, { newConstructionOnly: true }),
    'Built in 2026: new construction',
    'Construida en 2026: construcción nueva',
  ],
  [
    'not new construction',
    reasonFor('newConstruction', cashListing, { newConstructionOnly: true }),
    'Built in 2005: not new construction',
    'Construida en 2005: no es construcción nueva',
  ],
  [
    'new construction unknown',
    reasonFor('newConstruction', { ...cashListing, yearBuilt: null }, { newConstructionOnly: true }),
    'New construction unknown: year built not listed',
    'Construcción nueva desconocida: año de construcción no indicado',
  ],
  [
    'condition match',
    reasonFor(
      'condition',
      { ...cashListing, propertyCondition: 'fixer-upper' },
      { propertyConditions: ['fixer-upper'] },
    ),
    'Condition: Fixer-upper, one you accept',
    'Estado: Para remodelar, uno que aceptas',
  ],
  [
    'condition miss',
    reasonFor('condition', { ...cashListing, propertyCondition: 'teardown' }, { propertyConditions: ['fixer-upper'] }),
    'Condition: Teardown, not one you accept',
    'Estado: Para demoler, no es uno que aceptas',
  ],
  [
    'condition unknown',
    reasonFor('condition', cashListing, { propertyConditions: ['fixer-upper'] }),
    'Condition not stated',
    'Estado de la propiedad no indicado',
  ],
]

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
