import path from 'node:path';

/**
 * The server runs from the project directory (npm start, tests, the dev server), where it reads
 * data files kept in the repository: catalogues and the legal/help documents.
 */
export const PROJECT_DIR = process.env.CXY_PROJECT_DIR ?? process.cwd();
export const LOCALES_DIR = path.join(PROJECT_DIR, 'locales');
export const DOCS_DIR = path.join(PROJECT_DIR, 'content/docs');
