// The FileStore port: where uploaded files (bank statements) are kept. Local disk by default; an
// S3-compatible store is another adapter of the same three calls.

export interface FileStore {
  /** Stores the bytes under a new key; resolves once they are durable. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key; a missing key is not an error (deleting is how a failed write is undone). */
  delete(key: string): Promise<void>;
}

/** Keys are made by the service (an id and an extension), never taken from a client. */
export const FILE_KEY_RE = /^[0-9a-f]{24}\.[a-z]{2,4}$/;
