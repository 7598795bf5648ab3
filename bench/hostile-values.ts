import fc from 'fast-check'

/*
 * Values no well-behaved client sends, for the hostile-input bench and tests: strings with NUL and lone
 * surrogates, impossible dates, ids and cursors no server made, numbers out of every bound.
 */

export const NUL = '\u0000'
export const LONE_SURROGATES = ['\ud800', 'x\udfffy', '\udc00\ud800']
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const
export const HUGE_STRING = 'x'.repeat(70_000)

/** Strings no field should store or trip over. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(NUL, `a${NUL}b`, ...LONE_SURROGATES, '', ' ', '\u202egnp.exe', '😀'.repeat(300)),
  fc.constantFrom(HUGE_STRING, 'https://' + 'a'.repeat(5000) + '.test/', '%00', '%ED%A0%80', '%'),
  fc.constantFrom("' OR 1=1 --", '<script>alert(1)</script>', 'javascript:alert(1)', '../../../etc/passwd'),
  fc.constantFrom('NaN', 'Infinity', '-1', '1e308', '0x10', 'true', 'null', ...PROTOTYPE_KEYS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(NUL, ...LONE_SURROGATES)).map(([text, bad]) => text + bad),
)

/** Dates no server made: impossible days, years PostgreSQL cannot hold, not dates at all. */
export const badDate = fc.constantFrom(
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '-004714-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '2026-01-01T25:61:00Z',
  '1970-01-01T00:00:00\u0000Z',
  'yesterday',
)

/** Ids and page cursors that name nothing, or break a parser. */
export const badId = fc.oneof(
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '-'.repeat(36)),
  fc.constantFrom('not-a-uuid', '0', '-1', 'x'.repeat(3000)),
  fc.uuid({ version: 4 }),
  fc
    .tuple(fc.oneof(badDate, fc.constant('2020-01-01T00:00:00Z')), fc.oneof(fc.uuid(), fc.constant('-'.repeat(36))))
    .map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url')),
  fc.base64String({ maxLength: 40 }),
)

/** Numbers out of every bound: negative, zero, fractions, huge, unsafe integers, non-finite. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.double(),
  fc.integer({ min: -(2 ** 31), max: 0 }),
)

/** Any value of a kind a field did not ask for. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(true, false, null, [], {}, [NUL], [1, 2, 3]),
  fc.constant(Array.from({ length: 500 }, (_, i) => String(10000 + i))),
  fc.constantFrom({ a: NUL }, { [NUL]: 1 }, { nested: { deeper: [{ x: '\ud800' }] } }),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
)
