import path from 'node:path';
import { runCli, withShopDatabase } from './run-cli';
import { printError, printLine, shown } from '../lib/terminal-output';
import { CatalogueError, importCatalogueWith, loadImages, readCatalogueFile } from '../modules/catalog/catalogue-import';
import { missingCatalogueTexts, missingConfigTexts, type ShopConfigFile } from '@festival/contract';
import type { CatalogueFile } from '../modules/catalog/catalogue-file';
import { DEMO_SHOP_CONFIG, readEnv } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';

const USAGE = `Usage:
  npm run catalog -- validate FILE   check a catalogue file and list every problem, and the
                                     organiser's texts (the configuration's and the catalogue's)
                                     the shop's languages still lack (SHOP_CONFIG)
  npm run catalog -- import FILE [--file-wins]
                                     load it into the shop's database (DATABASE_URL or DATA_DIR);
                                     entries are matched by code, so importing again updates.
                                     Fields changed in the back office stay as they are there
                                     (the import lists them) unless --file-wins is given`;

async function run(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const fileWins = rest.length === 1 && rest[0] === '--file-wins' && command === 'import';
  if ((command !== 'import' && command !== 'validate') || !file || (rest.length > 0 && !fileWins)) {
    printError(USAGE);
    return 2;
  }
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const config = shopConfig();
  // A translation in a language the shop does not offer is a problem at its line (decision 0094).
  const catalogue = readCatalogueFile(resolved, config.languages);
  if (command === 'validate') {
    const images = loadImages(catalogue, path.dirname(resolved), file);
    printLine(shown`${file} is a valid catalogue: ${catalogue.events.length} events, ${catalogue.products.length} products, ${catalogue.merchandise.length} merchandise items, ${images.size} images.`);
    printMissingTexts(config, catalogue);
    return 0;
  }
  return withShopDatabase(async (database) => {
    const { summary, kept } = await importCatalogueWith(database.db, catalogue, { file, images: { folder: path.dirname(resolved) }, fileWins });
    printLine(shown`Imported ${file} into ${database.engine}: ${summary}`);
    if (kept.length) {
      printLine(fileWins ? `The file replaced ${kept.length} changes made in the back office:` : `Kept ${kept.length} changes made in the back office (the file says otherwise; --file-wins replaces them):`);
      for (const change of kept) printLine(shown`  ${change.code} ${change.field}: back office ${change.shop_value}, file ${change.file_value}`);
    }
    return 0;
  });
}

function shopConfig(): ShopConfigFile {
  const env = readEnv();
  return loadShopConfig(env.SHOP_CONFIG, commandPlaceOf(env, DEMO_SHOP_CONFIG));
}

/**
 * The organiser's texts the shop's other languages lack (shown in the default language until
 * given, decision 0094): the configuration's and the catalogue's, by their path in their file.
 */
function printMissingTexts(config: ShopConfigFile, catalogue: CatalogueFile): void {
  const missing = missingConfigTexts(config);
  if (!missing.length) {
    if (config.languages.length > 1) printLine(shown`Every text of the shop configuration is in ${config.languages.join(', ')}.`);
  } else {
    printLine(shown`The shop configuration lacks ${missing.length} texts in its other languages (they are shown in ${config.languages[0]!} until given):`);
    for (const entry of missing) printLine(shown`  ${entry.path}`);
  }
  const lacking = missingCatalogueTexts(catalogue, config.languages);
  if (!lacking.length) {
    if (config.languages.length > 1) printLine(shown`Every text of the catalogue is in ${config.languages.join(', ')}.`);
    return;
  }
  printLine(shown`The catalogue lacks ${lacking.length} texts in the shop's other languages (they are shown in ${config.languages[0]!} until given):`);
  for (const entry of lacking) printLine(shown`  ${entry.path} (${entry.code})`);
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
