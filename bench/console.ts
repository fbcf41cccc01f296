// What the console syntax costs the checks: a 20,000-pair `.msearch` file whose headers and bodies all hold
// variables, validated from scratch and re-validated after one-line edits, next to the same file with the values
// written in; a `.search` file of 300 requests with `"""` scripts and variables, next to the same without them.
import { performance } from 'node:perf_hooks';
import { DocumentStore } from '../server/src/service/documentStore';

const ROUNDS = 5;
const EDITS = 200;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

const VALUES = { index: 'logs-2024.01.*', size: '20', level: 'error', field: 'message' };

function msearch(withVariables: boolean, pairs: number): string {
  const lines: string[] = [];
  for (let i = 0; i < pairs; i++) {
    if (withVariables) {
      lines.push(`{"index": "\${index}", "preference": "_local"}`);
      lines.push(
        `{"size": \${size}, "query": {"bool": {"must": [{"match": {"\${field}": "timeout ${i}"}}], "filter": [{"term": {"level": "\${level}"}}]}}}`,
      );
    } else {
      lines.push('{"index": "logs-2024.01.*", "preference": "_local"}');
      lines.push(
        `{"size": 20, "query": {"bool": {"must": [{"match": {"message": "timeout ${i}"}}], "filter": [{"term": {"level": "error"}}]}}}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function search(withConsole: boolean, requests: number): string {
  const blocks: string[] = [];
  for (let i = 0; i < requests; i++) {
    blocks.push(withConsole ? 'POST /${index}/_search?size=${size}' : 'POST /logs-2024.01.*/_search?size=20');
    blocks.push('{');
    blocks.push(`  "query": { "term": { "level": ${withConsole ? '"${level}"' : '"error"'} } },`);
    blocks.push('  "script_fields": { "x": { "script": { "source":');
    if (withConsole) {
      blocks.push(
        '"""',
        `    double d = doc['duration_ms'].value * ${i};`,
        '    return d > 100 ? "slow" : "fast";',
        '"""',
      );
    } else {
      blocks.push(
        JSON.stringify(`\n    double d = doc['duration_ms'].value * ${i};\n    return d > 100 ? "slow" : "fast";\n`),
      );
    }
    blocks.push('  } } }', '}', '');
  }
  return blocks.join('\n');
}

function validateFromScratch(language: 'search' | 'msearch', text: string): number {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const store = new DocumentStore();
    store.setVariables(VALUES);
    const started = performance.now();
    store.open('file:///bench', language, 1, text);
    const found = store.diagnostics('file:///bench').length;
    times.push(performance.now() - started);
    if (found !== 0) throw new Error(`the ${language} bench file has ${found} diagnostics`);
  }
  return median(times);
}

function editMsearch(text: string): number {
  const store = new DocumentStore();
  store.setVariables(VALUES);
  store.open('file:///bench', 'msearch', 1, text);
  store.diagnostics('file:///bench');
  const times: number[] = [];
  for (let edit = 0; edit < EDITS; edit++) {
    const line = 1 + 2 * ((edit * 97) % 19_000);
    const started = performance.now();
    store.change('file:///bench', edit + 2, [
      { range: { start: { line, character: 10 }, end: { line, character: 10 } }, text: edit % 2 === 0 ? ' ' : '' },
    ]);
    store.diagnostics('file:///bench');
    times.push(performance.now() - started);
  }
  return median(times);
}

export function runConsoleBench(): void {
  console.log('console syntax: validation with variables and """ strings, next to the same text written out');
  const plainM = msearch(false, 20_000);
  const varsM = msearch(true, 20_000);
  console.log(
    `  .msearch 20,000 pairs, values written in:   ${ms(validateFromScratch('msearch', plainM))} from scratch`,
  );
  console.log(`  .msearch 20,000 pairs, every line \${…}: ${ms(validateFromScratch('msearch', varsM))} from scratch`);
  console.log(`  .msearch one-line edit (median of ${EDITS}), values written in: ${ms(editMsearch(plainM))}`);
  console.log(`  .msearch one-line edit (median of ${EDITS}), with variables:    ${ms(editMsearch(varsM))}`);
  const plainS = search(false, 300);
  const consoleS = search(true, 300);
  console.log(`  .search 300 requests, JSON strings and values: ${ms(validateFromScratch('search', plainS))}`);
  console.log(`  .search 300 requests, """ scripts and \${…}:  ${ms(validateFromScratch('search', consoleS))}`);
}

if (require.main === module) runConsoleBench();
