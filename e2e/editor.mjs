// The n8n editor in headless Chromium (Debian's package, driven by playwright-core: Playwright's own browser
// download cannot work on this closed network). Logs in as the managed owner, opens a workflow, searches the
// nodes panel for Printio and opens its action list.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { REPO_ROOT } from '../scripts/n8n/cli.mjs';

const require = createRequire(import.meta.url);

export function chromiumPath() {
	for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
		if (p && fs.existsSync(p)) return p;
	}
	return null;
}

/** Resource names of the built Printio node (what the action list must show), read from dist. */
export function printioResources() {
	const mod = require(path.join(REPO_ROOT, 'dist', 'nodes', 'Printio', 'Printio.node.js'));
	const node = new mod.Printio();
	const resource = node.description.properties.find((p) => p.name === 'resource');
	return resource.options.map((o) => o.name);
}

// Flags from the machine notes: without the background-networking ones Chromium keeps dialing out.
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

/**
 * @returns {Promise<{ iconSrc: string, iconLoaded: boolean, actionGroups: string[], actions: string[], screenshots: string[] }>}
 */
export async function checkEditor({
	url,
	owner,
	executablePath,
	workflowId = 'e2eCategories001',
	artifactsDir,
	docsImage,
}) {
	const { chromium } = await import('playwright-core');
	const userDataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'printio-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: { width: 1400, height: 1050 },
	});
	const screenshots = [];
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		page.setDefaultTimeout(30_000);
		await page.goto(`${url}/signin`);
		await page.fill('input[name=emailOrLdapLoginId]', owner.email);
		await page.fill('input[name=password]', owner.password);
		await page.click('[data-test-id=form-submit-button]');
		await page.waitForURL((u) => !u.pathname.startsWith('/signin'));

		await page.goto(`${url}/workflow/${workflowId}`);
		await page.waitForSelector('[data-test-id=canvas-node]');
		await page.click('[data-test-id=node-creator-plus-button]');
		await page.waitForSelector('[data-test-id=node-creator-search-bar]');
		await page.keyboard.type('Printio');
		const item = page.locator('[data-test-id=item-iterator-item]', { hasText: 'Printio' }).first();
		await item.waitFor();
		const icon = item.locator('img').first();
		await icon.waitFor();
		// Wait for the SVG to load and measure it: a broken icon has naturalWidth 0.
		await page.waitForFunction((el) => el.complete, await icon.elementHandle());
		const iconSrc = await icon.getAttribute('src');
		const iconLoaded = await icon.evaluate((el) => el.complete && el.naturalWidth > 0);

		const outDir = artifactsDir ?? path.join(REPO_ROOT, 'test-artifacts');
		fs.mkdirSync(outDir, { recursive: true });
		const searchShot = path.join(outDir, 'n8n-nodes-panel-search.png');
		await page.screenshot({ path: searchShot });
		screenshots.push(searchShot);

		await item.click();
		// n8n 2.41 shows either its action list or, for an installed community package, the "Node details"
		// view that lists the same actions by resource ("Actions (11)", "Category Actions", ...).
		await page.waitForFunction(
			() =>
				document.querySelector('[data-test-id=node-creator-action-item]') ||
				[...document.querySelectorAll('[data-test-id=node-creator] *')].some((e) =>
					/^Actions \(\d+\)$/.test((e.textContent ?? '').trim()),
				),
		);
		await page.waitForTimeout(300); // let the panel finish its slide-in animation before the screenshot
		const texts = await page.$$eval('[data-test-id=node-creator] *', (els) =>
			els
				.filter((e) => e.children.length === 0)
				.map((e) => (e.textContent ?? '').trim())
				.filter(Boolean),
		);
		const actionGroups = texts
			.filter((t) => / Actions$/i.test(t))
			.map((t) => t.replace(/ Actions$/i, ''));
		const actions = await page.$$eval('[data-test-id=node-creator-action-item]', (els) =>
			els.map((e) => (e.textContent ?? '').trim()),
		);
		const actionsShot = path.join(outDir, 'n8n-editor-printio-actions.png');
		await page.screenshot({ path: actionsShot });
		screenshots.push(actionsShot);
		if (docsImage !== false) {
			const docsPath =
				docsImage ?? path.join(REPO_ROOT, 'docs', 'images', 'n8n-editor-printio-actions.png');
			fs.mkdirSync(path.dirname(docsPath), { recursive: true });
			fs.copyFileSync(actionsShot, docsPath);
			screenshots.push(docsPath);
		}
		return { iconSrc, iconLoaded, actionGroups, actions, screenshots };
	} finally {
		await context.close();
		fs.rmSync(userDataDir, { recursive: true, force: true });
	}
}
