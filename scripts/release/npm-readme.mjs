// The README npm shows for n8n-nodes-printio: the repository's README.md from the marker on (what an n8n user
// needs comes first: install, credential, first order), without the developer sections, with relative links
// made absolute (npm's page cannot follow them). The repository's own view keeps the two commands first.
export const NPM_README_MARKER =
	'<!-- npm-readme: the package page on npm starts here (scripts/release/npm-readme.mjs) -->';
/** Level-2 sections of README.md left out of the npm page: they are about working on this repository (the manual
 * itself is in CONTRIBUTING.md and docs/). */
export const DEVELOPER_SECTIONS = ['Development'];

/** `git+https://github.com/o/r.git` → `https://github.com/o/r` */
export function repositoryWebUrl(repository) {
	const url = typeof repository === 'string' ? repository : repository?.url;
	const match = /github\.com[/:]([^/]+)\/([^/.]+?)(?:\.git)?$/.exec(url ?? '');
	if (!match) throw new Error(`package.json repository is not a GitHub URL: ${url}`);
	return `https://github.com/${match[1]}/${match[2]}`;
}

export function slug(heading) {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

export function npmReadme(readme, repository) {
	const web = repositoryWebUrl(repository);
	const start = readme.indexOf(NPM_README_MARKER);
	if (start < 0) throw new Error(`README.md has no npm marker line: ${NPM_README_MARKER}`);
	const title = readme.slice(0, readme.indexOf('\n')).trim();
	const body = readme.slice(start + NPM_README_MARKER.length);

	const kept = [];
	const dropped = new Set();
	let dropping = false;
	let inFence = false;
	for (const line of body.split('\n')) {
		if (/^(```|~~~)/.test(line)) inFence = !inFence;
		const heading = !inFence && /^(#{1,6}) (.*)$/.exec(line);
		if (heading && heading[1].length <= 2)
			dropping = DEVELOPER_SECTIONS.includes(heading[2].trim());
		if (heading && dropping) dropped.add(slug(heading[2]));
		if (!dropping) kept.push(line);
	}
	const absolute = (target) => {
		if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return target;
		if (target.startsWith('#'))
			return dropped.has(target.slice(1)) ? `${web}#${target.slice(1)}` : target;
		return `${web}/blob/main/${target.replace(/^\.\//, '')}`;
	};
	const text = kept
		.join('\n')
		.replace(/(!\[[^\]]*\]\()([^)\s]+)(\))/g, (_, open, target, close) =>
			/^[a-z][a-z0-9+.-]*:/i.test(target)
				? `${open}${target}${close}`
				: `${open}${web}/raw/main/${target.replace(/^\.\//, '')}${close}`,
		)
		.replace(
			/((?<!!)\[[^\]]*\]\()([^)\s]+)(\))/g,
			(_, open, target, close) => `${open}${absolute(target)}${close}`,
		);
	return `${title}\n\n${text.trim()}\n`;
}
