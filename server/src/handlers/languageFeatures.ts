import type { Connection, ServerCapabilities } from 'vscode-languageserver';
import { completion } from '../service/completion/index';
import type { DocumentStore } from '../service/documentStore';
import { foldingRanges } from '../service/folding';
import { formatDocument, formatOnType } from '../service/formatting';
import { hover } from '../service/hover/index';
import { documentSymbols } from '../service/symbols';
import { guard } from './guard';

/** What the editing features declare in `initialize`. */
export const LANGUAGE_FEATURE_CAPABILITIES: ServerCapabilities = {
  completionProvider: { triggerCharacters: ['"', ':', '?', '&', '=', ',', '/', '.', '{'], resolveProvider: false },
  hoverProvider: true,
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  documentOnTypeFormattingProvider: { firstTriggerCharacter: '}', moreTriggerCharacter: [']'] },
};

/** Completion, hover, outline, folding and formatting: look up the parsed document, call the service. */
export function registerLanguageFeatures(connection: Connection, store: DocumentStore): void {
  connection.onCompletion(
    guard(connection, 'completion', { isIncomplete: false, items: [] }, (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined
        ? { isIncomplete: false, items: [] }
        : completion(
            document,
            params.position,
            params.context?.triggerCharacter,
            store.cluster,
            store.target,
            store.variables,
          );
    }),
  );
  connection.onHover(
    guard(connection, 'hover', null, (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? null : hover(document, params.position, store.cluster, store.variables);
    }),
  );
  connection.onDocumentSymbol(
    guard(connection, 'documentSymbol', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : documentSymbols(document);
    }),
  );
  connection.onFoldingRanges(
    guard(connection, 'foldingRange', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : foldingRanges(document);
    }),
  );
  connection.onDocumentFormatting(
    guard(connection, 'formatting', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : formatDocument(document);
    }),
  );
  connection.onDocumentRangeFormatting(
    guard(connection, 'rangeFormatting', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : formatDocument(document, params.range);
    }),
  );
  connection.onDocumentOnTypeFormatting(
    guard(connection, 'onTypeFormatting', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : formatOnType(document, params.position);
    }),
  );
}
