/**
 * The node's documentation link (Printio.node.json, primaryDocumentation): n8n's editor (2.41 and 1.123, the NDV's
 * Docs link) appends `?utm_source=…` to it as text, so a `#anchor` would end up before the query and be lost. The
 * link names a page of its own, docs/operations.md in this repository, which lists every operation the node has.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { Printio } from '../../../nodes/Printio/Printio.node';
import codex from '../../../nodes/Printio/Printio.node.json';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REPOSITORY = 'https://github.com/n8n-nodes-printio/n8n-nodes-printio';
const url = codex.resources.primaryDocumentation[0].url;
const page = () => fs.readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');

/** The link as n8n's editor builds it (NodeSettings' docsUrl: the codex URL, `?`, its query). */
const asTheEditorOpensIt = (link: string) =>
	`${link}?${new URLSearchParams({ utm_source: 'n8n_app', utm_medium: 'node_settings_modal-credential_link', utm_campaign: 'n8n-nodes-printio.printio' }).toString()}`;

describe("the node's documentation link", () => {
	it('has no anchor, so the query n8n appends keeps the page it names', () => {
		expect(url).not.toContain('#');
		const opened = new URL(asTheEditorOpensIt(url));
		expect(opened.hash).toBe('');
		expect(`${opened.origin}${opened.pathname}`).toBe(url);
	});

	it('names docs/operations.md of this repository, on its main branch', () => {
		expect(url).toBe(`${REPOSITORY}/blob/main/docs/operations.md`);
		expect(fs.existsSync(path.join(ROOT, 'docs', 'operations.md'))).toBe(true);
		// The repository the package names.
		const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
			repository: { url: string };
		};
		expect(pkg.repository.url).toBe(`git+${REPOSITORY}.git`);
	});

	it('lands on a page that lists every resource and operation the node offers', () => {
		const { description } = new Printio();
		const text = page();
		const resources = (description.properties.find((property) => property.name === 'resource')
			?.options ?? []) as INodePropertyOptions[];
		expect(resources.length).toBeGreaterThan(0);
		for (const resource of resources) {
			const operations = description.properties.filter(
				(property) =>
					property.name === 'operation' &&
					(property.displayOptions?.show?.resource as unknown[] | undefined)?.includes(
						resource.value,
					),
			);
			const names = operations
				.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
				.map((option) => option.name);
			expect(names.length).toBeGreaterThan(0);
			for (const name of names) expect(text).toContain(`| ${resource.name} | ${name} |`);
		}
	});

	it("its table is the README's Operations table, links pointed at the README", () => {
		const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
		const section = readme
			.slice(
				readme.indexOf('## Operations\n') + '## Operations\n'.length,
				readme.indexOf('## Usage\n'),
			)
			.trim();
		expect(page()).toContain(section.replaceAll('](#', '](../README.md#'));
	});
});
