// Messages between the extension host and the worker thread that holds large responses.
import type { JsonPath, NodeRef, ResponseSummary, ResultNode } from './resultTree';

/** The readers of background answers the worker knows (jsonWorker.ts). */
export type ReaderName = 'mappings' | 'aliasRows' | 'indexNames' | 'nodes' | 'tasks';

export type WorkerRequest =
  | {
      readonly op: 'read';
      readonly id: number;
      readonly body: Uint8Array;
      readonly reader: ReaderName;
    }
  | {
      readonly op: 'open';
      readonly id: number;
      readonly doc: number;
      readonly body: Uint8Array;
      readonly contentType?: string;
    }
  | {
      readonly op: 'children';
      readonly id: number;
      readonly doc: number;
      readonly ref: NodeRef | null;
      readonly offset: number;
      readonly limit: number;
    }
  | {
      readonly op: 'text';
      readonly id: number;
      readonly doc: number;
      readonly path: JsonPath;
      readonly pretty: boolean;
    }
  | { readonly op: 'value'; readonly id: number; readonly doc: number; readonly path: JsonPath }
  | { readonly op: 'release'; readonly id: number; readonly doc: number };

export type WorkerAnswer =
  | {
      readonly id: number;
      readonly ok: true;
      readonly summary?: ResponseSummary;
      readonly nodes?: readonly ResultNode[];
      readonly text?: string;
      readonly value?: unknown;
    }
  | {
      readonly id: number;
      readonly ok: false;
      readonly message: string;
      readonly truncated: boolean;
      readonly syntax: boolean;
    };
