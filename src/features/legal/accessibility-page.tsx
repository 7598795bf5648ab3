import { LegalDocument } from './legal-document'

/** /accessibility */
export function AccessibilityPage() {
  return <LegalDocument doc="accessibility" />
}
