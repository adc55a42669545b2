/**
 * A request path as every layer that may read it would (a router, a proxy, a file server, a
 * browser's app router): decoded again while it still decodes (`%252e`), with backslashes as
 * slashes, `;` parameters, whitespace and NULs dropped, in lower case, and dot segments resolved.
 * `climbs` says whether any segment was a parent segment (`..`) however spelled: no link the
 * shop makes holds one, and a browser resolves a plain one before it sends the request.
 */
export function pathSegments(path: string): { segments: string[]; climbs: boolean } {
  let decoded = path;
  for (let round = 0; round < 3 && decoded.includes('%'); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  let climbs = false;
  for (const raw of decoded.replace(/\\/g, '/').split('/')) {
    const segment = raw.split(';', 1)[0]!.replace(/[\s\0]+/g, '').toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      climbs = true;
      segments.pop();
    } else segments.push(segment);
  }
  return { segments, climbs };
}
