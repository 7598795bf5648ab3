import type { Reason } from '../../src/contract/matching'
import type { MatchListing } from '../../server/modules/matching/criteria'
import { cashListing, reasonFor, subToListing } from './matching-fixtures'

/**
 * A worked example per reason and outcome, scored by the scorer, with its sentence in English and Spanish
 * (matching-reasons.test.ts checks them).
 */
export type Example = [name: string, reason: Reason, english: string, spanish: string]

const lease: MatchListing = {
  ...cashListing,
  dealCategory: 'creative',
  purchaseType: 'LeaseOption',
  emd: 1_000,
  optionFee: 10_000,
  securityDeposit: 2_000,
  leaseMonthlyPayment: 1_900,
}

/** Place, money and the kind of deal. */
export const DEAL_EXAMPLES: Example[] = [
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
]
