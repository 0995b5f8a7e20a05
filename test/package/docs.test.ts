/**
 * The README is a user's page (it is also the npm page, from its marker line on) and stays short; the developer
 * manual lives in CONTRIBUTING.md and docs/. Every relative link of these files leads somewhere: to a file or
 * folder of the repository, and an anchor to a heading of the page it names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The marker line, as scripts/release/npm-readme.mjs (which cuts the npm page there) defines it. */
function npmMarker(): string {
	const marker = /NPM_README_MARKER =\s*(['"])(.+?)\1/.exec(
		read('scripts/release/npm-readme.mjs'),
	)?.[2];
	if (!marker) throw new Error('scripts/release/npm-readme.mjs defines no NPM_README_MARKER');
	return marker;
}

/** Lines outside fenced code blocks. */
function prose(text: string): string[] {
	let inFence = false;
	return text.split('\n').filter((line) => {
		if (/^(```|~~~)/.test(line)) {
			inFence = !inFence;
			return false;
		}
		return !inFence;
	});
}

/** GitHub's heading anchors (the same rule as scripts/release/npm-readme.mjs `slug`). */
function anchors(text: string): Set<string> {
	return new Set(
		prose(text)
			.map((line) => /^#{1,6} (.*)$/.exec(line)?.[1])
			.filter((heading): heading is string => heading !== undefined)
			.map((heading) =>
				heading
					.trim()
					.toLowerCase()
					.replace(/[^\p{L}\p{N}\s_-]/gu, '')
					.replace(/\s/g, '-'),
			),
	);
}

/** Targets of Markdown links and images, code spans left out. */
function links(text: string): string[] {
	const lines = prose(text).map((line) => line.replace(/`[^`]*`/g, '``'));
	return [...lines.join('\n').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

const DOCS = readdirSync(path.join(ROOT, 'docs'))
	.filter((file) => file.endsWith('.md'))
	.map((file) => `docs/${file}`);
const PAGES = ['README.md', 'CONTRIBUTING.md', ...DOCS];

describe('the README and the docs', () => {
	it('keep the npm page (the README from its marker line on) within 400 lines', () => {
		const readme = read('README.md');
		const at = readme.indexOf(npmMarker());
		expect(at).toBeGreaterThan(0);
		expect(readme.slice(at).split('\n').length - 1).toBeLessThanOrEqual(400);
	});

	it('link the developer manual from the README', () => {
		const development = read('README.md').split('\n## Development\n')[1]?.split('\n## ')[0] ?? '';
		expect(development).toContain('](CONTRIBUTING.md)');
		expect(read('CONTRIBUTING.md')).toContain('](docs/testing.md)');
	});

	it.each(PAGES)(
		'%s: every relative link names an existing file, and every anchor a heading of its page',
		(page) => {
			const text = read(page);
			const broken = links(text).filter((target) => {
				if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false;
				const [file, anchor] = target.split('#');
				const resolved = file
					? path.resolve(path.dirname(path.join(ROOT, page)), decodeURI(file))
					: path.join(ROOT, page);
				if (!resolved.startsWith(ROOT) || !existsSync(resolved)) return true;
				if (anchor === undefined) return false;
				if (!resolved.endsWith('.md') || statSync(resolved).isDirectory()) return true;
				return !anchors(readFileSync(resolved, 'utf8')).has(anchor);
			});
			expect(broken).toEqual([]);
		},
	);

	it("count the shop loop examples' set-up as their files need it", () => {
		const sentence = /Setting a loop example up:([\s\S]*?)\*\*(\d+) picks and (\d+) edits\*\*/.exec(
			read('README.md'),
		);
		expect(sentence).not.toBeNull();
		const [printio, http, urls, webhooks] = [
			...sentence![1].matchAll(/its (\d+)|their (\d+)/g),
		].map((m) => Number(m[1] ?? m[2]));
		for (const file of [
			'examples/shopify-shipped-fulfil.json',
			'examples/woocommerce-shipped-complete.json',
		]) {
			const nodes = (
				JSON.parse(read(file)) as {
					nodes: Array<{ type: string; credentials?: object; parameters: { url?: string } }>;
				}
			).nodes;
			const ofType = (type: string) => nodes.filter((node) => node.type === type);
			const withCredential = (type: string) =>
				ofType(type).filter((node) => node.credentials).length;
			expect({ file, printio, http, urls, webhooks }).toEqual({
				file,
				printio:
					withCredential('n8n-nodes-printio.printio') +
					withCredential('n8n-nodes-printio.printioTrigger'),
				http: withCredential('n8n-nodes-base.httpRequest'),
				// The shop's address is typed in one place; every URL refers to it.
				urls: nodes.filter((node) => /https:\/\/your-shop/.test(JSON.stringify(node.parameters)))
					.length,
				webhooks: ofType('n8n-nodes-base.webhook').length,
			});
		}
		// Picks: the import, one credential per node that needs one, publishing. Edits: each address, the shop's webhook.
		expect([Number(sentence![2]), Number(sentence![3])]).toEqual([
			1 + printio + http + 1,
			urls + webhooks,
		]);
	});

	it("count the publish and stock examples' set-up as their files need it", () => {
		const lines = [
			...read('docs/shop-orders.md').matchAll(
				/^- `([\w-]+\.json)`: import, .*?its (\d+) Printio nodes?,.*?its (\d+) HTTP Request nodes?,.*?its (\d+) \*Your shop\* node(, your item codes[^,]*)?, publish: \*\*(\d+) picks and (\d+) edits?\*\*\.$/gm,
			),
		];
		expect(lines.map((m) => m[1]).sort()).toEqual([
			'design-to-shopify-product.json',
			'design-to-woocommerce-product.json',
			'stock-to-shopify-availability.json',
			'stock-to-woocommerce-status.json',
		]);
		for (const [, file, printio, http, shops, itemCodes, picks, edits] of lines) {
			const nodes = (
				JSON.parse(read(`examples/${file}`)) as {
					nodes: Array<{ type: string; credentials?: object; parameters: object }>;
				}
			).nodes;
			const withCredential = (type: string) =>
				nodes.filter((node) => node.type === type && node.credentials).length;
			const watched = nodes.filter(
				(node) => 'stockItemCodes' in node.parameters && node.type.endsWith('printioTrigger'),
			).length;
			expect({ file, printio, http, shops, itemCodes: Boolean(itemCodes) }).toEqual({
				file,
				printio: String(
					withCredential('n8n-nodes-printio.printio') +
						withCredential('n8n-nodes-printio.printioTrigger'),
				),
				http: String(withCredential('n8n-nodes-base.httpRequest')),
				// The shop's address is typed in one place; every URL refers to it.
				shops: String(
					nodes.filter((node) => /https:\/\/your-shop/.test(JSON.stringify(node.parameters)))
						.length,
				),
				itemCodes: watched > 0,
			});
			// Picks: the import, one credential per node that needs one, publishing. Edits: the address, the item codes.
			expect([Number(picks), Number(edits)]).toEqual([
				1 + Number(printio) + Number(http) + 1,
				Number(shops) + watched,
			]);
		}
	});
});

describe('docs/order-input.md, following one Shopify order', () => {
	const section = read('docs/order-input.md').split('\n## Following one Shopify order\n')[1] ?? '';
	const files = [...section.split('\n## ')[0].matchAll(/^\| \d+ \| `([^`]+)` \|/gm)].map(
		(m) => `nodes/Printio/${m[1]}`,
	);

	it('lists at most 15 files, each one that exists', () => {
		expect(files.length).toBeGreaterThan(0);
		expect(files.length).toBeLessThanOrEqual(15);
		expect(files.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
	});

	it("names the module of every stage the run calls (createOrders.ts's imports of the order path)", () => {
		const runner = read('nodes/Printio/placement/createOrders.ts');
		const stages = [...runner.matchAll(/^import \{[^}]*\} from '(\.[^']+)';$/gm)]
			.map((m) => path.posix.join('nodes/Printio/placement', m[1]))
			.map((module) =>
				existsSync(path.join(ROOT, `${module}.ts`)) ? `${module}.ts` : `${module}/index.ts`,
			)
			.filter((file) => /^nodes\/Printio\/(placement|orderInput)\//.test(file));
		expect(stages.length).toBeGreaterThanOrEqual(6);
		expect(stages.filter((file) => !files.includes(file))).toEqual([]);
	});
});
