import { LegalDocument } from './legal-document'

/** /terms */
export function TermsPage() {
  return <LegalDocument doc="terms" />
}
