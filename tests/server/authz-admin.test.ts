import { ADMIN_AREA, describeMatrix } from './authz/run'

// The authorization matrix (tests/server/authz/matrix.ts), for the admin panel's endpoints.
describeMatrix('who may call the endpoints of the admin panel', ADMIN_AREA)
