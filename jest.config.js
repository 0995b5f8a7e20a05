/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type checking is `npm run typecheck`'s job; transpiling only keeps jest fast.
		'^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
	},
	testTimeout: 30000,
	maxWorkers: 2,
	reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
