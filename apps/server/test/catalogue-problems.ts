import { CatalogueError, parseCatalogue } from '../src/modules/catalog/catalogue-import';

/** The problems the catalogue file's parser finds in this text, one line each (none: an empty list). */
export function catalogueProblemsOf(text: string): string[] {
  try {
    parseCatalogue(text, 'test.yaml');
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  return [];
}
