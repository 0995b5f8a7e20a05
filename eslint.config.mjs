// Lint. The shipped code (nodes/, credentials/, api/*.ts, package.json) gets @n8n/node-cli's ESLint config, the one
// `n8n-node lint` runs in n8n's node template (n8n's verification guidelines ask authors to use it): eslint's and
// typescript-eslint's recommended sets, @n8n/eslint-plugin-community-nodes (the verification rules),
// eslint-plugin-import-x and eslint-plugin-n8n-nodes-base's community/credentials/nodes sets. The project's stricter
// rules go on top (see below). The rest of the repository (sandbox, tests, scripts, bench) gets typescript-eslint's
// recommended set. node-cli's config holds no formatting rule: its template runs prettier as a separate step, and so
// does `npm run lint` here (`prettier --check nodes credentials api`, node-cli's .prettierrc.js).
import { config as n8nNodeCli } from '@n8n/node-cli/eslint';
import jsoncParser from 'jsonc-eslint-parser';
import tseslint from 'typescript-eslint';

/** The code n8n loads: what node-cli's `**\/*.ts` means in a package made from its template. */
const SHIPPED_TS = ['nodes/**/*.ts', 'credentials/**/*.ts', 'api/*.ts'];

/**
 * node-cli's config with its globs fitted to this repository: `**\/*.ts` → the shipped code only (its rules forbid
 * console, process and timers, which the sandbox, tests and scripts need); `./nodes/**` and `./credentials/**` →
 * the same globs without `./`, which flat config does not match; the node rules also for api/*.ts (built into
 * dist/api, loaded by the nodes).
 */
function fitted(block) {
	if (!block.files) return block;
	const files = block.files.flatMap((pattern) => {
		if (pattern === '**/*.ts') return SHIPPED_TS;
		if (pattern === './nodes/**/*.ts') return ['nodes/**/*.ts', 'api/*.ts'];
		return [pattern.replace(/^\.\//, '')];
	});
	return { ...block, files };
}

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'coverage/**',
			'test-artifacts/**',
			'**/*.js',
			'**/*.mjs',
			'contract/openapi.json',
			'test/fixtures/**',
		],
	},
	{
		files: ['**/*.ts'],
		extends: [tseslint.configs.recommended],
	},
	...n8nNodeCli.map(fitted),
	// The project's rules on top of node-cli's.
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			// node-cli turns it off; every secret field of this credential is a password field, and stays one.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'error',
		},
	},
	{
		files: ['nodes/**/*.ts', 'api/*.ts'],
		rules: {
			// node-cli turns it off; every number field's maxValue here is a real limit of the API.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'error',
		},
	},
	{
		// package.json as JSON (node-cli parses it with typescript-eslint's parser and `extraFileExtensions`).
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
	},
);
