import { z } from 'zod'

/** An environment flag: true/false, 1/0 or yes/no, any case; anything else is refused with the variable's name. */
export const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((value) => value === 'true' || value === '1' || value === 'yes')
