// The order line's Color and Size lists in the real editor of n8n 1.123.81 (Node 20, legacy expression engine),
// by clicks and typing in Debian's Chromium (playwright-core): Order › Create, Add Line, the lists before an item
// is picked (a hint, no error), after the pick (the T-shirt's, with no refresh) and after the item changes (the
// mug's). It proves that n8n 1.x honours `loadOptionsDependsOn: ['&originalItemCode.value']` for a field inside a
// fixedCollection that depends on a resource locator on the same line (docs/newcomer-walk.md, "Why the lists
// reload"); e2e/newcomer.e2e.test.mjs proves it in 2.41.1. Watches, after every step: no "Error fetching options"
// on the page, no HTTP 5xx from n8n's /rest/, no NodeOperationError in n8n's log. Skip with E2E_SKIP_N8N1=1 (as
// e2e/n8n1.e2e.test.mjs). On failure: test-artifacts/n8n1-editor/FAILED-<step>.png and trace.zip.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { createN8n, REPO_ROOT } from '../scripts/n8n/cli.mjs';
import {
	DEV_CREDENTIAL_ID,
	DEV_CREDENTIAL_NAME,
	DEV_OWNER,
} from '../scripts/n8n/dev-constants.mjs';
import { buildPackage, checkBuilt, startSandboxProcess } from '../scripts/n8n/project.mjs';
import { RETAILER_KEY } from './helpers.mjs';
import { chromiumPath } from './editor.mjs';
import { openList, startWalk } from './newcomer.mjs';

const skip = process.env.E2E_SKIP_N8N1 ? 'E2E_SKIP_N8N1 is set' : false;
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'n8n1-editor');
const timings = {};
let sandbox;
let n8n;
let server;
let walk;
let n8nLog = '';
const loads = [];

before(async () => {
	if (skip) return;
	let t0 = Date.now();
	if (!process.env.E2E_SKIP_BUILD) await buildPackage();
	assert.deepEqual(
		checkBuilt().missing,
		[],
		'npm run build did not produce every file package.json declares',
	);
	timings.build = (Date.now() - t0) / 1000;
	t0 = Date.now();
	sandbox = await startSandboxProcess({ port: 0, db: ':memory:', stepSeconds: 0 });
	n8n = await createN8n({ major: 1, logLevel: 'info' });
	await n8n.importCredentials([
		{
			id: DEV_CREDENTIAL_ID,
			name: DEV_CREDENTIAL_NAME,
			type: 'printioApi',
			data: { environment: 'custom', baseUrl: sandbox.url, apiKey: RETAILER_KEY, retailerId: 1 },
		},
	]);
	server = await n8n.startServer({ onLog: (chunk) => (n8nLog += chunk) });
	timings['sandbox + n8n 1.x start'] = (Date.now() - t0) / 1000;
	// n8n 1.x has no owner managed by environment variables (2.x's N8N_INSTANCE_OWNER_*): a fresh instance is set
	// up once through its owner set-up endpoint, what its /setup page sends.
	// Its readiness check answers before the REST routes are mounted (a 404 "Cannot POST" for a moment).
	let res;
	for (let tries = 0; ; tries++) {
		res = await fetch(`${server.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(DEV_OWNER),
		});
		if (res.status !== 404 || tries >= 50) break;
		await res.text();
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	assert.equal(res.status, 200, `owner set-up: HTTP ${res.status} ${await res.text()}`);
});

after(async () => {
	await walk?.close({ keepTrace: walk.steps.some((s) => s.failed) });
	await server?.stop().catch(() => {});
	await n8n?.cleanup().catch(() => {});
	await sandbox?.stop().catch(() => {});
	if (skip) return;
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	const report = { timings, steps: walk?.steps ?? [], loads };
	fs.writeFileSync(path.join(ARTIFACTS, 'report.json'), JSON.stringify(report, null, 2) + '\n');
	console.log('# n8n 1.x editor:', JSON.stringify(report));
});

test(
	"n8n 1.123.81 editor: the line's Color and Size lists load when the Original Item is picked and change with it",
	{ skip },
	async () => {
		assert.equal(n8n.version, '1.123.81');
		const executablePath = chromiumPath();
		assert.ok(
			executablePath,
			'Chromium is not installed: run bash scripts/n8n/ensure-chromium.sh (npm run test:e2e does)',
		);
		const t0 = Date.now();
		walk = await startWalk({
			url: server.url,
			executablePath,
			artifactsDir: ARTIFACTS,
			logs: () => n8nLog,
		});
		const { page, step } = walk;
		// The editor's option loads of the line's lists, in order: a reload shows up here as a new request.
		page.on('request', (request) => {
			if (
				request.method() !== 'POST' ||
				!request.url().endsWith('/rest/dynamic-node-parameters/options')
			)
				return;
			const body = request.postDataJSON();
			if (/^getOriginalItem(Colors|Sizes)$/.test(body?.methodName)) {
				loads.push(
					`${body.methodName} ${body.currentNodeParameters?.lines?.line?.[0]?.originalItemCode?.value ?? ''}`,
				);
			}
		});
		const ndv = page.locator('[data-test-id=ndv]');
		const field = (name) => ndv.locator(`[data-test-id=parameter-input-${name}]`);
		const listEntry = (text) =>
			page.locator('[data-test-id=parameter-input-item]:visible', { hasText: text }).first();
		/** Picks the line's Original Item; the pick alone (no click on a list) must reload both lists for it. */
		const pickOriginalItem = async (code) => {
			await ndv.locator('[data-test-id=rlc-input-container]').first().click();
			await walk.pick(page.locator('[data-test-id=rlc-item]', { hasText: code }));
			const wanted = [`getOriginalItemColors ${code}`, `getOriginalItemSizes ${code}`];
			for (let waited = 0; !wanted.every((w) => loads.includes(w)); waited += 100) {
				assert.ok(
					waited < 10_000,
					`picking ${code} did not reload the line's lists; loads so far: ${JSON.stringify(loads)}`,
				);
				await page.waitForTimeout(100);
			}
		};

		await step('sign in', async () => {
			await page.goto(`${server.url}/signin`);
			await page
				.locator('input[name=emailOrLdapLoginId], input[name=email]')
				.first()
				.fill(DEV_OWNER.email);
			await page.locator('input[name=password]').fill(DEV_OWNER.password);
			await page.locator('[data-test-id=form-submit-button]').click();
			await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
		});

		await step('new workflow', async () => {
			// A fresh 1.x instance greets with one card, "Start from scratch".
			await page.locator('[data-test-id=new-workflow-card]').click();
			await page.locator('[data-test-id=canvas-plus-button]').waitFor();
			await walk.shot('1-new-workflow');
		});

		await step('add Order › Create of the Printio node', async () => {
			await page.locator('[data-test-id=canvas-plus-button]').click();
			await page.locator('[data-test-id=node-creator-search-bar]').waitFor();
			await page.keyboard.type('Printio');
			await page
				.locator('[data-test-id=item-iterator-item]', { hasText: 'Printio' })
				.first()
				.click();
			// As in 2.x, the installed package's details come first, its actions folded under "Actions (N)".
			await page.getByText(/^Actions \(\d+\)$/).click();
			await walk.shot('2-printio-actions');
			await page
				.locator('[data-test-id=item-iterator-item]', { hasText: /^Create an order$/ })
				.click();
			await ndv.waitFor();
			const chosen = await ndv
				.locator('[data-test-id=node-credentials-select]')
				.evaluate(
					(el) =>
						`${el.textContent} ${[...el.querySelectorAll('input')].map((i) => i.value).join(' ')}`,
				);
			assert.match(chosen, new RegExp(DEV_CREDENTIAL_NAME));
		});

		await step('Add Line: before an item is picked, Color shows a hint, no error', async () => {
			await ndv
				.locator('[data-test-id=fixed-collection-lines] [data-test-id=fixed-collection-add]')
				.click();
			await field('color').waitFor();
			assert.deepEqual(await openList(page, field('color')), [
				"Choose this line's Original Item first",
			]);
			await walk.shot('3-color-before-pick', ndv);
			await page.keyboard.press('Escape');
		});

		await step('pick the Original Item (T-shirt): its colours and sizes, no refresh', async () => {
			await pickOriginalItem('t0100001');
			assert.deepEqual(await openList(page, field('color')), [
				'ホワイト',
				'ブラック',
				'ネイビー',
				'ヘザーグレー',
			]);
			await walk.shot('4-tshirt-colors', ndv);
			await walk.pick(listEntry('ホワイト'));
			const sizes = await openList(page, field('size'));
			assert.deepEqual(
				sizes.map((s) => s.split(/\s|着/)[0]),
				['S', 'M', 'L', 'XL', 'XXL'],
			);
			await walk.shot('5-tshirt-sizes', ndv);
			await walk.pick(listEntry(/^M/));
		});

		await step('change the Original Item (mug): the options change', async () => {
			await pickOriginalItem('t0100003');
			const sizes = await openList(page, field('size'));
			assert.deepEqual(
				sizes.map((s) => s.split(/\s|高/)[0]),
				['330ml'],
			);
			await walk.shot('6-mug-sizes', ndv);
			await walk.pick(listEntry('330ml'));
			assert.deepEqual(await openList(page, field('color')), ['ホワイト']);
			await walk.pick(listEntry('ホワイト'));
		});

		// Each list loaded once when the line appeared and once per pick: no refresh, no load for nothing.
		assert.deepEqual(loads, [
			'getOriginalItemColors ',
			'getOriginalItemSizes ',
			'getOriginalItemColors t0100001',
			'getOriginalItemSizes t0100001',
			'getOriginalItemColors t0100003',
			'getOriginalItemSizes t0100003',
		]);
		timings.walk = (Date.now() - t0) / 1000;
	},
);
