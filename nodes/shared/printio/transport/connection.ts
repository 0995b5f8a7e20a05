import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { PRINTIO_ENVIRONMENT_URLS } from '../../../../credentials/PrintioApi.credentials';

export type PrintioContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_NAME = 'printioApi';

export interface Connection {
	baseUrl: string;
	retailerId: number;
	// Handed to n8n's request helper, so that a request does not decrypt the credential again.
	credentials: ICredentialDataDecryptedObject;
}

// Read on every poll: n8n keeps one poll context per activation, and an edit must reach the next poll.
export async function readConnection(context: PrintioContext): Promise<Connection> {
	const credentials = await context.getCredentials(CREDENTIAL_NAME);
	return {
		baseUrl: baseUrlOf(credentials),
		retailerId: Number(credentials.retailerId),
		credentials,
	};
}

function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	const environment = credentials.environment as keyof typeof PRINTIO_ENVIRONMENT_URLS | 'custom';
	const url =
		environment === 'custom'
			? String(credentials.baseUrl ?? '').trim()
			: (PRINTIO_ENVIRONMENT_URLS[environment] ?? String(credentials.baseUrl ?? '').trim());
	return url.replace(/\/+$/, '');
}
