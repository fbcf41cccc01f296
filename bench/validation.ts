// Validation speed (issue targets): a 20,000-pair `.msearch` validated from scratch next to JSON.parse of its lines
// in the same run; re-validation after one-line edits in that file; diagnostics of a 300-line `.search` file.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DocumentStore } from '../server/src/service/documentStore';
import { generateMsearch } from './generateMsearch';

const ROUNDS = 7;
const EDITS = 300;
const SEARCH_RUNS = 300;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Collects garbage left by the previous section, so that its collection is not timed in the next one. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as unknown;
  if (typeof gc === 'function') (gc as () => void)();
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

/** A realistic console file of about 300 lines: searches with bodies, msearches, tasks and nodes requests. */
function consoleFile(): string {
  const blocks: string[] = [];
  for (let i = 0; blocks.join('\n').split('\n').length < 300; i++) {
    blocks.push(`# Request ${i}`);
    switch (i % 4) {
      case 0:
        blocks.push(
          `GET /logs-2024.01.${String((i % 28) + 1).padStart(2, '0')}/_search?size=20&track_total_hits=true&timeout=10s`,
          '{',
          '  "query": {',
          '    "bool": {',
          `      "must": [ { "match": { "message": { "query": "timeout ${i}", "operator": "and" } } } ],`,
          '      "filter": [ { "range": { "@timestamp": { "gte": "now-1d/d", "lt": "now" } } }, { "term": { "level": "error" } } ]',
          '    }',
          '  },',
          '  "aggs": {',
          '    "by_service": { "terms": { "field": "service", "size": 10 }, "aggs": { "p99": { "percentiles": { "field": "duration_ms", "percents": [99] } } } },',
          '    "per_hour": { "date_histogram": { "field": "@timestamp", "calendar_interval": "hour" } }',
          '  },',
          '  "sort": [ { "@timestamp": "desc" } ],',
          '  "_source": [ "@timestamp", "level", "message" ] // what we read',
          '}',
          '',
        );
        break;
      case 1:
        blocks.push(
          'POST /_msearch?max_concurrent_searches=4',
          '{ "index": "logs-*" }',
          '{ "query": { "match_all": {} }, "size": 0, "aggs": { "levels": { "terms": { "field": "level" } } } }',
          '{ "index": "products", "preference": "_local" }',
          '{ "query": { "multi_match": { "query": "red shoes", "fields": [ "name^2", "description" ] } } }',
          '',
        );
        break;
      case 2:
        blocks.push('GET /_tasks?actions=*search*&detailed&group_by=parents', '');
        break;
      default:
        blocks.push('GET /_nodes/_all,cluster_manager:false/stats/indices/docs,search', '');
    }
  }
  return blocks.join('\n');
}

export function runValidationBench(): void {
  const { text, pairs } = generateMsearch();
  console.log(`validation: ${pairs.toLocaleString('en-US')}-pair .msearch, ${(text.length / 1e6).toFixed(1)} MB`);

  // Full validation from scratch, next to JSON.parse of every line, in the same run.
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  const ratios: number[] = [];
  let diagnostics = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    for (const line of text.split('\n')) if (line.length > 0) JSON.parse(line);
    const parse = performance.now() - started;
    started = performance.now();
    const store = new DocumentStore();
    store.open('file:///bench.msearch', 'msearch', 1, text);
    diagnostics = store.diagnostics('file:///bench.msearch').length;
    const validate = performance.now() - started;
    parseTimes.push(parse);
    validateTimes.push(validate);
    ratios.push(validate / parse);
  }
  const ratio = median(ratios);
  console.log(`  JSON.parse of the lines (median of ${ROUNDS}): ${ms(median(parseTimes))}`);
  console.log(
    `  full validation from scratch (median of ${ROUNDS}): ${ms(median(validateTimes))}, ${diagnostics} diagnostics`,
  );
  console.log(`  ratio: ${ratio.toFixed(2)} (target: at most 3) ${ratio <= 3 ? 'OK' : 'OVER TARGET'}`);

  // One-line edits spread over the file: apply the change, then get the document's diagnostics.
  collectGarbage();
  const store = new DocumentStore();
  const uri = 'file:///edit.msearch';
  store.open(uri, 'msearch', 1, text);
  store.diagnostics(uri);
  const lines = text.split('\n');
  const editTimes: number[] = [];
  collectGarbage();
  for (let i = 0; i < EDITS; i++) {
    const line = 2 * Math.floor((i * pairs) / EDITS) + (i % 2);
    const current = lines[line]!;
    // Replace one character inside the line (keeps it valid JSON: a digit, or a letter inside a string).
    const at = current.search(/[0-9]/) !== -1 ? current.search(/[0-9]/) : current.indexOf('"') + 1;
    const replacement = current[at] === '7' ? '8' : '7';
    const started = performance.now();
    store.change(uri, i + 2, [
      { range: { start: { line, character: at }, end: { line, character: at + 1 } }, text: replacement },
    ]);
    store.diagnostics(uri);
    editTimes.push(performance.now() - started);
    lines[line] = current.slice(0, at) + replacement + current.slice(at + 1);
  }
  editTimes.sort((a, b) => a - b);
  const editP99 = percentile(editTimes, 99);
  console.log(
    `  one-line edit, then diagnostics (${EDITS} edits): p50 ${ms(percentile(editTimes, 50))}, p99 ${ms(editP99)}, max ${ms(editTimes[editTimes.length - 1]!)} (target: under 5 ms) ${editP99 < 5 ? 'OK' : 'OVER TARGET'}`,
  );

  // A 300-line console file, re-read whole on each change.
  const file = consoleFile();
  const searchStore = new DocumentStore();
  searchStore.open('file:///bench.search', 'search', 1, file);
  const searchTimes: number[] = [];
  collectGarbage();
  for (let i = 0; i < SEARCH_RUNS; i++) {
    const started = performance.now();
    searchStore.change('file:///bench.search', i + 2, [{ text: file }]);
    searchStore.diagnostics('file:///bench.search');
    searchTimes.push(performance.now() - started);
  }
  searchTimes.sort((a, b) => a - b);
  console.log(
    `  300-line .search (${file.split('\n').length} lines), re-read and diagnostics (${SEARCH_RUNS} runs): p50 ${ms(percentile(searchTimes, 50))}, p99 ${ms(percentile(searchTimes, 99))}`,
  );
}
