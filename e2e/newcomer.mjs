// The newcomer's path through the n8n editor, driven by clicks and typing in Debian's Chromium (playwright-core).
// Each step is named; the whole walk watches for what a person would run into: "Error fetching options" on the
// page, HTTP 5xx answers from n8n's /rest/ API, NodeOperationError in n8n's log. It counts what a person has to
// do (typed values, picks from a list, drags, clicks that only work around a problem) for the README.
// Used by e2e/newcomer.e2e.test.mjs; docs/newcomer-walk.md lists the steps.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { CHROMIUM_ARGS } from './editor.mjs';

/** The recipient a person types for the first order (Shop Sender in the credential gives the sender). */
export const RECIPIENT = {
	ecOrderNo: 'WEB-1001',
	shippingFullName: '山田 太郎',
	shippingZipCode: '1500001',
	shippingPrefecture: '東京都',
	shippingMunicipalities: '渋谷区',
	shippingAddress1: '神宮前1-2-3',
	shippingPhoneNumber: '0312345678',
};

/** What a person types into the credential's Shop Sender: only fields the form marks required are filled. */
export const SHOP_SENDER = {
	senderFullName: 'サンプルショップ',
	senderZipCode: '1500002',
	senderPrefecture: '東京都',
	senderMunicipalities: '渋谷区',
	senderAddress1: '渋谷2-1-1',
	senderAddress2: '2F',
	senderPhoneNumber: '0398765432',
	senderMailAddress: 'shop@example.com',
	senderItemName: 'Tシャツ',
};

/**
 * A walk: the browser, the watchers, the step runner and the input counter.
 * @param {{ url: string, executablePath: string, artifactsDir: string, logs: () => string }} o
 */
export async function startWalk({ url, executablePath, artifactsDir, logs }) {
	const { chromium } = await import('playwright-core');
	fs.rmSync(artifactsDir, { recursive: true, force: true });
	fs.mkdirSync(artifactsDir, { recursive: true });
	const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
	// n8n's default layout at a common laptop size; the node panel keeps n8n's default width.
	const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
	await context.tracing.start({ screenshots: true, snapshots: true });
	const page = await context.newPage();
	page.setDefaultTimeout(20_000);

	const rest5xx = [];
	page.on('response', (response) => {
		if (response.url().includes('/rest/') && response.status() >= 500) {
			rest5xx.push(
				`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
			);
		}
	});

	const counts = {};
	let phase = null;
	const count = (kind) => {
		if (!phase) return;
		counts[phase] ??= { typed: 0, picked: 0, dragged: 0, workaround: 0 };
		counts[phase][kind] += 1;
	};
	const steps = [];
	let failed = null;

	async function checkClean(name) {
		const text = await page.evaluate(() => document.body.innerText);
		assert.ok(
			!/Error fetching options/i.test(text),
			`"${name}": the page shows "Error fetching options"`,
		);
		assert.deepEqual(rest5xx, [], `"${name}": n8n's /rest/ API answered with HTTP 5xx`);
		const log = logs();
		assert.ok(
			!/NodeOperationError/.test(log),
			`"${name}": NodeOperationError in n8n's log:\n${log
				.split('\n')
				.filter((l) => /NodeOperationError/.test(l))
				.slice(0, 5)
				.join('\n')}`,
		);
	}

	return {
		page,
		counts,
		steps,
		/** Counts the inputs of the steps that follow under `name` (null: not counted). */
		phase(name) {
			phase = name;
		},
		/** Runs one named step; on failure keeps a screenshot named after it and rethrows with its name. */
		async step(name, fn) {
			if (failed) throw new Error(`skipped after the failed step "${failed}"`);
			const t0 = Date.now();
			try {
				await fn();
				await checkClean(name);
				steps.push({ name, seconds: (Date.now() - t0) / 1000 });
			} catch (error) {
				failed = name;
				const file = path.join(
					artifactsDir,
					`FAILED-${name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}.png`,
				);
				await page.screenshot({ path: file }).catch(() => {});
				steps.push({ name, seconds: (Date.now() - t0) / 1000, failed: true });
				error.message = `step "${name}" failed: ${error.message}\n(screenshot ${path.relative(process.cwd(), file)}, trace ${path.relative(process.cwd(), path.join(artifactsDir, 'trace.zip'))})`;
				throw error;
			}
		},
		async shot(name, locator) {
			const file = path.join(artifactsDir, `${name}.png`);
			await (locator ?? page).screenshot({ path: file });
			return file;
		},
		/** A person types `text` into `locator` (one input). */
		async type(locator, text) {
			await locator.click();
			await page.keyboard.type(text);
			// n8n stores a typed value after a short debounce; leaving the field stores it at once, as a person does.
			await page.keyboard.press('Tab');
			// ...and its debounce (200 ms) must have passed before the next click can run the node with it.
			await page.waitForTimeout(400);
			count('typed');
		},
		/** A person picks an entry from an open list (one input). */
		async pick(locator) {
			await locator.click();
			count('picked');
		},
		/** A person drags `from` onto `to` (one input); n8n's drag and drop follows the mouse. */
		async drag(from, to) {
			const a = await from.boundingBox();
			const b = await to.boundingBox();
			assert.ok(a && b, 'drag source or target is not visible');
			await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
			await page.mouse.down();
			await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
			await page.mouse.move(b.x + b.width / 3, b.y + b.height / 2, { steps: 15 });
			await page.waitForTimeout(150);
			await page.mouse.up();
			count('dragged');
		},
		/** A click that only works around a problem (e.g. Refresh List): counted, never needed on a good path. */
		workaround() {
			count('workaround');
		},
		async close({ keepTrace }) {
			if (keepTrace)
				await context.tracing.stop({ path: path.join(artifactsDir, 'trace.zip') }).catch(() => {});
			else await context.tracing.stop().catch(() => {});
			await browser.close().catch(() => {});
		},
	};
}

/** Texts of the entries of the open options list (n8n's select), in order. */
export async function openOptions(page) {
	return await page.$$eval('[data-test-id=parameter-input-item]', (els) =>
		els
			.filter((e) => e.offsetParent !== null)
			.map((e) => (e.textContent ?? '').trim().replace(/\s+/g, ' ')),
	);
}

/** Opens an options field and waits for its list to be there: loading is allowed, an error or a refresh is not. */
export async function openList(page, field) {
	await field.locator('.n8n-select, .el-select, input').first().waitFor();
	// n8n disables the select while it loads the list; wait for that to end, never for a refresh.
	await page.waitForFunction(
		(el) => !el.querySelector('.is-disabled, [disabled]'),
		await field.elementHandle(),
		{ timeout: 15_000 },
	);
	await field.click();
	await page.waitForFunction(
		() =>
			[...document.querySelectorAll('[data-test-id=parameter-input-item]')].some(
				(e) => e.offsetParent !== null,
			),
		undefined,
		{ timeout: 15_000 },
	);
	return await openOptions(page);
}
