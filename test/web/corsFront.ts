// A front for the local cluster that answers as OpenSearch does with http.cors.enabled, http.cors.allow-origin and
// http.cors.allow-headers set (the local cluster, like OpenSearch by default, sends no CORS headers): preflights
// answered, the allow headers added to every answer.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { WEB_REQUEST_HEADERS } from '../../client/src/core/fetchRun';

export interface CorsFront extends Server {
  /** The methods of the requests forwarded, in order (preflights left out). */
  readonly methods: string[];
}

export function corsFront(target: string, origin: string): CorsFront {
  const methods: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const allow = {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'OPTIONS,HEAD,GET,POST,PUT,DELETE',
      'access-control-allow-headers': WEB_REQUEST_HEADERS.join(','),
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(200, allow).end();
      return;
    }
    methods.push(req.method ?? '');
    const forward = httpRequest(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...allow });
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  return Object.assign(server, { methods });
}
