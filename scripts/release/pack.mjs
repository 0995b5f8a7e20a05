// node scripts/release/pack.mjs [OUT_DIR]: packs both packages exactly as they are published (after
// `npm run build`), into OUT_DIR (default .release/), and prints what it wrote as JSON.
// n8n-nodes-printio is packed from a staging folder holding the built files and the npm-facing README
// (scripts/release/npm-readme.mjs); printio-sandbox is packed from packages/printio-sandbox.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { npmReadme } from './npm-readme.mjs';
import { SANDBOX_PACKAGE_DIR } from './versions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function npmPack(dir, out) {
	const json = execFileSync('npm', ['pack', dir, '--json', '--pack-destination', out], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const [info] = JSON.parse(json);
	return {
		name: info.name,
		version: info.version,
		tarball: path.join(out, info.filename),
		size: info.size,
		unpackedSize: info.unpackedSize,
		files: info.files.map((file) => file.path).sort(),
	};
}

export function packAll(out = path.join(root, '.release')) {
	for (const built of ['dist/index.js', `${SANDBOX_PACKAGE_DIR}/dist/sandbox/main.js`]) {
		if (!existsSync(path.join(root, built)))
			throw new Error(`${built} is missing: run npm run build first`);
	}
	mkdirSync(out, { recursive: true });
	const stage = path.join(out, 'stage', 'n8n-nodes-printio');
	rmSync(stage, { recursive: true, force: true });
	mkdirSync(stage, { recursive: true });
	const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	// npm applies package.json `files` to the staged copy, as it would to the repository.
	cpSync(path.join(root, 'package.json'), path.join(stage, 'package.json'));
	cpSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
	cpSync(path.join(root, 'dist'), path.join(stage, 'dist'), { recursive: true });
	writeFileSync(
		path.join(stage, 'README.md'),
		npmReadme(readFileSync(path.join(root, 'README.md'), 'utf8'), pkg.repository),
	);
	const node = npmPack(stage, out);
	rmSync(path.join(out, 'stage'), { recursive: true, force: true });
	const sandbox = npmPack(path.join(root, SANDBOX_PACKAGE_DIR), out);
	return { node, sandbox };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	console.log(
		JSON.stringify(packAll(process.argv[2] ? path.resolve(process.argv[2]) : undefined), null, 2),
	);
}
