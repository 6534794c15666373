import { describe, expect, it } from 'vitest';
import routes from './routes';
import { SPEC_ROUTES } from './spec-routes';

type Node = { path?: string; index?: boolean; children?: Node[]; id?: string };
const flatten = (nodes: Node[], base = ''): string[] =>
  nodes.flatMap((n) => {
    const p = n.index ? base || '/' : n.path ? `${base}/${n.path}`.replace(/\/+/g, '/') : base;
    return [...(n.index || n.path ? [p] : []), ...flatten(n.children ?? [], p)];
  });

/** Does a route pattern (with :params and a trailing *) serve this spec path? */
function serves(pattern: string, specPath: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('/')
      .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );
  return re.test(specPath.replace(/:(\w+)/g, 'x'));
}

describe('route table', () => {
  const patterns = flatten(routes as Node[]).filter((p) => p !== '/*');

  it('routes every spec path of the capabilities built so far', () => {
    const built = ['foundation', 'accounts', 'content', 'lottery', 'campaigns', 'venues', 'tools', 'programmes', 'mall', 'console'];
    const missing = Object.entries(SPEC_ROUTES)
      .filter(([, owner]) => built.includes(owner))
      .filter(([p]) => !patterns.some((pattern) => serves(pattern, p)))
      .map(([p]) => p);
    expect(missing).toEqual([]);
  });

  it('routes nothing the spec does not list, except the catch-all 404', () => {
    const extra = patterns.filter((pattern) => !Object.keys(SPEC_ROUTES).some((p) => serves(pattern, p)));
    expect(extra).toEqual([]);
  });

  it('gives every route a unique id', () => {
    const ids = (routes as Node[]).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
