import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE_IMAGE_CHUNK, CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MAX_SIDE, english, IMAGE_WIDTHS, imageVariantUrl, LOCALES, staffCatalogueMessages as texts } from '@festival/contract';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { media, shopItems, staffAudit } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { writeCatalogueExport } from '../catalog/catalogue-export';
import { importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-images-test-secret-of-32-chars';

/** A file's bytes as the page sends them: base64 in pieces of at most 4,000 characters. */
function piecesOf(bytes: Buffer): string[] {
  const text = bytes.toString('base64');
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += CATALOGUE_IMAGE_CHUNK) pieces.push(text.slice(at, at + CATALOGUE_IMAGE_CHUNK));
  return pieces.length ? pieces : [''];
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/**
 * Images uploaded in the browser (issue 37 point 1, decision 0105): believed for what they decode
 * as, stored with the widths the shop shows exactly as an import stores them, served; a file that is
 * no JPEG, PNG or WebP (a text renamed .png, a truncated image, an SVG with a script) or too large
 * refused at the field in the member's language with nothing stored. An item's images (at most 4,
 * ordered) are a field of its change, audited and kept through imports; the export names an
 * uploaded image by a path an import finds again.
 */
describe.each(testEngines())('images uploaded in the back office on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  let png: Buffer;
  let jpeg: Buffer;
  const uploaded: Record<string, string> = {};
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, catalogMaxAgeMs: 0 } });
    const clock = new Date();
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'images.admin@example.org', role: 'admin' }, clock)).cookie;
    boxOffice = (await signedInStaff(shop.app, shop.database.db, { email: 'images.box@example.org', role: 'box_office' }, clock)).cookie;
    png = await picture(640, 480).png().toBuffer();
    jpeg = await picture(800, 800).jpeg({ quality: 80 }).toBuffer();
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const upload = (fileName: string, bytes: Buffer, cookie = admin, language = 'en') =>
    shop.app
      .inject({
        method: 'POST',
        url: '/api/staff/catalogue-image-upload',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language, cookie },
        payload: JSON.stringify({ file_name: fileName, data: piecesOf(bytes) }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json() as { message: string; url: string; width: number; height: number; errors?: Record<string, string[]> } }));
  const change = (code: string, changes: Record<string, unknown>, language = 'en') =>
    shop.app
      .inject({
        method: 'POST',
        url: '/api/staff/catalogue-change-item',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language, cookie: admin },
        payload: JSON.stringify({ code, changes }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json() }));
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const item = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;

  it('is for admins only', async () => {
    expect((await upload('a.png', png, boxOffice)).status).toBe(403);
    expect((await staffCall(shop.app, 'catalogue-image-upload', {}, null)).status).toBe(401);
  });

  it('stores a PNG and a JPEG with the widths the shop shows, and serves them', async () => {
    for (const [name, bytes, type, extension, size] of [
      ['poster.png', png, 'image/png', 'png', [640, 480]],
      ['photo.JPG', jpeg, 'image/jpeg', 'jpg', [800, 800]],
    ] as const) {
      const answer = await upload(name, bytes);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ message: english(texts.imageStored), width: size[0], height: size[1] });
      expect(answer.body.url).toMatch(new RegExp(`^/media/[0-9a-f]{32}\\.${extension}$`));
      uploaded[extension] = answer.body.url;
      const original = await shop.app.inject({ method: 'GET', url: answer.body.url });
      expect([original.statusCode, original.headers['content-type']]).toEqual([200, type]);
      expect(original.rawPayload.equals(bytes)).toBe(true);
      for (const width of IMAGE_WIDTHS) {
        const variant = await shop.app.inject({ method: 'GET', url: imageVariantUrl(answer.body.url, width) });
        expect([variant.statusCode, variant.headers['content-type']], `${width}`).toEqual([200, 'image/webp']);
        expect((await sharp(variant.rawPayload).metadata()).width).toBe(width);
      }
      const [audit] = await db().select().from(staffAudit).where(eq(staffAudit.action, 'catalogue.image-upload')).orderBy(desc(staffAudit.id)).limit(1);
      expect(audit).toMatchObject({ actor: 'images.admin@example.org', target: `image:${answer.body.url}`, after: expect.objectContaining({ file_name: name, content_type: type, bytes: bytes.length }) });
    }
    // The same bytes again are the same image.
    expect((await upload('again.png', png)).body.url).toBe(uploaded.png);
  });

  it('refuses what is no JPEG, PNG or WebP, or too large, at the field in German, and stores nothing', async () => {
    const before = await snapshot();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
    const cases: [string, Buffer, Parameters<typeof english>[0]][] = [
      ['notes.png', Buffer.from('These are my notes, not a picture.\n'), texts.notAnImage],
      ['half.png', png.subarray(0, Math.floor(png.length / 2)), texts.notAnImage],
      ['half.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), texts.notAnImage],
      ['logo.svg', svg, texts.notAnImage],
      ['huge.png', Buffer.alloc(CATALOGUE_IMAGE_MAX_BYTES + 1, 7), texts.imageTooLarge(CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024)],
      ['wide.png', await picture(CATALOGUE_IMAGE_MAX_SIDE + 1, 8).png().toBuffer(), texts.imageTooWide(CATALOGUE_IMAGE_MAX_SIDE)],
    ];
    for (const [name, bytes, text] of cases) {
      const answer = await upload(name, bytes, admin, 'de');
      expect([answer.status, answer.body.errors?.data], name).toEqual([422, [de(text)]]);
    }
    // Pieces longer than any payload's text, or not base64: refused before anything is read.
    const long = await shop.app.inject({ method: 'POST', url: '/api/staff/catalogue-image-upload', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: admin }, payload: JSON.stringify({ file_name: 'a.png', data: ['%%%%'] }) });
    expect(long.statusCode).toBe(422);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('makes an item’s images (at most 4, in order) a field of its change: audited, marked, in the shop at once; unknown images refused', async () => {
    const before = await snapshot();
    const five = await change('NWF27-LOCKER', { images: [uploaded.png, uploaded.jpg, uploaded.png, uploaded.jpg, uploaded.png] }, 'de');
    expect([five.status, five.body.errors?.['changes.images']]).toEqual([422, [de(texts.tooManyImages(4))]]);
    const unknown = await change('NWF27-LOCKER', { images: [`/media/${'0'.repeat(32)}.png`] }, 'de');
    expect([unknown.status, unknown.body.errors?.['changes.images']]).toEqual([422, [de(texts.unknownImage)]]);
    const elsewhere = await change('NWF27-LOCKER', { images: ['https://example.org/a.png'] }, 'de');
    expect([elsewhere.status, elsewhere.body.errors?.['changes.images.0']]).toEqual([422, [de(texts.unknownImage)]]);
    expect(changedTables(before, await snapshot())).toEqual([]);

    const was = (await item('NWF27-LOCKER')).images;
    const saved = await change('NWF27-LOCKER', { images: [uploaded.jpg!, ...was.slice(0, 1), uploaded.png!] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item).toMatchObject({ images: [uploaded.jpg, ...was.slice(0, 1), uploaded.png], changed_here: ['images'] });
    const [audit] = await db().select().from(staffAudit).where(eq(staffAudit.target, 'item:NWF27-LOCKER')).orderBy(desc(staffAudit.id)).limit(1);
    expect(audit).toMatchObject({ action: 'catalogue.change', before: { images: JSON.stringify(was) }, after: { images: JSON.stringify([uploaded.jpg, ...was.slice(0, 1), uploaded.png]) } });
    const shown = (await shop.call('get-shop-item', { external_code: 'NWF27-LOCKER' })).body.item;
    expect([shown.shop_image, shown.shop_image_2, shown.shop_image_3]).toEqual([uploaded.jpg, ...was.slice(0, 1), uploaded.png]);
  });

  // Last: the file below changes the demo's items.
  it('round-trips: the export names an uploaded image by a path an import finds again, from the folder and in an upload', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'shop-images-'));
    const fresh = await createTestDatabase(engine);
    try {
      const file = path.join(work, 'catalogue.yaml');
      const live = await writeCatalogueExport(db(), file, { timezone: 'Europe/Amsterdam' });
      const names = live.images.filter((image) => image.url === uploaded.png || image.url === uploaded.jpg).map((image) => image.name);
      expect(names).toHaveLength(2);
      for (const name of names) expect(readFileSync(path.join(work, name)).equals(name.endsWith('.png') ? png : jpeg)).toBe(true);
      const text = readFileSync(file, 'utf8');
      // The command's import reads them from the folder into an empty shop: the same images, the same addresses.
      await importCatalogueWith(fresh.db, parseCatalogue(text, file), { file, images: { folder: work } });
      const [again] = await fresh.db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
      expect(again!.images).toEqual((await item('NWF27-LOCKER')).images);
      const hash = uploaded.png!.slice('/media/'.length, -'.png'.length);
      const [stored] = await fresh.db.select().from(media).where(eq(media.hash, hash));
      expect([stored?.contentType, stored?.bytes.equals(png)]).toEqual(['image/png', true]);
      expect((await fresh.db.select({ hash: media.hash }).from(media).where(eq(media.hash, `${hash}-350`))).length).toBe(1);
      // The browser's upload of the same file (it has no folder) finds them by those names: no problem, nothing kept.
      const checked = await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: text.split('\n'), check_only: true }, admin);
      expect(checked.body, JSON.stringify(checked.body).slice(0, 400)).toMatchObject({ valid: true, problems: [], kept: [] });
      // The demo's file says otherwise: the images set here are kept until the file wins.
      const demo = await importCatalogueWith(db(), parseCatalogue(readFileSync(DEMO_CATALOGUE, 'utf8'), DEMO_CATALOGUE), { file: DEMO_CATALOGUE, images: { folder: path.dirname(DEMO_CATALOGUE) } });
      expect(demo.kept).toContainEqual(expect.objectContaining({ code: 'NWF27-LOCKER', field: 'images' }));
      expect((await item('NWF27-LOCKER')).images).toEqual(again!.images);
    } finally {
      await fresh.destroy();
      rmSync(work, { recursive: true, force: true });
    }
  }, timeLimit(120_000));
});
