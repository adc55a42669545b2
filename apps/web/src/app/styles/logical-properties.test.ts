import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Right to left stays first class (issue 36): the web apps' styles say start and end, never left
 * and right, so an Arabic page mirrors by itself. A physical margin, padding, border, position,
 * float or alignment in a stylesheet or a TSX inline style fails here, unless it is one of the
 * justified exceptions below (each says why it must not mirror).
 */
const WEB = path.resolve(import.meta.dirname, '../../..');

/** `file: the property as written`, with the reason it stays physical. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // None yet: a shape that must not mirror (a chart's time axis, a QR code's frame) goes here, with its reason.
};

/** A CSS property that names a side, and the properties whose value may name one. */
const CSS_PHYSICAL_NAME = /^(?:(?:margin|padding)-(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|border-(?:top|bottom)-(?:left|right)-radius|left|right)$/;
const CSS_SIDE_VALUE = /^(?:float|clear|text-align)$/;
const TSX_PHYSICAL = /\b((?:margin|padding|border)(?:Left|Right)\w*|textAlign\s*:\s*['"](?:left|right)['"]|float\s*:\s*['"](?:left|right)['"]|(?<![\w.])(?:left|right)\s*:\s*[-\d'"`])/;

/** The app's stylesheets and TSX files (with the pages' own HTML), tests left out. */
function sources(): string[] {
  const files = readdirSync(path.join(WEB, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:css|tsx)$/.test(file) && !/\.test\.tsx$/.test(file))
    .map((file) => path.join('src', file));
  return [...files, 'index.html', 'staff.html', 'scan.html'];
}

/** Every physical property of a file: CSS declarations (comments left out), and the `style={{ }}` objects of TSX. */
function physicalProperties(file: string, text: string): string[] {
  const found: string[] = [];
  if (file.endsWith('.tsx')) {
    for (const style of text.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) {
      const match = TSX_PHYSICAL.exec(style[1]!);
      if (match) found.push(match[1]!);
    }
    return found;
  }
  const css = file.endsWith('.html') ? [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>|style="([^"]*)"/g)].map((m) => `${m[1] ?? ''}{${m[2] ?? ''}`).join('\n') : text;
  for (const declaration of css.replace(/\/\*[\s\S]*?\*\//g, '').split(/[;{}]/)) {
    const match = /^\s*([a-z-]+)\s*:\s*([\s\S]*)$/.exec(declaration);
    if (!match) continue;
    const [, name, value] = match as unknown as [string, string, string];
    if (CSS_PHYSICAL_NAME.test(name)) found.push(name);
    else if (CSS_SIDE_VALUE.test(name) && /^(?:left|right)\b/.test(value.trim())) found.push(`${name}: ${value.trim()}`);
  }
  return found;
}

describe('the web apps mirror right to left', () => {
  it('use logical properties (inline-start and -end) in every stylesheet and inline style, but for the justified exceptions', () => {
    const offending = sources().flatMap((file) =>
      physicalProperties(file, readFileSync(path.join(WEB, file), 'utf8'))
        .map((property) => `${file}: ${property}`)
        .filter((entry) => !(entry in EXCEPTIONS)),
    );
    expect(offending).toEqual([]);
  });

  it('finds a physical property wherever it is written', () => {
    expect(physicalProperties('a.css', '.a { margin-left: 1rem; }\n.b {\n  padding-right: 0;\n  text-align: left;\n  right: 0;\n  border-left: 1px solid;\n}')).toEqual(['margin-left', 'padding-right', 'text-align: left', 'right', 'border-left']);
    expect(physicalProperties('a.css', '.a { margin-inline-start: 1rem; inset-inline-end: 0; text-align: start; border-inline-start: 1px solid; }\n/* margin-left: in a comment */')).toEqual([]);
    expect(physicalProperties('a.css', '.a:not(.left) { transition: left 1s; --left: 1; }')).toEqual([]);
    expect(physicalProperties('a.tsx', '<span style={{ marginLeft: 4, width: `${x}%` }} /><b style={{ left: 0 }} /><i style={{ textAlign: "right" }} />')).toEqual(['marginLeft', 'left: 0', 'textAlign: "right"']);
    expect(physicalProperties('a.tsx', '<span style={{ marginInlineStart: 4, insetInlineEnd: 0 }} />')).toEqual([]);
    expect(physicalProperties('a.html', '<style>body { padding-left: 1rem }</style>')).toEqual(['padding-left']);
  });
});
