// What masking secrets costs on hostile text: 1 MB (and smaller) of dotted text (`a.a.a.…`, a host name or a field
// path without end, as an echoed error can hold), of base64-like text, and an answer with the secret in every form.
// A text that grows 4 times should cost about 4 times more: the growth factor is printed for each step.
import { performance } from 'node:perf_hooks';
import { redact, redactAnswer } from '../client/src/core/redact';

const SECRET = 's3cr3t-P@ss&word';
const USER = 'admin';
/** A size is skipped once a smaller one took longer than this (quadratic code would run for minutes). */
const BUDGET_MS = 15_000;

function dotted(bytes: number): string {
  return 'a.'.repeat(Math.ceil(bytes / 2)).slice(0, bytes);
}

function schemes(bytes: number): string {
  return 'http://a:b'.repeat(Math.ceil(bytes / 10)).slice(0, bytes);
}

function words(bytes: number): string {
  return `${'error in field x '.repeat(Math.ceil(bytes / 34))}${SECRET} `.repeat(2).slice(0, bytes);
}

/** The median of 5 calls (one when a call takes over a second). */
function time(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
    if (times[0]! > 1000) return times[0]!;
  }
  return times.sort((a, b) => a - b)[2]!;
}

export function runRedactBench(): void {
  console.log('redact: messages and answers with hostile text (time per call)');
  const sizes = [16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024];
  for (const [name, make] of [
    ['dotted text "a.a.a…"', dotted],
    ['repeated "http://a:b"', schemes],
    ['words with the secret', words],
  ] as const) {
    let previous: number | undefined;
    for (const size of sizes) {
      if (previous !== undefined && previous > BUDGET_MS) {
        console.log(
          `  ${name.padEnd(24)} ${String(size / 1024).padStart(5)} KB: skipped (the smaller size took over ${BUDGET_MS / 1000} s)`,
        );
        continue;
      }
      const text = make(size);
      const message = time(() => redact(text, [SECRET], USER));
      const answer = time(() => redactAnswer(new TextEncoder().encode(text), [SECRET]));
      const growth = previous === undefined ? '' : `  ×${(message / previous).toFixed(1)} for ×4 text`;
      console.log(
        `  ${name.padEnd(24)} ${String(size / 1024).padStart(5)} KB: redact ${message.toFixed(1).padStart(9)} ms, redactAnswer ${answer.toFixed(1).padStart(9)} ms${growth}`,
      );
      previous = message;
    }
  }
  answerBench(16);
}

/** An answer of `megabytes` MB of hits, without the secret (the common case) and with it once at the end. */
function answerBench(megabytes: number): void {
  const hit = '{"_index":"logs","_id":"a1","_source":{"host":"web-1.example.com","message":"GET /api/v1/items 200"}},';
  const text = hit.repeat(Math.ceil((megabytes * 1024 * 1024) / hit.length));
  const bytes = new TextEncoder().encode(text);
  const clean = time(() => redactAnswer(bytes, [SECRET]));
  const withSecret = new TextEncoder().encode(`${text}${SECRET}`);
  const dirty = time(() => redactAnswer(withSecret, [SECRET]));
  console.log(
    `  answer of hits           ${String(megabytes).padStart(5)} MB: redactAnswer ${clean.toFixed(1).padStart(9)} ms without the secret, ${dirty.toFixed(1)} ms with it`,
  );
}

if (require.main === module) {
  runRedactBench();
  answerBench(64);
}
