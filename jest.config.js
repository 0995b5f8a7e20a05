/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	// Every folder with shipped or sandbox code is a root, so that `jest --findRelatedTests <source>` follows the
	// imports from the tests into them (the harness loads the node classes from their .ts sources, see
	// test/harness/package.ts). Tests themselves live only under test/.
	roots: [
		'<rootDir>/test',
		'<rootDir>/nodes',
		'<rootDir>/credentials',
		'<rootDir>/api',
		'<rootDir>/sandbox',
	],
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	transform: {
		// Type checking is `npm run typecheck`'s job; transpiling only keeps jest fast.
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
	},
	testTimeout: 30000,
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
