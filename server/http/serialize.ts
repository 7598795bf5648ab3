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

/**
 * Answers are written by a stringifier compiled once per route from the answer schema (fast-json-stringify,
 * Fastify's own): only the fields the schema names leave the server, and no zod parse runs per call.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // zod writes standard JSON Schema; the stringifier's own type names a narrower subset of it.
  const stringify = fastJsonStringify(answerJsonSchema(schema) as Parameters<typeof fastJsonStringify>[0])
  return (data) => stringify(data)
}
