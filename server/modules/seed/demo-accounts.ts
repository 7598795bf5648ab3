import type { BuyBoxInput, MemberDealType, PreferencesInput, Role, SellerPreferencesInput } from '../../../src/contract'

/** The password of every demo account (printed by `npm start`; demo data only). */
export const DEMO_PASSWORD = 'DemoPass1!'

export type DemoAccount = {
  email: string
  roles: Role[]
  firstName: string
  lastName: string
  /** Ten digits in the 555-01xx range, which is reserved for fiction. */
  phone: string
  company?: { name: string; phone: string; email: string }
  /** Sellers' booking page, so buyers see "Schedule a call" on their listings (a reserved .example host). */
  callBookingLink?: string
  buyBox?: BuyBoxInput
  preferences?: PreferencesInput
  sellerPreferences?: SellerPreferencesInput
  /** Listed in the Owners Club directory with these deal types (members are unlisted unless said). */
  ownersClub?: { dealTypes: MemberDealType[] }
}

const phoenixPreferences: PreferencesInput = {
  propertyUse: 'investment',
  propertyTypes: ['single-family', 'townhouse'],
  state: 'AZ',
  city: 'Phoenix',
  zipCodes: ['85008', '85016', '85018'],
  minBedrooms: 3,
  minBathrooms: 2,
  maxMonthlyPayment: 2800,
  maxDownPayment: 40000,
  propertyConditions: ['move-in-ready', 'minor-work'],
  rentalPotential: true,
  notificationChannels: ['email'],
  preferredContact: 'email',
  searchFrequency: 'daily',
  preApprovedMortgage: false,
  financingType: 'creative',
  creditScoreRange: 'good',
}

/**
 * One account per role plus a buyer-seller, each complete for the profile rule of its roles, so a
 * demo starts on the listings rather than on the profile form.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.test',
    roles: ['admin'],
    firstName: 'Dana',
    lastName: 'Whitfield',
    phone: '6025550101',
  },
  {
    email: 'owner@demo.test',
    roles: ['owner'],
    firstName: 'Marcus',
    lastName: 'Bell',
    phone: '6025550102',
    company: { name: 'Bell Capital Partners', phone: '6025550112', email: 'office@bellcapital.example' },
    callBookingLink: 'https://booking.example/marcus-bell',
    buyBox: {
      type: 'both',
      zipCodes: ['85004', '85006', '85008', '85016', '85018', '85251', '85257'],
      propertyTypes: ['single-family', 'multi-2-4'],
      minPrice: 150000,
      maxPrice: 650000,
    },
  },
  {
    email: 'seller@demo.test',
    roles: ['originator'],
    firstName: 'Sofia',
    lastName: 'Delgado',
    phone: '4805550103',
    company: { name: 'Delgado Creative Homes', phone: '4805550113', email: 'deals@delgadohomes.example' },
    // A new member finds a populated Owners Club directory.
    ownersClub: { dealTypes: ['cash', 'SubTo', 'SellerFinance'] },
    callBookingLink: 'https://booking.example/sofia-delgado',
    sellerPreferences: {
      states: ['AZ', 'TX'],
      dealTypes: ['cash', 'SubTo', 'SellerFinance'],
      dealsPerMonth: 4,
      preferredContact: 'text',
      notifyOnInterest: true,
      notifyOnOffer: true,
    },
  },
  {
    email: 'buyer@demo.test',
    roles: ['buyer'],
    firstName: 'Jordan',
    lastName: 'Reyes',
    phone: '6235550104',
    preferences: phoenixPreferences,
  },
  {
    email: 'hybrid@demo.test',
    roles: ['buyer', 'originator'],
    firstName: 'Priya',
    lastName: 'Shah',
    phone: '5125550105',
    company: { name: 'Shah Home Solutions', phone: '5125550115', email: 'hello@shahhomes.example' },
    callBookingLink: 'https://booking.example/priya-shah',
    preferences: {
      ...phoenixPreferences,
      propertyUse: 'investment',
      state: 'TX',
      city: 'Austin',
      zipCodes: ['78702', '78704', '78745'],
      financingType: 'cash',
      creditScoreRange: 'excellent',
    },
    sellerPreferences: {
      states: ['TX'],
      dealTypes: ['LeaseOption', 'Hybrid'],
      dealsPerMonth: 2,
      preferredContact: 'email',
    },
  },
]
