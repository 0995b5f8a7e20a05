// StrykerJS: the measure of test strength (docs/testing.md). `npm run test:mutation-score` runs it over all shipped
// code, module by module (scripts/mutation/run.mjs); this file is the configuration every run shares.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	$schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
	packageManager: 'npm',
	mutate: ['nodes/**/*.ts', 'credentials/**/*.ts'],
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		// The harness imports the node classes statically, so jest's related tests of a mutated file are the tests
		// that can reach it (test/harness/package.ts).
		enableFindRelatedTests: true,
	},
	coverageAnalysis: 'perTest',
	checkers: ['typescript'],
	tsconfigFile: 'tsconfig.build.json',
	typescriptChecker: { prioritizePerformanceOverAccuracy: true },
	// Two cores, shared: one test runner and one checker per core.
	concurrency: 2,
	reporters: ['json', 'html', 'clear-text', 'progress'],
	jsonReporter: { fileName: 'reports/mutation/mutation.json' },
	htmlReporter: { fileName: 'reports/mutation/mutation.html' },
	incrementalFile: 'reports/mutation/stryker-incremental.json',
	thresholds: { high: 90, low: 85, break: null },
	// Files the tests never read; the built package is tested by test/package/* outside Stryker.
	ignorePatterns: ['dist', '.data', 'coverage', 'test-artifacts', '.release', '*.tgz', 'bench/tmp', 'reports'],
	tempDirName: '.stryker-tmp',
	cleanTempDir: true,
};
