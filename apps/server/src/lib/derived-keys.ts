/**
 * Keys derived from the shop's APP_SECRET (and the previous ones still honoured), worked out once
 * per secret: signing and checking run on every request that carries a link or a pass. A process
 * holds a handful of secrets (tests make more), so the cache is kept from growing without end.
 */
export function derivedKeys<Key>(derive: (appSecret: string) => Key): (appSecret: string) => Key {
  const derived = new Map<string, Key>();
  return (appSecret) => {
    let found = derived.get(appSecret);
    if (found === undefined) {
      found = derive(appSecret);
      if (derived.size >= 32) derived.clear();
      derived.set(appSecret, found);
    }
    return found;
  };
}
