/**
 * A customer's address as printed on documents, in the order its country's post (and a
 * bookkeeper there) reads it. The shop's address lines are configured (addressLines): each is a
 * street line, the postcode, the city or the region, named by its `part` or, without one,
 * recognised by its label. Zod-free: the invoice PDF and any page can use it.
 */

export type AddressPart = 'street' | 'postcode' | 'city' | 'region';

/** The part of an address line: its configured `part`, else read from its label; street otherwise. */
export function addressPartOf(line: { text: string; part?: AddressPart | null | undefined }): AddressPart {
  if (line.part) return line.part;
  const label = line.text.toLowerCase();
  if (/post\s*code|postal|zip|eircode/.test(label)) return 'postcode';
  if (/\b(city|town|place|locality)\b/.test(label)) return 'city';
  if (/\b(state|region|province|county)\b/.test(label)) return 'region';
  return 'street';
}

/**
 * How a country's addresses put the postcode, city and region below the street lines. The
 * default, postcode before city on one line, is most of continental Europe's (NL, DE, FR, BE,
 * AT, CH, the Nordics, IT, ES, PT, PL, …); the others are the countries whose order differs and
 * that shops sell to most.
 */
type Layout = (parts: { postcode: string; city: string; region: string }) => string[];

const postcodeThenCity: Layout = ({ postcode, city, region }) => [[postcode, city].filter(Boolean).join(' '), region];
/** UK: the post town, then (the county, no longer needed) the postcode on a line of its own. */
const cityThenPostcodeLine: Layout = ({ postcode, city, region }) => [city, region, postcode];
/** US, Canada: "City, ST 12345" on one line. */
const cityRegionPostcode: Layout = ({ postcode, city, region }) => [[[city, region].filter(Boolean).join(', '), postcode].filter(Boolean).join(' ')];
/** Australia: "SUBURB STATE 2000", no comma. */
const cityRegionPostcodeNoComma: Layout = ({ postcode, city, region }) => [[city, region, postcode].filter(Boolean).join(' ')];

const LAYOUTS: Record<string, Layout> = {
  GB: cityThenPostcodeLine,
  IE: cityThenPostcodeLine,
  US: cityRegionPostcode,
  CA: cityRegionPostcode,
  AU: cityRegionPostcodeNoComma,
};

/**
 * The lines of an address for a document: the street lines as configured, then postcode, city
 * and region in the country's order, then the country's name (when given). Empty lines are left
 * out; lines of a shape no layout knows come out in the configured order.
 */
export function postalAddressLines(
  address: Readonly<Record<string, string>> | null | undefined,
  lines: readonly { text: string; part?: AddressPart | null | undefined }[],
  country: { code: string; name: string } | null,
): string[] {
  const streets: string[] = [];
  const parts = { postcode: '', city: '', region: '' };
  const known = new Set<string>();
  for (const line of lines) {
    known.add(line.text);
    const value = address?.[line.text]?.trim();
    if (!value) continue;
    const part = addressPartOf(line);
    if (part === 'street') streets.push(value);
    else parts[part] = parts[part] ? `${parts[part]} ${value}` : value;
  }
  // Lines stored under labels the configuration no longer has still print, after the streets.
  for (const [label, value] of Object.entries(address ?? {})) if (!known.has(label) && value?.trim()) streets.push(value.trim());
  const layout = (country && LAYOUTS[country.code.toUpperCase()]) || postcodeThenCity;
  return [...streets, ...layout(parts), country?.name ?? ''].filter((line) => line.trim() !== '');
}
