/**
 * The trigger's documentation link (PrintioTrigger.node.json, primaryDocumentation): n8n's editor appends
 * `?utm_source=…` to it as text, so an `#anchor` would land before the query and be lost. The link names the
 * trigger's own page, nodes/PrintioTrigger/README.md, which holds its events, parameters and output.
 */
import * as fs from 'fs';
import * as path from 'path';

import codex from '../../../nodes/PrintioTrigger/PrintioTrigger.node.json';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REPOSITORY = 'https://github.com/n8n-nodes-printio/n8n-nodes-printio';
const url = codex.resources.primaryDocumentation[0].url;

describe("the trigger's documentation link", () => {
	it('has no anchor, so the query n8n appends keeps the page it names', () => {
		expect(url).not.toContain('#');
		const opened = new URL(
			`${url}?utm_source=n8n_app&utm_medium=node_settings_modal-credential_link`,
		);
		expect(opened.hash).toBe('');
		expect(`${opened.origin}${opened.pathname}`).toBe(url);
	});

	it("names the trigger's README in this repository, on its main branch, a page that says what Order Shipped gives", () => {
		expect(url).toBe(`${REPOSITORY}/blob/main/nodes/PrintioTrigger/README.md`);
		const page = fs.readFileSync(path.join(ROOT, 'nodes', 'PrintioTrigger', 'README.md'), 'utf8');
		expect(page).toContain('tracking');
		expect(page).toContain('shop_order');
	});
});
