// dependency-cruiser: the layers of the repository, checked by `npm run lint` (depcruise). Each rule says why it
// exists. The API room, api/, is the bottom layer: the endpoint table, status codes, limits and patterns (api/*.ts,
// shipped as dist/api/*.js) and the TypeBox schemas with the types derived from them (api/schema/, not shipped).
// nodes/, the contract writer (contract/) and the sandbox all import it downward.
const API_ROOM = '^api/';
const SCHEMAS = '^api/schema/';
const ORDER_PATH = '^nodes/Printio/(orderInput|checks|placement)/';
const SHIPPED = '^(nodes|credentials)/|^api/[^/]+\\.ts$|^index\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'api-room-at-the-bottom',
			comment:
				'The API room describes the Printio API once for the nodes, the contract writer and the sandbox; if it ' +
				'imported any of them, a change there would change the API description, and the layers would point at ' +
				'each other. It imports only itself (and its packages).',
			severity: 'error',
			from: { path: API_ROOM },
			to: { pathNot: [API_ROOM, 'node_modules'], dependencyTypesNot: ['core'] },
		},
		{
			name: 'shipped-takes-only-types-from-the-schemas',
			comment:
				'The node package has no runtime dependencies (n8n verified community nodes): TypeBox is a devDependency ' +
				'and api/schema is not in the tarball (package.json files: !dist/api/schema), so shipped code may take ' +
				'types from it, never values.',
			severity: 'error',
			from: { path: SHIPPED },
			to: { path: SCHEMAS, dependencyTypesNot: ['type-only', 'pre-compilation-only'] },
		},
		{
			name: 'nodes-never-import-contract',
			comment:
				'contract/ is the OpenAPI writer (file system, not shipped); what the nodes need of the API is in api/. ' +
				"An import of contract/ from shipped code would put the writer on the nodes' side of the room.",
			severity: 'error',
			from: { path: '^(nodes|credentials)/|^index\\.ts$' },
			to: { path: '^contract/' },
		},
		{
			name: 'contract-never-imports-nodes',
			comment:
				'The contract is written from the API room alone: if it read the nodes, the OpenAPI document would describe ' +
				'what the nodes do rather than the API, and the two rooms would point at each other again.',
			severity: 'error',
			from: { path: '^contract/' },
			to: { path: '^(nodes|credentials)/|^index\\.ts$' },
		},
		{
			name: 'sandbox-never-imports-nodes',
			comment:
				'The sandbox stands in for the real API: it reads the API room, never the nodes it tests, so a mistake in ' +
				'a node cannot be copied into the server that is meant to catch it (and its package ships without them).',
			severity: 'error',
			from: { path: '^sandbox/' },
			to: { path: '^(nodes|credentials)/|^index\\.ts$' },
		},
		{
			name: 'trigger-imports-nothing-of-the-action-node',
			comment:
				'n8n loads the two nodes independently; what both need lives in nodes/shared. An import from the trigger ' +
				'into the action node (its actions, order input, helpers) would couple their releases and loading.',
			severity: 'error',
			from: { path: '^nodes/PrintioTrigger/' },
			to: { path: '^nodes/Printio/' },
		},
		{
			name: 'action-node-imports-nothing-of-the-trigger',
			comment:
				'The other direction of the rule above: the action node and its actions import nothing of the trigger.',
			severity: 'error',
			from: { path: '^nodes/Printio/' },
			to: { path: '^nodes/PrintioTrigger/' },
		},
		{
			name: 'shared-imports-neither-node',
			comment: 'nodes/shared is the layer both nodes stand on; it imports neither of them.',
			severity: 'error',
			from: { path: '^nodes/shared/' },
			to: { path: '^nodes/(Printio|PrintioTrigger)/' },
		},
		{
			name: 'order-input-below-operations-placement-and-checks',
			comment:
				'Order input reads, normalises, validates and builds the bodies; the operations, the placement engine and ' +
				'the pre-send checks all take its result. If it imported any of them, input handling would depend on how ' +
				'orders are sent, and the layers actions → placement → checks → orderInput would point back up.',
			severity: 'error',
			from: { path: '^nodes/Printio/orderInput/' },
			to: { path: '^nodes/Printio/(actions|placement|checks)/' },
		},
		{
			name: 'placement-never-imports-actions',
			comment:
				'actions/ holds the operations (their fields and execute); the placement engine and the create run are ' +
				'what the Create operations call. An import back from placement into actions/ would tie the engine to ' +
				"one operation's form and put it above the operations it serves.",
			severity: 'error',
			from: { path: '^nodes/Printio/placement/' },
			to: { path: '^nodes/Printio/actions/' },
		},
		{
			name: 'checks-never-import-actions',
			comment:
				'The pre-send checks (quote, stock, catalog, design, dry run) judge orders for the create run and for ' +
				'Original Item › Create; they know nothing of the operations that show their results.',
			severity: 'error',
			from: { path: '^nodes/Printio/checks/' },
			to: { path: '^nodes/Printio/actions/' },
		},
		{
			name: 'checks-take-only-types-from-placement',
			comment:
				'The create run (placement/) calls the checks; the checks run before anything is placed, so they may name ' +
				"placement's types (OrderToPlace, PlacementOutcome, ConflictingOrders) but never call the engine: a runtime " +
				'import back would be a cycle and let a check place orders.',
			severity: 'error',
			from: { path: '^nodes/Printio/checks/' },
			to: {
				path: '^nodes/Printio/placement/',
				dependencyTypesNot: ['type-only', 'pre-compilation-only'],
			},
		},
		{
			name: 'order-path-reads-only-in-look-up-and-place',
			comment:
				'Order › Create reads the API before sending only in the look-up stage (one memo per run) and writes only ' +
				'in the place stage with its guards (registered, repeats, in flight), so that every other stage stays ' +
				'pure and no order is sent or looked up twice by accident. Even the api type is theirs: a stage that ' +
				'cannot name it cannot be handed it. The runner passes it on; the design preflight (run by the look-up) ' +
				'reads print areas and fetches files.',
			severity: 'error',
			from: {
				path: ORDER_PATH,
				pathNot: [
					'^nodes/Printio/checks/design/',
					'^nodes/Printio/checks/designPreflight\\.ts$',
					'^nodes/Printio/placement/(lookUp|lookUpCatalog|createOrders|placement|registered|repeats|inFlight)\\.ts$',
				],
			},
			// The connection's settings (environment, retailer) are data, not a reader.
			to: {
				path: '^nodes/shared/printio/transport/',
				pathNot: '^nodes/shared/printio/transport/connection\\.ts$',
			},
		},
		{
			name: 'order-path-catalog-reads-only-in-look-up',
			comment:
				"The catalog readers (helpers/catalogItem) and the design preflight's reads run before sending only from " +
				'the look-up stage, so that the check, prepare and answer stages judge what was read and read nothing.',
			severity: 'error',
			from: {
				path: ORDER_PATH,
				pathNot: [
					'^nodes/Printio/checks/design/',
					'^nodes/Printio/placement/(lookUp|lookUpCatalog)\\.ts$',
				],
			},
			to: {
				path: [
					'^nodes/Printio/helpers/catalogItem\\.ts$',
					'^nodes/Printio/checks/designPreflight\\.ts$',
				],
				dependencyTypesNot: ['type-only'],
			},
		},
		{
			name: 'no-runtime-cycles',
			comment:
				'A cycle of runtime imports makes load order matter (a module sees another half-initialised) and the ' +
				'layers meaningless. Cycles made only of type imports vanish in the emitted JavaScript and are allowed.',
			severity: 'error',
			from: {},
			to: {
				circular: true,
				viaOnly: { dependencyTypesNot: ['type-only', 'pre-compilation-only'] },
			},
		},
		{
			name: 'not-to-unresolvable',
			comment:
				'An import that resolves to nothing is a typo or a missing package: it would fail when the file is run, ' +
				'possibly only in the published tarball.',
			severity: 'error',
			from: {},
			to: { couldNotResolve: true },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(dist|\\.stryker-tmp|coverage|reports|test-artifacts|bench/tmp)/|/dist/' },
		// Type imports count: the rules above tell them apart from runtime imports.
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			mainFields: ['main', 'types', 'typings'],
		},
		reporterOptions: { text: { highlightFocused: true } },
	},
};
