import type { MediaStorageConfig } from './storage-config.js';
import { folderMediaStorage } from './storage-folder.js';
import { s3MediaStorage } from './storage-s3.js';
import type { MediaStorage } from './storage.js';

/** The storage a config names; nothing is touched until the first call (the folder is made by a put). */
export function openMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 's3' ? s3MediaStorage(config) : folderMediaStorage(config.folder);
}
