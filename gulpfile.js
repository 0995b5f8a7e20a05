// Copies the node and credential icons and the nodes' codex files (*.node.json) next to the compiled
// files, where n8n looks for them.
const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyIcons);

function copyIcons() {
	const nodeIcons = src(path.resolve('nodes', '**', '*.{png,svg,json}'), { encoding: false }).pipe(
		dest(path.resolve('dist', 'nodes')),
	);
	const credentialIcons = src(path.resolve('credentials', '**', '*.{png,svg}'), {
		encoding: false,
		allowEmpty: true,
	}).pipe(dest(path.resolve('dist', 'credentials')));
	return Promise.all([streamDone(nodeIcons), streamDone(credentialIcons)]);
}

function streamDone(stream) {
	return new Promise((resolve, reject) =>
		stream.on('end', resolve).on('finish', resolve).on('error', reject),
	);
}
