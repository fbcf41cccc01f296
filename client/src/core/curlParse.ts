// A cURL command (as documentation, browsers' "copy as cURL" and other tools write it) read into a request, and that
// request written as a console request of a `.search` file: method, path and query, body, the `-H` headers noted in a
// comment. Credentials (`-u`, a user in the URL, an Authorization header) are never written: they are handed back so
// that they can be kept as the cluster's secret instead.

/** What a cURL command asks for. */
export interface CurlCommand {
  readonly method: string;
  /** The URL without its credentials. */
  readonly url: string;
  readonly headers: readonly { readonly name: string; readonly value: string }[];
  /** The body (several `-d` joined as curl joins them), or undefined. */
  readonly body?: string;
  /** `-d @file`: a body read from a file, which is not read here. */
  readonly bodyFile?: string;
  /** From `-u user:password` or `https://user:password@host`. */
  readonly credentials?: { readonly username: string; readonly password?: string };
}

export class CurlParseError extends Error {}

/**
 * Splits a command line as a POSIX shell does: blanks separate words; single quotes keep everything; double quotes
 * keep everything but `\"`, `\\`, `\$` and `` \` ``; `$'…'` takes C escapes; a backslash outside quotes escapes the next
 * character (a backslash before a line break continues the line). Windows' `^` line continuations are read too.
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const source = text.replace(/\^\r?\n/g, ' ');
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === '\n') i += 2;
      else if (next === '\r' && source[i + 2] === '\n') i += 3;
      else if (next !== undefined) {
        word += next;
        inWord = true;
        i += 2;
      } else i++;
      continue;
    }
    if (c === "'") {
      const end = source.indexOf("'", i + 1);
      if (end === -1) throw new CurlParseError('a single quote is not closed');
      word += source.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '$' && source[i + 1] === "'") {
      const { text: decoded, end } = ansiC(source, i + 2);
      word += decoded;
      inWord = true;
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < source.length && source[j] !== '"'; j++) {
        const next = source.charAt(j + 1);
        if (source[j] === '\\' && next !== '' && '"\\$`\n'.includes(next)) {
          if (next !== '\n') word += next;
          j++;
        } else word += source.charAt(j);
      }
      if (j >= source.length) throw new CurlParseError('a double quote is not closed');
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}

const C_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  v: '\v',
};

function ansiC(source: string, start: number): { text: string; end: number } {
  let out = '';
  let i = start;
  while (i < source.length && source[i] !== "'") {
    if (source[i] === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      const hex = next === 'x' ? /^[0-9A-Fa-f]{1,2}/.exec(source.slice(i + 2)) : null;
      const unicode = next === 'u' ? /^[0-9A-Fa-f]{1,4}/.exec(source.slice(i + 2)) : null;
      if (hex !== null) {
        out += String.fromCharCode(parseInt(hex[0], 16));
        i += 2 + hex[0].length;
      } else if (unicode !== null) {
        out += String.fromCharCode(parseInt(unicode[0], 16));
        i += 2 + unicode[0].length;
      } else {
        out += C_ESCAPES[next] ?? next;
        i += 2;
      }
      continue;
    }
    out += source.charAt(i);
    i++;
  }
  if (i >= source.length) throw new CurlParseError("a $'…' string is not closed");
  return { text: out, end: i + 1 };
}

const WITH_VALUE = new Set([
  '-X',
  '--request',
  '-H',
  '--header',
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
  '-u',
  '--user',
  '--url',
  '-o',
  '--output',
  '-w',
  '--write-out',
  '--cacert',
  '--cert',
  '--key',
  '-E',
  '--connect-timeout',
  '-m',
  '--max-time',
  '--retry',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-x',
  '--proxy',
  '--aws-sigv4',
  '-T',
  '--upload-file',
  '--capath',
  '--resolve',
]);
/** Short options that take a value (the value may be attached: `-XPOST`). */
const SHORT_WITH_VALUE = new Set(['X', 'H', 'd', 'u', 'o', 'w', 'E', 'm', 'A', 'e', 'b', 'x', 'T']);

/** Whether a pasted text is a cURL command. */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:\$\s+)?curl(?:\.exe)?\s/.test(text);
}

/** Reads a cURL command. Throws CurlParseError when it is not one, or names no URL. */
export function parseCurl(text: string): CurlCommand {
  const words = shellWords(text.trim().replace(/^\$\s+/, ''));
  if (words[0] !== 'curl' && words[0] !== 'curl.exe') throw new CurlParseError('this is not a curl command');
  let method: string | undefined;
  let url: string | undefined;
  const headers: { name: string; value: string }[] = [];
  const data: string[] = [];
  let bodyFile: string | undefined;
  let user: string | undefined;
  let get = false;
  let head = false;
  let json = false;
  const options: [string, string | undefined][] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('--')) {
      const [name, attached] = word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
      if (WITH_VALUE.has(name)) options.push([name, attached ?? words[++i]]);
      else options.push([name, undefined]);
    } else if (word.startsWith('-') && word.length > 1) {
      // `-sS`, `-XPOST`, `-H 'x: y'`, `-sXPOST`.
      for (let j = 1; j < word.length; j++) {
        const letter = word[j]!;
        if (SHORT_WITH_VALUE.has(letter)) {
          const rest = word.slice(j + 1);
          options.push([`-${letter}`, rest.length > 0 ? rest : words[++i]]);
          break;
        }
        options.push([`-${letter}`, undefined]);
      }
    } else if (url === undefined) {
      url = word;
    }
  }
  for (const [name, value] of options) {
    switch (name) {
      case '-X':
      case '--request':
        if (value !== undefined) method = value.toUpperCase();
        break;
      case '-H':
      case '--header': {
        const colon = value?.indexOf(':') ?? -1;
        if (value !== undefined && colon > 0) {
          headers.push({ name: value.slice(0, colon).trim(), value: value.slice(colon + 1).trim() });
        }
        break;
      }
      case '-d':
      case '--data':
      case '--data-raw':
      case '--data-binary':
      case '--data-ascii':
      case '--data-urlencode':
      case '--json':
        if (value === undefined) break;
        if (name === '--json') json = true;
        if (value.startsWith('@') && name !== '--data-raw') bodyFile = value.slice(1);
        else data.push(value);
        break;
      case '-u':
      case '--user':
        user = value;
        break;
      case '--url':
        url = value;
        break;
      case '-G':
      case '--get':
        get = true;
        break;
      case '-I':
      case '--head':
        head = true;
        break;
      default:
        break;
    }
  }
  if (url === undefined) throw new CurlParseError('the curl command names no URL');
  let credentials: CurlCommand['credentials'];
  let cleanUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
  try {
    const parsed = new URL(cleanUrl);
    if (parsed.username !== '') {
      credentials = {
        username: decodeURIComponent(parsed.username),
        ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
      };
      parsed.username = '';
      parsed.password = '';
      cleanUrl = parsed.toString();
    }
  } catch {
    throw new CurlParseError(`"${url}" is not a URL`);
  }
  if (user !== undefined) {
    const colon = user.indexOf(':');
    credentials =
      colon === -1 ? { username: user } : { username: user.slice(0, colon), password: user.slice(colon + 1) };
  }
  let body = data.length > 0 ? data.join('&') : undefined;
  if (get && body !== undefined) {
    cleanUrl += (cleanUrl.includes('?') ? '&' : '?') + body;
    body = undefined;
  }
  const hasBody = body !== undefined || bodyFile !== undefined;
  const chosen = method ?? (head ? 'HEAD' : hasBody ? 'POST' : 'GET');
  if (json && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
    headers.push({ name: 'Content-Type', value: 'application/json' });
  }
  return {
    method: chosen,
    url: cleanUrl,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(bodyFile === undefined ? {} : { bodyFile }),
    ...(credentials === undefined ? {} : { credentials }),
  };
}

/** Headers whose values are credentials: noted by name only. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|x-amz-security-token)$/i;

/** A body as a console body: JSON pretty-printed, NDJSON one object per line, anything else as it is. */
function consoleBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not one JSON value: perhaps NDJSON.
  }
  const lines = body.split(/\r?\n/).filter((line) => line.trim() !== '');
  try {
    return lines.map((line) => JSON.stringify(JSON.parse(line))).join('\n');
  } catch {
    return body.trimEnd();
  }
}

/** A cURL command as a console request (text ending with a newline), and the credentials it carried. */
export function curlToConsole(command: CurlCommand): { text: string; credentials?: CurlCommand['credentials'] } {
  const url = new URL(command.url);
  const lines: string[] = [`# from cURL: ${url.origin}`];
  for (const header of command.headers) {
    lines.push(
      SECRET_HEADERS.test(header.name)
        ? `# -H '${header.name}: …' (not written: it holds credentials; set the cluster's authentication instead)`
        : `# -H '${header.name}: ${header.value}'`,
    );
  }
  if (command.credentials !== undefined) {
    lines.push(`# -u ${command.credentials.username} (the password is not written to the file)`);
  }
  if (command.bodyFile !== undefined)
    lines.push(`# the body is read from the file ${command.bodyFile}, not copied here`);
  lines.push(`${command.method} ${url.pathname}${url.search}`);
  if (command.body !== undefined && command.body.trim() !== '') lines.push(consoleBody(command.body));
  return {
    text: `${lines.join('\n')}\n`,
    ...(command.credentials === undefined ? {} : { credentials: command.credentials }),
  };
}
