/**
 * Validates SARIF against the SARIF 2.1.0 JSON schema kept in test/fixtures: the 2.1.0-rtm.5
 * schema file as Microsoft's @microsoft/jest-sarif 1.0.0-beta.0 ships it on npm (MIT), unchanged.
 * It is written in JSON Schema draft-04, which Ajv 8 does not load as such: the draft-04 `id` and
 * `$schema` are dropped before compiling; everything the schema uses besides them (types, enums,
 * required, patterns, formats, $ref into definitions) means the same in the draft Ajv speaks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { projectRoot } from '../helpers/repo.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const {
  $schema: _draft,
  id: _id,
  ...schema
} = JSON.parse(readFileSync(join(projectRoot, 'test', 'fixtures', 'sarif-2.1.0-rtm.5.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;

// unicodeRegExp off: the schema's language pattern has a stray `]` that only non-unicode regular expressions accept.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema errors of a SARIF log, as readable lines; empty when it is valid. */
export function findSarifErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}
