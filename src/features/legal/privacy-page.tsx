import { LegalDocument } from './legal-document'

/** /privacy */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" />
}
