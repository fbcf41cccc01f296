// A `.` or `..` segment in a request path (written as is or percent-encoded): URL parsers remove it and the segment
// before it, so the request would go elsewhere than written, outside the cluster URL's path prefix. The client
// refuses to send it (client/src/core/requestUrl.ts); the editor says so first.
import type { PathSegment } from './requestLine';

/** The segments of a path that are `.` or `..` once decoded (`%2e%2e`, `.%2E` included). */
export function dotSegments(segments: readonly PathSegment[]): PathSegment[] {
  return segments.filter((segment) => segment.text === '.' || segment.text === '..');
}
