// StrykerJS: the measure of test strength (docs/testing.md). `npm run test:mutation-score` runs it over all shipped
// code, module by module (scripts/mutation/run.mjs); this file is the configuration every run shares.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { ALL_SHIPPED } from './scripts/mutation/modules.mjs';

/** Test files (and the test helpers they import, transitively) that run workflows through test/harness. */
function testsThroughHarness(root = 'test') {
	const memo = new Map();
	const usesHarness = (file) => {
		if (memo.has(file)) return memo.get(file);
		memo.set(file, false);
		const source = readFileSync(file, 'utf8');
		const relative = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) =>
			path.join(path.dirname(file), m[1]),
		);
		const result = relative.some((target) => {
			if (path.relative(root, target).startsWith('harness')) return true;
			if (!path.resolve(target).startsWith(path.resolve(root))) return false;
			const candidates = [`${target}.ts`, path.join(target, 'index.ts')];
			const found = candidates.find((candidate) => existsSync(candidate));
			return found ? usesHarness(found) : false;
		});
		memo.set(file, result);
		return result;
	};
	const walk = (dir) =>
		readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
			e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
		);
	return walk(root).filter((file) => file.endsWith('.test.ts') && usesHarness(file));
}
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	$schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
	packageManager: 'npm',
	mutate: ALL_SHIPPED,
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		// The harness imports the node classes statically, so jest's related tests of a mutated file are the tests
		// that can reach it (test/harness/package.ts).
		enableFindRelatedTests: true,
		// Measured on 2026-11-25: with the tests that run workflows through n8n-core (test/harness) every mutant
		// of a shared module re-runs ~30 such files, about 11-40 s per mutant, 8,508 mutants: more than a day on
		// this machine. Stryker therefore measures the direct tests (unit and property tests of each source file,
		// which load no n8n engine): its score is a lower bound of the whole suite's strength (docs/testing.md).
		config: {
			testPathIgnorePatterns: [
				'/node_modules/',
				...testsThroughHarness().map((file) => `<rootDir>/${file.split(path.sep).join('/')}$`),
			],
		},
	},
	coverageAnalysis: 'perTest',
	checkers: ['typescript'],
	tsconfigFile: 'tsconfig.build.json',
	typescriptChecker: { prioritizePerformanceOverAccuracy: true },
	// Two cores, shared: one test runner and one checker per core.
	concurrency: 2,
	reporters: ['json', 'html', 'clear-text', 'progress'],
	// scripts/mutation/run.mjs writes the committed report (reports/mutation/mutation.json) and passes its own
	// incremental file; a bare `npx stryker run` writes beside the module reports and never over the committed one.
	jsonReporter: { fileName: 'reports/mutation/modules/stryker.json' },
	htmlReporter: { fileName: 'reports/mutation/mutation.html' },
	incrementalFile: 'reports/mutation/modules/incremental.json',
	thresholds: { high: 90, low: 85, break: null },
	// Files the tests never read; the built package is tested by test/package/* outside Stryker.
	ignorePatterns: [
		'dist',
		'.data',
		'coverage',
		'test-artifacts',
		'.release',
		'*.tgz',
		'bench/tmp',
		'reports',
	],
	tempDirName: '.stryker-tmp',
	cleanTempDir: true,
};
