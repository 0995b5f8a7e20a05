export interface ScanOptions {
	/**
	 * false (default): scan what would be serialised, the way n8n stores and shows data: `toJSON()` is honoured
	 * (NodeApiError/NodeOperationError reduce their axios `cause` to name and message), non-enumerable properties
	 * are skipped, except an Error's message, stack and description (n8n copies those into the run data).
	 * true: walk the raw object graph, including an Error's non-enumerable `cause` (e.g. the axios error with its
	 * request config and headers, which exists in memory for every n8n HTTP helper error).
	 */
	raw?: boolean;
}

/**
 * Returns the paths (like `$.items[0].json.headers["x-key"]`) where any of the secret strings occurs in `value`:
 * in a string, a number's text, a Buffer's UTF-8 text or an object key. The URL-encoded form of each secret
 * counts too, as a key may travel in a query string. Circular references are visited once. `[]` means no leak.
 */
export function scanForSecrets(
	value: unknown,
	secrets: string[],
	options: ScanOptions = {},
): string[] {
	const needles = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret.length === 0) {
			throw new Error('scanForSecrets: every secret must be a non-empty string');
		}
		needles.add(secret);
		needles.add(encodeURIComponent(secret));
	}
	const found: string[] = [];
	const seen = new WeakSet<object>();
	const hit = (text: string) => [...needles].some((needle) => text.includes(needle));
	const keyPath = (base: string, key: string) =>
		/^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;

	const visit = (current: unknown, path: string): void => {
		if (typeof current === 'string') {
			if (hit(current)) found.push(path);
			return;
		}
		if (typeof current === 'number' || typeof current === 'bigint') {
			if (hit(String(current))) found.push(path);
			return;
		}
		if (current === null || typeof current !== 'object') return;
		if (seen.has(current)) return;
		seen.add(current);

		if (Buffer.isBuffer(current)) {
			if (hit(current.toString('utf8'))) found.push(path);
			return;
		}
		const toJSON = (current as { toJSON?: unknown }).toJSON;
		if (!options.raw && typeof toJSON === 'function') {
			let serialised: unknown;
			try {
				serialised = toJSON.call(current);
			} catch {
				serialised = undefined;
			}
			if (serialised !== current) {
				visit(serialised, path);
				// An error's message and stack are kept by n8n's run-data copy even when toJSON drops them.
				if (current instanceof Error) {
					for (const key of ['message', 'stack', 'description']) {
						const entry: unknown = Reflect.get(current, key);
						if (typeof entry === 'string' && hit(entry) && !found.includes(keyPath(path, key))) {
							found.push(keyPath(path, key));
						}
					}
				}
				return;
			}
		}
		if (current instanceof Map) {
			for (const [key, entry] of current) {
				if (typeof key === 'string' && hit(key)) found.push(`${path}<key ${JSON.stringify(key)}>`);
				visit(entry, `${path}.get(${JSON.stringify(String(key))})`);
			}
			return;
		}
		if (Array.isArray(current)) {
			current.forEach((entry, index) => visit(entry, `${path}[${index}]`));
			return;
		}
		const keys = new Set(options.raw ? Object.getOwnPropertyNames(current) : Object.keys(current));
		if (current instanceof Error) {
			for (const key of ['message', 'stack', 'description']) {
				if (key in current) keys.add(key);
			}
			if (options.raw && 'cause' in current) keys.add('cause');
		}
		for (const key of keys) {
			if (hit(key)) found.push(`${keyPath(path, key)}<key>`);
			let entry: unknown;
			try {
				entry = (current as Record<string, unknown>)[key];
			} catch {
				continue;
			}
			visit(entry, keyPath(path, key));
		}
	};

	visit(value, '$');
	return found;
}
