import type { Reason } from '../../src/contract/matching'
import type { MatchListing } from '../../server/modules/matching/criteria'
import { cashListing, reasonFor } from './matching-fixtures'

/**
 * A worked example per reason and outcome, scored by the scorer, with its sentence in English and Spanish
 * (matching-reasons.test.ts checks them).
 */
export type Example = [name: string, reason: Reason, english: string, spanish: string]

const halfAcre: MatchListing = { ...cashListing, lotSize: 0.5, lotSizeUnit: 'acres' }

/** The property's facts. */
export const PROPERTY_EXAMPLES: Example[] = [
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
