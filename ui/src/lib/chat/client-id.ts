/** A message's own id (`clientId`): 1-64 of `A-Z a-z 0-9 _ -` (core-wasm's chat::client_id_ok). */
export function newClientId(): string {
  const uuid =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return uuid.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || `m${Date.now()}`;
}
