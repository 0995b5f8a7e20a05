// node --test reporter: counts the tests (not the suites) that passed and failed, as one JSON line at the end.
export default async function* countReporter(source) {
	let passed = 0;
	let failed = 0;
	for await (const event of source) {
		if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
		if (event.data.details?.type === 'suite') continue;
		if (event.type === 'test:pass') passed++;
		else failed++;
	}
	yield `${JSON.stringify({ passed, failed })}\n`;
}
