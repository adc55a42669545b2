import path from 'node:path';
import { runCli, withShopDatabase } from './run-cli';
import { CatalogueError, importCatalogue, loadImages, readCatalogueFile } from '../modules/catalog/catalogue-import';

const USAGE = `Usage:
  npm run catalog -- validate FILE   check a catalogue file and list every problem
  npm run catalog -- import FILE     load it into the shop's database (DATABASE_URL or DATA_DIR);
                                     entries are matched by code, so importing again updates`;

async function run(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'import' && command !== 'validate') || !file) {
    console.error(USAGE);
    return 2;
  }
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const catalogue = readCatalogueFile(resolved);
  if (command === 'validate') {
    const images = loadImages(catalogue, path.dirname(resolved), file);
    console.log(`${file} is a valid catalogue: ${catalogue.events.length} events, ${catalogue.products.length} products, ${catalogue.merchandise.length} merchandise items, ${images.size} images.`);
    return 0;
  }
  return withShopDatabase(async (database) => {
    const summary = await importCatalogue(database.db, catalogue, path.dirname(resolved), file);
    console.log(`Imported ${file} into ${database.engine}:`, summary);
    return 0;
  });
}

runCli(run, (error) => error instanceof CatalogueError);
