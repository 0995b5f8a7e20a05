/**
 * The GitHub workflows parse, and run the README's test command (through .ci/run) before anything else; the
 * publish workflow checks the tag and publishes both packages with npm provenance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Step {
	run?: string;
	uses?: string;
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, { steps: Step[] }>;
}

const workflow = (file: string) => parse(read(file)) as Workflow;
const runs = (wf: Workflow) =>
	Object.values(wf.jobs).flatMap((job) => job.steps.map((step) => step.run?.trim() ?? ''));

/** The README's test command: the second line of the first code block, `npm ci && npm run test:all`. */
function readmeTestCommand(): string[] {
	const block = /```bash\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
	const line = block.split('\n').filter(Boolean)[1] ?? '';
	return line
		.split('#')[0]
		.split('&&')
		.map((part) => part.trim());
}

describe('.ci/run', () => {
	it("runs the README's test command, one part after the other, with no other test command", () => {
		const command = readmeTestCommand();
		expect(command).toEqual(['npm ci', 'npm run test:all']);
		const lines = read('.ci/run')
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line && !line.startsWith('#'));
		const positions = command.map((part) =>
			lines.findIndex((line) => line === part || line.startsWith(`${part} `)),
		);
		expect(positions.every((p) => p >= 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
		expect(lines.filter((line) => /\bnpm (test|run test)/.test(line))).toEqual([
			'npm run test:all',
		]);
	});
});

describe('.github/workflows/ci.yml', () => {
	it('parses and runs .ci/run on every push and pull request', () => {
		const wf = workflow('.github/workflows/ci.yml');
		expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push']);
		expect(runs(wf)).toContain('bash .ci/run');
	});
});

describe('.github/workflows/publish.yml', () => {
	const wf = workflow('.github/workflows/publish.yml');
	const steps = runs(wf);
	const at = (pattern: RegExp) => steps.findIndex((run) => pattern.test(run));

	it('parses, starts on a version tag and may sign provenance', () => {
		expect(wf.on).toEqual({ push: { tags: ['*.*.*'] } });
		expect(wf.permissions).toEqual(
			expect.objectContaining({ 'id-token': 'write', contents: 'read' }),
		);
	});

	it('checks the tag, then tests (the README command via .ci/run), then packs, then publishes both packages', () => {
		const checkTag = at(/^node scripts\/release\/check-tag\.mjs "\$GITHUB_REF_NAME"$/);
		const test = steps.indexOf('bash .ci/run');
		const pack = at(/^node scripts\/release\/pack\.mjs \.release$/);
		const publishes = steps.filter((run) => run.startsWith('npm publish'));
		expect(checkTag).toBeGreaterThanOrEqual(0);
		expect(test).toBeGreaterThan(checkTag);
		expect(pack).toBeGreaterThan(test);
		expect(at(/^npm publish/)).toBeGreaterThan(pack);
		const names = [
			JSON.parse(read('package.json')).name,
			JSON.parse(read('packages/printio-sandbox/package.json')).name,
		];
		expect(publishes).toEqual(
			names.map(
				(name) =>
					`npm publish ".release/${name}-$GITHUB_REF_NAME.tgz" --provenance --access public`,
			),
		);
	});

	it('marks what the maintainer must fill in before the first publish', () => {
		expect(read('.github/workflows/publish.yml')).toMatch(/MAINTAINER, before the first publish/);
		for (const file of ['package.json', 'packages/printio-sandbox/package.json']) {
			const pkg = JSON.parse(read(file));
			expect(pkg.repository.url).toBe(
				'git+https://github.com/n8n-nodes-printio/n8n-nodes-printio.git',
			);
		}
	});
});

describe('CHANGELOG.md and the README Version history', () => {
	it('list the same versions with the same dates, newest first, the current one included, Unreleased on top', () => {
		const changelog = read('CHANGELOG.md');
		const sections = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
		expect(sections[0]).toBe('Unreleased');
		const released = sections
			.slice(1)
			.map((heading) => /^(\d+\.\d+\.\d+) - (\d{4}-\d{2}-\d{2})$/.exec(heading)?.slice(1));
		expect(released.every(Boolean)).toBe(true);
		const history = read('README.md').split('## Version history')[1].split('\n## ')[0];
		const rows = [...history.matchAll(/^\| (\d+\.\d+\.\d+) \| (\d{4}-\d{2}-\d{2}) \|/gm)].map(
			(m) => [m[1], m[2]],
		);
		expect(rows).toEqual(released);
		expect(rows[0][0]).toBe(JSON.parse(read('package.json')).version);
	});
});
