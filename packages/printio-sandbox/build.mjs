// Builds the printio-sandbox package from the repository's sources (sandbox/ and the api/ it imports):
// tsc from the two entry points (the CLI sandbox/main.ts and startSandbox in sandbox/server.ts) into dist/,
// and the repository's LICENSE beside package.json. The sources stay where they are.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { stdio: 'inherit' });
copyFileSync(path.join(here, '..', '..', 'LICENSE'), path.join(here, 'LICENSE'));
