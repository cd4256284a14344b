import fs from 'node:fs';
import path from 'node:path';
import { ZBrandsFile, type TBrand } from '@salesdesk/contract';
import { REPO_ROOT } from './config';

/** The active brand: BRAND if it names one, else the file's default. */
export function loadBrand(name: string | undefined): TBrand {
  const file = ZBrandsFile.parse(
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'config/brands.json'), 'utf8')),
  );
  const key = name && file.brands[name] ? name : file.default;
  const brand = file.brands[key];
  if (!brand) throw new Error(`Brand "${key}" is not in config/brands.json`);
  return { name: key, ...brand };
}
