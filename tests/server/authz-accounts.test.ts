import { describeCompleteness, describeMatrix, OTHER_AREAS } from './authz/run'

// The authorization matrix (tests/server/authz/matrix.ts): its completeness, and every endpoint outside listings.
describeCompleteness()
describeMatrix('who may call the endpoints of accounts, admin, content and the rest', OTHER_AREAS)
