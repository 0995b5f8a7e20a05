import './env';

import { Credentials, getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	deepCopy,
	isExpression,
} from 'n8n-workflow';

import { CREDENTIAL_TEST_NODE_TYPE, type HarnessCredentialTypes } from './package';

/**
 * The credentials helper n8n's CLI gives WorkflowExecute (packages/cli/src/credentials-helper.ts), with the
 * database replaced by an in-memory map `{ [credentialType]: decryptedData }`:
 * - getDecrypted applies the credential type's defaults (applyDefaultsAndOverwrites) and resolves expressions
 *   in the data, and returns a copy, so a node cannot change the stored credential by mutating it;
 * - authenticate runs a function `authenticate`, or resolves a generic one (`={{$credentials.x}}` in keys and
 *   values of headers/qs/body/auth) with the workflow's own expression engine, as n8n does;
 * - preAuthentication runs the type's `preAuthentication` when its hidden expirable field is empty, the
 *   credential expired (a 401 retry) or it is being tested, then stores the result ("updateCredentials").
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Every credential data object handed out, so tests can scan them or inspect refreshed tokens. */
	readonly store: Record<string, ICredentialDataDecryptedObject>;

	/** How often preAuthentication actually called the type's hook, per credential type. */
	readonly preAuthenticationCalls: Record<string, number> = {};

	constructor(
		private readonly credentialTypes: HarnessCredentialTypes,
		credentials: Record<string, ICredentialDataDecryptedObject> = {},
	) {
		super();
		this.store = deepCopy(credentials);
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.recognizes(name) ? this.credentialTypes.getParentTypes(name) : [];
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const type = this.credentialTypes.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return this.credentialTypes.getSupportedNodes(credentialType).includes(nodeType);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!workflow || !node) {
			throw new UnexpectedError(
				'Workflow and node are required for declarative credential authentication',
			);
		}
		requestOptions.headers ??= {};
		if (authenticate.type === 'generic') {
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				// headers, qs, body or auth of the request: n8n's declarative credentials name the part by its key.
				const part: Record<string, unknown> =
					(Reflect.get(requestOptions, outerKey) as Record<string, unknown> | undefined) ?? {};
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					part[this.resolveValue(key, credentials, workflow, node)] = this.resolveValue(
						value,
						credentials,
						workflow,
						node,
					);
				}
				Reflect.set(requestOptions, outerKey, part);
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined || typeof type.preAuthentication !== 'function')
			return undefined;

		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === CREDENTIAL_TEST_NODE_TYPE;
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;

		this.preAuthenticationCalls[typeName] = (this.preAuthenticationCalls[typeName] ?? 0) + 1;
		const output = (await type.preAuthentication.call(helpers, credentials)) as
			| ICredentialDataDecryptedObject
			| undefined;
		if (output?.[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			// n8n writes the fresh token back to the stored credential (updateCredentials).
			this.store[typeName] = { ...(this.store[typeName] ?? {}), ...output };
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		const output = (await type.preAuthentication.call(helpers, credentials)) as
			| ICredentialDataDecryptedObject
			| undefined;
		return output ?? undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		return new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store[type];
		if (stored === undefined) {
			// n8n fails the same way when a node references a credential that does not exist.
			throw new UnexpectedError(`Harness: no credentials of type "${type}" were given`);
		}
		const data = deepCopy(stored);
		if (raw === true) return data;
		return this.applyDefaultsAndResolve(
			data,
			type,
			mode,
			additionalData,
			expressionResolveValues,
			executeData,
		);
	}

	/**
	 * CredentialsHelper.applyDefaultsAndOverwrites without overwrites: the type's properties with their defaults
	 * (fields the type does not declare are dropped, as in n8n, except oauthTokenData and the domain allowlists),
	 * then expressions resolved against the run (or, outside a run, a temporary workflow).
	 */
	applyDefaultsAndResolve(
		data: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		additionalData?: IWorkflowExecuteAdditionalData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
		executeData?: IExecuteData,
	): ICredentialDataDecryptedObject {
		const properties = this.getCredentialsProperties(type);
		let decrypted = (NodeHelpers.getNodeParameters(
			properties,
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		for (const key of ['oauthTokenData', 'allowedHttpRequestDomains', 'allowedDomains']) {
			if (decrypted[key] === undefined && data[key] !== undefined) decrypted[key] = data[key];
		}
		if (!Object.values(decrypted).some((value) => isExpression(value))) return decrypted;

		const additionalKeys = additionalData
			? getAdditionalKeys(additionalData, mode, null, { isCredential: true })
			: {};
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
				expressionResolveValues;
			decrypted = workflow.expression.getParameterValue(
				decrypted as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				additionalKeys,
				executeData,
				false,
				decrypted,
			) as ICredentialDataDecryptedObject;
		} else {
			const mockNode: INode = {
				id: 'mock',
				name: '',
				typeVersion: 1,
				type: 'mock',
				position: [0, 0],
				parameters: {},
			};
			const workflow = new Workflow({
				nodes: [mockNode],
				connections: {},
				active: false,
				nodeTypes: {
					getByName: () => undefined!,
					getByNameAndVersion: () => undefined!,
					getKnownTypes: () => ({}),
				},
			});
			decrypted = workflow.expression.getComplexParameterValue(
				mockNode,
				decrypted as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				decrypted,
			) as ICredentialDataDecryptedObject;
		}
		return decrypted;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = deepCopy(data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = { ...(this.store[type] ?? {}), ...deepCopy(data) };
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getProperties(type);
	}

	private resolveValue(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		if (!resolved) return '';
		return (resolved as { toString(): string }).toString();
	}
}
