/**
 * Which Kudi server `npm run simulate` talks to: KUDI_URL when set (another machine, a port behind a
 * proxy), else the one `npm start` runs in this environment, http://localhost:PORT (PORT as the
 * server reads it, default 3000; HOST when it names one address rather than all of them).
 */
export interface ServerUrl {
  url: string;
  /** How the URL was chosen, for the messages: 'KUDI_URL' or 'PORT'. */
  from: 'KUDI_URL' | 'PORT';
}

const DEFAULT_PORT = '3000';
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

export class ServerUrlError extends Error {
  override name = 'ServerUrlError';
}

export function serverUrl(env: Record<string, string | undefined>): ServerUrl {
  const explicit = env.KUDI_URL?.trim();
  if (explicit) {
    let parsed: URL;
    try {
      parsed = new URL(explicit);
    } catch {
      throw new ServerUrlError(`KUDI_URL must be a URL such as http://localhost:3000 (it is "${explicit}").`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ServerUrlError(`KUDI_URL must start with http:// or https:// (it is "${explicit}").`);
    }
    return { url: explicit.replace(/\/+$/, ''), from: 'KUDI_URL' };
  }
  const port = env.PORT?.trim() || DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new ServerUrlError(`PORT must be a port number such as 3000 (it is "${port}"); or set KUDI_URL to the server's address.`);
  }
  const host = env.HOST?.trim();
  const named = host && !ALL_INTERFACES.has(host) ? (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host) : 'localhost';
  return { url: `http://${named}:${port}`, from: 'PORT' };
}
