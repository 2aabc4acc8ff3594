/** The tests read export files with the service's own CSV reader. */
export { readCsvObjects, readCsvRecords as readCsv } from '#exports/read-csv';
