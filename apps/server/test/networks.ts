/**
 * Networks (IPv4 /24s under one first octet) handed out in turn, so that no two tests of a file
 * share one and a limit one test uses up never reaches the next: `next().at(host)` is an address
 * in a network no earlier call gave.
 */
export function createNetworks(firstOctet: number): () => { at(host: number): string } {
  let networks = 0;
  return () => {
    networks += 1;
    const prefix = `${firstOctet}.${Math.floor(networks / 250)}.${networks % 250}`;
    return { at: (host: number) => `${prefix}.${host}` };
  };
}
