// The date-format and time-zone rules of the language service (server/src/service/validate/dateFormats.ts,
// timeZones.ts), held to the Java that runs OpenSearch: thousands of generated patterns and zone ids are given to
// Java's own DateTimeFormatterBuilder and ZoneId.of (scripts/java/JavaTime.java), and to the language service. It may
// never refuse what Java reads, and where both refuse, it gives Java's words. Run with each cluster of
// `npm run test:real` (Java 17 with 2.x, Java 21 or later with 3.x), so both databases and builders are covered.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { findJava } from '../../scripts/lib/realOpenSearch';
import { dateFormatError } from '../../server/src/service/validate/dateFormats';
import { zoneIdError } from '../../server/src/service/validate/timeZones';
import { javaTrim } from '../../server/src/service/validate/values';
import { ZONE_IDS } from '../../server/src/spec/generated/zoneIds';
import { realCluster } from './realEnv';

const SOURCE = path.join(__dirname, '..', '..', '..', 'scripts', 'java', 'JavaTime.java');

/** A small seeded generator: the same texts on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) / 16777216;
  };
}

function askJava(mode: 'pattern' | 'zone', texts: readonly string[]): { ok: boolean; words: string[] }[] {
  const cluster = realCluster();
  const { java } = findJava(cluster.major >= 3 ? 21 : 11);
  const out = execFileSync(java, [SOURCE, mode], { input: `${texts.join('\n')}\n`, maxBuffer: 1 << 26 }).toString();
  return out
    .split('\n')
    .slice(0, texts.length)
    .map((line) => (line === 'OK' ? { ok: true, words: [] } : { ok: false, words: line.split('\t') }));
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function patterns(): string[] {
  const out = new Set<string>();
  for (const letter of LETTERS) {
    for (let n = 1; n <= 21; n++) out.add(letter.repeat(n));
    out.add(`p${letter}`);
  }
  const next = generator(11);
  const others = "'[]{}#-: .,/T";
  while (out.size < 8000) {
    let text = '';
    const parts = 1 + Math.floor(next() * 8);
    for (let i = 0; i < parts; i++) {
      if (next() < 0.75) {
        const letter = LETTERS[Math.floor(next() * LETTERS.length)]!;
        text += letter.repeat(1 + Math.floor(next() * (next() < 0.1 ? 21 : 4)));
      } else text += others[Math.floor(next() * others.length)]!;
    }
    out.add(text);
  }
  return [...out];
}

function zones(): string[] {
  const out = new Set<string>(['', 'Z', 'UTC', 'GMT', 'UT', 'UTC0', 'GMT0', 'EST', 'PST', 'europe/paris']);
  for (const id of ZONE_IDS) {
    out.add(id);
    out.add(id.toLowerCase());
  }
  // Every hour from 0 to 20 in each offset form, with and without a prefix, minutes and seconds at their bounds.
  for (let hour = 0; hour <= 20; hour++) {
    const hh = String(hour).padStart(2, '0');
    for (const sign of ['+', '-']) {
      for (const form of [`${hour}`, hh, `${hh}:00`, `${hh}30`, `${hh}:59`, `${hh}:60`, `${hh}:00:59`, `${hh}0060`]) {
        if (form.length === 1 && hour > 9) continue;
        for (const prefix of ['', 'UTC', 'GMT', 'UT']) out.add(`${prefix}${sign}${form}`);
      }
    }
  }
  const next = generator(5);
  const pieces = ['+', '-', '0', '1', '8', '9', ':', 'UTC', 'GMT', 'UT', 'x', 'Z', '5', '2', '3'];
  while (out.size < ZONE_IDS.size * 2 + 4000) {
    let text = '';
    const parts = 1 + Math.floor(next() * 8);
    for (let i = 0; i < parts; i++) text += pieces[Math.floor(next() * pieces.length)]!;
    out.add(text);
  }
  return [...out];
}

void describe('Java time rules', () => {
  void it('reads date patterns as Java’s DateTimeFormatterBuilder does', () => {
    const texts = patterns();
    // OpenSearch trims each part before Java reads it (dateFormats.ts): Java is given the trimmed text, and a text of
    // blanks alone, no pattern at all, has cases of its own (`cross/lists/values/date-format-*`).
    const sent = texts.map(javaTrim);
    const java = askJava('pattern', sent);
    const version = { major: 3, minor: 8, patch: 0 };
    const wrong: string[] = [];
    texts.forEach((text, i) => {
      const pattern = sent[i]!;
      if (pattern === '') return;
      // A text that is a named format, or starts with 8, is not a pattern: those rules have their own cases.
      const answer = java[i]!;
      const ours = dateFormatError(text, version);
      if (ours !== undefined && answer.ok) wrong.push(`${JSON.stringify(text)}: Java reads it, we say ${ours}`);
      if (ours !== undefined && !answer.ok && ours !== `Invalid format: [${pattern}]: ${answer.words[1]}`) {
        wrong.push(`${JSON.stringify(text)}: Java says ${answer.words[1]}, we say ${ours}`);
      }
      // A refusal we do not report is allowed only after a padded field (Java may fail there in words of its own).
      if (ours === undefined && !answer.ok && !/p[A-Za-z]/.test(text)) {
        wrong.push(`${JSON.stringify(text)}: Java says ${answer.words.join(' / ')}, we say nothing`);
      }
    });
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${texts.length} patterns`);
  });

  void it('reads zone ids as Java’s ZoneId.of does', () => {
    const texts = zones();
    const java = askJava('zone', texts);
    const wrong: string[] = [];
    texts.forEach((text, i) => {
      const answer = java[i]!;
      const ours = zoneIdError(text);
      // The ids are every id any Java we generated them with knows: an older database may lack a newer one.
      if (ours === undefined && !answer.ok && ZONE_IDS.has(text)) return;
      if ((ours === undefined) !== answer.ok) {
        wrong.push(
          `${JSON.stringify(text)}: Java ${answer.ok ? 'reads it' : answer.words.join(' / ')}, we say ${ours ?? 'nothing'}`,
        );
      } else if (ours !== undefined) {
        const [, message, cause] = answer.words;
        const expected = cause === undefined || message === cause ? message : `${message} (${cause})`;
        if (ours !== expected) wrong.push(`${JSON.stringify(text)}: Java says ${expected}, we say ${ours}`);
      }
    });
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${texts.length} zone ids`);
  });
});
