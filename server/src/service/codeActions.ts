import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';
import type { FixData } from './validate/issues';
import { SOURCE } from './documents/diagnostics';
import type { ParsedDocument } from './documentStore';
import { JsonSegment } from './json/jsonSegment';
import { compactJson } from './json/jsonValues';

function isFixData(value: unknown): value is FixData {
  return typeof value === 'object' && value !== null;
}

function action(title: string, uri: string, diagnostic: Diagnostic, edits: TextEdit[], preferred = false): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: preferred,
    edit: { changes: { [uri]: edits } },
  };
}

/** Quick fixes for our diagnostics in a range. */
export function codeActions(document: ParsedDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== SOURCE) continue;
    const data: unknown = diagnostic.data;
    if (isFixData(data)) {
      data.replacements?.forEach((replacement, i) => {
        out.push(
          action(
            `Change to ${replacement}`,
            document.uri,
            diagnostic,
            [{ range: diagnostic.range, newText: replacement }],
            i === 0,
          ),
        );
      });
      if (data.replace !== undefined) {
        out.push(
          action(
            data.replace.title,
            document.uri,
            diagnostic,
            [{ range: diagnostic.range, newText: data.replace.text }],
            true,
          ),
        );
      }
      if (data.command !== undefined) {
        out.push({
          title: data.command.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          command: { title: data.command.title, command: data.command.command, arguments: [...data.command.arguments] },
        });
      }
      if (data.insert !== undefined) {
        const at = diagnostic.range.end;
        out.push(
          action(
            data.insert.title,
            document.uri,
            diagnostic,
            [{ range: { start: at, end: at }, newText: data.insert.text }],
            true,
          ),
        );
      }
    }
    if (diagnostic.code === 'json.syntax' && document.kind === 'msearch') {
      const join = joinObject(document, diagnostic.range.start.line);
      if (join !== undefined) out.push(action(join.title, document.uri, diagnostic, [join.edit], true));
    }
  }
  return out;
}

/** A JSON object written over several lines of a `.msearch` file, collapsed to one line as NDJSON requires. */
function joinObject(
  document: ParsedDocument & { kind: 'msearch' },
  line: number,
): { title: string; edit: TextEdit } | undefined {
  const model = document.model;
  let text = model.line(line);
  for (let end = line + 1; end < model.lineCount && end <= line + 500; end++) {
    text += '\n' + model.line(end);
    const segment = JsonSegment.parse(text);
    if (segment.ok && segment.trailingOffset === -1) {
      const range: Range = {
        start: { line, character: 0 },
        end: { line: end, character: model.line(end).length },
      };
      return {
        title: `Join lines ${line + 1}-${end + 1} into one line`,
        edit: { range, newText: compactJson(text).compact },
      };
    }
  }
  return undefined;
}
