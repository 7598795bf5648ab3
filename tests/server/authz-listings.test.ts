import { describeMatrix, LISTING_AREA } from './authz/run'

// The authorization matrix (tests/server/authz/matrix.ts), for listings, offers, conversations and interests.
describeMatrix('who may call the endpoints of listings, offers and conversations', LISTING_AREA)
