// Lint: the node code gets every rule n8n applies to community packages (eslint-plugin-n8n-nodes-base's
// community/credentials/nodes sets and @n8n/eslint-plugin-community-nodes, the verification rules);
// the rest of the repository (sandbox, tests, scripts) gets typescript-eslint's recommended set.
import tseslint from 'typescript-eslint';
import jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

const nodesBase = { 'n8n-nodes-base': n8nNodesBase };

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
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: nodesBase,
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: nodesBase,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Written for n8n's own credentials (documentation slugs); community credentials link a URL,
			// which @n8n/community-nodes/credential-documentation-url checks.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts', 'api/*.ts'],
		plugins: nodesBase,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Superseded by @n8n/community-nodes/node-connection-type-literal, which asks for
			// NodeConnectionTypes.Main where these older rules ask for the 'main' literal.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'api/*.ts', 'package.json'],
		...communityNodes.configs.recommended,
		ignores: [],
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
	},
);
