import assert from 'node:assert/strict';

/** What no log line may carry: a JWT, a Standard Webhooks secret, or any of the given passwords. */
export function assertNoSecrets(log: string, passwords: string[], where: string): void {
  const jwt = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/.exec(log);
  assert.equal(jwt, null, `${where}: a JWT in the log: ${jwt?.[0]?.slice(0, 20)}...`);
  const whsec = /whsec_(?!\[REDACTED\])[A-Za-z0-9+/=]{8,}/.exec(log);
  assert.equal(whsec, null, `${where}: a webhook secret in the log`);
  for (const password of passwords) assert.ok(!log.includes(password), `${where}: "${password}" in the log`);
}
