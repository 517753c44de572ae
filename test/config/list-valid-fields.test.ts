/**
 * The fields a schema accepts at a place in the file, and docs/configuration.md naming every one
 * of them: a field added to a schema without its line in the docs fails here. Pure; ~0.2 s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkKinds, definitionOf } from '../../src/checks/registry.js';
import { listValidFields } from '../../src/config/list-valid-fields.js';
import { configSchema } from '../../src/config/schema.js';
import { projectRoot } from '../helpers/repo.js';

const documentation = readFileSync(join(projectRoot, 'docs', 'configuration.md'), 'utf8');

/** The text of the section under `heading` (a whole heading line), up to the next heading of its level or above. */
function readSection(heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const start = documentation.split('\n').indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = documentation.split('\n').slice(start + 1);
  const end = rest.findIndex((line) => /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level);
  return rest.slice(0, end === -1 ? undefined : end).join('\n');
}

/** A table row of the section that names the field as its first cell. */
function hasRow(section: string, field: string): boolean {
  return section.split('\n').some((line) => line.startsWith(`| \`${field}\` |`));
}

describe('listValidFields', () => {
  it('lists the fields of the object at a path, through optional fields, arrays, records and unions', () => {
    expect(listValidFields(configSchema, [])).toEqual([
      'allowSuppressionReason',
      'allowWeakening',
      'budget',
      'checks',
      'fixBeforeBlock',
      'maxFiles',
      'nonEditable',
      'outputLimit',
      'remoteCache',
      'serve',
      'suppressions',
      'verifyWarm',
    ]);
    expect(listValidFields(configSchema, ['nonEditable', 0])).toEqual(['glob', 'hint']);
    expect(listValidFields(configSchema, ['remoteCache'])).toEqual(['api', 'team', 'teamId', 'timeoutMs']);
    expect(listValidFields(configSchema, ['budget'])).toEqual(['attempts', 'seconds']);
    // A record of unknown values, a number: nothing with known fields there.
    expect(listValidFields(configSchema, ['checks', 'tsc'])).toEqual([]);
    expect(listValidFields(configSchema, ['maxFiles'])).toEqual([]);
    expect(listValidFields(configSchema, ['nope'])).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  const common = ['enabled', 'kind', 'timeoutMs'];

  it('has a row for every top-level option, and names every field of the nested ones', () => {
    const section = readSection('## Top-level options');
    for (const field of listValidFields(configSchema, [])) expect(hasRow(section, field), field).toBe(true);
    for (const path of [['budget'], ['nonEditable', 0], ['remoteCache']])
      for (const field of listValidFields(configSchema, path))
        expect(section, `${path.join('.')}.${field}`).toMatch(new RegExp(`[\`."]${field}[\`"]`));
    expect(section).toContain('```json');
  });

  it('has a row for every field of every check kind, with an example in its section', async () => {
    const shared = readSection('## Checks');
    for (const field of common) expect(hasRow(shared, field), field).toBe(true);
    for (const kind of checkKinds) {
      const fields = listValidFields(await definitionOf(kind).loadSchema(), []);
      expect(fields, kind).toEqual(expect.arrayContaining(common));
      const section = readSection(`### ${kind === 'command' ? 'command (any SARIF producer)' : kind}`);
      for (const field of fields.filter((name) => !common.includes(name)))
        expect(hasRow(section, field), `${kind}.${field}`).toBe(true);
      expect(section, kind).toMatch(/```json\n\{ "checks": \{ "\w+": \{/);
    }
  });
});
