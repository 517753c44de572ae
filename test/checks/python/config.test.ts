/**
 * Reading the Python tools' configuration: configparser's INI as mypy reads it, mypy's module
 * patterns, ruff's resolved settings, and a pyproject.toml that no longer parses (one line, never a
 * crash).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { matchesModule, readMypyConfig } from '../../../src/checks/mypy/config.js';
import { parseIni, readPyprojectTool } from '../../../src/checks/python/config-files.js';
import { parseRuffSettings } from '../../../src/checks/ruff/output.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('Python configuration files', () => {
  it('reads INI as configparser does: continuation lines, both separators, comment lines', () => {
    const sections = parseIni(
      '# top\n[mypy]\nstrict: True\ndisable-error-code =\n    misc,\n    union-attr\n; note\n[mypy-a.*]\nignore_errors=True\n',
      'mypy.ini',
    );
    expect(Object.fromEntries([...sections].map(([name, values]) => [name, Object.fromEntries(values)]))).toEqual({
      mypy: { strict: 'True', disable_error_code: '\nmisc,\nunion-attr' },
      'mypy-a.*': { ignore_errors: 'True' },
    });
    expect(() => parseIni('strict = True\n', 'setup.cfg')).toThrow('setup.cfg does not parse: line 1: "strict = True"');
  });

  it("matches mypy's module patterns", () => {
    expect(matchesModule('legacy.*', 'legacy')).toBe(true);
    expect(matchesModule('legacy.*', 'legacy.old.deep')).toBe(true);
    expect(matchesModule('legacy.*', 'legacyx')).toBe(false);
    expect(matchesModule('a.*.c', 'a.b.c')).toBe(true);
    expect(matchesModule('a.*.c', 'a.b.d.c')).toBe(false);
    expect(matchesModule('a.b', 'a.b.c')).toBe(false);
  });

  it('reads [tool.mypy] overrides as per-module sections, and says in one line when pyproject.toml does not parse', () => {
    const repo = makeRepo({
      typescript: false,
      git: false,
      files: {
        'pyproject.toml':
          '[tool.mypy]\nstrict = true\n\n[[tool.mypy.overrides]]\nmodule = ["legacy.*", "gen"]\nignore-errors = true\n',
      },
    });
    repos.push(repo);
    expect(readMypyConfig(repo.root)).toEqual({
      file: 'pyproject.toml',
      global: { strict: true },
      sections: [{ patterns: ['legacy.*', 'gen'], values: { ignore_errors: true } }],
    });
    repo.write('pyproject.toml', '[tool.mypy\nstrict = true\n');
    expect(() => readPyprojectTool(repo.root, 'mypy')).toThrow(/^pyproject\.toml does not parse: \S/);
  });

  it("reads ruff's resolved settings: the file they come from and the rules it enforces", () => {
    const printed = [
      'Resolved settings for: "/r/a.py"',
      'Settings path: "/r/pyproject.toml"',
      'linter.rules.enabled = [',
      '\tline-too-long (E501),',
      '\tunused-import (F401),',
      ']',
    ].join('\n');
    expect(parseRuffSettings(printed)).toEqual({
      settingsPath: '/r/pyproject.toml',
      enabled: new Map([
        ['E501', 'line-too-long'],
        ['F401', 'unused-import'],
      ]),
    });
    expect(parseRuffSettings('no settings here')).toBeNull();
  });
});
