import type { Hover } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { requestLineCursor, type LinePiece } from '../context/requestLineCursor';
import { endpointParams, paramType } from '../context/urlParams';
import { decodeComponent } from '../url/requestLine';
import { describeTimeValue, parseTimeValue } from '../validate/values';
import { NODES_INFO_METRICS } from '../../spec/nodes';
import type { ParamSpec } from '../../spec/types';
import { code, defaultPart, heading, lineRange, markdownHover } from './markdown';
import { nodeFilterText } from './nodeFilterHover';
import { taskIdText } from './taskIdHover';

function paramText(param: ParamSpec, endpoint: string | undefined): string {
  const head = heading(
    param.name,
    paramType(param),
    defaultPart(param.default),
    param.deprecated === true ? 'deprecated' : undefined,
  );
  if (param.doc !== undefined) return `${head}\n\n${param.doc}`;
  return endpoint === undefined ? head : `${head}\n\nListed by the OpenSearch API specification for ${code(endpoint)}.`;
}

function hoverOn(line: number, piece: LinePiece, value: string): Hover {
  return markdownHover(value, lineRange(line, piece.start, piece.end));
}

/**
 * Hover on a request line: endpoints, URL parameters, their values (durations, node filters, task ids); node
 * filters and task ids as the connected cluster resolves them, when there is one.
 */
export function urlHover(
  text: string,
  from: number,
  line: number,
  character: number,
  cluster?: ClusterKnowledge,
): Hover | null {
  const cursor = requestLineCursor(text, from, character);
  switch (cursor.kind) {
    case 'path': {
      const target = cursor.target;
      const resolution = target.route;
      if (resolution.kind !== 'match' || cursor.segment.text.length === 0) return null;
      const route = resolution.route;
      const index = cursor.typed.length;
      const placeholder = route.template.split('/').filter((p) => p.length > 0)[index];
      const segmentText = target.segments[index]?.text ?? cursor.segment.text;
      if (placeholder === '{task_id}') return hoverOn(line, cursor.segment, taskIdText(segmentText, cluster));
      if (placeholder === '{node_id}') {
        const info = route.endpoint.name === 'nodes.info';
        const pieces = segmentText
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p.length > 0);
        const metrics =
          info && route.params.get('metric') === undefined && pieces.every((p) => NODES_INFO_METRICS.includes(p));
        return hoverOn(
          line,
          cursor.segment,
          metrics
            ? `${heading('Nodes info metrics', code(segmentText))}\n\nA segment made only of info metrics names metrics of every node, not nodes.`
            : nodeFilterText(segmentText, info ? 'trimmed' : 'raw', cluster),
        );
      }
      const endpoint = route.endpoint;
      const where = route.scope
        ? 'Checked against the URL parameters the server reads.'
        : 'Known from the OpenSearch API specification.';
      return hoverOn(
        line,
        cursor.segment,
        `${heading(endpoint.name, endpoint.methods.join(', '), code(route.template))}\n\n${where}`,
      );
    }
    case 'paramName': {
      const { route, params } = endpointParams(cursor.target);
      const param = params.get(decodeComponent(cursor.name.text, true));
      return param === undefined ? null : hoverOn(line, cursor.name, paramText(param, route?.endpoint.name));
    }
    case 'paramValue': {
      const { route, params } = endpointParams(cursor.target);
      const param = params.get(cursor.name);
      if (param === undefined) return null;
      const endpoint = route?.endpoint.name;
      const value =
        cursor.target.query.find((q) => q.valueSpan.offset === cursor.value.start)?.value ?? cursor.value.text;
      switch (param.kind) {
        case 'time': {
          const parsed = parseTimeValue(value, param.name);
          const meaning =
            parsed.value !== undefined
              ? `${code(value)} = ${describeTimeValue(parsed.value)}`
              : code(parsed.error ?? '');
          return hoverOn(line, cursor.value, `${meaning}\n\n${paramText(param, endpoint)}`);
        }
        case 'nodeFilter':
          return hoverOn(line, cursor.value, nodeFilterText(value, 'raw', cluster));
        case 'taskId':
          return hoverOn(line, cursor.value, taskIdText(value, cluster));
        default:
          return hoverOn(line, cursor.value, paramText(param, endpoint));
      }
    }
    default:
      return null;
  }
}
