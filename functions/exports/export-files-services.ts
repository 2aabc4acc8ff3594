import { setting } from '#platform/config';
import { stageBucket } from '#platform/s3-services';
import { exportFilesIn } from './export-files.ts';

/** The stage's export files, in its exports bucket (`EXPORTS_BUCKET`). */
export const { exportFileWriter, exportFileExists, readExportFile, presignExportFile, exportFileLines } =
  exportFilesIn(stageBucket(() => setting('EXPORTS_BUCKET')));
