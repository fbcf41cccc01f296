import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { commaPieceAt, type RequestLineCursor } from '../context/requestLineCursor';
import { endpointParams, paramType } from '../context/urlParams';
import type { ParamSpec } from '../../spec/types';
import type { FieldUsage } from '../../spec/fieldTypes';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { fieldListItems, indexItems, taskItems } from './clusterLineItems';
import { item, lineRange, offer, type Offer } from './items';
import { nodeFilterCompletion } from './nodeFilterCompletion';
import { preferenceCompletion } from './preference';
import { paramRank } from './paramRanks';
import { timeOptions } from './timeUnits';

type NameCursor = Extract<RequestLineCursor, { kind: 'paramName' }>;
type ValueCursor = Extract<RequestLineCursor, { kind: 'paramValue' }>;

function hasValues(param: ParamSpec): boolean {
  return (
    param.kind === 'boolean' ||
    param.kind === 'enum' ||
    param.kind === 'enumList' ||
    param.kind === 'booleanOrInteger' ||
    param.kind === 'time' ||
    param.kind === 'nodeFilter'
  );
}

function detailOf(param: ParamSpec): string {
  return param.default === undefined ? paramType(param) : `${paramType(param)} · default ${param.default}`;
}

/** After `?` or `&`: the parameters the endpoint's handler reads, except those already written. */
export function paramNameCompletion(line: number, cursor: NameCursor): CompletionItem[] {
  const { params } = endpointParams(cursor.target);
  const present = new Set(
    cursor.target.query.filter((q) => q.nameSpan.offset !== cursor.name.start).map((q) => q.name),
  );
  const range = lineRange(line, cursor.name.start, cursor.name.end);
  const out: CompletionItem[] = [];
  for (const param of params.values()) {
    if (present.has(param.name)) continue;
    // `?pretty` alone means true for these; others want a value.
    const bare = param.kind === 'boolean' && param.emptyMeans === 'true';
    const addEquals = !cursor.hasEquals && !bare;
    out.push(
      item({
        label: param.name,
        kind: CompletionItemKind.Property,
        range,
        newText: addEquals ? `${param.name}=` : param.name,
        rank: paramRank(param.name, param.deprecated === true),
        detail: detailOf(param),
        ...(param.doc === undefined ? {} : { doc: param.doc }),
        ...(param.deprecated === true ? { deprecated: true } : {}),
        retrigger: addEquals && hasValues(param),
      }),
    );
  }
  return out;
}

function valueItem(
  line: number,
  start: number,
  end: number,
  value: string,
  rank: number,
  detail?: string,
): CompletionItem {
  return item({
    label: value,
    kind: CompletionItemKind.Value,
    range: lineRange(line, start, end),
    newText: value,
    rank,
    ...(detail === undefined ? {} : { detail }),
  });
}

/** What the fields a field-list parameter names are used for. */
const FIELD_LIST_USAGE: Readonly<Record<string, FieldUsage>> = {
  _source_includes: 'source',
  _source_excludes: 'source',
  docvalue_fields: 'docvalue',
  stored_fields: 'stored',
};

/**
 * After `=`: enum values, booleans, time units after a number, node-filter words (also after a comma), preference
 * forms. With a connected cluster: its nodes in node filters and preferences, running task ids, index names, and
 * field names of the path's indexes in field lists.
 */
export function paramValueCompletion(
  line: number,
  cursor: ValueCursor,
  character: number,
  cluster?: ClusterKnowledge,
): Offer {
  const { route, params } = endpointParams(cursor.target);
  const param = params.get(cursor.name);
  if (param === undefined) return offer([]);
  const { start, end, text } = cursor.value;
  switch (param.kind) {
    case 'boolean':
    case 'booleanOrInteger': {
      const out = [
        valueItem(line, start, end, 'true', param.default === 'true' ? 100 : 90),
        valueItem(line, start, end, 'false', param.default === 'false' ? 100 : 89),
      ];
      if (param.kind === 'booleanOrInteger') out.push(valueItem(line, start, end, '10000', 80, 'count up to 10,000'));
      return offer(out);
    }
    case 'enum':
      return offer(
        (param.values ?? []).map((v, i) => valueItem(line, start, end, v, v === param.default ? 100 : 90 - i)),
      );
    case 'enumList': {
      const found = commaPieceAt(cursor.value, character);
      if (found === undefined) return offer([]);
      return offer(
        (param.values ?? [])
          .filter((v) => !found.others.has(v))
          .map((v, i) => valueItem(line, found.piece.start, found.piece.end, v, v === param.default ? 100 : 90 - i)),
      );
    }
    case 'time':
      return offer(timeOptions(text, param.default).map((t) => valueItem(line, start, end, t.value, t.rank, t.words)));
    case 'nodeFilter':
      return offer(nodeFilterCompletion(line, cursor.value, character, cluster?.nodes));
    case 'taskId':
      return taskItems(line, cursor.value, character, cluster?.tasks ?? []);
    case 'indexList':
      return indexItems(line, cursor.value, character, cluster);
    case 'fieldList': {
      const index = route?.params.get('index');
      const targets = index === undefined ? undefined : index.text.split(',');
      const usage = FIELD_LIST_USAGE[param.name] ?? 'any';
      return fieldListItems(line, cursor.value, character, cluster, targets, usage);
    }
    default:
      return param.name === 'preference'
        ? offer(preferenceCompletion(line, cursor.value, character, cluster?.nodes ?? []))
        : offer([]);
  }
}
