// The modules StrykerJS runs one at a time (one heavy-lock hold each on this 2-core machine): name → `mutate` globs.
// Together they cover every shipped file (nodes/, credentials/, api/*.ts) exactly once; scripts/mutation/run.mjs checks that.
export const GUARDS = [
	'nodes/Printio/placement/placement.ts',
	'nodes/Printio/placement/repeats.ts',
	'nodes/Printio/placement/registered.ts',
	'nodes/Printio/placement/inFlight.ts',
];

const ORDER_RULES = [
	'nodes/Printio/orderInput/normalize.ts',
	'nodes/Printio/orderInput/prefectures.ts',
	'nodes/Printio/orderInput/overflow.ts',
	'nodes/Printio/orderInput/validate.ts',
	'nodes/Printio/orderInput/fields.ts',
	'nodes/Printio/orderInput/values.ts',
	'nodes/Printio/orderInput/defaults.ts',
];

export const MODULES = {
	transport: ['nodes/shared/printio/transport/**/*.ts'],
	shared: ['nodes/shared/**/*.ts', '!nodes/shared/printio/transport/**/*.ts', 'api/*.ts'],
	credentials: ['credentials/**/*.ts'],
	trigger: ['nodes/PrintioTrigger/**/*.ts'],
	guards: GUARDS,
	// The order operations' logic, the create run that drives placement (placement/ but the guards) and the pre-send
	// checks (checks/, the design checks apart); the operations' form tables (*.fields.ts: module-level constants, so
	// every mutant is static and runs every related test, 10-20 s each) are a run of their own.
	orderActions: [
		'nodes/Printio/actions/order/**/*.ts',
		'!nodes/Printio/actions/order/*.fields.ts',
		'nodes/Printio/placement/**/*.ts',
		'nodes/Printio/checks/*.ts',
		...GUARDS.map((file) => `!${file}`),
	],
	orderForms: ['nodes/Printio/actions/order/*.fields.ts'],
	otherActions: ['nodes/Printio/actions/**/*.ts', '!nodes/Printio/actions/order/**/*.ts'],
	// Order input in two runs of about an hour each: the rules (normalise, validate, the field table) and the reads.
	orderRules: ORDER_RULES,
	orderRead: ['nodes/Printio/orderInput/**/*.ts', ...ORDER_RULES.map((file) => `!${file}`)],
	preflight: ['nodes/Printio/checks/design/**/*.ts'],
	node: ['nodes/Printio/*.ts', 'nodes/Printio/helpers/**/*.ts', 'nodes/Printio/methods/**/*.ts'],
};

/** The modules that carry money and data promises (orderActions holds the placement engine, createOrders.ts): goal 90 %, the rest 85 %. */
export const PROMISE_MODULES = [
	'transport',
	'trigger',
	'credentials',
	'guards',
	'orderActions',
	'orderRules',
	'orderRead',
];

/** Every shipped file, as Stryker's `mutate` globs (stryker.config.mjs). */
export const ALL_SHIPPED = ['nodes/**/*.ts', 'credentials/**/*.ts', 'api/*.ts'];
