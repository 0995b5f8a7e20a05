// Names shared by `npm run dev`, the examples and the e2e tests.

// Local-only sign-in of the dev instance (n8n 2.x always has user management; it listens on 127.0.0.1 only).
export const DEV_OWNER = {
	email: 'dev@printio.local',
	password: 'Printio-dev-1',
	firstName: 'Printio',
	lastName: 'Developer',
};

// The credential that examples/*.json refer to: "credentials": { "printioApi": { "id": DEV_CREDENTIAL_ID, "name": DEV_CREDENTIAL_NAME } }
export const DEV_CREDENTIAL_ID = 'printioSandbox01';
export const DEV_CREDENTIAL_NAME = 'Printio Local Sandbox';

// Where `npm run dev` starts the sandbox; examples that point at its sample files (designs) use this origin.
export const DEV_SANDBOX_ORIGIN = 'http://127.0.0.1:4010';

// The dev credential's Shop Sender (a made-up shop): the shop-platform examples (Input Mode Shopify Order /
// WooCommerce Order) take their sender from it; examples that give a sender of their own keep theirs.
export const DEV_SHOP_SENDER = {
	shopSender: true,
	senderFullName: 'サンプルショップ',
	senderZipCode: '1500002',
	senderPrefecture: '東京都',
	senderMunicipalities: '渋谷区',
	senderAddress1: '渋谷2-1-1',
	senderPhoneNumber: '0398765432',
	senderItemName: 'Tシャツ・パーカー',
};
