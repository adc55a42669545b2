import path from 'node:path';
import { runCli, withShopDatabase } from './run-cli';
import { printError, printLine, shown, visible } from '../lib/terminal-output';
import { CatalogueError, importCatalogueWith, loadImages, readCatalogueFile } from '../modules/catalog/catalogue-import';
import { changesAnything, diffLines } from '../modules/catalog/catalogue-diff';
import { DEFAULT_IMAGES_FOLDER, writeCatalogueExport } from '../modules/catalog/catalogue-export';
import { missingCatalogueTexts, missingConfigTexts, type ShopConfigFile } from '@festival/contract';
import type { CatalogueFile } from '../modules/catalog/catalogue-file';
import { DEMO_SHOP_CONFIG, readEnv } from '../env';
import { commandPlaceOf, loadShopConfig } from '../modules/config/shop-config';

const USAGE = `Usage:
  npm run catalog -- validate FILE   check a catalogue file and list every problem, and the
                                     organiser's texts (the configuration's and the catalogue's)
                                     the shop's languages still lack (SHOP_CONFIG)
  npm run catalog -- import FILE [--file-wins] [--dry-run]
                                     load it into the shop's database (DATABASE_URL or DATA_DIR);
                                     entries are matched by code, so importing again updates.
                                     Fields changed in the back office stay as they are there
                                     (the import lists them) unless --file-wins is given. Prints
                                     what it changed, by section and code; --dry-run prints what
                                     it would change and changes nothing
  npm run catalog -- export FILE [--images DIR]
                                     write the shop's live catalogue as FILE (YAML), and the
                                     images it names into DIR (default: ${DEFAULT_IMAGES_FOLDER}/ beside FILE,
                                     inside FILE's folder); importing FILE gives the same catalogue`;

/** The options a command takes, or null when the arguments are not its. */
function optionsOf(command: string | undefined, rest: string[]): { fileWins: boolean; dryRun: boolean; images?: string } | null {
  if (command === 'validate') return rest.length ? null : { fileWins: false, dryRun: false };
  if (command === 'export') {
    if (!rest.length) return { fileWins: false, dryRun: false };
    return rest.length === 2 && rest[0] === '--images' && rest[1] ? { fileWins: false, dryRun: false, images: rest[1] } : null;
  }
  if (command !== 'import' || rest.some((option) => option !== '--file-wins' && option !== '--dry-run') || new Set(rest).size !== rest.length) return null;
  return { fileWins: rest.includes('--file-wins'), dryRun: rest.includes('--dry-run') };
}

async function run(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const options = optionsOf(command, rest);
  if (!options || !file) {
    printError(USAGE);
    return 2;
  }
  const { fileWins, dryRun } = options;
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const resolved = path.resolve(cwd, file);
  const config = shopConfig();
  if (command === 'export') {
    return withShopDatabase(async (database) => {
      const imagesDir = options.images === undefined ? undefined : path.resolve(cwd, options.images);
      const { catalogue, images } = await writeCatalogueExport(database.db, resolved, { timezone: config.timezone, imagesDir });
      printLine(
        shown`Exported the catalogue of ${database.engine} to ${file}: ${catalogue.events.length} events, ${catalogue.tax_rates.length} tax rates, ${catalogue.products.length} products, ${catalogue.merchandise.length} merchandise items, ${catalogue.vouchers.length} vouchers, ${catalogue.shipping_rates.length} shipping rates, ${catalogue.checkin_lists.length} check-in lists, ${catalogue.onsales.length} on-sales; ${images.length} images beside it.`,
      );
      return 0;
    });
  }
  // A translation in a language the shop does not offer is a problem at its line (decision 0094).
  const catalogue = readCatalogueFile(resolved, config.languages);
  if (command === 'validate') {
    const images = loadImages(catalogue, path.dirname(resolved), file);
    printLine(shown`${file} is a valid catalogue: ${catalogue.events.length} events, ${catalogue.products.length} products, ${catalogue.merchandise.length} merchandise items, ${images.size} images.`);
    printMissingTexts(config, catalogue);
    return 0;
  }
  return withShopDatabase(async (database) => {
    const { summary, kept, diff } = await importCatalogueWith(database.db, catalogue, {
      file,
      images: { folder: path.dirname(resolved) },
      fileWins,
      checkOnly: dryRun,
      diff: { timezone: config.timezone },
    });
    printLine(dryRun ? shown`Dry run: importing ${file} into ${database.engine} would change this (nothing was changed):` : shown`Imported ${file} into ${database.engine}: ${summary}`);
    if (diff && !changesAnything(diff.sections)) printLine('  The file changes nothing in the catalogue.');
    // Each line made visible: the values are the file's and the shop's texts.
    if (diff) for (const line of diffLines(diff)) printLine(visible(line));
    if (kept.length) {
      const would = dryRun ? 'would replace' : 'replaced';
      printLine(fileWins ? `The file ${would} ${kept.length} changes made in the back office:` : `${dryRun ? 'Would keep' : 'Kept'} ${kept.length} changes made in the back office (the file says otherwise; --file-wins replaces them):`);
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
