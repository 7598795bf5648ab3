import { describeCompleteness, describeMatrix, OTHER_AREAS } from './authz/run'

// The authorization matrix (tests/server/authz/matrix.ts): its completeness, tampered tokens, and the endpoints
// of accounts, profiles, content and the rest (listings and the admin panel have their own files).
describeCompleteness()
describeMatrix('who may call the endpoints of accounts, profiles, content and the rest', OTHER_AREAS, {
  tamperedTokens: true,
})
