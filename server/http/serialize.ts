import type { FastifySerializerCompiler } from 'fastify'
import fastJsonStringify from 'fast-json-stringify'
import { z } from 'zod'

/**
 * The JSON Schema of what an answer holds once sent (zod's output side); a transform or preprocess,
 * which JSON Schema cannot say, stands for its result.
 */
export function answerJsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  })
  return json
}

type Stringify = (data: unknown) => string

/**
 * Each answer schema's stringifier, made once per process: the contract's schemas are module constants, and a
 * stringifier keeps no state. Compiling them all cost about 250 ms of CPU per app built, which the server tests
 * paid for each of the hundreds of apps they build.
 */
const stringifiers = new WeakMap<z.ZodType, Stringify>()

/**
 * Answers are written by a stringifier compiled once per schema from the answer schema (fast-json-stringify,
 * Fastify's own): only the fields the schema names leave the server, and no zod parse runs per call.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let stringify = stringifiers.get(schema)
  if (!stringify) {
    // zod writes standard JSON Schema; the stringifier's own type names a narrower subset of it.
    stringify = fastJsonStringify(answerJsonSchema(schema) as Parameters<typeof fastJsonStringify>[0]) as Stringify
    stringifiers.set(schema, stringify)
  }
  return stringify
}
