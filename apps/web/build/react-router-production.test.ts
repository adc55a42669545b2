import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropDisplayNames, reactRouterProduction } from './react-router-production';

describe('building with React Router for production', () => {
  it('resolves react-router and react-router/dom to the package production build, which has no development warnings', () => {
    const plugin = reactRouterProduction();
    const resolveId = plugin.resolveId as (source: string) => string | undefined;
    const router = resolveId('react-router');
    const dom = resolveId('react-router/dom');
    expect(router).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    expect(dom).toMatch(/react-router[\\/]dist[\\/]production[\\/]dom-export\.mjs$/);
    expect(resolveId('react-router-dom')).toBeUndefined();
    const folder = path.dirname(router!);
    const flags = readdirSync(folder)
      .filter((file) => file.endsWith('.mjs'))
      .flatMap((file) => readFileSync(path.join(folder, file), 'utf8').match(/var ENABLE_DEV_WARNINGS = \w+;/g) ?? []);
    expect(flags).toEqual(['var ENABLE_DEV_WARNINGS = false;']);
  });

  it('drops the debugging names assigned beside components, so components nobody renders can be shaken out', () => {
    const code = ['var Form = React.forwardRef(function Form2() {});', 'Form.displayName = "Form";', 'var x = { displayName: "kept" };', '  Inner.displayName = "indented, kept";'].join('\n');
    expect(dropDisplayNames(code)).toBe(['var Form = React.forwardRef(function Form2() {});', '', 'var x = { displayName: "kept" };', '  Inner.displayName = "indented, kept";'].join('\n'));
  });

  it('is a build plugin only: the development server and the tests keep the warnings', () => {
    expect(reactRouterProduction().apply).toBe('build');
  });
});
