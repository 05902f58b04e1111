/**
 * Reads an answer's body with a ceiling. `response.text()` would hold whatever a broken or
 * hostile server streams, in the background worker's memory, until the timeout; here reading
 * stops (and the connection is dropped) as soon as the answer passes the limit.
 */
import { ApiError } from "./errors";

/**
 * 2 MiB: the largest sandbox answer is about 3 KB (a create of 10 dynamic tokens) and a
 * 100-entry region page of a real provider some 20 KB, so this leaves a wide margin.
 */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function readBodyText(
  response: Response,
  operation: string,
  maxBytes = MAX_BODY_BYTES,
): Promise<string> {
  const tooLarge = (seen: string) =>
    new ApiError({
      kind: "too-large",
      operation,
      status: response.status,
      detail: `${seen}; the limit is ${maxBytes} bytes`,
    });
  // A declared length over the limit is refused without reading a byte of it.
  const declared = Number(response.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Refused already (thrown below): a body that will not cancel changes nothing.
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`Content-Length ${declared}`);
  }
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Refused already (thrown below): a reader that will not cancel changes nothing.
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${maxBytes} bytes arrived`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // Same decoding as response.text(): UTF-8, a leading BOM dropped, bad bytes replaced.
  return new TextDecoder().decode(bytes);
}
