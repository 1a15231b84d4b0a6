// A file kept through the FileStore port (bank statements); the bytes live in the store, not here.
export interface StoredFileTable {
  key: string;
  company_id: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
}
