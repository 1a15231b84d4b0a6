// The page templates (eta, every value escaped). They sit beside their page modules under src/, and the
// build copies them to the same folders under dist/. This file is at the root of src/, and its code runs
// from dist/main.js once bundled: either way the templates' root is the folder it runs from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

const root = path.dirname(fileURLToPath(import.meta.url));

/** An eta renderer for the templates in `folder` (relative to src/, e.g. `pages/payments`). */
export function templates(folder: string): Eta {
  return new Eta({ views: path.join(root, folder), autoEscape: true, cache: true });
}
