import { describe, expect, it } from 'vitest';
import { readImportStatements, readLogicalLines, resolvePythonImports } from '../../../src/checks/python/imports.js';

const sourcesOf = (files: Record<string, string>) => Object.entries(files).map(([path, text]) => ({ path, text }));

describe('readImportStatements', () => {
  it('reads plain, aliased, dotted, relative, starred and parenthesised imports wherever they stand', () => {
    const text = [
      'import os, shop.models as m',
      'from . import card',
      'from ..pricing.rates import (',
      '    unit_cost,  # the common case',
      '    describe as describe_card,',
      ')',
      'from shop.billing import *',
      'if TYPE_CHECKING:',
      '    from shop.types import Money',
      'def late():',
      '    import shop.late; import json',
      'x = 1 \\',
      '  + 2',
      'from.sibling import thing',
    ].join('\n');
    expect(readImportStatements(text)).toEqual([
      { kind: 'import', module: 'os' },
      { kind: 'import', module: 'shop.models' },
      { kind: 'from', level: 1, module: '', names: ['card'] },
      { kind: 'from', level: 2, module: 'pricing.rates', names: ['unit_cost', 'describe'] },
      { kind: 'from', level: 0, module: 'shop.billing', names: ['*'] },
      { kind: 'from', level: 0, module: 'shop.types', names: ['Money'] },
      { kind: 'import', module: 'shop.late' },
      { kind: 'import', module: 'json' },
      { kind: 'from', level: 1, module: 'sibling', names: ['thing'] },
    ]);
  });

  it('ignores imports inside strings, docstrings and comments, and names that only start with import', () => {
    const text = [
      '"""Usage:',
      '',
      'import shop.docs',
      '"""',
      "example = 'from shop import quoted'",
      "raw = r'\\'import shop.raw'",
      '# import shop.commented',
      'important = True',
      'from_here = 1',
      "f'{value!r}'; import shop.after_string",
    ].join('\n');
    expect(readImportStatements(text)).toEqual([{ kind: 'import', module: 'shop.after_string' }]);
  });

  it('joins bracketed and backslash-continued lines, CRLF included', () => {
    expect(readLogicalLines('from a import (\r\n  b,\r\n  c)\r\nx = [\n1]\ny = 1 + \\\n2\n')).toEqual([
      'from a import (   b,   c)',
      'x = [ 1]',
      'y = 1 +  2',
    ]);
  });
});

describe('resolvePythonImports', () => {
  const files = {
    'src/shop/__init__.py': '',
    'src/shop/models/__init__.py': 'from .card import RateCard\n',
    'src/shop/models/card.py': 'from dataclasses import dataclass\n',
    'src/shop/models/card.pyi': 'class RateCard: ...\n',
    'src/shop/pricing/__init__.py': '',
    'src/shop/pricing/rates.py': 'from ..models import RateCard\nfrom .. import models\nfrom . import missing\n',
    'src/shop/billing/invoice.py':
      'import shop.pricing.rates\nfrom shop.models import card, RateCard\nfrom shop import pricing\nimport requests\n',
    'src/shop/ns/plugin.py': 'from shop.ns import other\n',
    'src/shop/ns/other.py': '',
    'tests/conftest.py': '',
    'tests/helpers.py': '',
    'tests/test_invoice.py': 'import helpers\nfrom shop.billing.invoice import total\nfrom ...outside import x\n',
    'tools/script.py': 'import shop\n',
  };

  it('resolves packages, modules, stubs, submodules, relative imports and the src layout to repository files', () => {
    expect(resolvePythonImports(sourcesOf(files), ['.', 'src'])).toEqual({
      'src/shop/models/__init__.py': ['src/shop/models/card.py', 'src/shop/models/card.pyi'],
      // `from ..models import RateCard` is the package; `from .. import models` names the subpackage; `missing` is not there.
      'src/shop/pricing/rates.py': ['src/shop/models/__init__.py', 'src/shop/pricing/__init__.py'],
      'src/shop/billing/invoice.py': [
        'src/shop/models/__init__.py',
        'src/shop/models/card.py',
        'src/shop/models/card.pyi',
        'src/shop/pricing/__init__.py',
        'src/shop/pricing/rates.py',
      ],
      // A namespace package (no __init__.py) still resolves its modules.
      'src/shop/ns/plugin.py': ['src/shop/ns/other.py'],
      // `import helpers` from the test's own folder, as pytest and scripts find it.
      'tests/test_invoice.py': ['src/shop/billing/invoice.py', 'tests/helpers.py'],
      'tools/script.py': ['src/shop/__init__.py'],
    });
  });

  it('tries the source roots in order, so a top-level package in the root wins over src', () => {
    const shadowed = { 'shop/__init__.py': '', 'src/shop/__init__.py': '', 'app.py': 'import shop\n' };
    expect(resolvePythonImports(sourcesOf(shadowed), ['.', 'src'])).toEqual({ 'app.py': ['shop/__init__.py'] });
    expect(resolvePythonImports(sourcesOf(shadowed), ['src'])).toEqual({ 'app.py': ['src/shop/__init__.py'] });
  });

  it('gives a file no edge to itself', () => {
    expect(
      resolvePythonImports(sourcesOf({ 'pkg/__init__.py': 'from . import thing\nfrom pkg import x\n' }), ['.']),
    ).toEqual({});
  });
});
