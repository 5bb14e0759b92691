/**
 * The custom JSON Schema formats of the request schemas. The generator (scripts/validators.ts)
 * registers them with ajv, and the validators it writes import them from here (ajv
 * `code.formats`), so the rule lives once and the generated code only calls it.
 */

// Text the platforms can carry: no lone UTF-16 surrogates (JSON escapes can smuggle them in).
const LONE_SURROGATE = /\p{Cs}/u;

export const formats = {
  'unicode-text': { type: 'string', validate: (value: string) => !LONE_SURROGATE.test(value) },
} as const;
