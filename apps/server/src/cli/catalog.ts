import path from 'node:path';
import { runCli, withShopDatabase } from './run-cli';
import { printError, printLine, shown } from '../lib/terminal-output';
import { CatalogueError, importCatalogue, loadImages, readCatalogueFile } from '../modules/catalog/catalogue-import';

const USAGE = `Usage:
  npm run catalog -- validate FILE   check a catalogue file and list every problem
  npm run catalog -- import FILE     load it into the shop's database (DATABASE_URL or DATA_DIR);
                                     entries are matched by code, so importing again updates`;

async function run(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'import' && command !== 'validate') || !file) {
    printError(USAGE);
    return 2;
  }
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const catalogue = readCatalogueFile(resolved);
  if (command === 'validate') {
    const images = loadImages(catalogue, path.dirname(resolved), file);
    printLine(shown`${file} is a valid catalogue: ${catalogue.events.length} events, ${catalogue.products.length} products, ${catalogue.merchandise.length} merchandise items, ${images.size} images.`);
    return 0;
  }
  return withShopDatabase(async (database) => {
    const summary = await importCatalogue(database.db, catalogue, path.dirname(resolved), file);
    printLine(shown`Imported ${file} into ${database.engine}: ${summary}`);
    return 0;
  });
}

/** Every problem on a line of its own, each made visible: a value in the file cannot add lines or escape codes. */
async function runPrintingProblems(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    printError([shown`${error.file} is not a valid catalogue:`, ...error.problems.map((problem) => shown`  ${problem}`)].join('\n'));
    return 1;
  }
}

runCli(runPrintingProblems);
