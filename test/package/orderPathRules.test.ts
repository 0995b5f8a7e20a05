/**
 * The order path's two dependency rules (.dependency-cruiser.cjs, run by `npm run lint`) bite: over a small tree
 * laid out like the package, a pure stage that names the transport, even only its type, or that imports a
 * catalog reader or the design preflight is an error; the look-up and place stages may; the connection's type
 * is data anyone may name.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const DEPCRUISE = path.join(
	ROOT,
	'node_modules',
	'dependency-cruiser',
	'bin',
	'dependency-cruise.mjs',
);

interface Violation {
	rule: { name: string };
	from: string;
	to: string;
}

function cruise(files: Record<string, string>): string[] {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'printio-depcruise-'));
	try {
		const tree: Record<string, string> = {
			'tsconfig.json': '{"compilerOptions":{"module":"commonjs","strict":true}}',
			'nodes/shared/printio/transport/index.ts':
				"export type { Connection } from './connection';\nexport interface PrintioApi { request(): Promise<unknown> }\n",
			'nodes/shared/printio/transport/connection.ts':
				'export interface Connection { baseUrl: string }\n',
			'nodes/Printio/helpers/catalogItem.ts':
				"import type { PrintioApi } from '../../shared/printio/transport';\nexport const catalogItem = async (api: PrintioApi) => await api.request();\n",
			'nodes/Printio/checks/designPreflight.ts': 'export const preflightOrderDesigns = 1;\n',
			...files,
		};
		for (const [file, text] of Object.entries(tree)) {
			fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
			fs.writeFileSync(path.join(dir, file), text);
		}
		let output: string;
		try {
			output = execFileSync(
				process.execPath,
				[
					DEPCRUISE,
					'--config',
					path.join(ROOT, '.dependency-cruiser.cjs'),
					'--output-type',
					'json',
					'nodes',
				],
				{ cwd: dir, encoding: 'utf8' },
			);
		} catch (error) {
			output = (error as { stdout: string }).stdout;
		}
		const { summary } = JSON.parse(output) as { summary: { violations: Violation[] } };
		return summary.violations
			.filter((violation) => violation.rule.name.startsWith('order-path-'))
			.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

const TRANSPORT = 'nodes/shared/printio/transport/index.ts';

describe('the order path rules', () => {
	it('a pure stage that names the api, even only its type, breaks the reads rule', () => {
		expect(
			cruise({
				'nodes/Printio/checks/judge.ts':
					"import type { PrintioApi } from '../../shared/printio/transport';\nexport const judge = (api: PrintioApi) => api;\n",
				'nodes/Printio/placement/answer.ts':
					"import { judge } from '../checks/judge';\nimport type { PrintioApi } from '../../shared/printio/transport';\nexport const answer = (api: PrintioApi) => judge(api);\n",
			}),
		).toEqual([
			`order-path-reads-only-in-look-up-and-place: nodes/Printio/checks/judge.ts → ${TRANSPORT}`,
			`order-path-reads-only-in-look-up-and-place: nodes/Printio/placement/answer.ts → ${TRANSPORT}`,
		]);
	});

	it('a pure stage that imports a catalog reader or the design preflight breaks the catalog rule', () => {
		expect(
			cruise({
				'nodes/Printio/placement/check.ts':
					"import { catalogItem } from '../helpers/catalogItem';\nimport { preflightOrderDesigns } from '../checks/designPreflight';\nexport const check = [catalogItem, preflightOrderDesigns];\n",
			}),
		).toEqual([
			'order-path-catalog-reads-only-in-look-up: nodes/Printio/placement/check.ts → nodes/Printio/checks/designPreflight.ts',
			'order-path-catalog-reads-only-in-look-up: nodes/Printio/placement/check.ts → nodes/Printio/helpers/catalogItem.ts',
		]);
	});

	it('the look-up and place stages may read and write; any stage may name the connection type', () => {
		expect(
			cruise({
				'nodes/Printio/placement/lookUp.ts':
					"import type { PrintioApi } from '../../shared/printio/transport';\nimport { catalogItem } from '../helpers/catalogItem';\nimport { preflightOrderDesigns } from '../checks/designPreflight';\nexport const lookUp = (api: PrintioApi) => [catalogItem(api), preflightOrderDesigns];\n",
				'nodes/Printio/placement/placement.ts':
					"import type { PrintioApi } from '../../shared/printio/transport';\nexport const place = (api: PrintioApi) => api.request();\n",
				'nodes/Printio/orderInput/index.ts':
					"import type { Connection } from '../../shared/printio/transport/connection';\nexport const read = (connection: Connection) => connection.baseUrl;\n",
			}),
		).toEqual([]);
	});
});
