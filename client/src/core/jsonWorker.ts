// The worker thread that indexes and serves large responses (see responseWorker.ts). Bundled on its own.
import { parentPort } from 'node:worker_threads';
import { JsonSyntaxError } from './jsonIndex';
import type { ReaderName, WorkerAnswer, WorkerRequest } from './jsonWorkerProtocol';
import { ALIAS_ROWS_READER, INDEX_NAMES_READER, MAPPINGS_READER } from './clusterState';
import { NODES_READER } from './nodesInfo';
import { IndexedResponse } from './responseDocument';
import { TASKS_READER } from './tasksApi';

const READERS: Readonly<Record<ReaderName, (value: unknown) => unknown>> = {
  mappings: MAPPINGS_READER.read,
  aliasRows: ALIAS_ROWS_READER.read,
  indexNames: INDEX_NAMES_READER.read,
  nodes: NODES_READER.read,
  tasks: TASKS_READER.read,
};

const documents = new Map<number, IndexedResponse>();

function answer(request: WorkerRequest): WorkerAnswer {
  if (request.op === 'read') {
    const { body } = request;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')) as unknown;
    } catch (error) {
      throw new JsonSyntaxError(error instanceof Error ? error.message : String(error), -1, false);
    }
    return { id: request.id, ok: true, value: READERS[request.reader](parsed) };
  }
  if (request.op === 'open') {
    const response = new IndexedResponse(request.body, request.contentType);
    documents.set(request.doc, response);
    return { id: request.id, ok: true, summary: response.summary };
  }
  if (request.op === 'release') {
    documents.delete(request.doc);
    return { id: request.id, ok: true };
  }
  const response = documents.get(request.doc);
  if (response === undefined) throw new Error('this response was released');
  switch (request.op) {
    case 'children':
      return { id: request.id, ok: true, nodes: response.children(request.ref, request.offset, request.limit) };
    case 'text':
      return { id: request.id, ok: true, text: response.text(request.path, request.pretty) };
    case 'value':
      return { id: request.id, ok: true, value: response.value(request.path) };
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  let reply: WorkerAnswer;
  try {
    reply = answer(request);
  } catch (error) {
    reply = {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      truncated: error instanceof JsonSyntaxError && error.truncated,
      syntax: error instanceof JsonSyntaxError,
    };
  }
  parentPort?.postMessage(reply);
});
