// The settings of n8n's node tooling (@n8n/node-cli 0.48.3's new-node template), so the shipped code reads like
// n8n's own nodes. Every folder is formatted (.prettierignore names what is left as it is).
module.exports = {
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	useTabs: true,
	tabWidth: 2,
	arrowParens: 'always',
	singleQuote: true,
	quoteProps: 'as-needed',
	endOfLine: 'lf',
	printWidth: 100,
};
