import { hostileInputSuite } from './hostile-input-helpers'

// The other half of the routes (see hostile-input.test.ts).
hostileInputSuite(1, 2)
